import { createHash, createHmac } from 'node:crypto';
import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRequest, type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestOrg, useTestApp } from '../../test/harness';
import { aliyunSignature } from './sms';

const B = '/api/backend';
/** Client addresses differ per run: rate-limit windows persist in a reused PostgreSQL database. */
const R = 1 + Math.floor(Math.random() * 250);
const KEY_ID = 'LTAI-test-key';
const SECRET = 'test-secret-不要外泄';

async function phoneOf(t: () => { get: any }, token: string): Promise<string> {
  return (await t().get(`${B}/loginController/getUserInfoByToken`, { token })).data.phone;
}

describe('Aliyun SMS signature', () => {
  it('matches the example of the Aliyun documentation', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});

describe('SMS provider: Aliyun (dysmsapi SendSms) against a fake server', () => {
  let fake: FakeServer;
  let reply: (req: FakeRequest) => { Code: string; Message: string };
  const codes: string[] = [];
  const env: Record<string, string> = {
    SMS_PROVIDER: 'aliyun',
    SMS_ACCESS_KEY_ID: KEY_ID,
    SMS_ACCESS_KEY_SECRET: SECRET,
    SMS_SIGN_NAME: '销售CRM',
    SMS_TEMPLATE_CODE: 'SMS_123456',
  };
  beforeAll(async () => {
    fake = await fakeServer((req) => {
      const params = Object.fromEntries(req.url.searchParams);
      const { Signature, ...signed } = params;
      if (req.method !== 'GET' || Signature !== aliyunSignature('GET', signed, SECRET))
        return {
          status: 400,
          json: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' },
        };
      expect(signed).toMatchObject({
        AccessKeyId: KEY_ID,
        Action: 'SendSms',
        Format: 'JSON',
        SignName: '销售CRM',
        TemplateCode: 'SMS_123456',
        SignatureMethod: 'HMAC-SHA1',
        SignatureVersion: '1.0',
        Version: '2017-05-25',
      });
      expect(signed.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      codes.push(JSON.parse(signed.TemplateParam).code);
      return { json: reply(req) };
    });
    env.SMS_ENDPOINT = fake.url;
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  let org: TestOrg;
  beforeAll(async () => {
    org = await t().newOrg();
  });

  it('sends a signed SendSms request; the code it carries signs in', async () => {
    reply = () => ({ Code: 'OK', Message: 'OK' });
    const phone = await phoneOf(t, org.seat.token);
    const res = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.20.0.${R}` });
    expect(res.code).toBe(1);
    expect(res.data.expiresIn).toBe(300);
    const req = fake.requests.at(-1)!;
    expect(req.url.searchParams.get('PhoneNumbers')).toBe(phone);
    expect(codes.at(-1)).toMatch(/^\d{6}$/);
    const login = await t().callRaw(contract.account.login, { phone, code: codes.at(-1) }, { ip: `10.20.0.${R}` });
    expect(login.code).toBe(1);
    expect(login.data.userId).toBe(org.seat.userId);
  });

  it('a provider error answers 短信发送失败：… and the code is not considered sent', async () => {
    reply = () => ({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' });
    const phone = await phoneOf(t, org.otherSeat.token);
    const res = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.20.0.${R}` });
    expect(res.code).toBe(503);
    expect(res.msg).toBe('短信发送失败：触发分钟级流控Permits:1（isv.BUSINESS_LIMIT_CONTROL）');
    const login = await t().callRaw(contract.account.login, { phone, code: codes.at(-1) }, { ip: `10.20.0.${R}` });
    expect(login.msg).toBe('验证码已过期，请重新获取');
    // not sent, so the 60-second limit does not hold the user back
    reply = () => ({ Code: 'OK', Message: 'OK' });
    const retry = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.20.0.${R}` });
    expect(retry.code).toBe(1);
  });

  it('an unreachable provider answers 短信发送失败：无法连接 …', async () => {
    const closed = await fakeServer(() => ({}));
    await closed.close();
    const { AliyunSmsProvider } = await import('./sms');
    const p = new AliyunSmsProvider({ ...t().ctx.config.sms, endpoint: closed.url });
    await expect(p.sendCode('13800000000', '123456')).rejects.toThrow(/^短信发送失败：无法连接 127\.0\.0\.[12]:\d+$/);
  });

  it('missing keys answer which settings are needed', async () => {
    const { AliyunSmsProvider } = await import('./sms');
    const p = new AliyunSmsProvider({ ...t().ctx.config.sms, accessKeyId: '' });
    await expect(p.sendCode('13800000000', '123456')).rejects.toThrow(
      '短信发送失败：未配置短信服务，请设置 SMS_ACCESS_KEY_ID / SMS_ACCESS_KEY_SECRET / SMS_SIGN_NAME / SMS_TEMPLATE_CODE',
    );
  });
});

/** Recomputes TC3-HMAC-SHA256 from what the server received, step by step as Tencent's documentation writes it. */
function verifyTc3(req: FakeRequest, secretId: string, secretKey: string): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m || m[1] !== secretId) return false;
  const timestamp = String(req.headers['x-tc-timestamp']);
  const date = m[2];
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${hex(req.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hex(canonical)}`;
  const k1 = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const k2 = createHmac('sha256', k1).update('sms').digest();
  const k3 = createHmac('sha256', k2).update('tc3_request').digest();
  return createHmac('sha256', k3).update(toSign).digest('hex') === m[3];
}

describe('SMS provider: Tencent Cloud (SendSms 2021-01-11) against a fake server', () => {
  let fake: FakeServer;
  let status: { Code: string; Message: string } | { error: { Code: string; Message: string } };
  const codes: string[] = [];
  const env: Record<string, string> = {
    SMS_PROVIDER: 'tencent',
    SMS_ACCESS_KEY_ID: 'AKIDtest',
    SMS_ACCESS_KEY_SECRET: SECRET,
    SMS_SIGN_NAME: '销售CRM',
    SMS_TEMPLATE_CODE: '1400001',
    SMS_SDK_APP_ID: '1400009099',
    SMS_REGION: 'ap-beijing',
  };
  beforeAll(async () => {
    fake = await fakeServer((req) => {
      if (req.method !== 'POST' || !verifyTc3(req, 'AKIDtest', SECRET))
        return {
          json: {
            Response: {
              Error: {
                Code: 'AuthFailure.SignatureFailure',
                Message: 'The provided credentials could not be validated.',
              },
              RequestId: 'r1',
            },
          },
        };
      expect(req.headers['x-tc-action']).toBe('SendSms');
      expect(req.headers['x-tc-version']).toBe('2021-01-11');
      expect(req.headers['x-tc-region']).toBe('ap-beijing');
      const body = JSON.parse(req.body);
      expect(body).toMatchObject({ SmsSdkAppId: '1400009099', SignName: '销售CRM', TemplateId: '1400001' });
      expect(body.PhoneNumberSet[0]).toMatch(/^\+861\d{10}$/);
      codes.push(body.TemplateParamSet[0]);
      if ('error' in status) return { json: { Response: { Error: status.error, RequestId: 'r2' } } };
      return {
        json: {
          Response: {
            SendStatusSet: [{ SerialNo: 's1', PhoneNumber: body.PhoneNumberSet[0], Fee: 1, ...status }],
            RequestId: 'r3',
          },
        },
      };
    });
    env.SMS_ENDPOINT = fake.url;
  });
  afterAll(() => fake.close());
  const t = useTestApp(env);
  let org: TestOrg;
  beforeAll(async () => {
    org = await t().newOrg();
  });

  it('sends a TC3-signed SendSms; the code it carries resets a password', async () => {
    status = { Code: 'Ok', Message: 'send success' };
    const phone = await phoneOf(t, org.seat.token);
    const res = await t().call(contract.account.sendSmsCode, { phone, type: 'reset' }, { ip: `10.21.0.${R}` });
    expect(res.code).toBe(1);
    expect(JSON.parse(fake.requests.at(-1)!.body).PhoneNumberSet).toEqual([`+86${phone}`]);
    const verified = await t().callRaw(contract.account.verifyAccount, { phone, code: codes.at(-1) });
    expect(verified.code).toBe(1);
  });

  it('a refused number (SendStatusSet code) or an API error answers 短信发送失败：…', async () => {
    const phone = await phoneOf(t, org.otherSeat.token);
    status = { Code: 'FailedOperation.PhoneNumberInBlacklist', Message: 'phone number in blacklist' };
    const refused = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.21.0.${R}` });
    expect(refused.msg).toBe('短信发送失败：phone number in blacklist（FailedOperation.PhoneNumberInBlacklist）');
    const login = await t().callRaw(contract.account.login, { phone, code: codes.at(-1) }, { ip: `10.21.0.${R}` });
    expect(login.code).toBe(400);
    status = { error: { Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: '单个手机号日下发条数超过设定的上限' } };
    const limited = await t().call(contract.account.sendSmsCode, { phone, type: 'login' }, { ip: `10.21.0.${R}` });
    expect(limited.msg).toBe('短信发送失败：单个手机号日下发条数超过设定的上限（LimitExceeded.PhoneNumberDailyLimit）');
  });

  it('a wrong secret is refused by the signature check', async () => {
    const { TencentSmsProvider } = await import('./sms');
    const p = new TencentSmsProvider({ ...t().ctx.config.sms, accessKeySecret: 'other' });
    await expect(p.sendCode('13800000000', '123456')).rejects.toThrow(
      '短信发送失败：The provided credentials could not be validated.（AuthFailure.SignatureFailure）',
    );
  });
});
