import { formatDate } from '@crm/core';
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { type TestOperator, type TestOrg, useTestApp } from '../../test/harness';
import { B, customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { costPack } from './schema';
import { seedCostPacks } from './seed';

const DAY_MS = 86_400_000;
const P = `${B}/organizationCostCenter`;
const CALLS = ['getAiAnalyzeBalance', 'aiAnalyzePackDetailsPageList', 'getAiAnalyzeRecordList', 'addAiAnalyzePack'];

describe('/organizationCostCenter (AI analysis account)', () => {
  const t = useTestApp();
  const costs = () => t().ctx.services.costCenter;

  const post = (call: string, body: object, token: string) => t().post(`${P}/${call}`, body, { token });
  let op: TestOperator | undefined;
  /** Packs are granted by the installation operator (addAiAnalyzePack is an operator call). */
  const grant = async (org: TestOrg, body: object) => {
    op ??= await t().newOperator();
    return op.callRaw(contract.costCenter.addAiAnalyzePack, { organizationId: org.orgId, ...body });
  };
  const addPack = async (org: TestOrg, body: object = {}) =>
    ok(await grant(org, { units: 3000, days: 365, priceFen: 30000, ...body })).id as number;
  const charge = (org: TestOrg, units: number, refKey: string, userId?: number) =>
    costs().charge(org.orgId, 'ai_analyze', { units, refKey, userId, recordingId: 42, remark: '通话分析' });

  it('answers code 10 without a session, and 403 to a role without the cost signs', async () => {
    await expectNoSession(
      t(),
      CALLS.map((c) => ({ path: `/organizationCostCenter/${c}` })),
    );
    const org = await t().newOrg();
    await expectForbidden(t(), org.seat.token, [
      { path: '/organizationCostCenter/aiAnalyzePackDetailsPageList' },
      { path: '/organizationCostCenter/getAiAnalyzeRecordList' },
      { path: '/organizationCostCenter/addAiAnalyzePack', body: { units: 10, days: 1, priceFen: 0 } },
    ]);
    // the manager reads the cost centre; nobody of the organisation grants packs (the installation operator does)
    ok(await post('aiAnalyzePackDetailsPageList', {}, org.manager.token));
    for (const token of [org.manager.token, org.admin.token])
      await expectForbidden(t(), token, [
        {
          path: '/organizationCostCenter/addAiAnalyzePack',
          body: { organizationId: org.orgId, units: 10, days: 1, priceFen: 0 },
        },
      ]);
    const viewer = await customRoleUser(t(), org, { functionSigns: ['cost:view'] });
    ok(await post('getAiAnalyzeRecordList', {}, viewer.token));
  });

  it('getAiAnalyzeBalance: the AI account, for every user, low and expiry as the header tip reads them', async () => {
    const org = await t().newOrg();
    expect(ok(await post('getAiAnalyzeBalance', {}, org.seat.token))).toEqual({
      balance: 0,
      totalStr: '0 分钟',
      expTime: null,
      expStr: '--',
      isLess: 1,
      openAiCharging: 1,
      unitPriceFen: 10,
    });
    await addPack(org);
    expect((await charge(org, 50, 'call:1')).ok).toBe(true);
    const b = ok(await post('getAiAnalyzeBalance', {}, org.seat.token));
    const expiry = formatDate(new Date(Date.now() + 365 * DAY_MS));
    expect(b).toMatchObject({ balance: 2950, totalStr: '2,950 分钟', isLess: 0, openAiCharging: 1 });
    expect(b.expTime.slice(0, 10)).toBe(expiry);
    expect(b.expStr).toBe(`${expiry} 到期`);
    // under 10% of the minutes in force
    await charge(org, 2701, 'call:2');
    expect(ok(await post('getAiAnalyzeBalance', {}, org.seat.token))).toMatchObject({ balance: 249, isLess: 1 });
    // under an hour, however small the packs
    const small = await t().newOrg();
    await addPack(small, { units: 59 });
    expect(ok(await post('getAiAnalyzeBalance', {}, small.admin.token))).toMatchObject({ balance: 59, isLess: 1 });
    // another organisation's packs are not in this one's balance
    expect(ok(await post('getAiAnalyzeBalance', {}, (await t().newOrg()).admin.token)).balance).toBe(0);
  });

  it('aiAnalyzePackDetailsPageList: packs with their state, filtered by state and purchase date', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const active = await addPack(org, { units: 100, days: 30, priceFen: 1000, name: '月包' });
    const now = Date.now();
    const [expired, usedUp] = await t()
      .ctx.db.insert(costPack)
      .values([
        {
          organizationId: org.orgId,
          kind: 'ai_analyze',
          name: '旧试用包',
          totalUnits: 20,
          usedUnits: 5,
          source: 'trial',
          startsAt: new Date(now - 90 * DAY_MS),
          expiresAt: new Date(now - 30 * DAY_MS),
          createdAt: new Date('2025-01-05T02:00:00Z'),
        },
        {
          organizationId: org.orgId,
          kind: 'ai_analyze',
          name: '赠送包',
          totalUnits: 10,
          usedUnits: 10,
          source: 'grant',
          expiresAt: new Date(now + 30 * DAY_MS),
        },
      ])
      .returning({ id: costPack.id });
    await charge(org, 7, 'call:1');

    const all = ok(await post('aiAnalyzePackDetailsPageList', { pageNum: 1, pageSize: 10 }, org.manager.token));
    expect(all.total).toBe(3);
    expect(all.lists.find((p: any) => p.id === active)).toMatchObject({
      name: '月包',
      totalUnits: 100,
      usedUnits: 7,
      leftUnits: 93,
      priceFen: 1000,
      source: 'purchase',
      sourceName: '购买',
      state: 1,
      stateName: '生效中',
    });
    const byState = async (state: number) =>
      ok(await post('aiAnalyzePackDetailsPageList', { state }, org.admin.token)).lists.map((p: any) => p.id);
    expect(await byState(1)).toEqual([active]);
    expect(await byState(2)).toEqual([usedUp.id]);
    expect(await byState(3)).toEqual([expired.id]);
    const old = ok(
      await post(
        'aiAnalyzePackDetailsPageList',
        { startTime: '2025-01-01 00:00:00', endTime: '2025-01-31 23:59:59' },
        org.admin.token,
      ),
    );
    expect(old.lists).toMatchObject([{ id: expired.id, sourceName: '试用', stateName: '已过期', leftUnits: 15 }]);
    expect(old.lists[0].createdAt).toBe('2025-01-05 10:00:00');

    refused(await post('aiAnalyzePackDetailsPageList', { state: 9 }, org.admin.token), 400, '状态只能是 1、2、3');
    refused(
      await post('aiAnalyzePackDetailsPageList', { startTime: '上个月' }, org.admin.token),
      400,
      '时间格式应为 YYYY-MM-DD HH:mm:ss',
    );
    refused(await post('aiAnalyzePackDetailsPageList', { pageSize: 7 }, org.admin.token), 400, '');
    expect(ok(await post('aiAnalyzePackDetailsPageList', {}, other.admin.token)).total).toBe(0);
  });

  it("getAiAnalyzeRecordList: usage records within the role's data scope, filtered by date and user", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    await addPack(org);
    await charge(org, 3, 'call:seat', org.seat.userId);
    await charge(org, 4, 'call:other', org.otherSeat.userId);
    await charge(org, 2, 'call:nobody');

    const all = ok(await post('getAiAnalyzeRecordList', {}, org.admin.token));
    expect(all.total).toBe(3);
    expect(all.lists.find((r: any) => r.userId === org.seat.userId)).toMatchObject({
      recordingId: 42,
      units: 3,
      costFen: 30,
      userName: '坐席甲',
      remark: '通话分析',
    });
    expect(all.lists[0].createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // the manager's scope is the first sales department: the seat there, not the other department's seat
    const mine = ok(await post('getAiAnalyzeRecordList', {}, org.manager.token));
    expect(mine.lists.map((r: any) => r.userId)).toEqual([org.seat.userId]);
    expect(ok(await post('getAiAnalyzeRecordList', { userId: org.otherSeat.userId }, org.manager.token)).total).toBe(0);
    expect(
      ok(await post('getAiAnalyzeRecordList', { userId: org.otherSeat.userId }, org.admin.token)).lists,
    ).toMatchObject([{ units: 4, userName: '坐席乙' }]);
    expect(
      ok(
        await post(
          'getAiAnalyzeRecordList',
          { startTime: '2000-01-01 00:00:00', endTime: '2000-01-02 00:00:00' },
          org.admin.token,
        ),
      ).total,
    ).toBe(0);
    refused(await post('getAiAnalyzeRecordList', { userId: 'x' }, org.admin.token), 400, '使用人不正确');
    refused(await post('getAiAnalyzeRecordList', { endTime: '2025-13-01' }, org.admin.token), 400, '');
    expect(ok(await post('getAiAnalyzeRecordList', {}, other.admin.token)).total).toBe(0);
  });

  it('addAiAnalyzePack: the operator adds a pack, audited, and the top-up listeners are told', async () => {
    const org = await t().newOrg();
    const heard: number[] = [];
    costs().onTopUp(async (orgId, kind) => {
      if (orgId === org.orgId && kind === 'ai_analyze') heard.push(orgId);
    });
    const id = await addPack(org, { units: 1200, days: 90, priceFen: 12000 });
    expect(heard).toEqual([org.orgId]);
    const [pack] = ok(await post('aiAnalyzePackDetailsPageList', {}, org.admin.token)).lists;
    expect(pack).toMatchObject({ id, name: 'AI 分析资源包 1,200 分钟', totalUnits: 1200, priceFen: 12000 });
    const audit = await t().ctx.services.operator.auditPage({ pageNum: 1, pageSize: 100, organizationId: org.orgId });
    const log = audit.lists.find((r) => r.action === '赠送 AI 资源包');
    expect(log).toMatchObject({ operatorAccount: op!.account, after: { aiMinutesLeft: 1200 } });

    const add = (body: object) => grant(org, body);
    refused(await add({ units: 0, days: 1, priceFen: 0 }), 400, '分钟数不能小于 1 分钟');
    refused(await add({ units: 1_000_001, days: 1, priceFen: 0 }), 400, '分钟数不能大于 1000000 分钟');
    refused(await add({ units: 1.5, days: 1, priceFen: 0 }), 400, '分钟数须为整数');
    refused(await add({ units: 10, priceFen: 0 }), 400, '请输入有效天数');
    refused(await add({ units: 10, days: 3651, priceFen: 0 }), 400, '有效天数不能大于 3650 天');
    refused(await add({ units: 10, days: 1, priceFen: -1 }), 400, '支付金额不能小于 0 分');
    refused(await add({ units: 10, days: 1, priceFen: 1e11 }), 400, '支付金额不能大于 10000000000 分');
    refused(await add({ units: 10, days: 1, priceFen: 0, name: 'x'.repeat(101) }), 400, '资源包名称最多 100 个字');
    expect(heard).toHaveLength(1);
    // a pack of the largest price allowed is stored (bigint)
    ok(await add({ units: 1, days: 1, priceFen: 10_000_000_000 }));
  });
});

