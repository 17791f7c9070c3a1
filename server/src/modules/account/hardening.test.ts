import { contract } from '@crm/core/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { trustProxy } from '../../platform/config';
import { TEST_PASSWORD, type TestApp, useTestApp } from '../../test/harness';
import * as captcha from './captcha';
import { authSession } from './schema';

// The product keeps only the hash of an image code's answer: the test picks the answer through this wrapper.
vi.mock(import('./captcha'), async (original) => {
  const mod = await original();
  return { ...mod, randomCaptchaText: vi.fn(mod.randomCaptchaText) };
});

/** Client addresses differ per run: rate-limit windows persist in a reused PostgreSQL database. */
const R = 1 + Math.floor(Math.random() * 250);

/** The session id (jti) of an access token. */
const sidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti;
const sessionIp = async (t: () => TestApp, token: string) =>
  (
    await t()
      .ctx.db.select({ ip: authSession.ip })
      .from(authSession)
      .where(eq(authSession.id, sidOf(token)))
  )[0]?.ip;

describe('hardening: the image captcha is pixels only, and its issue is limited', () => {
  const t = useTestApp();

  it('draws a PNG with no text chunk, different every time for the same answer', () => {
    const png = captcha.captchaPng('HKNT');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const chunks: string[] = [];
    for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at))
      chunks.push(png.toString('latin1', at + 4, at + 8));
    expect(chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([captcha.CAPTCHA_WIDTH, captcha.CAPTCHA_HEIGHT]);
    expect(captcha.captchaPng('HKNT').equals(png)).toBe(false);
    expect(captcha.randomCaptchaText()).toMatch(/^[ACEFHJKMNPRTUWXY3469]{4}$/);
  });

  it('getCode/v2 gives a PNG whose answer still signs in', async () => {
    const org = await t().newOrg();
    const ip = `10.61.0.${R}`;
    for (let i = 0; i < 3; i++)
      await t().call(contract.account.login, { account: org.seat.username, password: 'bad12345' }, { ip });
    vi.mocked(captcha.randomCaptchaText).mockReturnValueOnce('WXHK');
    const code = await t().call(contract.account.imageCode, undefined, { ip });
    expect(code.code).toBe(1);
    expect(Object.keys(code.data).sort()).toEqual(['captchaId', 'image']);
    expect(code.data.image).toMatch(/^data:image\/png;base64,/);
    const ok = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD, captchaId: code.data.captchaId, captchaCode: 'wxhk' },
      { ip },
    );
    expect(ok.code).toBe(1);
  });

  it('captchas are limited per IP: 429 请求过于频繁 after CAPTCHA_LIMIT_PER_IP a minute, other addresses unaffected', async () => {
    const ip = `10.64.0.${R}`;
    const limit = t().ctx.config.captchaRateLimit.perIp;
    for (let i = 0; i < limit; i++)
      expect((await t().call(contract.account.imageCode, undefined, { ip })).code).toBe(1);
    const refused = await t().call(contract.account.imageCode, undefined, { ip });
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(429);
    expect(refused.msg).toBe('请求过于频繁，请稍后再试');
    expect((await t().call(contract.account.imageCode, undefined, { ip: `10.64.1.${R}` })).code).toBe(1);
  });
});

describe('hardening: X-Forwarded-For is ignored unless TRUST_PROXY is set', () => {
  const t = useTestApp();

  it('a client cannot choose its address: the socket address counts', async () => {
    const org = await t().newOrg();
    const socket = `10.62.0.${R}`;
    const res = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: socket, headers: { 'x-forwarded-for': `198.51.100.${R}` } },
    );
    expect(res.code).toBe(1);
    expect(await sessionIp(t, res.data.token)).toBe(socket);

    // failures under forged addresses still count against the socket's address (the per-IP captcha trigger)
    const client = `10.62.1.${R}`;
    for (let i = 0; i < 3; i++)
      await t().call(
        contract.account.login,
        { account: `nobody${i}_${R}_${Date.now()}`, password: 'bad12345' },
        { ip: client, headers: { 'x-forwarded-for': `198.51.${i}.${R}` } },
      );
    const required = await t().call(
      contract.account.captchaRequired,
      { account: org.manager.username },
      { ip: client, headers: { 'x-forwarded-for': `198.51.200.${R}` } },
    );
    expect(required.data.captchaRequired).toBe(true);
  });

  it('TRUST_PROXY parses true, a hop count and a list of addresses and CIDRs', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy(' 127.0.0.1, 10.0.0.0/8 ,')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});

