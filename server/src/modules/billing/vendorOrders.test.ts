import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { B, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { post } from './ledger';

const TRIAL = '/organizationAccountRecords/onTrial';
const DETAIL = '/organizationAccountRecords/qyOrderDetail';
const LIST = '/bossOrderManagement/pagelist';

describe('enterprise orders: onTrial, qyOrderDetail, bossOrderManagement/pagelist', () => {
  const t = useTestApp();
  const call = (path: string, body: object, token: string) => t().post(`${B}${path}`, body, { token });

  it('answers code 10 without a session and 403 without the cost signs', async () => {
    await expectNoSession(t(), [
      { path: TRIAL },
      { path: DETAIL },
      { path: LIST },
      { path: '/bossOrderManagement/export' },
    ]);
    const org = await t().newOrg();
    await expectForbidden(t(), org.seat.token, [
      { path: TRIAL, body: { product: 'ai_analyze' } },
      { path: LIST },
      { path: DETAIL, body: { id: 1 } },
    ]);
    await expectForbidden(t(), org.manager.token, [{ path: TRIAL, body: { product: 'ai_analyze' } }]);
    expect(ok(await call(LIST, {}, org.manager.token))).toMatchObject({ lists: [], total: 0 });
  });

  it('a trial opens a trial pack once per product, listed and detailed as an order', async () => {
    const org = await t().newOrg();
    const a = org.admin.token;
    refused(await call(TRIAL, {}, a), 400, '请选择产品');
    refused(await call(TRIAL, { product: 'seat' }, a), 400, '请选择产品');
    const order = ok(await call(TRIAL, { product: 'ai_analyze' }, a));
    expect(order).toMatchObject({
      productName: 'AI 通话分析',
      name: 'AI 通话分析试用包 60 分钟',
      type: 2,
      typeName: '试用',
      units: 60,
      amountFen: 0,
      status: 1,
      statusName: '生效中',
      usedUnits: 0,
      remainingUnits: 60,
      remainingDays: 7,
      payWayName: '免费试用',
    });
    expect(order.orderNo).toMatch(/^QY\d{20}$/);
    // the pack is in the cost centre's AI analysis balance
    const packs = ok(await call('/organizationCostCenter/aiAnalyzePackDetailsPageList', {}, a)).lists;
    expect(packs).toMatchObject([{ totalUnits: 60, sourceName: '试用' }]);
    refused(await call(TRIAL, { product: 'ai_analyze' }, a), 409, 'AI 通话分析已试用过，请购买资源包后继续使用');
    ok(await call(TRIAL, { product: 'guidance' }, a));

    const list = ok(await call(LIST, {}, org.manager.token));
    expect(list.total).toBe(2);
    expect(list.lists.map((r: { productName: string }) => r.productName).sort()).toEqual([
      'AI 实时辅导',
      'AI 通话分析',
    ]);
    expect(ok(await call(LIST, { product: 'guidance' }, a)).total).toBe(1);
    expect(ok(await call(LIST, { keyword: order.orderNo }, a)).lists).toMatchObject([{ id: order.id }]);
    expect(ok(await call(LIST, { status: 2 }, a)).total).toBe(0);
    expect(ok(await call(LIST, { type: 1 }, a)).total).toBe(0);
    refused(await call(LIST, { type: 9 }, a), 400, '');
    refused(await call(LIST, { product: 'x' }, a), 400, '');
    expect(ok(await call(DETAIL, { id: order.id }, org.manager.token))).toMatchObject({ orderNo: order.orderNo });
    refused(await call(DETAIL, {}, a), 400, '');
    const xlsx = await t().built.app.inject({
      method: 'POST',
      url: `${B}/bossOrderManagement/export`,
      payload: { product: 'ai_analyze' },
      headers: { authorization: a },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const sheet = wb.getWorksheet('企业订单')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(order.orderNo);

    // another organisation neither sees nor details it, and may take its own trial
    const other = await t().newOrg();
    refused(await call(DETAIL, { id: order.id }, other.admin.token), 404, '订单不存在');
    expect(ok(await call(LIST, {}, other.admin.token)).total).toBe(0);
    ok(await call(TRIAL, { product: 'ai_analyze' }, other.admin.token));
    // a trial pack the cost centre granted otherwise counts as the trial
    const third = await t().newOrg();
    await t().ctx.services.costCenter.grant(third.orgId, 'guidance', {
      units: 30,
      days: 7,
      name: '试用',
      source: 'trial',
    });
    refused(await call(TRIAL, { product: 'guidance' }, third.admin.token), 409, 'AI 实时辅导已试用过');
  });

  it('an AI pack bought from the balance is an order paid by the balance, with its ledger entry', async () => {
    const org = await t().newOrg();
    const a = org.admin.token;
    await post(t().ctx.db, org.orgId, { type: 'manual', amountFen: 2_000, refKey: 'm' });
    ok(await call('/organizationCostCenter/buyAiAnalyzePack', { units: 100 }, a));
    const [row] = ok(await call(LIST, { type: 1 }, a)).lists;
    expect(row).toMatchObject({ typeName: '购买', amountFen: 1_000, units: 100, statusName: '生效中' });
    const detail = ok(await call(DETAIL, { id: row.id }, a));
    expect(detail).toMatchObject({ payWayName: '账户余额', remainingUnits: 100, remainingDays: 365 });
    const [entry] = ok(await call('/organizationCostCenter/accountRecordPageList', { type: 'pack' }, a)).lists;
    expect(detail.entryId).toBe(entry.id);
  });
});
