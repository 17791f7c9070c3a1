import { createHash } from 'node:crypto';
import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { TEST_PASSWORD, type TestOrg, useTestApp } from '../../test/harness';

/** Client addresses differ per run: rate-limit windows persist in a reused PostgreSQL database. */
const R = 1 + Math.floor(Math.random() * 250);
const GT = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4';
const KEY = 'geetest-private-key-0123456789ab';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('geetest/getParams unconfigured: falls back to the image code', () => {
  const t = useTestApp();

  it('answers success 0 with a random challenge and the mobile flag', async () => {
    const res = await t().call(contract.account.geetestParams, undefined, { headers: { 'user-agent': IPHONE } });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ success: 0, gt: '', new_captcha: true, mobile: 3, client_type: 'h5' });
    expect(res.data.challenge).toMatch(/^[0-9a-f]{34}$/);
    const again = await t().call(contract.account.geetestParams, undefined, { headers: { 'user-agent': DESKTOP } });
    expect(again.data.mobile).toBe(0);
    expect(again.data.challenge).not.toBe(res.data.challenge);
    // the image code is the fallback
    const code = await t().call(contract.account.imageCode);
    expect(code.data.captchaId).toBeTruthy();
  });

  it('the mobile query parameter wins over the user agent', async () => {
    expect(
      (await t().call(contract.account.geetestParams, { mobile: '3' }, { headers: { 'user-agent': DESKTOP } })).data
        .mobile,
    ).toBe(3);
    expect(
      (await t().call(contract.account.geetestParams, { mobile: '0' }, { headers: { 'user-agent': IPHONE } })).data
        .mobile,
    ).toBe(0);
  });

  it('validation: an overlong mobile value is refused', async () => {
    const res = await t().call(contract.account.geetestParams, { mobile: 'x'.repeat(20) });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('手机号');
  });
});

describe('geetest v3 against a fake geetest server', () => {
  let fake: FakeServer;
  let registerChallenge = '0123456789abcdef0123456789abcdef';
  let validateAnswer: (seccode: string) => string = (seccode) => md5(seccode);
  const env: Record<string, string> = { GEETEST_ID: GT, GEETEST_KEY: KEY };
  beforeAll(async () => {
    fake = await fakeServer((req) => {
      if (req.url.pathname === '/register.php') {
        expect(req.method).toBe('GET');
        expect(req.url.searchParams.get('gt')).toBe(GT);
        expect(req.url.searchParams.get('json_format')).toBe('1');
        expect(['web', 'h5']).toContain(req.url.searchParams.get('client_type'));
        return { json: { challenge: registerChallenge } };
      }
      if (req.url.pathname === '/validate.php') {
        expect(req.method).toBe('POST');
        const form = new URLSearchParams(req.body);
        expect(form.get('captchaid')).toBe(GT);
        expect(form.get('json_format')).toBe('1');
        expect(form.get('challenge')).toBeTruthy();
        return { json: { seccode: validateAnswer(form.get('seccode') ?? '') } };
      }
      return { status: 404, text: 'not found' };
    });
    env.GEETEST_API = fake.url;
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  let org: TestOrg;
  beforeAll(async () => {
    org = await t().newOrg();
    // as CAPTCHA_ALWAYS=true (set after newOrg, whose sign-ins carry no captcha)
    t().ctx.config.captchaAlways = true;
  });

  it('register: the challenge is re-keyed with md5(challenge + key)', async () => {
    const res = await t().call(contract.account.geetestParams, undefined, { headers: { 'user-agent': IPHONE } });
    expect(res.data).toEqual({
      success: 1,
      gt: GT,
      challenge: md5(registerChallenge + KEY),
      new_captcha: true,
      mobile: 3,
      client_type: 'h5',
    });
    expect(fake.requests.at(-1)!.url.searchParams.get('client_type')).toBe('h5');
    const web = await t().call(contract.account.geetestParams, undefined, { headers: { 'user-agent': DESKTOP } });
    expect(web.data.mobile).toBe(0);
    expect(fake.requests.at(-1)!.url.searchParams.get('client_type')).toBe('web');
  });

  it('register: geetest answering "0" (down) falls back to success 0', async () => {
    registerChallenge = '0';
    const res = await t().call(contract.account.geetestParams);
    registerChallenge = '0123456789abcdef0123456789abcdef';
    expect(res.data).toMatchObject({ success: 0, gt: GT, new_captcha: true });
    expect(res.data.challenge).toHaveLength(34);
  });

  it('login with a slider answer validated by geetest (captcha always on)', async () => {
    const challenge = md5(registerChallenge + KEY);
    const noCaptcha = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD },
      { ip: `10.30.0.${R}` },
    );
    expect(noCaptcha.code).toBe(428);
    expect((noCaptcha.data as any).captchaRequired).toBe(true);

    const answer = {
      geetest_challenge: challenge,
      geetest_validate: md5(`${KEY}geetest${challenge}`),
      geetest_seccode: `${md5('x')}|jordan`,
    };
    const ok = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD, ...answer },
      { ip: `10.30.0.${R}` },
    );
    expect(ok.code).toBe(1);
    expect(ok.data.token).toBeTruthy();
    const sent = new URLSearchParams(fake.requests.at(-1)!.body);
    expect(sent.get('seccode')).toBe(answer.geetest_seccode);
    expect(sent.get('challenge')).toBe(challenge);

    // a forged validate hash never reaches geetest
    const before = fake.requests.length;
    const forged = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD, ...answer, geetest_validate: md5('forged') },
      { ip: `10.30.0.${R}` },
    );
    expect(forged.code).toBe(428);
    expect(forged.msg).toBe('滑块验证失败，请重试');
    expect(fake.requests.length).toBe(before);

    // geetest refusing the seccode
    validateAnswer = () => 'false';
    const refused = await t().call(
      contract.account.login,
      { account: org.seat.username, password: TEST_PASSWORD, ...answer },
      { ip: `10.30.0.${R}` },
    );
    validateAnswer = (seccode) => md5(seccode);
    expect(refused.code).toBe(428);
  });

  it('the image code still works as the alternative', async () => {
    const img = await t().call(contract.account.imageCode);
    const [row] = (
      await t().ctx.db.execute(`select answer_hash from captcha_challenge where id = '${img.data.captchaId}'`)
    ).rows as { answer_hash: string }[];
    expect(row.answer_hash).toHaveLength(64);
    const wrong = await t().call(
      contract.account.login,
      { account: org.manager.username, password: TEST_PASSWORD, captchaId: img.data.captchaId, captchaCode: 'ZZZZ' },
      { ip: `10.30.0.${R}` },
    );
    expect(wrong.code).toBe(428);
    expect(wrong.msg).toBe('图形验证码错误');
  });
});
