import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { useTestApp } from '../../test/harness';
import { freshPhone, newKey, signedCall } from './openapiTest';

describe('/api/openapi signatures', () => {
  const t = useTestApp({ OPENAPI_REQUESTS_PER_MINUTE: '8' });
  const add = (phone = freshPhone()) => ({ method: 'POST', url: '/api/openapi/clue/add', body: { phone } });

  it('accepts a right signature and refuses a wrong one, a missing one, a stale or future one', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    const app = t().built.app;
    expect((await signedCall(app, key, add())).code).toBe(1);
    expect(await signedCall(app, key, { ...add(), secret: 'not-the-secret' })).toMatchObject({
      status: 401,
      msg: '签名错误',
    });
    expect(await signedCall(app, { ...key, appKey: 'ak000' }, add())).toMatchObject({
      status: 401,
      msg: 'AppKey 不存在或已停用',
    });
    const stale = Date.now() - 5 * 60 * 1000 - 1000;
    expect(await signedCall(app, key, { ...add(), timestamp: stale })).toMatchObject({
      status: 401,
      msg: '请求已过期：时间戳须在服务器时间前后 5 分钟内',
    });
    expect(await signedCall(app, key, { ...add(), timestamp: Date.now() + 6 * 60 * 1000 })).toMatchObject({
      status: 401,
    });
    const bare = await app.inject({ method: 'POST', url: '/api/openapi/clue/add', payload: { phone: freshPhone() } });
    expect(bare.json()).toMatchObject({ code: 401, msg: /缺少签名参数/ });
  });

  it('a body changed after signing is refused (the body hash is signed), and so is a changed query', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    const app = t().built.app;
    const signed = await signedCall(app, key, {
      method: 'GET',
      url: '/api/openapi/clue/list?limit=5&since=2020-01-01',
    });
    expect(signed.code).toBe(1);
    const changedBody = await signedCall(app, key, { ...add('13900000001'), send: { body: { phone: '13900000002' } } });
    expect(changedBody).toMatchObject({ status: 401, msg: '签名错误' });
    const changedQuery = await signedCall(app, key, {
      method: 'GET',
      url: '/api/openapi/clue/list?limit=5',
      send: { url: '/api/openapi/clue/list?limit=6' },
    });
    expect(changedQuery).toMatchObject({ status: 401, msg: '签名错误' });
    // the query's order does not matter (it is sorted before signing)
    const reordered = await signedCall(app, key, {
      method: 'GET',
      url: '/api/openapi/clue/list?limit=5&since=2020-01-01',
      send: { url: '/api/openapi/clue/list?since=2020-01-01&limit=5' },
    });
    expect(reordered.code).toBe(1);
  });

  it('a nonce is used once, across two app processes on one database', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    const second = await buildApp(
      loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'silent' }),
      t().database,
      {
        logger: false,
        startJobs: false,
      },
    );
    try {
      await second.app.ready();
      const req = { ...add(), nonce: 'replay-nonce-0001', timestamp: Date.now() };
      expect((await signedCall(t().built.app, key, req)).code).toBe(1);
      expect(await signedCall(second.app, key, req)).toMatchObject({ status: 401, msg: '请求重复：该 nonce 已使用' });
      expect(await signedCall(t().built.app, key, req)).toMatchObject({
        status: 401,
        msg: '请求重复：该 nonce 已使用',
      });
      // another nonce on the second process is fine
      expect((await signedCall(second.app, key, add())).code).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('refuses a call outside the key scopes (403), then limits the rate per key (429)', async () => {
    const org = await t().newOrg();
    const reader = await newKey(t(), org, ['leads:read']);
    const app = t().built.app;
    expect(await signedCall(app, reader, add())).toMatchObject({ status: 403, msg: /leads:write/ });
    expect((await signedCall(app, reader, { method: 'GET', url: '/api/openapi/clue/list' })).code).toBe(1);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await signedCall(app, reader, { method: 'GET', url: '/api/openapi/clue/list' })).status);
    expect(codes).toContain(429);
    // another key of the organisation has its own budget
    const other = await newKey(t(), org, ['leads:read']);
    expect((await signedCall(app, other, { method: 'GET', url: '/api/openapi/clue/list' })).code).toBe(1);
  });

  it('/auth/token exchanges a signed request for a bearer token; a revoked key loses it', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    const app = t().built.app;
    const tok = await signedCall(app, key, { method: 'POST', url: '/api/openapi/auth/token' });
    expect(tok.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    const bearer = (url: string, token = tok.data.accessToken) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    expect((await bearer('/api/openapi/clue/list')).code).toBe(1);
    expect(await bearer('/api/openapi/clue/list', 'nope')).toMatchObject({ code: 401, msg: '访问令牌无效或已过期' });
    await t().post('/api/backend/organization/revokeOrganizationKey', { id: key.id }, { token: org.admin.token });
    expect(await bearer('/api/openapi/clue/list')).toMatchObject({ code: 401, msg: '访问令牌无效或已过期' });
  });

  it('the purge job drops nonces older than the window', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    expect((await signedCall(t().built.app, key, add())).code).toBe(1);
    await t().database.db.execute(
      sql.raw(`update openapi_nonce set seen_at = now() - interval '1 hour' where key_id = ${key.id}`),
    );
    const job = t().ctx.jobs.queues.find((q) => q.name === 'openapi.purgeNonces')!;
    await job.handler({} as never, {} as never);
    const left = await t().database.db.execute(
      sql.raw(`select count(*)::int as n from openapi_nonce where key_id = ${key.id}`),
    );
    expect((left.rows[0] as { n: number }).n).toBe(0);
  });
});
