import { contract } from '@crm/core/contract';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApp, type TestOperator, type TestOrg, useTestApp } from '../../test/harness';
import { B, ok, refused } from '../../test/org';
import { runOperatorCli } from './cli';
import { operatorAudit } from './schema';

const CC = '/organizationCostCenter';

/** Every money call of the operator, with a valid body for an organisation and what its audit row is called. */
const MONEY_CALLS = (organizationId: number) => [
  {
    path: `${CC}/manualCredit`,
    body: { organizationId, amountFen: 10_000_000_000, reason: '自己给自己入账' },
    action: '人工入账',
  },
  {
    path: `${CC}/addAiAnalyzePack`,
    body: { organizationId, units: 1_000_000, days: 3650, priceFen: 0 },
    action: '赠送 AI 资源包',
  },
  { path: '/organization/setAiUnitPrice', body: { organizationId, pricePerMinute: 0 }, action: '设置 AI 单价' },
  { path: `${CC}/saveCallRate`, body: { organizationId, line: '默认', rateFenPerMinute: 0 }, action: '设置线路费率' },
  { path: `${CC}/saveSeatRate`, body: { organizationId, fenPerMonth: 0 }, action: '设置坐席月租' },
];

/** What an organisation can see of its money and prices (read through its own session). */
async function orgMoney(t: TestApp, token: string) {
  const get = async (path: string) => ok(await t.post(`${B}${path}`, {}, { token }));
  const [balance, ai, price, rates, seats] = await Promise.all([
    get(`${CC}/getBalance`),
    get(`${CC}/getAiAnalyzeBalance`),
    get('/organization/getAiUnitPrice'),
    get(`${CC}/callRateList`),
    get(`${CC}/getSeatCount`),
  ]);
  return {
    balanceFen: balance.balanceFen,
    aiMinutes: ai.balance,
    price: price.pricePerMinute,
    rates: rates.lists.map((r: { line: string; rateFenPerMinute: number }) => [r.line, r.rateFenPerMinute]),
    seatRate: seats.seatRateFenPerMonth,
  };
}

