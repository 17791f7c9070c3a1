import { describe, expect, it } from 'vitest';
import { clientIds, MAX_SKEW_MS, messageSealer, pushKeys } from './signing';

const secret = new TextEncoder().encode('installation-secret');
const keys = pushKeys(secret);

describe('push message signatures', () => {
  it('derives distinct keys per purpose, the same in every process with the same secret', () => {
    expect(keys.message.equals(keys.clientId)).toBe(false);
    expect(pushKeys(secret).message.equals(keys.message)).toBe(true);
    expect(pushKeys(new TextEncoder().encode('other')).message.equals(keys.message)).toBe(false);
  });

  it('opens what it sealed once, on its topic only', () => {
    const [sender, receiver] = [messageSealer(keys.message), messageSealer(keys.message)];
    const raw = sender.seal('crm/1/user/2', '{"title":"通知"}');
    expect(receiver.open('crm/1/all', raw)).toBeNull();
    expect(receiver.open('crm/1/user/2', raw)?.toString()).toBe('{"title":"通知"}');
    // the same message again (a replay) is refused
    expect(receiver.open('crm/1/user/2', raw)).toBeNull();
  });

  it('refuses an altered body, another key, no envelope, and a time outside the window', () => {
    const sender = messageSealer(keys.message);
    const receiver = messageSealer(keys.message);
    const raw = sender.seal('t', '{"a":1}');
    const altered = JSON.parse(raw.toString());
    altered.body = '{"a":2}';
    expect(receiver.open('t', Buffer.from(JSON.stringify(altered)))).toBeNull();
    expect(messageSealer(pushKeys(new TextEncoder().encode('x')).message).open('t', raw)).toBeNull();
    expect(receiver.open('t', Buffer.from('{"a":1}'))).toBeNull();
    expect(receiver.open('t', Buffer.from('not json'))).toBeNull();
    let clock = Date.now();
    const late = messageSealer(keys.message, () => clock);
    const old = sender.seal('t', '{"b":1}');
    clock += MAX_SKEW_MS + 1000;
    expect(late.open('t', old)).toBeNull();
  });
});

describe('browser client ids', () => {
  const ids = clientIds(keys.clientId);
  const session = { orgId: 3, userId: 7, sessionId: 'a0b1c2d3-0000-4000-8000-000000000001' };

  it('belong to the session they were issued to, and to no other', () => {
    const id = ids.issue(session);
    expect(ids.belongsTo(id, session)).toBe(true);
    expect(ids.belongsTo(id, { ...session, sessionId: 'a0b1c2d3-0000-4000-8000-000000000002' })).toBe(false);
    expect(ids.belongsTo(id, { ...session, userId: 8 })).toBe(false);
    expect(ids.belongsTo(id, { ...session, orgId: 4 })).toBe(false);
    expect(ids.belongsTo(`${id}x`, session)).toBe(false);
    expect(ids.belongsTo('', session)).toBe(false);
    expect(clientIds(pushKeys(new TextEncoder().encode('x')).clientId).belongsTo(id, session)).toBe(false);
  });
});
