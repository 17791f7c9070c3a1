import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { ok } from '../../test/org';
import { freshPhone, newKey, signedCall } from './openapiTest';

describe('/api/openapi/clue (leads pushed and read by integrators)', () => {
  const t = useTestApp();

  it('add: a lead with import way 9 API导入, owned by the key creator; validation; a duplicate is 409', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    const app = t().built.app;
    const phone = freshPhone();
    const res = await signedCall(app, key, {
      method: 'POST',
      url: '/api/openapi/clue/add',
      body: { phone, name: '张三', company: '杭州某某科技', remark: '官网表单' },
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      phone,
      name: '张三',
      importWay: 9,
      ownerId: org.admin.userId,
      remark: '官网表单',
    });
    // in the CRM: the admin sees it with 导入方式 API导入
    const detail = ok(
      await t().call(contract.clue.detail, { clueId: res.data.id } as never, { token: org.admin.token }),
    );
    expect(detail).toMatchObject({ importWayName: 'API导入' });
    expect(await signedCall(app, key, { method: 'POST', url: '/api/openapi/clue/add', body: { phone } })).toMatchObject(
      {
        status: 409,
      },
    );
    expect(await signedCall(app, key, { method: 'POST', url: '/api/openapi/clue/add', body: {} })).toMatchObject({
      status: 400,
      msg: '请输入手机号',
    });
    expect(
      await signedCall(app, key, { method: 'POST', url: '/api/openapi/clue/add', body: { phone: '12345' } }),
    ).toMatchObject({ status: 400 });
  });

  it('batchAdd: a result per row (created, duplicate, invalid); at most 1,000 rows', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    const app = t().built.app;
    const existing = freshPhone();
    await signedCall(app, key, { method: 'POST', url: '/api/openapi/clue/add', body: { phone: existing } });
    const a = freshPhone();
    const b = freshPhone();
    const res = await signedCall(app, key, {
      method: 'POST',
      url: '/api/openapi/clue/batchAdd',
      body: { leads: [{ phone: a, name: '甲' }, { phone: existing }, { name: '无号码' }, { phone: b }, { phone: a }] },
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ created: 2, duplicate: 2, invalid: 1 });
    expect(res.data.results.map((r: { status: number }) => r.status)).toEqual([1, 2, 3, 1, 2]);
    expect(res.data.results[2].msg).toBe('请输入手机号');
    expect(res.data.results[0].id).toBeGreaterThan(0);
    const read = await signedCall(app, key, {
      method: 'GET',
      url: `/api/openapi/clue/detail?id=${res.data.results[0].id}`,
    });
    expect(read.data).toMatchObject({ phone: a, name: '甲', importWay: 9 });
    const tooMany = await signedCall(app, key, {
      method: 'POST',
      url: '/api/openapi/clue/batchAdd',
      body: { leads: Array.from({ length: 1001 }, () => ({ phone: freshPhone() })) },
    });
    expect(tooMany).toMatchObject({ status: 400, msg: '一次最多 1000 条线索' });
    expect(
      await signedCall(app, key, { method: 'POST', url: '/api/openapi/clue/batchAdd', body: { leads: [] } }),
    ).toMatchObject({
      status: 400,
    });
  });

  it('add under concurrency: one number pushed at once is created once; a batch and pushes still exclude each other', async () => {
    const org = await t().newOrg();
    const key = await newKey(t(), org);
    const app = t().built.app;
    const push = (body: object) => signedCall(app, key, { method: 'POST', url: '/api/openapi/clue/add', body });
    const phone = freshPhone();
    const same = await Promise.all(Array.from({ length: 8 }, () => push({ phone })));
    expect(same.filter((r) => r.code === 1)).toHaveLength(1);
    expect(same.filter((r) => r.status === 409)).toHaveLength(7);
    // a number pushed as another lead's further number (phones) is the same number under the phone rule
    const extra = freshPhone();
    const mixed = await Promise.all([
      push({ phone: freshPhone(), phones: [extra] }),
      ...Array.from({ length: 4 }, () => push({ phone: extra })),
    ]);
    const created = mixed.filter((r) => r.code === 1);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.filter((r) => r.data.phone === extra).length).toBeLessThanOrEqual(1);
    // distinct numbers all pass, beside a batch holding the organisation's lock
    const batch = Array.from({ length: 20 }, freshPhone);
    const [b, ...singles] = await Promise.all([
      signedCall(app, key, {
        method: 'POST',
        url: '/api/openapi/clue/batchAdd',
        body: { leads: batch.map((p) => ({ phone: p })) },
      }),
      push({ phone: batch[3] }),
      push({ phone: freshPhone() }),
    ]);
    expect(b.data.created + (singles[0].code === 1 ? 1 : 0)).toBe(20);
    expect(singles[1].code).toBe(1);
  });

  it("list: leads changed since a time, in keyset pages; detail: another organisation's lead is 404", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const key = await newKey(t(), org);
    const otherKey = await newKey(t(), other);
    const app = t().built.app;
    const since = new Date(Date.now() - 1000);
    const phones = Array.from({ length: 5 }, freshPhone);
    await signedCall(app, key, {
      method: 'POST',
      url: '/api/openapi/clue/batchAdd',
      body: { leads: phones.map((phone) => ({ phone })) },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `cursor=${cursor}` : `since=${encodeURIComponent(formatDateTime(since)!)}`;
      const res = await signedCall(app, key, { method: 'GET', url: `/api/openapi/clue/list?limit=2&${q}` });
      expect(res.code).toBe(1);
      seen.push(...res.data.lists.map((l: { phone: string }) => l.phone));
      cursor = res.data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen.sort()).toEqual([...phones].sort());
    expect(pages).toBe(3);
    expect(await signedCall(app, key, { method: 'GET', url: '/api/openapi/clue/list?cursor=xyz' })).toMatchObject({
      status: 400,
      msg: '游标不正确',
    });
    expect(await signedCall(app, key, { method: 'GET', url: '/api/openapi/clue/list?limit=501' })).toMatchObject({
      status: 400,
    });
    // the other organisation sees none of them
    const theirs = await signedCall(app, otherKey, { method: 'GET', url: '/api/openapi/clue/list?limit=500' });
    expect(theirs.data.lists.map((l: { phone: string }) => l.phone)).not.toContain(phones[0]);
    const mine = await signedCall(app, key, { method: 'GET', url: '/api/openapi/clue/list?limit=1' });
    const id = mine.data.lists[0].id;
    expect(await signedCall(app, otherKey, { method: 'GET', url: `/api/openapi/clue/detail?id=${id}` })).toMatchObject({
      status: 404,
    });
  });
});
