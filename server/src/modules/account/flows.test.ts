import { randomUUID } from 'node:crypto';
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/session';
import { TEST_PASSWORD, type TestApp, type TestOrg, useTestApp } from '../../test/harness';
import { organizationPage } from '../org';
import { captchaChallenge } from './schema';

const B = '/api/backend';
/** Client addresses differ per run: rate-limit windows persist in a reused PostgreSQL database. */
const R = 1 + Math.floor(Math.random() * 250);
let phoneSeq = 0;
/** A phone no test user has (the harness numbers start with 17). */
const freshPhone = () => `15${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 1000).padStart(3, '0')}`;

const phoneOf = async (t: () => TestApp, token: string): Promise<string> =>
  (await t().call(contract.account.userInfo, undefined, { token })).data.phone!;

/** An image-code challenge whose answer the test knows (the product only keeps its hash). */
async function knownImageCode(t: () => TestApp, answer = 'AB23'): Promise<{ captchaId: string; captchaCode: string }> {
  const id = randomUUID();
  await t()
    .ctx.db.insert(captchaChallenge)
    .values({ id, answerHash: hashToken(answer), expiresAt: new Date(Date.now() + 60_000) });
  return { captchaId: id, captchaCode: answer.toLowerCase() };
}

/** Sends a code (clearing the 60-second window first) and reads it from the recording SMS provider. */
async function sendCode(
  t: () => TestApp,
  phone: string,
  type: 'login' | 'register' | 'reset',
  ip = `10.50.0.${R}`,
): Promise<string> {
  await t().ctx.limiter.reset(`sms:phone:${phone}`);
  const res = await t().call(contract.account.sendSmsCode, { phone, type }, { ip });
  if (res.code !== 1) throw new Error(`msgCode failed: ${res.msg}`);
  return t().sms.last(phone)!;
}

describe('account: msgCode', () => {
  const t = useTestApp();

  it('sends a 6-digit code through the provider', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    const res = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.50.1.${R}` });
    expect(res.code).toBe(1);
    expect(res.data).toEqual({ expiresIn: 300 });
    expect(t().sms.last(phone)).toMatch(/^\d{6}$/);
  });

  it('limits a phone to one code per 60 s and 10 per day', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    expect((await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.50.2.${R}` })).code).toBe(
      1,
    );
    const again = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.50.2.${R}` });
    expect(again.status).toBe(429);
    expect(again.msg).toBe('验证码发送过于频繁，请 60 秒后再试');

    const other = await phoneOf(t, org.otherSeat.token);
    for (let i = 0; i < 10; i++) await t().ctx.limiter.hit(`sms:phone-day:${other}`, 86_400);
    const daily = await t().call(contract.account.sendSmsCode, { phone: other, type: 'login' }, { ip: `10.50.2.${R}` });
    expect(daily.status).toBe(429);
    expect(daily.msg).toBe('该手机号今日验证码发送次数已达上限');
  });

  it('limits an IP to 20 codes per hour', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.manager.token);
    const ip = `10.50.3.${R}`;
    for (let i = 0; i < 20; i++) await t().ctx.limiter.hit(`sms:ip:${ip}`, 3600);
    const res = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip });
    expect(res.status).toBe(429);
    expect(res.msg).toBe('操作过于频繁，请稍后再试');
    expect((await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.50.4.${R}` })).code).toBe(
      1,
    );
  });

  it('checks the phone against the purpose', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.manager.token);
    const taken = await t().call(contract.account.sendSmsCode, { phone, type: 'register' }, { ip: `10.50.4.${R}` });
    expect(taken.status).toBe(409);
    expect(taken.msg).toBe('该手机号已注册，请直接登录');
    const unknown = await t().call(
      contract.account.sendSmsCode,
      { phone: freshPhone(), type: 'login' },
      { ip: `10.50.4.${R}` },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toBe('该手机号未注册');
  });

  it('validation errors name the field', async () => {
    const bad = await t().call(contract.account.sendSmsCode, { phone: '12345', type: 'login' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('请输入正确的 11 位手机号');
    const badType = await t().callRaw(contract.account.sendSmsCode, { phone: '13800000000', type: 'other' });
    expect(badType.status).toBe(400);
    expect(badType.msg).toContain('类型');
  });
});

