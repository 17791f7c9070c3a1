import { describe, expect, it } from 'vitest';
import { PUSH_FIELDS, PushMessage } from './push';

describe('push contract', () => {
  it('the fields the browser checks are every field of each kind', () => {
    const fromSchemas = Object.fromEntries(
      PushMessage.options.map((kind) => [
        kind.shape.type.value,
        Object.keys(kind.shape)
          .filter((f) => f !== 'type')
          .sort(),
      ]),
    );
    const listed = Object.fromEntries(Object.entries(PUSH_FIELDS).map(([kind, fields]) => [kind, [...fields].sort()]));
    expect(listed).toEqual(fromSchemas);
  });
});
