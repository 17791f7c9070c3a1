import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestOrg, useTestApp } from '../../../test/harness';
import { B, expectForbidden, expectNoSession, ok, refused } from '../../../test/org';
import { seedAcquisition } from './seed';

const R = '/api/robot';

describe('获客宝 and 精准线索', () => {
  const t = useTestApp();
  const seeded = async (): Promise<TestOrg> => {
    const org = await t().newOrg();
    await seedAcquisition(t().ctx.db, org.orgId, org.admin.userId, [org.seat.userId, org.otherSeat.userId]);
    return org;
  };

  it('answers code 10 without a session and 403 without cost:view', async () => {
    await expectNoSession(
      t(),
      [
        '/jing/getJingStatus',
        '/jing/security/login',
        '/jing/getJingClueDetailPageList',
        '/jing/jingExport',
        '/organizationAccountRecords/getOrderSpermaticClueCostList',
      ].map((path) => ({ path })),
    );
    for (const path of ['/hkbStatistics/get', '/hkbOrder/pagelist', '/useDetail/pagelist', '/useDetail/export']) {
      const res = await t().post(`${R}${path}`, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    const org = await t().newOrg();
    await expectForbidden(t(), org.seat.token, [
      { path: '/jing/getJingClueDetailPageList' },
      { path: '/jing/security/login', body: { password: 'x' } },
    ]);
  });

  it('获客宝: figures, orders, usage details masked and within the data scope, export', async () => {
    const org = await seeded();
    const other = await t().newOrg();
    const stats = ok(await t().call(contract.acquisition.hkbStatistics, undefined, { token: org.admin.token }));
    expect(stats).toMatchObject({
      totalLeads: 24,
      boughtLeads: 500,
      leftLeads: 476,
      spentFen: 150_000,
      hkBindCount: 2,
    });
    expect(ok(await t().call(contract.acquisition.hkbOrders, {}, { token: org.admin.token })).lists).toMatchObject([
      { kindName: '获客宝', leadCount: 500, amountFen: 150_000 },
    ]);
    const usage = ok(await t().call(contract.acquisition.useDetail, { pageSize: 50 }, { token: org.admin.token }));
    expect(usage.total).toBe(24);
    expect(usage.lists.every((r: any) => /^\d{3}\*{4}\d{4}$/.test(r.phone))).toBe(true);
    const mine = ok(await t().call(contract.acquisition.useDetail, {}, { token: org.manager.token }));
    expect(mine.total).toBe(12);
    expect(
      ok(await t().call(contract.acquisition.useDetail, { keyword: '刘丽娟' }, { token: org.admin.token })).total,
    ).toBeGreaterThan(0);
    refused(await t().call(contract.acquisition.useDetail, { startTime: '昨天' }, { token: org.admin.token }), 400, '');
    const xlsx = await t().call(contract.acquisition.useDetailExport, {}, { token: org.admin.token });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(ok(await t().call(contract.acquisition.useDetail, {}, { token: other.admin.token })).total).toBe(0);
    expect(
      ok(await t().call(contract.acquisition.hkbStatistics, undefined, { token: other.admin.token })).totalLeads,
    ).toBe(0);
  });

  it('精准线索: the detail only after the security check (own password), with full numbers; cost list', async () => {
    const org = await seeded();
    const call = (path: string, body: object = {}) => t().post(`${B}${path}`, body, { token: org.admin.token });
    expect(ok(await call('/jing/getJingStatus'))).toEqual({ opened: 1, verifiedUntil: null });
    refused(await call('/jing/getJingClueDetailPageList'), 403, '请先完成安全验证');
    refused(await call('/jing/jingExport'), 403, '请先完成安全验证');
    refused(await call('/jing/security/login', { password: 'wrong-password1' }), 400, '登录密码不正确');
    refused(await call('/jing/security/login', {}), 400, '请输入登录密码');
    const checked = ok(await call('/jing/security/login', { password: TEST_PASSWORD }));
    expect(checked.verifiedUntil).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const detail = ok(await call('/jing/getJingClueDetailPageList', { pageSize: 50 }));
    expect(detail.total).toBe(12);
    expect(detail.lists.every((r: any) => /^1\d{10}$/.test(r.phone))).toBe(true);
    expect((await call('/jing/jingExport')).status).toBe(200);
    expect(ok(await call('/organizationAccountRecords/getOrderSpermaticClueCostList')).lists).toMatchObject([
      { kindName: '精准线索', leadCount: 200, amountFen: 100_000 },
    ]);
    // the check is the user's own: another administrator of another organisation has none, and sees nothing
    const other = await t().newOrg();
    refused(await t().call(contract.acquisition.jingDetail, {}, { token: other.admin.token }), 403);
    expect(ok(await t().call(contract.acquisition.jingStatus, undefined, { token: other.admin.token })).opened).toBe(0);
    ok(await t().call(contract.acquisition.jingLogin, { password: TEST_PASSWORD }, { token: other.admin.token }));
    expect(ok(await t().call(contract.acquisition.jingDetail, {}, { token: other.admin.token })).total).toBe(0);
  });
});