describe('/organizationCostCenter on an installation without billing (AI_CHARGING=off)', () => {
  const t = useTestApp({ AI_CHARGING: 'off' });

  it('the AI account says charging is off and never warns; charges write nothing', async () => {
    const org = await t().newOrg();
    const account = ok(await t().call(contract.costCenter.getAiAnalyzeBalance, undefined, { token: org.seat.token }));
    expect(account).toMatchObject({ balance: 0, openAiCharging: 0, isLess: 0, expStr: '--' });
    const costs = t().ctx.services.costCenter;
    expect(await costs.charge(org.orgId, 'ai_analyze', { units: 9, refKey: 'call:1' })).toEqual({
      ok: true,
      usageId: null,
    });
    expect(ok(await t().call(contract.costCenter.getAiAnalyzeRecordList, {}, { token: org.admin.token })).total).toBe(
      0,
    );
  });

  it('the demo seed gives an organisation a year pack of 3000 minutes and an expired one', async () => {
    const org = await t().newOrg();
    await seedCostPacks(t().ctx.db, org.orgId, org.admin.userId);
    const packs = ok(
      await t().call(contract.costCenter.aiAnalyzePackDetailsPageList, {}, { token: org.admin.token }),
    ).lists;
    expect(packs.map((p: any) => [p.totalUnits, p.stateName, p.sourceName])).toEqual([
      [3000, '生效中', '购买'],
      [100, '已过期', '试用'],
    ]);
  });
});
