import { describe, expect, it } from 'vitest';
import { shareLinkState } from './shareLink';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const ticket = (payload: unknown) => `${b64({ alg: 'HS256' })}.${b64(payload)}.c2lnbmF0dXJl`;
const now = Date.UTC(2026, 10, 28, 12);

describe('share link state (the call detail share ticket read before the server is asked)', () => {
  it('a readable ticket within its expiry is left to the server', () =>
    expect(shareLinkState(ticket({ purpose: 'callDetail', exp: now / 1000 + 60 }), now)).toBe('ok'));
  it('a ticket past its expiry is 链接已过期', () =>
    expect(shareLinkState(ticket({ purpose: 'callDetail', exp: now / 1000 - 1 }), now)).toBe('expired'));
  it.each([
    ['empty', ''],
    ['missing', null],
    ['a truncated link', ticket({ exp: now / 1000 + 60 }).slice(0, 30)],
    ['two parts', `${b64({})}.${b64({ exp: 1 })}`],
    ['a payload that is no JSON', `${b64({})}.bm90IGpzb24.c2ln`],
    ['characters outside base64url', `${b64({})}.${b64({ exp: 1 })}.a+b/c`],
    ['an expiry that is no number', ticket({ exp: 'tomorrow' })],
    ['a payload that is no object', ticket(42)],
  ])('%s is 链接无效', (_, t) => expect(shareLinkState(t, now)).toBe('invalid'));
});