describe('account: SMS login', () => {
  const t = useTestApp();

  it('signs in with the code once; the code is single use', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    const code = await sendCode(t, phone, 'login');
    const ok = await t().call(contract.account.login, { phone, code }, { ip: `10.51.0.${R}` });
    expect(ok.code).toBe(1);
    expect(ok.data.userId).toBe(org.seat.userId);
    expect(ok.data.token).toBeTruthy();
    const reuse = await t().call(contract.account.login, { phone, code }, { ip: `10.51.0.${R}` });
    expect(reuse.status).toBe(400);
    expect(reuse.msg).toBe('验证码已过期，请重新获取');
  });

  it('an expired code is refused', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    const code = await sendCode(t, phone, 'login');
    await t().ctx.db.execute(`update sms_code set expires_at = now() - interval '1 second' where phone = '${phone}'`);
    const res = await t().call(contract.account.login, { phone, code }, { ip: `10.51.0.${R}` });
    expect(res.msg).toBe('验证码已过期，请重新获取');
  });

  it('five wrong attempts use the code up', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    const code = await sendCode(t, phone, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t().call(contract.account.login, { phone, code: wrong }, { ip: `10.51.0.${R}` });
      expect(res.msg).toBe('验证码错误');
    }
    const right = await t().call(contract.account.login, { phone, code }, { ip: `10.51.0.${R}` });
    expect(right.status).toBe(400);
    expect(right.msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('concurrent wrong guesses use up the code after the maximum attempts', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    const code = await sendCode(t, phone, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => t().call(contract.account.login, { phone, code: wrong }, { ip: `10.51.1.${R}` })),
    );
    expect(guesses.map((r) => r.status)).toEqual(Array(8).fill(400));
    // each guess counts: five are answered as wrong, the others find the code used up
    expect(guesses.filter((r) => r.msg === '验证码错误')).toHaveLength(5);
    const right = await t().call(contract.account.login, { phone, code }, { ip: `10.51.1.${R}` });
    expect(right.status).toBe(400);
    expect(right.msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('a code of another purpose or another phone does not sign in', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    const resetCode = await sendCode(t, phone, 'reset');
    const res = await t().call(contract.account.login, { phone, code: resetCode }, { ip: `10.51.0.${R}` });
    expect(res.code).toBe(400);
    const otherPhone = await phoneOf(t, org.otherSeat.token);
    const code = await sendCode(t, phone, 'login');
    const cross = await t().call(contract.account.login, { phone: otherPhone, code }, { ip: `10.51.0.${R}` });
    expect(cross.code).toBe(400);
  });

  it('validation: the code must be 6 digits', async () => {
    const res = await t().call(contract.account.login, { phone: '13800000000', code: '12' });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('请输入 6 位短信验证码');
  });
});

