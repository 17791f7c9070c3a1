import { createHash, createHmac } from 'node:crypto';
import type { TrackingAuth } from '@crm/core';
import { describe, expect, it } from 'vitest';
import { hmacSha1, sha1, toBase64 } from './sha1';
import { putWebTracking, SlsError, signSls, trackRequest } from './sls';
import { createTracking, type TrackingEnv } from './tracking';

const enc = new TextEncoder();

describe('sha1 and hmacSha1', () => {
  it('match node:crypto at every padding boundary and for long keys', () => {
    for (const n of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 1000]) {
      const data = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 0xff);
      expect(Buffer.from(sha1(data)).toString('hex')).toBe(createHash('sha1').update(data).digest('hex'));
      for (const keyLen of [0, 20, 64, 65, 200]) {
        const key = new Uint8Array(keyLen).map((_, i) => (i * 13) & 0xff);
        expect(toBase64(hmacSha1(key, data))).toBe(createHmac('sha1', key).update(data).digest('base64'));
      }
    }
    expect(Buffer.from(sha1(enc.encode('abc'))).toString('hex')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });
});

// Known vectors of Aliyun's own signer (aliyun-log-rust-sdk, sign/src/sign.rs tests), date fixed at the epoch.
describe('signSls (log service signature v1)', () => {
  const EPOCH = 'Thu, 01 Jan 1970 00:00:00 GMT';
  const body = enc.encode('\n            {"key": "value"}\n        ');

  it('case 1: GET / without body or key', () => {
    const headers: Record<string, string> = {};
    expect(signSls({ method: 'GET', path: '/', headers, accessKeyId: '', accessKeySecret: '', date: EPOCH })).toBe(
      'LOG :SApFTtfTFKHmzdEdaMe5TjNn+RQ=',
    );
    expect(headers['content-md5']).toBeUndefined();
    expect(headers['x-acs-security-token']).toBeUndefined();
    expect(headers['x-log-signaturemethod']).toBe('hmac-sha1');
  });

  it('case 2: POST with a JSON body and query parameters', () => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const auth = signSls({
      method: 'POST',
      path: '/logstores/test-logstore',
      query: { type: 'log', offset: '0', line: '100' },
      headers,
      body,
      accessKeyId: 'test-access-key-id',
      accessKeySecret: 'test-access-key',
      date: EPOCH,
    });
    expect(auth).toBe('LOG test-access-key-id:4pL2xZJERC3tPKtRiHh9+nMG3tI=');
    expect(headers['content-md5']).toBe('CE688F8D1AC3ED309BA9BE0A5ABAFCE5');
  });

  it('case 3: the same with an STS security token', () => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const auth = signSls({
      method: 'POST',
      path: '/logstores/test-logstore',
      query: { type: 'log', offset: '0', line: '100' },
      headers,
      body,
      accessKeyId: 'test-access-key-id',
      accessKeySecret: 'test-access-key',
      securityToken: 'test-security-token',
      date: EPOCH,
    });
    expect(auth).toBe('LOG test-access-key-id:ZQt+0wIvpd+O9yIJKeKxZTJ2hv0=');
    expect(headers['x-acs-security-token']).toBe('test-security-token');
  });

  it('case 4: a query value with base64 padding is signed as is', () => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const auth = signSls({
      method: 'POST',
      path: '/logstores/test/shards/2',
      query: { type: 'log', count: '1000', cursor: 'MTczNzY2OTAzNjAxNzIxODQ1NA==' },
      headers,
      body,
      accessKeyId: 'test-access-key-id',
      accessKeySecret: 'test-access-key',
      securityToken: 'test-security-token',
      date: EPOCH,
    });
    expect(auth).toBe('LOG test-access-key-id:K3rw5WXRe77aZ/meSyEa8NNUYFc=');
  });
});

const CREDS = {
  project: 'crm-project',
  logStore: 'crm-web',
  endpoint: 'cn-hangzhou.log.aliyuncs.com',
  accessKeyId: 'STS.key1',
  accessKeySecret: 'sts-secret-1',
  securityToken: 'token-1',
  expiration: Date.now() + 3600_000,
};

