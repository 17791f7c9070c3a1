import { contract } from '@crm/core/contract';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSignature } from '../../platform/aliyun';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { useTestApp } from '../../test/harness';
import { loadTrackingConfig, type TrackingConfig } from './config';
import { NOT_CONFIGURED, TrackingService } from './service';

const KEY_ID = 'LTAI-test-key';
const SECRET = 'test-secret-of-the-ram-user';

function config(stsEndpoint: string): TrackingConfig {
  return loadTrackingConfig({
    TRACKING_SLS_PROJECT: 'crm-project',
    TRACKING_SLS_LOGSTORE: 'crm-web',
    TRACKING_SLS_ENDPOINT: 'https://cn-hangzhou.log.aliyuncs.com/',
    TRACKING_STS_ACCESS_KEY_ID: KEY_ID,
    TRACKING_STS_ACCESS_KEY_SECRET: SECRET,
    TRACKING_STS_ROLE_ARN: 'acs:ram::1234567890:role/crm-tracking',
    TRACKING_STS_ENDPOINT: stsEndpoint,
  });
}

/** A fake STS: checks the RPC signature like Aliyun does, then issues credentials valid for `ttlMs`. */
async function fakeSts(ttlMs: () => number): Promise<FakeServer & { issued: number }> {
  let n = 0;
  const fake = await fakeServer((req) => {
    const params = Object.fromEntries(new URLSearchParams(req.body));
    const { Signature, ...signed } = params;
    if (req.method !== 'POST' || Signature !== aliyunSignature('POST', signed, SECRET))
      return {
        status: 400,
        json: {
          RequestId: 'r',
          Code: 'SignatureDoesNotMatch',
          Message: 'Specified signature is not matched with our calculation.',
        },
      };
    if (signed.AccessKeyId !== KEY_ID)
      return {
        status: 404,
        json: { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' },
      };
    n++;
    (fake as FakeServer & { issued: number }).issued = n;
    return {
      json: {
        RequestId: `req-${n}`,
        AssumedRoleUser: {
          Arn: `${signed.RoleArn}/${signed.RoleSessionName}`,
          AssumedRoleId: `id:${signed.RoleSessionName}`,
        },
        Credentials: {
          AccessKeyId: `STS.key${n}`,
          AccessKeySecret: `sts-secret-${n}`,
          SecurityToken: `token-${n}`,
          Expiration: new Date(Date.now() + ttlMs()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      },
    };
  });
  return Object.assign(fake, { issued: 0 });
}

describe('GET /buriedPoint/auth with STS configured', () => {
  let sts: Awaited<ReturnType<typeof fakeSts>>;
  // The app reads the endpoint when it calls STS: the fake is started first (hooks run in order).
  const cfg = config('http://127.0.0.1:1');
  beforeAll(async () => {
    sts = await fakeSts(() => 3600_000);
    cfg.sts.endpoint = sts.url;
  });
  afterAll(() => sts.close());
  const t = useTestApp({}, { trackingConfig: cfg });

  it('answers the credential set from a signed AssumeRole call', async () => {
    const org = await t().newOrg();
    const res = await t().call(contract.tracking.auth, undefined, { token: org.seat.token });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      enabled: true,
      project: 'crm-project',
      logStore: 'crm-web',
      endpoint: 'cn-hangzhou.log.aliyuncs.com',
      accessKeyId: 'STS.key1',
      accessKeySecret: 'sts-secret-1',
      securityToken: 'token-1',
    });
    assert(res.data.enabled);
    expect(res.data.expiration).toBeGreaterThan(Date.now() + 3500_000);
    const sent = Object.fromEntries(new URLSearchParams(sts.requests[0].body));
    expect(sent).toMatchObject({
      Action: 'AssumeRole',
      Version: '2015-04-01',
      Format: 'JSON',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      RoleArn: 'acs:ram::1234567890:role/crm-tracking',
      RoleSessionName: 'crm-web-tracking',
      DurationSeconds: '3600',
    });
    expect(JSON.parse(sent.Policy).Statement[0]).toMatchObject({
      Action: ['log:PostLogStoreLogs'],
      Resource: ['acs:log:*:*:project/crm-project/logstore/crm-web'],
    });
    expect(sent.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('reuses the credentials until 60 s before they expire', async () => {
    const org = await t().newOrg();
    const before = sts.issued;
    const a = await t().call(contract.tracking.auth, undefined, { token: org.admin.token });
    const b = await t().call(contract.tracking.auth, undefined, { token: org.seat.token });
    assert(a.data.enabled && b.data.enabled);
    expect(a.data.securityToken).toBe(b.data.securityToken);
    expect(sts.issued).toBe(before);
  });

  it('no session answers code 10', async () => {
    const res = await t().call(contract.tracking.auth);
    expect(res.status).toBe(401);
    expect(res.code).toBe(10);
    expect(res.msg).toBe('请登录！');
  });

  it('STS refusals answer 503 with the reason in Chinese', async () => {
    let now = Date.now();
    const svc = new TrackingService(
      { ...config(sts.url), sts: { ...config(sts.url).sts, accessKeySecret: 'wrong' } },
      undefined,
      () => now,
    );
    const before = sts.requests.length;
    await expect(svc.auth()).rejects.toMatchObject({ code: 503, message: expect.stringContaining('获取埋点授权失败') });
    // The failure is held for 15 s: no new STS request per caller meanwhile.
    await expect(svc.auth()).rejects.toThrow(/SignatureDoesNotMatch/);
    expect(sts.requests.length).toBe(before + 1);
    now += 15_000;
    await expect(svc.auth()).rejects.toThrow(/SignatureDoesNotMatch/);
    expect(sts.requests.length).toBe(before + 2);
  });

  it('an unreachable STS says so', async () => {
    const svc = new TrackingService(config('http://127.0.0.1:1'));
    await expect(svc.auth()).rejects.toThrow('获取埋点授权失败：无法连接 127.0.0.1:1');
  });

  it('credentials close to expiry are fetched again, concurrent callers share one request', async () => {
    let now = 1_000_000;
    let issued = 0;
    const svc = new TrackingService(
      config(sts.url),
      async () => {
        issued++;
        await new Promise((r) => setTimeout(r, 5));
        return {
          accessKeyId: `k${issued}`,
          accessKeySecret: 's',
          securityToken: `t${issued}`,
          expiration: now + 120_000,
        };
      },
      () => now,
    );
    const [a, b] = await Promise.all([svc.auth(), svc.auth()]);
    expect(issued).toBe(1);
    expect(a).toEqual(b);
    now += 59_000; // 61 s left: reused
    expect(await svc.auth()).toMatchObject({ securityToken: 't1' });
    now += 2_000; // 59 s left: refreshed
    expect(await svc.auth()).toMatchObject({ securityToken: 't2' });
    expect(issued).toBe(2);
  });
});

describe('GET /buriedPoint/auth unconfigured', () => {
  const t = useTestApp({}, { trackingConfig: loadTrackingConfig({}) });

  it('answers enabled: false so that the client stays idle quietly', async () => {
    const org = await t().newOrg();
    const res = await t().call(contract.tracking.auth, undefined, { token: org.seat.token });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1);
    expect(res.data).toEqual({ enabled: false, reason: NOT_CONFIGURED });
  });

  it('still requires a session', async () => {
    const res = await t().call(contract.tracking.auth, undefined, { token: 'not-a-token' });
    expect(res.code).toBe(22001);
  });
});