describe('account: registerApp', () => {
  const t = useTestApp();
  const body = (phone: string, code: string, extra: Record<string, unknown> = {}) => ({
    orgName: '杭州示例科技有限公司',
    realName: '王经理',
    phone,
    code,
    password: 'newpass123',
    ...extra,
  });

  it('creates the organisation and its super admin, and signs in', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'register');
    const res = await t().call(contract.account.register, body(phone, code, { industry: '教育' }), {
      ip: `10.52.0.${R}`,
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      username: phone,
      realName: '王经理',
      organizationName: '杭州示例科技有限公司',
      versionId: 1,
    });
    const info = await t().call(contract.account.userInfo, undefined, { token: res.data.token });
    expect(info.data).toMatchObject({
      isSuperAdmin: true,
      roleSign: 'super_admin',
      routes: ['1'],
      phone,
      organizationId: res.data.organizationId,
    });
    // the new admin signs in by phone and password
    const login = await t().call(
      contract.account.login,
      { account: phone, password: 'newpass123' },
      { ip: `10.52.0.${R}` },
    );
    expect(login.data.organizationId).toBe(res.data.organizationId);
  });

  it('refuses a phone or login name that is taken, writing nothing', async () => {
    const phone = freshPhone();
    const code = await sendCode(t, phone, 'register');
    expect((await t().call(contract.account.register, body(phone, code), { ip: `10.52.0.${R}` })).code).toBe(1);
    await t().ctx.limiter.reset(`sms:phone:${phone}`);
    const again = await t().call(contract.account.sendSmsCode, { phone, type: 'register' }, { ip: `10.52.0.${R}` });
    expect(again.status).toBe(409);
    expect(again.msg).toBe('该手机号已注册，请直接登录');

    const org = await t().newOrg();
    const count = async () => (await organizationPage(t().ctx.db, { pageNum: 1, pageSize: 1 })).total;
    const before = await count();
    const phone2 = freshPhone();
    const code2 = await sendCode(t, phone2, 'register');
    const dup = await t().call(contract.account.register, body(phone2, code2, { username: org.admin.username }), {
      ip: `10.52.0.${R}`,
    });
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('登录账号已存在');
    expect(await count()).toBe(before);
  });

  it('needs a register code of that phone', async () => {
    const phone = freshPhone();
    const res = await t().call(contract.account.register, body(phone, '123456'), { ip: `10.52.0.${R}` });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('验证码已过期，请重新获取');
  });

  it('validation errors name the field', async () => {
    const short = await t().call(contract.account.register, body(freshPhone(), '123456', { orgName: '甲' }));
    expect(short.status).toBe(400);
    expect(short.msg).toBe('机构名称至少 2 个字');
    const weak = await t().call(contract.account.register, body(freshPhone(), '123456', { password: 'abc' }));
    expect(weak.msg).toBe('密码需为 8-32 位，且同时包含字母和数字');
    const name = await t().call(contract.account.register, body(freshPhone(), '123456', { username: 'a b' }));
    expect(name.msg).toContain('登录账号');
  });
});