/** What the log service checks: the signature recomputed from the request as received (node:crypto). */
function verify(
  url: string,
  headers: Record<string, string>,
  body: Uint8Array,
  keyId: string,
  secret: string,
): boolean {
  const signed = Object.keys(headers)
    .filter((k) => (k.startsWith('x-log-') || k.startsWith('x-acs-')) && k !== 'x-log-date')
    .sort()
    .map((k) => `${k}:${headers[k]}\n`)
    .join('');
  const md5 = createHash('md5').update(body).digest('hex').toUpperCase();
  if (headers['content-md5'] !== md5) return false;
  const message = `POST\n${md5}\n${headers['content-type']}\n${headers['x-log-date']}\n${signed}${new URL(url).pathname}`;
  const sig = createHmac('sha1', secret).update(message).digest('base64');
  return headers.authorization === `LOG ${keyId}:${sig}`;
}

describe('PutWebtracking request', () => {
  const events = [
    {
      eventType: 'pageView',
      userAgent: 'UA',
      time: 1700000000000,
      userId: 7,
      url: 'http://crm/main/user',
      device: 'pc' as const,
      path: '/main/user',
      extra: { a: 1 },
    },
  ];

  it('posts the batch to {project}.{endpoint}/logstores/{logstore}/track, signed with the STS token', () => {
    const req = trackRequest(events, CREDS, { source: 'crm.example.com', date: new Date(0) });
    expect(req.url).toBe('https://crm-project.cn-hangzhou.log.aliyuncs.com/logstores/crm-web/track');
    const h = req.init.headers;
    expect(h).toMatchObject({
      'content-type': 'application/json',
      'x-log-apiversion': '0.6.0',
      'x-log-bodyrawsize': String(req.init.body.length),
      'x-log-signaturemethod': 'hmac-sha1',
      'x-acs-security-token': 'token-1',
      'x-log-date': 'Thu, 01 Jan 1970 00:00:00 GMT',
    });
    expect(h.date).toBeUndefined();
    expect(h.authorization).toMatch(/^LOG STS\.key1:/);
    expect(verify(req.url, h, req.init.body, CREDS.accessKeyId, CREDS.accessKeySecret)).toBe(true);
    expect(verify(req.url, h, req.init.body, CREDS.accessKeyId, 'another-secret')).toBe(false);
    expect(JSON.parse(new TextDecoder().decode(req.init.body))).toEqual({
      __topic__: 'crm_tracking',
      __source__: 'crm.example.com',
      __logs__: [
        {
          eventType: 'pageView',
          userAgent: 'UA',
          time: '1700000000000',
          userId: '7',
          url: 'http://crm/main/user',
          device: 'pc',
          path: '/main/user',
          extra: '{"a":1}',
        },
      ],
      __tags__: { app: 'XSB-CRM' },
    });
  });

  it("a refusal throws the service's errorCode", async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ errorCode: 'SecurityTokenExpired', errorMessage: 'the token has expired' }), {
        status: 401,
      })) as typeof globalThis.fetch;
    const err = await putWebTracking(events, CREDS, { source: 's', fetch }).catch((e) => e);
    expect(err).toBeInstanceOf(SlsError);
    expect(err).toMatchObject({ code: 'SecurityTokenExpired', status: 401, message: 'the token has expired' });
  });
});

