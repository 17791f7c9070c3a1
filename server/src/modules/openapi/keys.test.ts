import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { freshPhone, newKey, signedCall } from './openapiTest';

describe('/organization/*OrganizationKey (open-API keys)', () => {
  const t = useTestApp();
  const c = contract.openApiKeys;

  it('answers code 10 without a session and 403 without org:edit', async () => {
    const org = await t().newOrg();
    const calls = [
      { path: '/organization/getOrganizationKey' },
      { path: '/organization/createOrganizationKey', body: { name: 'x', scopes: ['leads:read'] } },
      { path: '/organization/resetOrganizationKey', body: { id: 1 } },
      { path: '/organization/revokeOrganizationKey', body: { id: 1 } },
    ];
    await expectNoSession(t(), calls);
    await expectForbidden(t(), org.seat.token, calls);
  });

  it('creates a key whose secret is shown once; the list has no secret; validation in Chinese', async () => {
    const org = await t().newOrg();
    const post = (body: object) => t().callRaw(c.createOrganizationKey, body, { token: org.admin.token });
    refused(await post({ name: ' ', scopes: ['leads:read'] }), 400, '请输入密钥名称');
    refused(await post({ name: 'CRM', scopes: [] }), 400, '请至少选择一个权限范围');
    refused(await post({ name: 'CRM', scopes: ['all'] }), 400, /权限范围只能是/);
    const key = await newKey(t(), org, ['leads:read']);
    expect(key.appKey).toMatch(/^ak[0-9a-f]{24}$/);
    expect(key.appSecret.length).toBeGreaterThanOrEqual(40);
    const list = ok(await t().call(c.getOrganizationKey, undefined, { token: org.admin.token }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: key.id, appKey: key.appKey, scopes: ['leads:read'], status: 1 });
    expect(JSON.stringify(list)).not.toContain(key.appSecret);
    const [row] = await t()
      .database.db.execute<{ secret: string }>(sql.raw(`select secret from openapi_key where id = ${key.id}`))
      .then((r) => r.rows);
    expect(row.secret.startsWith('enc:v1:')).toBe(true);
  });

  it("rotates and revokes; another organisation's key is 404", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const key = await newKey(t(), org);
    const push = (k: { appKey: string; appSecret: string }) =>
      signedCall(t().built.app, k, { method: 'POST', url: '/api/openapi/clue/add', body: { phone: freshPhone() } });
    expect((await push(key)).code).toBe(1);
    refused(await t().call(c.resetOrganizationKey, { id: key.id }, { token: other.admin.token }), 404);
    refused(await t().call(c.revokeOrganizationKey, { id: key.id }, { token: other.admin.token }), 404);
    const rotated = ok(await t().call(c.resetOrganizationKey, { id: key.id }, { token: org.admin.token }));
    expect(rotated.appKey).toBe(key.appKey);
    expect(rotated.appSecret).not.toBe(key.appSecret);
    expect(await push(key)).toMatchObject({ status: 401, msg: '签名错误' });
    expect((await push(rotated)).code).toBe(1);
    ok(await t().call(c.revokeOrganizationKey, { id: key.id }, { token: org.admin.token }));
    expect(await push(rotated)).toMatchObject({ status: 401, msg: 'AppKey 不存在或已停用' });
    const list = ok(await t().call(c.getOrganizationKey, undefined, { token: org.admin.token }));
    expect(list[0]).toMatchObject({ status: 2 });
    expect(list[0].revokedAt).not.toBeNull();
    refused(
      await t().call(c.resetOrganizationKey, { id: key.id }, { token: org.admin.token }),
      404,
      '密钥不存在或已停用',
    );
  });
});