describe('account: password reset and change', () => {
  const t = useTestApp();

  it('verificationAccount gives a ticket; changePassword by ticket sets the password and ends every session', async () => {
    const org = await t().newOrg();
    const phone = await phoneOf(t, org.seat.token);
    const code = await sendCode(t, phone, 'reset');
    const v = await t().call(contract.account.verifyAccount, { phone, code });
    expect(v.code).toBe(1);
    expect(v.data.username).toBe(org.seat.username);
    const reused = await t().call(contract.account.verifyAccount, { phone, code });
    expect(reused.status).toBe(400);

    const changed = await t().call(contract.account.changePassword, {
      ticket: v.data.ticket,
      newPassword: 'reset9876',
    });
    expect(changed.code).toBe(1);
    expect((await t().call(contract.account.userInfo, undefined, { token: org.seat.token })).code).toBe(10);
    const old = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: `10.53.0.${R}` },
    );
    expect(old.msg).toBe('账号或密码错误');
    const fresh = await t().call(
      contract.account.login,
      { account: org.seat.username, password: 'reset9876' },
      { ip: `10.53.0.${R}` },
    );
    expect(fresh.code).toBe(1);
  });

  it('a forged or foreign-purpose ticket is refused', async () => {
    const org = await t().newOrg();
    const forged = await t().call(contract.account.changePassword, { ticket: 'x.y.z', newPassword: 'reset9876' });
    expect(forged.status).toBe(400);
    expect(forged.msg).toBe('重置凭证已失效，请重新验证手机号');
    const temp = await t().call(contract.account.tempToken, undefined, { token: org.seat.token });
    const wrongPurpose = await t().call(contract.account.changePassword, {
      ticket: temp.data.token,
      newPassword: 'reset9876',
    });
    expect(wrongPurpose.msg).toBe('重置凭证已失效，请重新验证手机号');
    const none = await t().call(contract.account.changePassword, { newPassword: 'reset9876' });
    expect(none.status).toBe(400);
    expect(none.msg).toBe('请先校验手机号');
  });

  it('verificationAccount validation and unknown phone', async () => {
    const bad = await t().call(contract.account.verifyAccount, { phone: '1380000', code: '123456' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('手机号');
    const unknown = await t().call(contract.account.verifyAccount, { phone: freshPhone(), code: '123456' });
    expect(unknown.msg).toBe('验证码已过期，请重新获取');
  });

  it('signed in: the old password must match; other sessions end, this one stays', async () => {
    const org = await t().newOrg();
    const second = await t().login(org.manager.username);
    const wrong = await t().call(
      contract.account.changePassword,
      { oldPassword: 'wrong1234', newPassword: 'change5678' },
      { token: org.manager.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe('原密码错误');
    const missing = await t().call(
      contract.account.changePassword,
      { newPassword: 'change5678' },
      { token: org.manager.token },
    );
    expect(missing.msg).toBe('请输入原密码');
    const weak = await t().call(
      contract.account.changePassword,
      { oldPassword: TEST_PASSWORD, newPassword: 'short' },
      { token: org.manager.token },
    );
    expect(weak.status).toBe(400);
    expect(weak.msg).toContain('密码');

    const ok = await t().call(
      contract.account.changePassword,
      { oldPassword: TEST_PASSWORD, newPassword: 'change5678' },
      { token: org.manager.token },
    );
    expect(ok.code).toBe(1);
    expect((await t().call(contract.account.userInfo, undefined, { token: org.manager.token })).code).toBe(1);
    expect((await t().call(contract.account.userInfo, undefined, { token: second.token })).code).toBe(10);
    const refreshed = await t().call(contract.account.refreshToken, { refreshToken: second.refreshToken });
    expect(refreshed.code).toBe(10);
    // another organisation's user is untouched
    const other = await t().newOrg();
    expect((await t().call(contract.account.userInfo, undefined, { token: other.manager.token })).code).toBe(1);
  });
});

describe('account: captcha after 3 failures of an IP', () => {
  const t = useTestApp();

  it('the 4th sign-in from the IP needs the image code, whatever the account', async () => {
    const org: TestOrg = await t().newOrg();
    const ip = `10.54.0.${R}`;
    for (const account of [`nobody1_${R}_${Date.now()}`, `nobody2_${R}_${Date.now()}`, `nobody3_${R}_${Date.now()}`]) {
      const res = await t().call(contract.account.login, { account, password: 'bad12345' }, { ip });
      expect(res.msg).toBe('账号或密码错误');
    }
    const required = await t().call(contract.account.captchaRequired, { account: org.seat.username }, { ip });
    expect(required.data.captchaRequired).toBe(true);
    const elsewhere = await t().call(
      contract.account.captchaRequired,
      { account: org.seat.username },
      { ip: `10.54.1.${R}` },
    );
    expect(elsewhere.data.captchaRequired).toBe(false);

    const blocked = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip },
    );
    expect(blocked.code).toBe(428);
    expect(blocked.msg).toBe('请完成图形验证码校验');
    const wrong = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD, ...(await knownImageCode(t)), captchaCode: 'ZZZZ' },
      { ip },
    );
    expect(wrong.msg).toBe('图形验证码错误');
    const captcha = await knownImageCode(t);
    const ok = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD, ...captcha },
      { ip },
    );
    expect(ok.code).toBe(1);
    // each image code answers once
    const replay = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD, ...captcha },
      { ip },
    );
    expect(replay.code).toBe(428);
  });
});

