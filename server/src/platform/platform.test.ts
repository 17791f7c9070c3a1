import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { RateLimiter } from './rateLimit';

const B = '/api/backend';

describe('platform: /healthz', () => {
  const t = useTestApp();

  it('reports database, queue and push', async () => {
    const res = await t().built.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: { ok: true, kind: t().database.kind },
      queue: { ok: true },
      push: { ok: true, kind: 'embedded' },
    });
  });
});

describe('platform: envelope', () => {
  const t = useTestApp({ START_JOBS: 'false' });

  it('success is { code: 1, msg: success, data }', async () => {
    const org = await t().newOrg();
    const res = await t().call(contract.account.version, undefined, { token: org.seat.token });
    expect(JSON.parse(res.raw)).toEqual({ code: 1, msg: 'success', data: { versionId: 1, versionName: '标准版' } });
  });

  it('without X-Support-Features every failure is HTTP 200 and only the code tells', async () => {
    const org = await t().newOrg();
    const cases = [
      { res: await t().call(contract.account.userInfo, undefined, { httpStatus: false }), code: 10 },
      {
        res: await t().call(contract.account.userInfo, undefined, { httpStatus: false, token: 'bad' }),
        code: 22001,
      },
      { res: await t().call(contract.account.sendSmsCode, { phone: '1' }, { httpStatus: false }), code: 400 },
      {
        res: await t().call(
          contract.notice.save,
          { title: 't', content: 'c' },
          { httpStatus: false, token: org.seat.token },
        ),
        code: 403,
      },
      { res: await t().get(`${B}/no/such/call`, { httpStatus: false }), code: 404 },
    ];
    for (const { res, code } of cases) {
      expect(res.status).toBe(200);
      expect(res.code).toBe(code);
      expect(typeof res.msg).toBe('string');
    }
  });

  it('with X-Support-Features: standard-HTTP-status the HTTP status matches', async () => {
    const org = await t().newOrg();
    const expired = await t().call(contract.account.userInfo);
    expect([expired.status, expired.code, expired.msg]).toEqual([401, 10, '请登录！']);
    const invalid = await t().call(contract.account.userInfo, undefined, { token: 'bad' });
    expect([invalid.status, invalid.code]).toEqual([401, 22001]);
    const bad = await t().call(contract.account.sendSmsCode, { phone: '1' });
    expect([bad.status, bad.code]).toEqual([400, 400]);
    expect((bad.data as any).errors[0].field).toBe('phone');
    const forbidden = await t().call(contract.notice.save, { title: 't', content: 'c' }, { token: org.seat.token });
    expect([forbidden.status, forbidden.code, forbidden.msg]).toEqual([403, 403, '无权限访问']);
    const malformed = await t().callRaw(contract.account.login, '{not json', {
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.status, malformed.code]).toEqual([400, 400]);
    expect(malformed.msg).toMatch(/^请求格式错误/);
  });

  it('the OpenAPI document at /api/docs/json describes the calls, to a signed-in session only', async () => {
    // without API_DOCS=public: no session, no document (the page and its files neither)
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const anon = await t().get(url);
      expect(`${url} ${anon.status} ${anon.code}`).toBe(`${url} 401 10`);
      expect(anon.raw).not.toContain('loginController');
    }
    const forged = await t().get('/api/docs/json', { token: 'Bearer x.y.z' });
    expect(forged.status).toBe(401);
    const org = await t().newOrg();
    const res = await t().get('/api/docs/json', { token: org.seat.token });
    expect(res.status).toBe(200);
    const paths = Object.keys(JSON.parse(res.raw).paths);
    for (const p of [
      '/api/backend/appNotice/setReadByIds',
      '/api/backend/geetest/getParams',
      '/api/backend/dingLogin/getXsbTokenByDingCode',
    ])
      expect(paths).toContain(p);
  });

  it('an unknown /api path answers 404 in the envelope', async () => {
    const res = await t().post(`${B}/nowhere`, {});
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
    expect(res.msg).toBe('接口不存在：POST /api/backend/nowhere');
    const other = await t().get('/api/robot/x/y?z=1', { httpStatus: false });
    expect(other.status).toBe(200);
    expect(other.msg).toBe('接口不存在：GET /api/robot/x/y');
  });

  it('an access token in the URL is taken nowhere (playback goes by signed media links)', async () => {
    const org = await t().newOrg();
    const inUrl = await t().callRaw(contract.account.userInfo, { token: org.admin.token });
    expect([inUrl.status, inUrl.code]).toEqual([401, 10]);
    const inHeader = await t().call(contract.account.userInfo, undefined, { token: org.admin.token });
    expect(inHeader.code).toBe(1);
    const play = await t().callRaw(contract.recording.play, { id: 2147483000, token: org.admin.token });
    expect(play.code).toBe(10); // the URL token is not read: no session
  });

  it('a call without a session answers code 10 before validating its body', async () => {
    const res = await t().callRaw(contract.notice.setRead, { ids: 'not a list' });
    expect([res.status, res.code]).toEqual([401, 10]);
  });
});

