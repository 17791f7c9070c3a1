import { contract } from '@crm/core/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { B, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { gatewaysFromEnv } from './gateways';
import { startFakePayGateway } from './gateways/fake';
import { balanceOf, entrySum, post } from './ledger';
import { rechargeOrder } from './schema';

const fake = await startFakePayGateway();
const NOTIFY = `${B}/payNew/notify`;
const gateways = gatewaysFromEnv({
  ...fake.env,
  WECHATPAY_NOTIFY_URL: `http://127.0.0.1${NOTIFY}/wechat`,
  ALIPAY_NOTIFY_URL: `http://127.0.0.1${NOTIFY}/alipay`,
});
const CC = '/organizationCostCenter';

describe('cost centre money calls with the gateways configured (fake gateway)', () => {
  const t = useTestApp({}, { paymentGateways: gateways });
  afterAll(() => fake.close());
  const call = (path: string, body: object, token: string) => t().post(`${B}${path}`, body, { token });
  const balance = async (token: string) => ok(await call(`${CC}/getBalance`, {}, token)).balanceFen as number;
  const recharge = async (token: string, channel: string, amountFen: number) =>
    ok(await call('/payNew/createOrder', { channel, amountFen }, token));
  const notifyWechat = (n: { headers: Record<string, string>; body: string }) =>
    t().request('POST', `${NOTIFY}/wechat`, n.body, { headers: n.headers, httpStatus: false });

  it('answers code 10 without a session and 403 without the cost signs', async () => {
    await expectNoSession(
      t(),
      [
        `${CC}/accountRecordPageList`,
        `${CC}/manualCredit`,
        `${CC}/callFeePageList`,
        `${CC}/getSeatCount`,
        `${CC}/saveSeatRate`,
        `${CC}/invoicePageList`,
        `${CC}/applyInvoice`,
        `${CC}/paymentPageList`,
        '/dict/getInvoiceList',
        '/pay/createOrder',
        '/payNew/createOrder',
        '/payNew/queryOrder',
      ].map((path) => ({ path })),
    );
    const org = await t().newOrg();
    await expectForbidden(t(), org.seat.token, [
      { path: `${CC}/accountRecordPageList` },
      { path: `${CC}/manualCredit`, body: { amountFen: 100, reason: '转账' } },
      { path: '/payNew/createOrder', body: { channel: 'wechat', amountFen: 10000 } },
      { path: `${CC}/applyInvoice`, body: {} },
    ]);
    // money, prices and grants are the installation operator's: refused to every organisation session
    for (const token of [org.manager.token, org.admin.token])
      await expectForbidden(t(), token, [
        { path: `${CC}/manualCredit`, body: { organizationId: org.orgId, amountFen: 100, reason: '转账' } },
        { path: `${CC}/saveCallRate`, body: { organizationId: org.orgId, line: 'x', rateFenPerMinute: 1 } },
        { path: `${CC}/saveSeatRate`, body: { organizationId: org.orgId, fenPerMonth: 1 } },
      ]);
    ok(await call(`${CC}/paymentPageList`, {}, org.manager.token));
  });

  it('WeChat Pay Native: the order is signed and placed, the signed notification credits once, replays credit nothing', async () => {
    const org = await t().newOrg();
    expect(ok(await call(`${CC}/getBalance`, {}, org.seat.token))).toEqual({
      balanceFen: 0,
      channels: ['wechat', 'alipay'],
    });
    const o = await recharge(org.admin.token, 'wechat', 123_456);
    expect(o).toMatchObject({
      channel: 'wechat',
      channelName: '微信支付',
      amountFen: 123_456,
      status: 1,
      statusName: '待支付',
    });
    expect(o.payUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.orders.get(o.orderNo)).toMatchObject({ amountFen: 123_456 });

    const n = fake.wechatNotification(o.orderNo);
    const first = await notifyWechat(n);
    expect(first.status).toBe(204);
    expect(await balance(org.admin.token)).toBe(123_456);
    // the same notification again, and a second one for the same payment: acknowledged, nothing more credited
    expect((await notifyWechat(n)).status).toBe(204);
    expect((await notifyWechat(fake.wechatNotification(o.orderNo))).status).toBe(204);
    const both = await Promise.all([
      notifyWechat(fake.wechatNotification(o.orderNo)),
      notifyWechat(fake.wechatNotification(o.orderNo)),
    ]);
    expect(both.map((r) => r.status)).toEqual([204, 204]);
    expect(await balance(org.admin.token)).toBe(123_456);
    const q = ok(await call('/payNew/queryOrder', { orderNo: o.orderNo }, org.admin.token));
    expect(q).toMatchObject({ status: 2, statusName: '已支付', payUrl: '' });
    expect(q.paidAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const records = ok(await call(`${CC}/accountRecordPageList`, {}, org.admin.token));
    expect(records.lists).toMatchObject([
      { type: 'recharge', typeName: '在线充值', amountFen: 123_456, balanceAfterFen: 123_456, createdByName: '管理员' },
    ]);
    expect(await entrySum(t().ctx.db, org.orgId)).toBe(123_456);
  });

  it('WeChat notifications with a bad signature, a tampered body, a stale timestamp or a wrong amount are refused', async () => {
    const org = await t().newOrg();
    const o = await recharge(org.admin.token, 'wechat', 5_000);
    const n = fake.wechatNotification(o.orderNo);
    const bad = await notifyWechat({
      ...n,
      headers: { ...n.headers, 'wechatpay-signature': Buffer.from('forged').toString('base64') },
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.raw)).toEqual({ code: 'FAIL', message: '微信支付签名验证失败' });
    expect((await notifyWechat({ ...n, body: n.body.replace('"id":"', '"id":"X') })).status).toBe(400);
    const stale = { ...n.headers, 'wechatpay-timestamp': String(Math.floor(Date.now() / 1000) - 3600) };
    expect((await notifyWechat({ ...n, headers: stale })).status).toBe(400);
    expect((await notifyWechat(fake.wechatNotification(o.orderNo, { amountFen: 1 }))).status).toBe(400);
    expect(await balance(org.admin.token)).toBe(0);
  });

  it('Alipay page pay: signed page address, RSA2 notify verified, credited once; a forged notify is refused', async () => {
    const org = await t().newOrg();
    const o = await recharge(org.admin.token, 'alipay', 88_800);
    expect(o.payUrl.startsWith(`${fake.url}/alipay/gateway.do?`)).toBe(true);
    const page = await fetch(o.payUrl);
    expect(await page.text()).toContain('应付 888.00 元');
    const form = fake.alipayNotification(o.orderNo);
    const send = (body: string) =>
      t().request('POST', `${NOTIFY}/alipay`, body, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        httpStatus: false,
      });
    const forged = await send(form.replace('total_amount=888.00', 'total_amount=8888.00'));
    expect(forged.status).toBe(400);
    expect(await balance(org.admin.token)).toBe(0);
    const r = await send(form);
    expect([r.status, r.raw]).toEqual([200, 'success']);
    expect((await send(form)).raw).toBe('success');
    expect(await balance(org.admin.token)).toBe(88_800);
  });

  it('a lost notification: the query job asks the gateway and credits; an order never paid is closed in the end', async () => {
    const org = await t().newOrg();
    const paid = await recharge(org.admin.token, 'wechat', 10_000);
    const ali = await recharge(org.admin.token, 'alipay', 20_000);
    await fetch(ali.payUrl);
    await fake.pay(paid.orderNo, { notify: false });
    await fake.pay(ali.orderNo, { notify: false });
    await t().ctx.services.billing.queryRecharge({ orderNo: paid.orderNo, attempt: 0 });
    await t().ctx.services.billing.queryRecharge({ orderNo: ali.orderNo, attempt: 0 });
    expect(await balance(org.admin.token)).toBe(30_000);
    // and the page's query credits too, once
    const polled = await recharge(org.admin.token, 'wechat', 700);
    await fake.pay(polled.orderNo, { notify: false });
    expect(ok(await call('/pay/queryOrder', { orderNo: polled.orderNo }, org.admin.token)).status).toBe(2);
    expect(ok(await call('/pay/queryOrder', { orderNo: polled.orderNo }, org.admin.token)).status).toBe(2);
    expect(await balance(org.admin.token)).toBe(30_700);
    const never = await recharge(org.admin.token, 'wechat', 900);
    await t().ctx.services.billing.queryRecharge({ orderNo: never.orderNo, attempt: 6 });
    expect(ok(await call('/payNew/queryOrder', { orderNo: never.orderNo }, org.admin.token)).statusName).toBe('已关闭');
    const list = ok(await call(`${CC}/paymentPageList`, { status: 2 }, org.admin.token));
    expect(list.total).toBe(3);
    expect(ok(await call(`${CC}/paymentPageList`, { channel: 'alipay' }, org.admin.token)).lists).toMatchObject([
      { amountFen: 20_000, channelName: '支付宝' },
    ]);
    // another organisation neither sees nor queries them
    const other = await t().newOrg();
    refused(await call('/payNew/queryOrder', { orderNo: paid.orderNo }, other.admin.token), 404, '充值订单不存在');
    expect(ok(await call(`${CC}/paymentPageList`, {}, other.admin.token)).total).toBe(0);
  });

  it('createOrder validates the channel and the amount', async () => {
    const org = await t().newOrg();
    const create = (body: object) => call('/payNew/createOrder', body, org.admin.token);
    refused(await create({ channel: 'paypal', amountFen: 10_000 }), 400, '请选择支付方式：微信支付或支付宝');
    refused(await create({ channel: 'wechat', amountFen: 99 }), 400, '充值金额不能小于 100 分');
    refused(await create({ channel: 'wechat', amountFen: 100.5 }), 400, '充值金额须为整数（单位：分）');
    refused(await create({ channel: 'wechat' }), 400, '请输入充值金额');
    expect(
      await t().ctx.db.select().from(rechargeOrder).where(eq(rechargeOrder.organizationId, org.orgId)),
    ).toHaveLength(0);
  });

  it('manualCredit: the installation operator credits with a reason, kept in the ledger', async () => {
    const org = await t().newOrg();
    const op = await t().newOperator();
    const organizationId = org.orgId;
    const id = ok(
      await op.call(contract.billing.manualCredit, {
        organizationId,
        amountFen: 50_000,
        reason: '对公转账 招商银行尾号 6621',
      }),
    ).id;
    expect(id).toBeGreaterThan(0);
    const rows = ok(await call(`${CC}/accountRecordPageList`, { type: 'manual' }, org.admin.token)).lists;
    expect(rows).toMatchObject([
      { amountFen: 50_000, remark: '对公转账 招商银行尾号 6621', typeName: '人工入账', createdByName: '平台运营' },
    ]);
    refused(await op.callRaw(contract.billing.manualCredit, { organizationId, amountFen: 100 }), 400, '请输入入账原因');
    refused(
      await op.call(contract.billing.manualCredit, { organizationId, amountFen: -100, reason: 'x' }),
      400,
      '入账金额不能小于 1 分',
    );
    refused(await call(`${CC}/accountRecordPageList`, { type: 'gift' }, org.admin.token), 400, '类型不正确');
    const other = await t().newOrg();
    expect(ok(await call(`${CC}/accountRecordPageList`, {}, other.admin.token)).total).toBe(0);
    expect(await balanceOf(t().ctx.db, org.orgId)).toBe(50_000);
  });

  it('call rates and call fees: set by line, charged by telephony, listed within the data scope', async () => {
    const org = await t().newOrg();
    const op = await t().newOperator();
    const rate = (line: string, rateFenPerMinute: number) =>
      op.call(contract.billing.saveCallRate, { organizationId: org.orgId, line, rateFenPerMinute });
    ok(await rate('默认', 12));
    ok(await rate('北京移动', 10));
    ok(await rate('北京移动', 9));
    expect(
      ok(await call(`${CC}/callRateList`, {}, org.admin.token)).lists.map((r: any) => [r.line, r.rateFenPerMinute]),
    ).toEqual([
      ['*', 12],
      ['北京移动', 9],
    ]);
    refused(await rate('', 1), 400, '请输入线路');
    await post(t().ctx.db, org.orgId, { type: 'manual', amountFen: 1_000, refKey: 'm' });
    const billing = t().ctx.services.billing;
    await billing.chargeCall(org.orgId, {
      callId: 'A1',
      line: '北京移动',
      billableSeconds: 125,
      userId: org.seat.userId,
    });
    await billing.chargeCall(org.orgId, {
      callId: 'A2',
      line: '上海',
      billableSeconds: 10,
      userId: org.otherSeat.userId,
    });
    const all = ok(await call(`${CC}/callFeePageList`, {}, org.admin.token));
    expect(all.lists.map((r: any) => [r.callId, r.minutes, r.amountFen])).toEqual([
      ['A2', 1, 12],
      ['A1', 3, 27],
    ]);
    expect(ok(await call(`${CC}/callFeePageList`, {}, org.manager.token)).lists.map((r: any) => r.callId)).toEqual([
      'A1',
    ]);
    expect(ok(await call(`${CC}/callFeePageList`, { line: '上海' }, org.admin.token)).total).toBe(1);
    expect(ok(await call(`${CC}/getSeatCount`, {}, org.admin.token))).toMatchObject({ seatCount: 4, seatFeeFen: 0 });
    expect(ok(await call(`${CC}/seatPageList`, {}, org.admin.token)).total).toBe(4);
    const xlsx = await call(`${CC}/callFeeExport`, {}, org.admin.token);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('seat fees: a monthly fee per enabled seat, charged once a month; a balance too small tells the administrators', async () => {
    const org = await t().newOrg();
    const op = await t().newOperator();
    const organizationId = org.orgId;
    refused(await call(`${CC}/saveSeatRate`, { organizationId, fenPerMonth: 5_000 }, org.manager.token), 403);
    refused(await call(`${CC}/saveSeatRate`, { organizationId, fenPerMonth: 5_000 }, org.admin.token), 403);
    refused(await op.call(contract.billing.saveSeatRate, { organizationId, fenPerMonth: -1 }), 400, '坐席月租不能小于');
    ok(await op.call(contract.billing.saveSeatRate, { organizationId, fenPerMonth: 5_000 }));
    const seats = ok(await call(`${CC}/getSeatCount`, {}, org.admin.token));
    expect(seats).toMatchObject({ seatCount: 4, seatFeeFen: 0, seatRateFenPerMonth: 5_000 });
    const billing = t().ctx.services.billing;
    // 4 seats × 50 元 = 200 元, and the balance is empty: nothing charged, the administrators told
    expect(await billing.chargeSeatFees('2026-11', org.orgId)).toEqual([
      { orgId: org.orgId, month: '2026-11', seats: 4, amountFen: 20_000, result: 'insufficient' },
    ]);
    const msgs = ok(await t().call(contract.notice.messages, { msgType: 'balance' }, { token: org.admin.token }));
    expect(msgs.lists[0]).toMatchObject({ title: '余额不足' });
    expect(msgs.lists[0].content).toContain('2026-11 的坐席月租（4 个坐席，共 200.00 元）未能扣除');
    ok(await op.call(contract.billing.manualCredit, { organizationId, amountFen: 30_000, reason: '对公转账' }));
    expect((await billing.chargeSeatFees('2026-11', org.orgId))[0].result).toBe('charged');
    expect((await billing.chargeSeatFees('2026-11', org.orgId))[0].result).toBe('already');
    expect(await balance(org.admin.token)).toBe(10_000);
    expect(ok(await call(`${CC}/getSeatCount`, {}, org.admin.token)).seatFeeFen).toBe(20_000);
    const rows = ok(await call(`${CC}/accountRecordPageList`, { type: 'seat_fee' }, org.admin.token)).lists;
    expect(rows).toMatchObject([{ amountFen: -20_000, remark: '2026-11 坐席月租：4 个坐席 × 50.00 元' }]);
    // another organisation's rate and fees are its own
    const other = await t().newOrg();
    expect(ok(await call(`${CC}/getSeatCount`, {}, other.admin.token))).toMatchObject({
      seatFeeFen: 0,
      seatRateFenPerMonth: 0,
    });
    expect(await billing.chargeSeatFees('2026-11', other.orgId)).toEqual([]);
  });

  it('invoices: dictionary, apply within what was paid, list and follow the status', async () => {
    const org = await t().newOrg();
    const o = await recharge(org.admin.token, 'wechat', 30_000);
    await notifyWechat(fake.wechatNotification(o.orderNo));
    const dict = ok(await call('/dict/getInvoiceList', {}, org.admin.token));
    expect(dict.types).toEqual([
      { value: 1, label: '增值税普通发票' },
      { value: 2, label: '增值税专用发票' },
    ]);
    expect(dict.invoiceableFen).toBe(30_000);
    const apply = (body: object) =>
      call(
        `${CC}/applyInvoice`,
        {
          type: 1,
          titleType: 1,
          title: '星辰教育科技有限公司',
          taxNo: '91310115MA1K3XYZ0B',
          amountFen: 20_000,
          email: 'cw@example.com',
          ...body,
        },
        org.admin.token,
      );
    ok(await apply({}));
    refused(await apply({ amountFen: 10_001 }), 400, '开票金额不能超过可开票金额 100.00 元');
    refused(await apply({ taxNo: '' }), 400, '企业抬头请填写 15-20 位税号（数字或大写字母）');
    refused(await apply({ type: 2, titleType: 2, title: '张三' }), 400, '增值税专用发票只能开给企业');
    refused(await apply({ email: 'x' }), 400, '接收邮箱格式不正确');
    const list = ok(await call(`${CC}/invoicePageList`, {}, org.admin.token));
    expect(list.lists).toMatchObject([
      { typeName: '增值税普通发票', statusName: '待开票', amountFen: 20_000, title: '星辰教育科技有限公司' },
    ]);
    expect(ok(await call(`${CC}/invoicePageList`, { status: 2 }, org.admin.token)).total).toBe(0);
    expect(ok(await call('/dict/getInvoiceList', {}, org.admin.token)).titles).toEqual([
      { titleType: 1, title: '星辰教育科技有限公司', taxNo: '91310115MA1K3XYZ0B' },
    ]);
    const other = await t().newOrg();
    expect(ok(await call(`${CC}/invoicePageList`, {}, other.admin.token)).total).toBe(0);
  });
});

describe('recharge with no gateway configured', () => {
  const t = useTestApp();
  it('says so, and the balance shows no channel: an administrator credits by hand', async () => {
    const org = await t().newOrg();
    expect(ok(await t().call(contract.billing.getBalance, undefined, { token: org.admin.token })).channels).toEqual([]);
    refused(
      await t().call(
        contract.billing.payNewCreateOrder,
        { channel: 'wechat', amountFen: 10_000 },
        { token: org.admin.token },
      ),
      400,
      '未配置微信支付，暂不能在线充值，请联系管理员人工入账',
    );
    refused(
      await t().call(
        contract.billing.payCreateOrder,
        { channel: 'alipay', amountFen: 10_000 },
        { token: org.admin.token },
      ),
      400,
      '未配置支付宝，暂不能在线充值，请联系管理员人工入账',
    );
  });
});

describe('/certification', () => {
  const t = useTestApp();
  it('get and submit: validated credit code, 审核中 after submit, another organisation sees its own', async () => {
    const org = await t().newOrg();
    const get = (token: string) => t().call(contract.certification.get, undefined, { token });
    const submit = (body: object, token = org.admin.token) =>
      t().callRaw(contract.certification.submit, body, { token });
    await expectNoSession(t(), [{ path: '/certification/get' }, { path: '/certification/submit' }]);
    expect(ok(await get(org.seat.token))).toMatchObject({ status: 0, statusName: '未认证', companyName: null });
    const body = {
      companyName: '星辰教育科技有限公司',
      creditCode: '91350100m000100y43',
      licenseUrl: '/api/backend/uploadController/img/abc',
    };
    refused(await submit({ ...body, creditCode: '91350100M000100Y44' }), 400, '统一社会信用代码不正确');
    refused(await submit({ ...body, licenseUrl: '' }), 400, '请上传营业执照');
    refused(await submit(body, org.seat.token), 403);
    expect(ok(await submit(body))).toMatchObject({ status: 1, statusName: '审核中', creditCode: '91350100M000100Y43' });
    expect(ok(await get(org.seat.token)).companyName).toBe('星辰教育科技有限公司');
    const other = await t().newOrg();
    expect(ok(await get(other.admin.token)).status).toBe(0);
  });
});

describe('/organizationCostCenter/buyAiAnalyzePack', () => {
  const t = useTestApp();
  it('pays an AI pack from the balance in one transaction; not enough balance buys nothing', async () => {
    const org = await t().newOrg();
    const buy = (units: unknown, token = org.admin.token) => t().call(contract.billing.buyAiPack, { units }, { token });
    await expectNoSession(t(), [{ path: `${CC}/buyAiAnalyzePack` }]);
    refused(await buy(100, org.manager.token), 403);
    // 100 minutes at the default 10 fen a minute
    refused(await buy(100), 400, '账户余额不足：需 10.00 元，当前余额 0.00 元');
    expect(
      ok(await t().call(contract.costCenter.aiAnalyzePackDetailsPageList, {}, { token: org.admin.token })).total,
    ).toBe(0);
    await post(t().ctx.db, org.orgId, { type: 'manual', amountFen: 1_500, refKey: 'm' });
    ok(await buy(100));
    const [pack] = ok(
      await t().call(contract.costCenter.aiAnalyzePackDetailsPageList, {}, { token: org.admin.token }),
    ).lists;
    expect(pack).toMatchObject({ totalUnits: 100, priceFen: 1_000, sourceName: '购买' });
    expect(ok(await t().call(contract.billing.getBalance, undefined, { token: org.admin.token })).balanceFen).toBe(500);
    expect(
      ok(await t().call(contract.billing.accountRecordPageList, { type: 'pack' }, { token: org.admin.token })).lists,
    ).toMatchObject([{ amountFen: -1_000, typeName: '购买资源包', remark: '购买AI 分析资源包 100 分钟' }]);
    refused(await buy(0), 400, '分钟数不能小于 1 分钟');
    refused(await buy('许多'), 400, '');
    expect(await entrySum(t().ctx.db, org.orgId)).toBe(500);
  });
});