describe('hardening: TRUST_PROXY=127.0.0.1,10.0.0.0/8', () => {
  const t = useTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });

  it('takes the client address from X-Forwarded-For of a trusted proxy only', async () => {
    const org = await t().newOrg();
    const forwarded = `198.51.100.${R}`;
    const viaProxy = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: `10.63.0.${R}`, headers: { 'x-forwarded-for': forwarded } },
    );
    expect(viaProxy.code).toBe(1);
    expect(await sessionIp(t, viaProxy.data.token)).toBe(forwarded);

    const direct = `192.0.2.${R}`;
    const untrusted = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: direct, headers: { 'x-forwarded-for': forwarded } },
    );
    expect(untrusted.code).toBe(1);
    expect(await sessionIp(t, untrusted.data.token)).toBe(direct);

    // what the client itself put before the proxy's entry is not trusted
    const chained = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: `10.63.1.${R}`, headers: { 'x-forwarded-for': `203.0.113.9, ${forwarded}` } },
    );
    expect(await sessionIp(t, chained.data.token)).toBe(forwarded);
  });
});

describe('hardening: TRUST_PROXY=1 (one proxy hop, whatever its address)', () => {
  const t = useTestApp({ TRUST_PROXY: '1' });

  it('takes the address the proxy saw, not what the client put before it', async () => {
    const org = await t().newOrg();
    const forwarded = `198.51.100.${R}`;
    const res = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: `192.0.2.${R}`, headers: { 'x-forwarded-for': `203.0.113.9, ${forwarded}` } },
    );
    expect(res.code).toBe(1);
    expect(await sessionIp(t, res.data.token)).toBe(forwarded);
  });
});

describe('hardening: reusing a rotated refresh token ends its sign-in', () => {
  const t = useTestApp();
  const refresh = (refreshToken: string) => t().call(contract.account.refreshToken, { refreshToken });
  const userInfo = (token: string) => t().call(contract.account.userInfo, undefined, { token });

  it('login → refresh (R2) → reuse R1: 401, then R2 and the access tokens of that session are refused', async () => {
    const org = await t().newOrg();
    const other = await t().login(org.seat.username); // another sign-in of the same user
    const r2 = await refresh(org.seat.refreshToken);
    expect(r2.code).toBe(1);
    expect((await userInfo(r2.data.token)).code).toBe(1);

    const reused = await refresh(org.seat.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.code).toBe(10);

    const afterReuse = await refresh(r2.data.refreshToken);
    expect(afterReuse.status).toBe(401);
    expect((await userInfo(r2.data.token)).code).toBe(10);
    expect((await userInfo(org.seat.token)).code).toBe(10);
    // only that sign-in ends
    expect((await userInfo(other.token)).code).toBe(1);
    expect((await refresh(other.refreshToken)).code).toBe(1);
  });

  it('a token rotated twice and reused also ends the session', async () => {
    const org = await t().newOrg();
    const r2 = await refresh(org.manager.refreshToken);
    const r3 = await refresh(r2.data.refreshToken);
    expect(r3.code).toBe(1);
    expect((await refresh(org.manager.refreshToken)).status).toBe(401);
    expect((await refresh(r3.data.refreshToken)).status).toBe(401);
    expect((await userInfo(r3.data.token)).code).toBe(10);
  });

  it('two concurrent refreshes of one token: one succeeds, the other counts as reuse', async () => {
    const org = await t().newOrg();
    const results = await Promise.all([refresh(org.otherSeat.refreshToken), refresh(org.otherSeat.refreshToken)]);
    expect(results.map((r) => r.code).sort()).toEqual([1, 10]);
    const winner = results.find((r) => r.code === 1)!;
    expect((await refresh(winner.data.refreshToken)).status).toBe(401);
    expect((await userInfo(winner.data.token)).code).toBe(10);
  });

  it('an unknown refresh token is refused without ending anything', async () => {
    const org = await t().newOrg();
    expect((await refresh('not-a-refresh-token')).status).toBe(401);
    expect((await userInfo(org.admin.token)).code).toBe(1);
    expect((await refresh(org.admin.refreshToken)).code).toBe(1);
  });
});