describe('platform: rate limiter', () => {
  const t = useTestApp({ START_JOBS: 'false' });

  // The limiter's own clock is set, not the process's Date: the app's background timers read Date.now().
  const at = (iso: string) => new RateLimiter(t().database.db, () => Date.parse(iso));

  it('counts hits in fixed windows; a new window starts from 1', async () => {
    const key = `test:window:${Math.random()}`;
    expect(await at('2026-03-01T10:00:05Z').hit(key, 60)).toBe(1);
    expect(await at('2026-03-01T10:00:05Z').hit(key, 60)).toBe(2);
    expect(await at('2026-03-01T10:00:05Z').count(key, 60)).toBe(2);
    expect(await at('2026-03-01T10:00:59Z').hit(key, 60)).toBe(3);
    expect(await at('2026-03-01T10:01:00Z').count(key, 60)).toBe(0);
    expect(await at('2026-03-01T10:01:00Z').hit(key, 60)).toBe(1);
    // an hour window holds both minutes
    const hourKey = `${key}:h`;
    await at('2026-03-01T10:01:00Z').hit(hourKey, 3600);
    expect(await at('2026-03-01T10:59:59Z').hit(hourKey, 3600)).toBe(2);
  });

  it('concurrent hits are counted exactly once each (the store is shared by processes)', async () => {
    const limiter = t().ctx.limiter;
    const key = `test:concurrent:${Math.random()}`;
    const counts = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(key, 3600)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('reset clears a key; prune drops windows older than a day', async () => {
    const limiter = t().ctx.limiter;
    const key = `test:reset:${Math.random()}`;
    await limiter.hit(key, 60);
    await limiter.reset(key);
    expect(await limiter.count(key, 60)).toBe(0);

    const old = `test:prune:${Math.random()}`;
    const then = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await at(then).hit(old, 60);
    expect(await at(then).count(old, 60)).toBe(1);
    await limiter.prune();
    expect(await at(then).count(old, 60)).toBe(0);
  });
});

describe('platform: disk storage', () => {
  it('a write that fails half-way leaves neither the file nor a partial one', async () => {
    const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { Readable } = await import('node:stream');
    const { DiskStorage } = await import('./storage');
    const root = mkdtempSync(join(tmpdir(), 'crm-storage-'));
    try {
      const storage = new DiskStorage(root);
      async function* broken() {
        yield Buffer.from('前半段');
        throw new Error('连接中断');
      }
      await expect(storage.put('uploads/a.bin', Readable.from(broken()))).rejects.toThrow('连接中断');
      expect(readdirSync(join(root, 'uploads'))).toEqual([]);
      await storage.put('uploads/a.bin', Buffer.from('完整'));
      expect(readdirSync(join(root, 'uploads'))).toEqual(['a.bin']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('platform: API_DOCS=public', () => {
  const t = useTestApp({ START_JOBS: 'false', API_DOCS: 'public' });

  it('serves the API document and its page without a session', async () => {
    const json = await t().get('/api/docs/json');
    expect(json.status).toBe(200);
    expect(Object.keys(JSON.parse(json.raw).paths)).toContain('/api/backend/loginController/webLogin');
    const page = await t().built.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