describe('operator: money, prices and grants belong to the installation operator', () => {
  const t = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '1000', LOGIN_LIMIT_PER_IP: '1000' });
  let org: TestOrg;
  let op: TestOperator;

  beforeAll(async () => {
    org = await t().newOrg();
    op = await t().newOperator();
  });

  it("refuses an organisation's super admin on each money call, and nothing changes", async () => {
    const before = await orgMoney(t(), org.admin.token);
    for (const c of MONEY_CALLS(org.orgId)) {
      // with or without naming the organisation: the session is not an operator's
      for (const body of [c.body, { ...c.body, organizationId: undefined }])
        refused(await t().post(`${B}${c.path}`, body, { token: org.admin.token }), 403, '无权限访问');
      refused(await t().post(`${B}${c.path}`, c.body, { token: org.manager.token }), 403, '无权限访问');
    }
    expect(await orgMoney(t(), org.admin.token)).toEqual(before);
    // no audit row was written for any of them
    const rows = await t().ctx.db.select().from(operatorAudit).where(eq(operatorAudit.organizationId, org.orgId));
    expect(rows).toEqual([]);
  });

  it('refuses the super admin of a self-registered organisation (registerApp) likewise', async () => {
    const phone = `15${String(Date.now() % 1e9).padStart(9, '0')}`;
    await t().ctx.limiter.reset(`sms:phone:${phone}`);
    ok(await t().call(contract.account.sendSmsCode, { phone, type: 'register' }, { ip: '10.77.0.1' }));
    const reg = ok(
      await t().callRaw(
        contract.account.register,
        { orgName: '自助注册机构', realName: '王老板', phone, code: t().sms.last(phone), password: 'newpass123' },
        { ip: '10.77.0.1' },
      ),
    );
    const before = await orgMoney(t(), reg.token);
    expect(before.balanceFen).toBe(0);
    for (const c of MONEY_CALLS(reg.organizationId))
      refused(await t().post(`${B}${c.path}`, c.body, { token: reg.token }), 403, '无权限访问');
    // and it has no other way to make money: a pack bought from the balance costs the unit price
    refused(await t().call(contract.billing.buyAiPack, { units: 1000 }, { token: reg.token }), 400, '账户余额不足');
    expect(await orgMoney(t(), reg.token)).toEqual(before);
    // the automatic trial stays, once
    ok(await t().call(contract.vendorOrders.onTrial, { product: 'ai_analyze' }, { token: reg.token }));
    refused(await t().call(contract.vendorOrders.onTrial, { product: 'ai_analyze' }, { token: reg.token }), 409);
  });

  it('serves the operator on each money call, with an audit row holding before and after', async () => {
    const target = await t().newOrg();
    const calls = MONEY_CALLS(target.orgId).map((c) =>
      c.path.endsWith('manualCredit')
        ? { ...c, body: { ...c.body, amountFen: 88_800, reason: '对公转账 工行尾号 1234' } }
        : c,
    );
    // a price first, so that the zero prices below are changes
    ok(await op.call(contract.orgSettings.setAiUnitPrice, { organizationId: target.orgId, pricePerMinute: 15 }));
    ok(await op.call(contract.billing.saveSeatRate, { organizationId: target.orgId, fenPerMonth: 5_000 }));
    ok(
      await op.call(contract.billing.saveCallRate, {
        organizationId: target.orgId,
        line: '默认',
        rateFenPerMinute: 12,
      }),
    );
    for (const c of calls) ok(await op.post(c.path, c.body));

    expect(await orgMoney(t(), target.admin.token)).toEqual({
      balanceFen: 88_800,
      aiMinutes: 1_000_000,
      price: 0,
      rates: [['*', 0]],
      seatRate: 0,
    });
    // the organisation's ledger shows the credit as the platform's, read-only
    const entries = ok(await t().call(contract.billing.accountRecordPageList, {}, { token: target.admin.token }));
    expect(entries.lists[0]).toMatchObject({ type: 'manual', amountFen: 88_800, createdByName: '平台运营' });
    const packs = ok(
      await t().call(contract.costCenter.aiAnalyzePackDetailsPageList, {}, { token: target.admin.token }),
    );
    expect(packs.lists[0]).toMatchObject({ source: 'grant', sourceName: '赠送', totalUnits: 1_000_000 });

    const audit = ok(await op.call(contract.operator.auditPageList, { organizationId: target.orgId, pageSize: 50 }));
    expect(audit.total).toBe(8);
    const byAction = (a: string) => audit.lists.filter((r: { action: string }) => r.action === a);
    for (const r of audit.lists) {
      expect(r).toMatchObject({ operatorAccount: op.account, organizationId: target.orgId });
      expect(r.organizationName).toMatch(/^测试机构/);
      expect(r.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    const [credit] = byAction('人工入账');
    expect(credit.before).toMatchObject({ balanceFen: 0 });
    expect(credit.after).toMatchObject({ balanceFen: 88_800 });
    expect(credit.detail).toMatchObject({ body: { amountFen: 88_800, reason: '对公转账 工行尾号 1234' } });
    const [grant] = byAction('赠送 AI 资源包');
    expect([grant.before, grant.after]).toMatchObject([{ aiMinutesLeft: 0 }, { aiMinutesLeft: 1_000_000 }]);
    const prices = byAction('设置 AI 单价').map((r: any) => [r.before.aiUnitPriceFen, r.after.aiUnitPriceFen]);
    expect(prices).toEqual([
      [15, 0],
      [10, 15],
    ]);
    const seat = byAction('设置坐席月租').map((r: any) => [r.before.seatRateFenPerMonth, r.after.seatRateFenPerMonth]);
    expect(seat).toEqual([
      [5_000, 0],
      [0, 5_000],
    ]);
    const [rateNow] = byAction('设置线路费率');
    expect(rateNow.before).toMatchObject({ callRates: [{ line: '*', rateFenPerMinute: 12 }] });
    expect(rateNow.after).toMatchObject({ callRates: [{ line: '*', rateFenPerMinute: 0 }] });

    // paging
    const p2 = ok(
      await op.call(contract.operator.auditPageList, { organizationId: target.orgId, pageNum: 2, pageSize: 10 }),
    );
    expect(p2).toMatchObject({ total: 8, lists: [] });
  });

  it('validates the operator input and names an unknown organisation (404), writing nothing', async () => {
    const bad: [string, object, string][] = [
      [`${CC}/manualCredit`, { organizationId: org.orgId, amountFen: 0, reason: 'x' }, '入账金额不能小于 1 分'],
      [`${CC}/manualCredit`, { organizationId: org.orgId, amountFen: 1.5, reason: 'x' }, '入账金额须为整数'],
      [`${CC}/manualCredit`, { organizationId: org.orgId, amountFen: 100 }, '入账原因'],
      [`${CC}/manualCredit`, { amountFen: 100, reason: 'x' }, '请选择机构'],
      [`${CC}/addAiAnalyzePack`, { organizationId: org.orgId, units: 0, days: 1, priceFen: 0 }, '分钟数不能小于 1'],
      [`${CC}/addAiAnalyzePack`, { organizationId: org.orgId, units: 10, days: 0, priceFen: 0 }, '有效天数'],
      ['/organization/setAiUnitPrice', { organizationId: org.orgId, pricePerMinute: -1 }, '单价不能小于 0'],
      [`${CC}/saveCallRate`, { organizationId: org.orgId, line: '', rateFenPerMinute: 1 }, '线路'],
      [`${CC}/saveSeatRate`, { organizationId: org.orgId, fenPerMonth: -1 }, '坐席月租不能小于 0'],
    ];
    for (const [path, body, msg] of bad) refused(await op.post(path, body), 400, msg);
    for (const c of MONEY_CALLS(2_000_000_000)) refused(await op.post(c.path, c.body), 404, '机构不存在');
    refused(await op.call(contract.operator.organizationDetail, { organizationId: 2_000_000_000 }), 404, '机构不存在');
    const rows = await t().ctx.db.select().from(operatorAudit).where(eq(operatorAudit.organizationId, 2_000_000_000));
    expect(rows).toEqual([]);
    expect((await orgMoney(t(), org.admin.token)).balanceFen).toBe(0);
  });

  it('lists organisations with balance, AI minutes and unit price, and one organisation with its rates', async () => {
    const target = await t().newOrg();
    ok(
      await op.call(contract.billing.manualCredit, { organizationId: target.orgId, amountFen: 12_345, reason: '转账' }),
    );
    ok(
      await op.call(contract.billing.saveCallRate, {
        organizationId: target.orgId,
        line: '北京移动',
        rateFenPerMinute: 9,
      }),
    );
    const name = (await t().call(contract.organization.getOrganizationDetail, undefined, { token: target.admin.token }))
      .data.name;
    const list = ok(await op.call(contract.operator.organizationPageList, { keyword: name }));
    expect(list.total).toBe(1);
    expect(list.lists[0]).toMatchObject({
      id: target.orgId,
      name,
      balanceFen: 12_345,
      aiMinutesLeft: 0,
      aiUnitPriceFen: 10,
      seatRateFenPerMonth: 0,
      userCount: 4,
    });
    const detail = ok(await op.call(contract.operator.organizationDetail, { organizationId: target.orgId }));
    expect(detail.callRates).toMatchObject([{ line: '北京移动', rateFenPerMinute: 9 }]);
    expect(ok(await op.call(contract.operator.me))).toMatchObject({ account: op.account });
  });

  it('keeps operator and organisation sessions apart', async () => {
    // an operator token on organisation calls: not a session of any organisation (22001)
    for (const path of [`${CC}/getBalance`, '/organization/getOrganizationDetail', `${CC}/accountRecordPageList`]) {
      const res = await t().post(`${B}${path}`, {}, { token: op.token });
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 22001`);
    }
    const info = await t().call(contract.account.userInfo, undefined, { token: op.token });
    expect(info.code).toBe(22001);
    // organisation tokens on the operator's own calls: 无权限访问
    for (const token of [org.admin.token, org.seat.token])
      for (const path of ['/operator/me', '/operator/organizationPageList', '/operator/auditPageList'])
        refused(await t().post(`${B}${path}`, {}, { token }), 403, '无权限访问');
    // no token: 请登录！; a broken one: 22001
    refused(await t().call(contract.operator.me), 401, '请登录');
    expect((await t().call(contract.operator.me, undefined, { token: 'x.y.z' })).code).toBe(22001);
    // signing out ends the operator's token
    const other = await t().newOperator();
    ok(await other.call(contract.operator.logout));
    refused(await other.call(contract.operator.me), 401);
  });

  it('signs in with a limit: a wrong password is refused, ten failures lock the account for 15 minutes', async () => {
    const account = `op_lock_${Date.now().toString(36)}`;
    await t().ctx.services.operator.create(account, TEST_PASSWORD, { operatorId: null, operatorAccount: 'test' });
    const login = (password: string, i: number) =>
      t().call(contract.operator.login, { account, password }, { ip: `10.66.1.${i}` });
    refused(await login('wrong1234', 1), 400, '账号或密码错误');
    refused(await t().callRaw(contract.operator.login, { account }, { ip: '10.66.1.2' }), 400, '请输入密码');
    for (let i = 0; i < 9; i++) await login('wrong1234', 10 + i);
    refused(await login(TEST_PASSWORD, 30), 429, '15 分钟');
    await t().ctx.limiter.reset(`oploginfail:acct:${account}`);
    expect(ok(await login(TEST_PASSWORD, 31)).token).toBeTruthy();
  });

  it('fuzz: malformed operator input never answers 500', { timeout: 300_000 }, async () => {
    const paths = [
      ...MONEY_CALLS(org.orgId).map((c) => c.path),
      '/operator/organizationPageList',
      '/operator/organizationDetail',
      '/operator/auditPageList',
    ];
    const values = [true, [1], 'x\u0000y', 3_000_000_000, 1e300, { a: 1 }, 'x'.repeat(5000)];
    for (const path of paths) {
      for (const body of [true, [1], 'text', 12]) expect((await op.post(path, body)).status).toBeLessThan(500);
      for (const field of ['organizationId', 'amountFen', 'reason', 'units', 'pricePerMinute', 'line', 'keyword'])
        for (const v of values) {
          const res = await op.post(path, { organizationId: org.orgId, [field]: v });
          expect(`${path} ${field} ${res.status}`).not.toMatch(/ 5\d\d$/);
        }
    }
  });
});

describe('operator: the command line', () => {
  const t = useTestApp();

  function io(answers: string[] = []) {
    const lines: string[] = [];
    return {
      lines,
      io: { print: (l: string) => lines.push(l), askSecret: async () => answers.shift() ?? '', env: {} },
    };
  }

  it('creates an operator who then signs in; passwd, list and disable work and are audited', async () => {
    const ops = t().ctx.services.operator;
    const account = `cli_${Date.now().toString(36)}`;
    const a = io(['cliPass123', 'cliPass123']);
    expect(await runOperatorCli(['create', account], ops, a.io)).toBe(0);
    expect(a.lines.join('\n')).toContain(`已创建运营账号 ${account}`);
    const signIn = (password: string) => t().call(contract.operator.login, { account, password }, { ip: '10.67.0.1' });
    const { token } = ok(await signIn('cliPass123'));
    expect(ok(await t().call(contract.operator.me, undefined, { token }))).toMatchObject({ account });

    // a duplicate, a weak password, mismatched answers, unknown commands
    const b = io();
    expect(await runOperatorCli(['create', account, '--password', 'other1234'], ops, b.io)).toBe(1);
    expect(b.lines.join('\n')).toContain('已存在');
    expect(await runOperatorCli(['create', `${account}x`, '--password', 'short'], ops, b.io)).toBe(1);
    expect(await runOperatorCli(['create', `${account}y`], ops, io(['abc12345', 'abc12346']).io)).toBe(1);
    expect(await runOperatorCli(['frobnicate'], ops, b.io)).toBe(2);
    expect(await runOperatorCli(['create'], ops, b.io)).toBe(2);

    // passwd ends the sessions; the new password works
    expect(await runOperatorCli(['passwd', account, '--password', 'newPass456'], ops, io().io)).toBe(0);
    refused(await t().call(contract.operator.me, undefined, { token }), 401);
    refused(await signIn('cliPass123'), 400);
    const second = ok(await signIn('newPass456')).token;

    const l = io();
    expect(await runOperatorCli(['list'], ops, l.io)).toBe(0);
    expect(l.lines.join('\n')).toMatch(new RegExp(`${account}\\t启用`));

    expect(await runOperatorCli(['disable', account], ops, io().io)).toBe(0);
    refused(await t().call(contract.operator.me, undefined, { token: second }), 401);
    refused(await signIn('newPass456'), 400, '运营账号已停用');
    expect(await runOperatorCli(['enable', account], ops, io().io)).toBe(0);
    ok(await signIn('newPass456'));

    const rows = await t().ctx.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(20);
    const cli = rows.filter((r) => r.operatorAccount === '命令行').map((r) => r.action);
    expect(cli).toEqual(expect.arrayContaining(['创建运营账号', '修改运营账号密码', '停用运营账号', '启用运营账号']));
  });

  it('creates the first operator from OPERATOR_ACCOUNT and OPERATOR_PASSWORD on start, once', async () => {
    const ops = t().ctx.services.operator;
    const by = { operatorId: null, operatorAccount: '环境变量' };
    expect(await ops.ensure('env_operator', 'envPass123', by)).toBe(true);
    expect(await ops.ensure('env_operator', 'otherPass123', by)).toBe(false);
    ok(
      await t().call(contract.operator.login, { account: 'env_operator', password: 'envPass123' }, { ip: '10.67.0.2' }),
    );
  });
});
