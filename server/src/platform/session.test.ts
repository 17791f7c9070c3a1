import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AppError } from './errors';
import { TokenService } from './session';

const secret = new TextEncoder().encode('unit-test-secret-0123456789abcdef');
const tokens = new TokenService(secret, 3600);
const claims = { sid: '6f1c1c1e-0000-4000-8000-000000000001', uid: 7, org: 3 };

async function codeOf(token: string): Promise<number> {
  try {
    await tokens.verifyAccess(token);
    return 1;
  } catch (e) {
    return (e as AppError).code;
  }
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('platform: access tokens', () => {
  it('verifies what it issued', async () => {
    expect(await tokens.verifyAccess(await tokens.issueAccess(claims))).toEqual(claims);
  });

  it('an expired token is code 10 (login expired)', async () => {
    expect(await codeOf(await tokens.issueAccess(claims, -1))).toBe(10);
  });

  it('anything forged or malformed is code 22001', async () => {
    const good = await tokens.issueAccess(claims);
    const [h, p, s] = good.split('.');
    const other = new TokenService(new TextEncoder().encode('another-secret-0123456789abcdef!'), 3600);
    const forgedPayload = b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), uid: 1 });
    const cases = [
      'garbage',
      `${h}.${p}`,
      `${h}.${forgedPayload}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}AA`,
      `${b64({ alg: 'none' })}.${p}.`,
      `${b64({ alg: 'HS512' })}.${p}.${s}`,
      await other.issueAccess(claims),
      await tokens.issueTicket('reset', { uid: 7 }, 600),
      await new SignJWT({ uid: 7, org: 3 }).setProtectedHeader({ alg: 'HS256' }).setJti('x').sign(secret), // no expiry
      `${good}.extra`,
      good.replace(/\./g, ' .'),
    ];
    for (const token of cases) expect(await codeOf(token), token).toBe(22001);
  });

  it('a token not valid yet (nbf) is refused', async () => {
    const future = await new SignJWT({ uid: 7, org: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('x')
      .setNotBefore('1h')
      .setExpirationTime('2h')
      .sign(secret);
    expect(await codeOf(future)).toBe(22001);
  });

  it('tickets are checked for their purpose', async () => {
    const ticket = await tokens.issueTicket('reset', { uid: 7 }, 600);
    expect((await tokens.verifyTicket('reset', ticket))?.uid).toBe(7);
    expect(await tokens.verifyTicket('other', ticket)).toBeNull();
    expect(await tokens.verifyTicket('reset', await tokens.issueAccess(claims))).toBeNull();
  });
});