describe('account: CAPTCHA_ALWAYS=true', () => {
  const t = useTestApp({ CAPTCHA_ALWAYS: 'true' });

  it('every sign-in needs the captcha', async () => {
    const ip = `10.55.0.${R}`;
    const required = await t().call(contract.account.captchaRequired, { account: 'anyone' }, { ip });
    expect(required.data.captchaRequired).toBe(true);
    const first = await t().call(contract.account.login, { account: 'anyone', password: 'whatever1' }, { ip });
    expect(first.code).toBe(428);
    expect((first.data as any).captchaRequired).toBe(true);
    // with a right image code the password is checked
    const checked = await t().call(
      contract.account.login,
      { account: 'anyone', password: 'whatever1', ...(await knownImageCode(t)) },
      { ip },
    );
    expect(checked.msg).toBe('账号或密码错误');
  });
});

describe('account: verificationAccount and registerApp are rate limited like sign-in', () => {
  const t = useTestApp({ START_JOBS: 'false', LOGIN_LIMIT_PER_IP: '5' });
  const calls = {
    verificationAccount: (phone: string) => ({ phone, code: '123456' }),
    registerApp: (phone: string) => ({
      orgName: '示例公司',
      realName: '王经理',
      phone,
      code: '123456',
      password: 'newpass123',
    }),
  };

  /** Calls until answered 429 (fixed one-minute windows: a window may end between two calls, so a few more tries). */
  async function untilLimited(path: string, body: () => object, ip: (i: number) => string) {
    for (let i = 1; i <= 25; i++) {
      const res = await t().post(`${B}/loginController/${path}`, body(), { ip: ip(i) });
      if (res.status === 429) return res;
      expect(res.msg).toBe('验证码已过期，请重新获取');
    }
    throw new Error(`${path} never answered 429`);
  }

  for (const [path, body] of Object.entries(calls)) {
    it(`${path}: per phone, whatever the IP`, async () => {
      const phone = freshPhone();
      const res = await untilLimited(
        path,
        () => body(phone),
        (i) => `10.57.${i}.${R}`,
      );
      expect(res.msg).toBe('登录尝试过于频繁，请 1 分钟后再试');
    });

    it(`${path}: per IP, whatever the phone`, async () => {
      const ip = `10.58.${path.length}.${R}`;
      const res = await untilLimited(
        path,
        () => body(freshPhone()),
        () => ip,
      );
      expect(res.msg).toBe('登录尝试过于频繁，请 1 分钟后再试');
    });
  }
});

describe('account: session data scope', () => {
  const t = useTestApp({ START_JOBS: 'false' });

  it('own, department and below, or all users', async () => {
    const org = await t().newOrg();
    const tokens = t().ctx.tokens;
    const sessionOf = async (token: string) => t().ctx.services.account.loadSession(await tokens.verifyAccess(token));
    expect((await sessionOf(org.seat.token))!.visibleUserIds).toEqual([org.seat.userId]);
    const mgr = (await sessionOf(org.manager.token))!;
    expect(mgr.dataScope).toBe(2);
    expect([...mgr.visibleUserIds!].sort()).toEqual([org.manager.userId, org.seat.userId].sort());
    expect((await sessionOf(org.admin.token))!.visibleUserIds).toBeNull();
  });

  it('a disabled user or organisation ends its sessions', async () => {
    const org = await t().newOrg();
    await t().ctx.db.execute(`update app_user set status = 2 where id = ${org.seat.userId}`);
    expect((await t().call(contract.account.userInfo, undefined, { token: org.seat.token })).code).toBe(10);
    expect((await t().call(contract.account.userInfo, undefined, { token: org.manager.token })).code).toBe(1);
    await t().ctx.db.execute(`update organization set status = 2 where id = ${org.orgId}`);
    expect((await t().call(contract.account.userInfo, undefined, { token: org.manager.token })).code).toBe(10);
    const login = await t().call(
      contract.account.login,
      { account: org.admin.username, password: TEST_PASSWORD },
      { ip: `10.56.0.${R}` },
    );
    expect([login.status, login.msg]).toEqual([403, '所属机构已停用']);
    const other = await t().newOrg();
    expect((await t().call(contract.account.userInfo, undefined, { token: other.manager.token })).code).toBe(1);
  });
});
