import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useTestApp } from '../../test/harness';

const B = '/api/backend';
/** Client addresses differ per run: rate-limit windows persist in a reused PostgreSQL database. */
const R = 1 + Math.floor(Math.random() * 250);

describe('account: sign-in and session', () => {
  const t = useTestApp();

  it('logs in by login name and returns token and refreshToken', async () => {
    const org = await t().newOrg();
    const res = await t().call(contract.account.login, {
      account: org.admin.username,
      password: TEST_PASSWORD,
    });
    expect(res.code).toBe(1);
    expect(res.data.token).toBeTruthy();
    expect(res.data.refreshToken).toBeTruthy();
    expect(res.data.organizationId).toBe(org.orgId);
  });

  it('rejects a wrong password with a Chinese message', async () => {
    const org = await t().newOrg();
    const res = await t().call(
      contract.account.login,
      { account: org.seat.username, password: 'wrong1234' },
      { ip: `10.1.1.${R}` },
    );
    expect(res.status).toBe(400);
    expect(res.msg).toBe('账号或密码错误');
  });

  it('answers validation errors naming the field', async () => {
    const res = await t().call(contract.account.login, { account: '', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('请输入账号');
  });

  it('without X-Support-Features answers HTTP 200 with the code only', async () => {
    const res = await t().call(contract.account.userInfo, undefined, { httpStatus: false });
    expect(res.status).toBe(200);
    expect(res.code).toBe(10);
  });

  it('no session: code 10 with 请登录！ and HTTP 401', async () => {
    const res = await t().call(contract.account.userInfo);
    expect(res.status).toBe(401);
    expect(res.code).toBe(10);
    expect(res.msg).toBe('请登录！');
  });

  it('an invalid token answers 22001', async () => {
    const res = await t().call(contract.account.userInfo, undefined, { token: 'garbage.token.here' });
    expect(res.code).toBe(22001);
  });

  it('accepts the token bare or after Bearer and returns user info', async () => {
    const org = await t().newOrg();
    for (const token of [org.admin.token, `Bearer ${org.admin.token}`]) {
      const res = await t().call(contract.account.userInfo, undefined, { token });
      expect(res.code).toBe(1);
      expect(res.data.organizationId).toBe(org.orgId);
      expect(res.data.username).toBe(org.admin.username);
      expect(res.data.routes).toEqual(['1']);
      expect(res.data.hkbInfoVO).toEqual({ accountCount: 0, hkBindCount: 0, hkBindStatus: 0, hkBindTimeStatus: 0 });
      expect(typeof res.data.functionSigns).toBe('string');
    }
    const seat = await t().call(contract.account.userInfo, undefined, { token: org.seat.token });
    expect(seat.data.roleSign).toBe('seat');
    expect(seat.data.dataSign).toBe(1);
    expect(seat.data.routes).toContain('/customerManage');
  });

  it('logOut revokes the session; refresh rotates the refresh token', async () => {
    const org = await t().newOrg();
    const r1 = await t().call(contract.account.refreshToken, { refreshToken: org.seat.refreshToken });
    expect(r1.code).toBe(1);
    expect(r1.data.refreshToken).not.toBe(org.seat.refreshToken);
    const out = await t().call(contract.account.logOut, undefined, { token: r1.data.token });
    expect(out.code).toBe(1);
    const after = await t().call(contract.account.userInfo, undefined, { token: r1.data.token });
    expect(after.code).toBe(10);
    const refreshAfter = await t().call(contract.account.refreshToken, { refreshToken: r1.data.refreshToken });
    expect(refreshAfter.code).toBe(10);
    // the rotated one does not work either (reusing it before logOut would end the session: hardening.test.ts)
    const reused = await t().call(contract.account.refreshToken, { refreshToken: org.seat.refreshToken });
    expect(reused.code).toBe(10);
  });

  it('requires the captcha after 3 failures of an account', async () => {
    const org = await t().newOrg();
    const ip = `10.2.2.${R}`;
    for (let i = 0; i < 3; i++)
      await t().call(contract.account.login, { account: org.otherSeat.username, password: 'bad12345' }, { ip });
    const blocked = await t().call(
      contract.account.login,
      { account: org.otherSeat.username, password: TEST_PASSWORD },
      { ip: `10.3.3.${R}` },
    );
    expect(blocked.code).toBe(428);
    expect((blocked.data as any).captchaRequired).toBe(true);
    const code = await t().call(contract.account.imageCode);
    expect(code.data.image).toMatch(/^data:image\/png;base64,/);
  });

  it('limits sign-in attempts per account to 10 a minute (429), whatever the IP', async () => {
    const org = await t().newOrg();
    let successes = 0;
    let limited: Awaited<ReturnType<ReturnType<typeof t>['post']>> | undefined;
    // fixed one-minute windows: at most 10 (+1 by the harness) pass in a window, so 25 tries always reach the limit
    for (let i = 1; i <= 25 && !limited; i++) {
      const res = await t().call(
        contract.account.login,
        { account: org.manager.username, password: TEST_PASSWORD },
        { ip: `10.77.0.${i}` },
      );
      if (res.code === 1) successes++;
      else limited = res;
    }
    expect(limited?.status).toBe(429);
    expect(limited?.msg).toBe('登录尝试过于频繁，请 1 分钟后再试');
    expect(successes).toBeLessThanOrEqual(20);
  });

  it('getVersionId and getTempToken', async () => {
    const org = await t().newOrg();
    const v = await t().call(contract.account.version, undefined, { token: org.seat.token });
    expect(v.data).toEqual({ versionId: 1, versionName: '标准版' });
    const temp = await t().call(contract.account.tempToken, undefined, { token: org.seat.token });
    // the temporary token is an access token of the same session (sent as one: URL tokens are for playback only)
    const info = await t().call(contract.account.userInfo, undefined, { token: temp.data.token });
    expect(info.data.userId).toBe(org.seat.userId);
  });

  it('getAuthOrganizationBaseInfo reads the balance in fen by refresh token', async () => {
    const org = await t().newOrg();
    const res = await t().call(contract.organization.getAuthOrganizationBaseInfo, { token: org.admin.refreshToken });
    expect(res.code).toBe(1);
    expect(res.data.balance).toBe(0);
    expect(res.data.id).toBe(org.orgId);
  });
  it('refreshToken without a refresh token names the field', async () => {
    const res = await t().callRaw(contract.account.refreshToken, {});
    expect(res.status).toBe(400);
    expect(res.msg).toBe('请填写刷新凭证');
    const empty = await t().call(contract.account.refreshToken, { refreshToken: '' });
    expect(empty.msg).toBe('缺少刷新凭证');
  });

  it('no session: code 10 for logOut, getVersionId and getTempToken', async () => {
    for (const [method, path] of [
      ['POST', '/loginController/logOut'],
      ['POST', '/loginController/getVersionId'],
      ['GET', '/loginController/getTempToken'],
    ]) {
      const res = await t().request(method, `${B}${path}`, method === 'POST' ? {} : undefined);
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
  });
});