/** A page for the wiring: user, path, role, the auth answers and a log service that records what it gets. */
function page(opts: { auth?: () => TrackingAuth; sls?: (n: number) => Response } = {}) {
  const state = {
    user: null as { userId: number; organizationId: number | null } | null,
    path: '/main/index',
    role: false,
    authCalls: 0,
    sent: [] as { url: string; headers: Record<string, string>; body: any }[],
    timers: [] as { fn: () => void; ms: number }[],
  };
  let slsCalls = 0;
  const env: TrackingEnv = {
    user: () => state.user,
    pathname: () => state.path,
    href: () => `http://crm.local${state.path}`,
    roleStored: () => state.role,
    fetchAuth: async () => {
      state.authCalls++;
      return opts.auth ? opts.auth() : { enabled: true, ...CREDS, securityToken: `token-${state.authCalls}` };
    },
    fetch: (async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      state.sent.push({ url, headers, body: JSON.parse(new TextDecoder().decode(init.body as Uint8Array)) });
      return opts.sls ? opts.sls(++slsCalls) : new Response('', { status: 200 });
    }) as typeof fetch,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    source: 'crm.local',
    setTimer: (fn, ms) => state.timers.push({ fn, ms }),
    clearTimer: () => {},
  };
  return { state, tracking: createTracking(env) };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('tracking wiring', () => {
  it('keeps a page view from before the user info, then initialises and sends it', async () => {
    const { state, tracking } = page();
    tracking.client.start();
    tracking.pageView('/main/customerManage');
    await flush();
    expect(state.authCalls).toBe(0);
    state.user = { userId: 7, organizationId: 3 };
    tracking.sessionChanged();
    await flush();
    expect(state.authCalls).toBe(1);
    expect(state.sent).toHaveLength(1);
    const log = state.sent[0].body.__logs__[0];
    expect(log).toMatchObject({
      eventType: 'pageView',
      path: '/main/customerManage',
      userId: '7',
      device: 'mobile',
      url: 'http://crm.local/main/index',
    });
    expect(state.sent[0].body.__topic__).toBe('crm_tracking');
    expect(state.sent[0].body.__tags__).toEqual({ app: 'XSB-CRM' });
    expect(state.sent[0].headers['x-acs-security-token']).toBe('token-1');

    // Later page views go straight out; the same path twice counts once.
    tracking.pageView('/main/user');
    tracking.pageView('/main/user');
    await flush();
    expect(state.sent.map((s) => s.body.__logs__[0].path)).toEqual(['/main/customerManage', '/main/user']);
    expect(state.authCalls).toBe(1);
  });

  it('sends nothing without an organisation, on /login, or when a role is stored', async () => {
    const noOrg = page();
    noOrg.state.user = { userId: 1, organizationId: null };
    noOrg.tracking.pageView('/main/user');
    await flush();
    expect(noOrg.state.authCalls + noOrg.state.sent.length).toBe(0);

    const login = page();
    login.state.user = { userId: 1, organizationId: 2 };
    login.state.path = '/login';
    login.tracking.pageView('/login');
    login.tracking.sessionChanged();
    await flush();
    expect(login.state.authCalls + login.state.sent.length).toBe(0);

    const role = page();
    role.state.user = { userId: 1, organizationId: 2 };
    role.state.role = true;
    role.tracking.pageView('/main/user');
    role.tracking.track('click', { button: '导出' });
    await flush();
    expect(role.state.authCalls + role.state.sent.length).toBe(0);
  });

  it('stays quiet when the server says tracking is not configured: one auth call, nothing buffered', async () => {
    const { state, tracking } = page({ auth: () => ({ enabled: false, reason: '未配置埋点日志服务' }) });
    state.user = { userId: 7, organizationId: 3 };
    tracking.pageView('/main/a');
    await flush();
    tracking.pageView('/main/b');
    tracking.track('click');
    await flush();
    expect(state.authCalls).toBe(1);
    expect(state.sent).toHaveLength(0);
    expect(tracking.client.state).toBe('failed');
    expect(tracking.client.buffer.length).toBeLessThanOrEqual(1);
  });

  it('incomplete credentials fail quietly', async () => {
    const { state, tracking } = page({ auth: () => ({ enabled: true, ...CREDS, securityToken: '' }) });
    state.user = { userId: 7, organizationId: 3 };
    tracking.pageView('/main/a');
    await flush();
    expect(tracking.client.state).toBe('failed');
    expect(state.sent).toHaveLength(0);
  });

  it('an expired token at the log service fetches new credentials and sends the event again', async () => {
    const { state, tracking } = page({
      sls: (n) =>
        n === 1
          ? new Response(JSON.stringify({ errorCode: 'SecurityTokenExpired', errorMessage: 'expired' }), {
              status: 401,
            })
          : new Response('', { status: 200 }),
    });
    state.user = { userId: 7, organizationId: 3 };
    tracking.pageView('/main/a');
    await flush();
    expect(state.authCalls).toBe(2);
    expect(state.sent.map((s) => s.headers['x-acs-security-token'])).toEqual(['token-1', 'token-2']);
    expect(state.sent[1].body.__logs__[0].path).toBe('/main/a');
    expect(tracking.client.state).toBe('success');
  });

  it('a network failure is retried once after 1 s', async () => {
    let calls = 0;
    const { state, tracking } = page({
      sls: () => {
        calls++;
        throw new TypeError('Failed to fetch');
      },
    });
    state.user = { userId: 7, organizationId: 3 };
    tracking.pageView('/main/a');
    await flush();
    const retry = state.timers.find((t) => t.ms === 1000);
    expect(retry).toBeDefined();
    retry!.fn();
    await flush();
    expect(calls).toBe(2);
    expect(state.timers.filter((t) => t.ms === 1000)).toHaveLength(1);
  });
});
