import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { TEST_PASSWORD, type TestOrg, useTestApp } from '../../test/harness';
import { ok } from '../../test/org';
import { getUser } from '../org';
import { normalizeMobile } from './dingtalk';

/** Client addresses differ per run: rate-limit windows persist in a reused PostgreSQL database. */
const R = 1 + Math.floor(Math.random() * 250);

describe('dingLogin unconfigured', () => {
  const t = useTestApp();
  it('says which settings are missing', async () => {
    const res = await t().call(contract.account.dingLogin, { code: 'abc' });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('未配置钉钉应用，请设置 DINGTALK_APP_KEY / DINGTALK_APP_SECRET');
  });
});

describe('dingLogin: DingTalk H5 free login against a fake DingTalk server', () => {
  let fake: FakeServer;
  /** free-login code → DingTalk user id; user id → mobile */
  const codes = new Map<string, string>();
  const mobiles = new Map<string, string>();
  let tokensIssued = 0;
  const env: Record<string, string> = { DINGTALK_APP_KEY: 'dingkey', DINGTALK_APP_SECRET: 'dingsecret' };
  beforeAll(async () => {
    fake = await fakeServer((req) => {
      const token = req.url.searchParams.get('access_token');
      switch (req.url.pathname) {
        case '/gettoken':
          if (
            req.url.searchParams.get('appkey') !== 'dingkey' ||
            req.url.searchParams.get('appsecret') !== 'dingsecret'
          )
            return { json: { errcode: 40089, errmsg: '不合法的corpid或corpsecret' } };
          tokensIssued++;
          return { json: { errcode: 0, errmsg: 'ok', access_token: 'tok-1', expires_in: 7200 } };
        case '/topapi/v2/user/getuserinfo': {
          if (req.method !== 'POST' || token !== 'tok-1')
            return { json: { errcode: 40014, errmsg: '不合法的access_token' } };
          const userid = codes.get(JSON.parse(req.body).code);
          if (!userid) return { json: { errcode: 40078, errmsg: '不存在的临时授权码' } };
          return { json: { errcode: 0, errmsg: 'ok', result: { userid, name: '钉钉用户', sys: false } } };
        }
        case '/topapi/v2/user/get': {
          if (req.method !== 'POST' || token !== 'tok-1')
            return { json: { errcode: 40014, errmsg: '不合法的access_token' } };
          const { userid, language } = JSON.parse(req.body);
          expect(language).toBe('zh_CN');
          return {
            json: { errcode: 0, errmsg: 'ok', result: { userid, mobile: mobiles.get(userid), state_code: '86' } },
          };
        }
      }
      return { status: 404, json: { errcode: 404, errmsg: 'not found' } };
    });
    env.DINGTALK_API = fake.url;
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  let org: TestOrg;
  let phone: string;
  beforeAll(async () => {
    org = await t().newOrg();
    phone = (await t().call(contract.account.userInfo, undefined, { token: org.seat.token })).data.phone!;
    codes.set('code-seat', 'ding-seat');
    mobiles.set('ding-seat', phone);
    codes.set('code-stranger', 'ding-stranger');
    mobiles.set('ding-stranger', '13900000000');
  });

  it('signs in the user with the DingTalk mobile and answers like webLogin', async () => {
    const res = await t().call(contract.account.dingLogin, { code: 'code-seat' });
    expect(res.code).toBe(1);
    expect(res.data.userId).toBe(org.seat.userId);
    expect(res.data.organizationId).toBe(org.orgId);
    const web = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: `10.40.0.${R}` },
    );
    expect(Object.keys(res.data).sort()).toEqual(Object.keys(web.data).sort());
    const info = await t().call(contract.account.userInfo, undefined, { token: res.data.token });
    expect(info.data.username).toBe(org.seat.username);
    // the app access token is cached: a second login does not fetch another
    const second = await t().call(contract.account.dingLogin, { code: 'code-seat' });
    expect(second.code).toBe(1);
    expect(tokensIssued).toBe(1);
  });

  it('an unknown code or an unregistered mobile is refused in Chinese', async () => {
    const bad = await t().call(contract.account.dingLogin, { code: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('钉钉登录失败：不存在的临时授权码（40078）');
    const stranger = await t().call(contract.account.dingLogin, { code: 'code-stranger' });
    expect(stranger.status).toBe(400);
    expect(stranger.msg).toBe('钉钉账号的手机号 13900000000 未在系统中注册，请联系管理员添加');
  });

  it('a disabled user cannot sign in through DingTalk', async () => {
    const disable = { id: org.otherSeat.userId, status: 2 };
    ok(await t().call(contract.users.updateStatus, disable, { token: org.admin.token }));
    const p = (await getUser(t().ctx.db, org.orgId, org.otherSeat.userId))!;
    codes.set('code-disabled', 'ding-disabled');
    mobiles.set('ding-disabled', `+86-${p.phone}`);
    const res = await t().call(contract.account.dingLogin, { code: 'code-disabled' });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('账号已被禁用，请联系管理员');
  });

  it('validation: the code is required', async () => {
    const res = await t().call(contract.account.dingLogin);
    expect(res.status).toBe(400);
    expect(res.msg).toContain('验证码');
  });

  it('normalizes DingTalk mobile formats', () => {
    expect(normalizeMobile('+86-13800000000')).toBe('13800000000');
    expect(normalizeMobile('8613800000000')).toBe('13800000000');
    expect(normalizeMobile('13800000000')).toBe('13800000000');
    expect(normalizeMobile('')).toBeNull();
  });
});
