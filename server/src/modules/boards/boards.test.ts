import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { B, customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import {
  insertCallRecord,
  insertClueDict,
  insertInsightCall,
  insertLead,
  insertOrder,
  putQualityCheck,
} from '../../test/rows';

const R = '/api/robot';
const A = '/api/analysis';
const OCT = { startDate: '2026-10-01', endDate: '2026-10-31' };
let seq = Math.floor(Math.random() * 1e6);

/**
 * The rows each figure is computed from, written straight into the owning modules' tables through the harness
 * (test/rows.ts; the boards only read them): orders, leads, calls, analysed calls and quality checks of October 2026 (plus some outside it).
 */
describe('boards', () => {
  const t = useTestApp();
  const db = () => t().database.db;
  const post = (path: string, body: object, token?: string | null) => t().post(path, body, { token });

  /** A Shanghai wall-clock time ('2026-10-05 10:00') as an instant. */
  const shanghai = (at: string) => new Date(`${at.replace(' ', 'T')}+08:00`);

  async function source(org: TestOrg, name: string): Promise<number> {
    return insertClueDict(t(), { organizationId: org.orgId, kind: 4, name });
  }
  async function lead(org: TestOrg, owner: number | null, way: number, src: number | null, at: string, stage = 1) {
    return insertLead(t(), {
      organizationId: org.orgId,
      name: '王芳',
      phone: `139${String(seq++).padStart(8, '0')}`,
      ownerId: owner,
      importWay: way,
      channelSourceId: src,
      stage,
      createdAt: shanghai(at),
      isInSea: owner ? 2 : 1,
    });
  }
  async function order(
    org: TestOrg,
    owner: number,
    status: number,
    total: number,
    paid: number,
    on: string,
    clue?: number,
  ) {
    await insertOrder(t(), {
      organizationId: org.orgId,
      orderNo: `DD${seq++}`,
      clueId: clue ?? null,
      customerName: '杭州云帆',
      ownerId: owner,
      status,
      totalFen: total,
      paidFen: paid,
      signedOn: on,
    });
  }
  async function call(org: TestOrg, user: number, status: number, talk: number, at: string) {
    await insertCallRecord(t(), {
      organizationId: org.orgId,
      callId: `c${seq++}-${org.orgId}`,
      provider: 'test',
      userId: user,
      phone: '13900000000',
      status,
      billableSeconds: talk,
      createdAt: shanghai(at),
    });
  }
  async function analysed(org: TestOrg, owner: number, clue: number, intention: number, churn: number, at: string) {
    await insertInsightCall(t(), {
      organizationId: org.orgId,
      recordingId: seq++,
      clueId: clue,
      ownerUserId: owner,
      callAt: shanghai(at),
      intention,
      churnRisk: churn,
    });
  }
  async function checked(org: TestOrg, owner: number, score: number, passed: boolean, violations: number, at: string) {
    await putQualityCheck(t(), {
      organizationId: org.orgId,
      recordingId: seq++,
      score,
      passLine: 70,
      passed,
      fatal: false,
      deductions: [],
      violationCount: violations,
      violationRules: [],
      missedItemIds: [],
      ownerUserId: owner,
      callTime: shanghai(at),
    });
  }

  /** October: the seat 2 deals (¥1,000 confirmed, ¥500 paid), the other seat 1 (¥2,000, ¥800 paid); noise around. */
  async function world() {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const [srcA, srcB] = [await source(org, '抖音广告'), await source(org, '百度推广')];
    const a1 = await lead(org, org.seat.userId, 3, srcA, '2026-10-02 10:00:00', 2);
    await lead(org, org.seat.userId, 3, srcA, '2026-10-03 10:00:00', 3);
    await lead(org, org.seat.userId, 3, srcA, '2026-10-31 23:00:00');
    const b1 = await lead(org, org.otherSeat.userId, 8, srcB, '2026-10-04 10:00:00');
    await lead(org, org.otherSeat.userId, 8, srcB, '2026-10-05 10:00:00');
    await lead(org, org.seat.userId, 8, null, '2026-10-06 10:00:00');
    await lead(org, org.seat.userId, 3, srcA, '2026-09-30 23:00:00');
    await lead(org, null, 3, srcA, '2026-10-08 10:00:00'); // in the public sea: not counted
    await order(org, org.seat.userId, 2, 100_000, 0, '2026-10-05', a1);
    await order(org, org.seat.userId, 4, 50_000, 50_000, '2026-10-06');
    await order(org, org.seat.userId, 1, 99_999, 0, '2026-10-07');
    await order(org, org.seat.userId, 6, 77_777, 0, '2026-10-07');
    await order(org, org.seat.userId, 2, 66_666, 0, '2026-09-30');
    await order(org, org.otherSeat.userId, 3, 200_000, 80_000, '2026-10-10', b1);
    await order(other, other.seat.userId, 2, 123_456, 0, '2026-10-05');
    await call(org, org.seat.userId, 2, 60, '2026-10-05 09:00:00');
    await call(org, org.seat.userId, 2, 120, '2026-10-05 10:00:00');
    await call(org, org.seat.userId, 3, 0, '2026-10-06 10:00:00');
    await call(org, org.otherSeat.userId, 2, 30, '2026-10-06 11:00:00');
    await call(org, org.seat.userId, 2, 999, '2026-11-01 00:00:01');
    await call(other, other.seat.userId, 2, 500, '2026-10-05 09:00:00');
    await analysed(org, org.seat.userId, a1, 1, 10, '2026-10-05 09:00:00');
    await analysed(org, org.seat.userId, a1, 1, 20, '2026-10-05 10:00:00');
    await analysed(org, org.seat.userId, a1, 2, 70, '2026-10-06 10:00:00');
    await analysed(org, org.otherSeat.userId, b1, 3, 0, '2026-10-06 11:00:00');
    await checked(org, org.seat.userId, 80, true, 1, '2026-10-05 09:00:00');
    await checked(org, org.seat.userId, 60, false, 2, '2026-10-05 10:00:00');
    await checked(org, org.otherSeat.userId, 90, true, 0, '2026-10-06 11:00:00');
    return { org, other, srcA, srcB };
  }

  it('answers code 10 without a session and 403 without the board signs', async () => {
    const calls = [
      '/dealBoardSetting/list',
      '/dealBoardSetting/save',
      '/dealBoardSetting/update',
      '/dealBoardSetting/delete',
      '/dealManager/pagelist',
      '/dealManager/export',
      '/dealManager/exportBoard',
      '/aiBossBulletinBoardCluster/list',
      '/aiBossBulletinBoardCluster/save',
      '/customBoard/list',
      '/customBoard/save',
      '/customBoard/delete',
      '/customBoard/data',
      '/customBoard/export',
      '/customBoard/share',
    ].map((path) => ({ path }));
    await expectNoSession(t(), calls);
    const robot = ['get', 'export', 'costList', 'saveCost']
      .map((c) => `${R}/marketBoard/${c}`)
      .concat(
        ['getOverview', 'getTrend', 'getRank', 'exportRank', 'exportTrend'].map((c) => `${R}/clue/aibossstatis/${c}`),
      )
      .concat(['getBoardPageList', 'getDealBoardSettingList', 'selectSettingDetail'].map((c) => `${A}/api/clue/${c}`));
    for (const path of robot) {
      const res = await post(path, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    const org = await t().newOrg();
    const outsider = await customRoleUser(t(), org, { functionSigns: ['clue:view'] });
    await expectForbidden(t(), outsider.token, calls);
    for (const path of robot) {
      const res = await post(path, {}, outsider.token);
      expect(`${path} ${res.status} ${res.msg}`).toBe(`${path} 403 无权限访问`);
    }
    // a seat views (their own figures) but neither configures nor exports
    await expectForbidden(t(), org.seat.token, [
      { path: '/dealBoardSetting/save' },
      { path: '/customBoard/save' },
      { path: '/customBoard/share' },
      { path: '/dealManager/export' },
    ]);
  });

  it('deals board settings: validation, unique name, one default, another organisation refused', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const save = (body: object, token = org.admin.token) => post(`${B}/dealBoardSetting/save`, body, token);
    refused(await save({ name: '', dealStatuses: [2] }), 400, '请输入看板名称');
    refused(await save({ name: '十月', dealStatuses: [] }), 400, '请选择计为成交的订单状态');
    refused(await save({ name: '十月', dealStatuses: [1] }), 400, '成交订单状态只能是 2、3、4');
    refused(await save({ name: '十月', dealStatuses: [2], periodType: 9 }), 400, '统计周期只能是');
    refused(await save({ name: '十月', dealStatuses: [2], teamTargetFen: -1 }), 400, '成交目标金额');
    refused(await save({ name: '十月', dealStatuses: [2], userIds: [other.seat.userId] }), 404, '员工不存在');
    const first = ok(await save({ name: '十月', dealStatuses: [2, 3, 4], isDefault: 1 })).id;
    refused(await save({ name: '十月', dealStatuses: [2] }), 409, '看板名称已存在');
    const second = ok(
      await save({
        name: '回款榜',
        dealStatuses: [4, 3],
        amountType: 2,
        periodType: 4,
        userIds: [org.seat.userId],
        userTargets: [{ userId: org.seat.userId, targetCount: 3, targetFen: 100_000 }],
        isDefault: 1,
      }),
    ).id;
    const list = ok(await post(`${B}/dealBoardSetting/list`, {}, org.admin.token));
    expect(list.map((s: any) => [s.name, s.isDefault])).toEqual([
      ['回款榜', 1],
      ['十月', 2],
    ]);
    expect(list[0]).toMatchObject({
      periodName: '本季度',
      amountTypeName: '回款金额',
      dealStatuses: [3, 4],
      userNames: ['坐席甲'],
    });
    expect(ok(await post(`${A}/api/clue/getDealBoardSettingList`, {}, org.admin.token))).toEqual([
      { id: second, name: '回款榜', isDefault: 1 },
      { id: first, name: '十月', isDefault: 2 },
    ]);
    expect(ok(await post(`${A}/api/clue/selectSettingDetail`, { id: first }, org.admin.token)).name).toBe('十月');
    ok(await post(`${B}/dealBoardSetting/update`, { id: first, name: '十一月', dealStatuses: [2] }, org.admin.token));
    expect(ok(await post(`${A}/api/clue/selectSettingDetail`, { id: first }, org.admin.token)).name).toBe('十一月');
    for (const [path, body] of [
      ['/dealBoardSetting/update', { id: first, name: 'x', dealStatuses: [2] }],
      ['/dealBoardSetting/delete', { id: first }],
    ] as const)
      refused(await post(`${B}${path}`, body, other.admin.token), 404, '看板设置不存在');
    refused(await post(`${A}/api/clue/selectSettingDetail`, { id: first }, other.admin.token), 404, '看板设置不存在');
    expect(ok(await post(`${B}/dealBoardSetting/list`, {}, other.admin.token))).toEqual([]);
    ok(await post(`${B}/dealBoardSetting/delete`, { id: first }, org.admin.token));
    expect(ok(await post(`${B}/dealBoardSetting/list`, {}, org.admin.token))).toHaveLength(1);
  });

  it('deals board: deals and amounts per user against targets, champion, trend; scope and settings apply', async () => {
    const { org, other } = await world();
    const board = async (body: object, token = org.admin.token) =>
      ok(await post(`${A}/api/clue/getBoardPageList`, { ...OCT, ...body }, token));
    ok(await post(`${B}/userController/setSalesChampion`, { id: org.seat.userId }, org.admin.token));

    const all = await board({});
    expect(all).toMatchObject({ setting: null, dealCount: 3, amountFen: 350_000, progress: null });
    expect(all.champions).toEqual([{ userId: org.seat.userId, userName: '坐席甲' }]);
    const byUser = Object.fromEntries(all.rows.map((r: any) => [r.userName, [r.rank, r.dealCount, r.amountFen]]));
    expect(byUser).toMatchObject({ 坐席乙: [1, 1, 200_000], 坐席甲: [2, 2, 150_000] });
    expect(byUser.经理.slice(1)).toEqual([0, 0]);
    expect(all.rows.find((r: any) => r.userId === org.seat.userId).isSalesChampion).toBe(true);
    expect(all.trend).toHaveLength(31);
    expect(all.trend[4]).toEqual({ day: '2026-10-05', dealCount: 1, amountFen: 100_000 });

    // the manager sees their department; a seat-scoped viewer only themselves; a department filter narrows
    const mgr = await board({}, org.manager.token);
    expect([mgr.dealCount, mgr.amountFen]).toEqual([2, 150_000]);
    expect(mgr.rows.map((r: any) => r.userName).sort()).toEqual(['坐席甲', '经理']);
    const own = await board({}, org.seat.token);
    expect([own.dealCount, own.rows.map((r: any) => r.userId)]).toEqual([2, [org.seat.userId]]);
    expect((await board({ deptId: org.otherDeptId })).amountFen).toBe(200_000);
    expect((await board({ userIds: [org.seat.userId] })).dealCount).toBe(2);
    expect((await board({ userIds: [org.otherSeat.userId] }, org.manager.token)).rows).toEqual([]);
    refused(await post(`${A}/api/clue/getBoardPageList`, { deptId: other.deptId }, org.admin.token), 404, '部门不存在');
    refused(
      await post(`${A}/api/clue/getBoardPageList`, { userIds: [other.seat.userId] }, org.admin.token),
      404,
      '员工不存在',
    );
    refused(
      await post(`${A}/api/clue/getBoardPageList`, { startDate: '2026-10-02', endDate: '2026-10-01' }, org.admin.token),
      400,
      '结束日期不能早于开始日期',
    );

    // paid amounts of partly and fully paid orders, with targets
    const id = ok(
      await post(
        `${B}/dealBoardSetting/save`,
        {
          name: '回款榜',
          dealStatuses: [3, 4],
          amountType: 2,
          teamTargetFen: 400_000,
          userTargets: [{ userId: org.seat.userId, targetCount: 2, targetFen: 100_000 }],
        },
        org.admin.token,
      ),
    ).id;
    const paid = await board({ settingId: id });
    expect([paid.dealCount, paid.amountFen, paid.progress]).toEqual([2, 130_000, 32.5]);
    expect(paid.rows.find((r: any) => r.userId === org.seat.userId)).toMatchObject({
      dealCount: 1,
      amountFen: 50_000,
      targetCount: 2,
      targetFen: 100_000,
      progress: 50,
    });
    // who appears
    ok(
      await post(
        `${B}/dealBoardSetting/update`,
        { id, name: '回款榜', dealStatuses: [3, 4], amountType: 2, userIds: [org.seat.userId] },
        org.admin.token,
      ),
    );
    expect((await board({ settingId: id })).rows.map((r: any) => r.userId)).toEqual([org.seat.userId]);
    refused(await post(`${A}/api/clue/getBoardPageList`, { settingId: id }, other.admin.token), 404, '看板设置不存在');
  });

  it('the deals behind the board: page, filters, scope, export', async () => {
    const { org, other } = await world();
    const page = async (body: object, token = org.admin.token) =>
      ok(await post(`${B}/dealManager/pagelist`, { ...OCT, ...body }, token));
    const all = await page({});
    expect(all.total).toBe(3);
    expect(all.lists.map((r: any) => [r.signedOn, r.totalFen, r.statusName])).toEqual([
      ['2026-10-10', 200_000, '部分回款'],
      ['2026-10-06', 50_000, '已回款'],
      ['2026-10-05', 100_000, '已确认'],
    ]);
    expect((await page({ userIds: [org.seat.userId], pageSize: 10, pageNum: 1 })).total).toBe(2);
    expect((await page({}, org.manager.token)).total).toBe(2);
    expect((await page({}, other.admin.token)).total).toBe(1);
    refused(await post(`${B}/dealManager/pagelist`, { pageSize: 7 }, org.admin.token), 400, '每页条数');
    for (const path of ['/dealManager/export', '/dealManager/exportBoard']) {
      const res = await post(`${B}${path}`, OCT, org.admin.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    }
  });

  it('market board: leads, deals, cost per channel and source; cost entry', async () => {
    const { org, other, srcA, srcB } = await world();
    refused(
      await post(`${R}/marketBoard/saveCost`, { month: '2026-13', channelSourceId: srcA, costFen: 1 }, org.admin.token),
      400,
      '月份格式应为 YYYY-MM',
    );
    refused(
      await post(
        `${R}/marketBoard/saveCost`,
        { month: '2026-10', channelSourceId: srcA, costFen: -1 },
        org.admin.token,
      ),
      400,
      '投放成本',
    );
    refused(
      await post(
        `${R}/marketBoard/saveCost`,
        { month: '2026-10', channelSourceId: srcA, costFen: 1 },
        other.admin.token,
      ),
      400,
      '渠道来源不存在',
    );
    ok(
      await post(
        `${R}/marketBoard/saveCost`,
        { month: '2026-10', channelSourceId: srcA, costFen: 10_000 },
        org.admin.token,
      ),
    );
    ok(
      await post(
        `${R}/marketBoard/saveCost`,
        { month: '2026-10', channelSourceId: srcA, costFen: 30_000 },
        org.admin.token,
      ),
    );
    ok(
      await post(
        `${R}/marketBoard/saveCost`,
        { month: '2026-11', channelSourceId: srcB, costFen: 5_000 },
        org.admin.token,
      ),
    );
    expect(ok(await post(`${R}/marketBoard/costList`, { month: '2026-10' }, org.admin.token))).toMatchObject([
      { channelSourceId: srcA, sourceName: '抖音广告', costFen: 30_000 },
    ]);
    expect(ok(await post(`${R}/marketBoard/costList`, { month: '2026-10' }, other.admin.token))).toEqual([]);

    const m = ok(await post(`${R}/marketBoard/get`, OCT, org.admin.token));
    expect(m.totals).toMatchObject({ leads: 6, deals: 3, amountFen: 350_000, costFen: 30_000, conversion: 50 });
    const src = Object.fromEntries(m.sources.map((r: any) => [r.name, r]));
    expect(src.抖音广告).toMatchObject({
      leads: 3,
      deals: 1,
      amountFen: 100_000,
      costFen: 30_000,
      conversion: 33.3,
      costPerLeadFen: 10_000,
      costPerDealFen: 30_000,
    });
    expect(src.百度推广).toMatchObject({ leads: 2, deals: 1, amountFen: 200_000, costFen: 0 });
    expect(src.未填写来源).toMatchObject({ leads: 1, deals: 1, amountFen: 50_000 });
    const ch = Object.fromEntries(m.channels.map((r: any) => [r.name, [r.leads, r.deals, r.costFen]]));
    expect(ch).toMatchObject({ 巨量引擎自动导入: [3, 1, null], 手动创建: [3, 1, null] });

    const mgr = ok(await post(`${R}/marketBoard/get`, OCT, org.manager.token));
    expect([mgr.totals.leads, mgr.totals.deals]).toEqual([4, 2]);
    const res = await post(`${R}/marketBoard/export`, OCT, org.admin.token);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('AI boards: overview, trend and per-person effectiveness from calls, analyses, checks and orders', async () => {
    const { org, other } = await world();
    const o = ok(await post(`${R}/clue/aibossstatis/getOverview`, OCT, org.admin.token));
    expect(o).toEqual({
      calls: 4,
      uploads: 0,
      answered: 3,
      talkSeconds: 210,
      analysed: 4,
      strongIntention: 2,
      highChurn: 1,
      violations: 3,
      avgScore: 76.7,
      passRate: 66.7,
      intentionMix: [
        { intention: 1, name: '强意向', n: 2 },
        { intention: 2, name: '一般意向', n: 1 },
        { intention: 3, name: '无意向', n: 1 },
      ],
    });
    const trend = ok(await post(`${R}/clue/aibossstatis/getTrend`, OCT, org.admin.token));
    expect(trend[4]).toEqual({
      day: '2026-10-05',
      calls: 2,
      talkSeconds: 180,
      analysed: 2,
      strongIntention: 2,
      highChurn: 0,
      violations: 3,
      avgScore: 70,
    });
    const rank = ok(await post(`${R}/clue/aibossstatis/getRank`, OCT, org.admin.token));
    expect(rank[0]).toMatchObject({
      userId: org.seat.userId,
      calls: 3,
      answered: 2,
      talkSeconds: 180,
      strongCustomers: 1,
      deals: 2,
      amountFen: 150_000,
      violations: 3,
      avgScore: 70,
    });
    // the days before today come from the daily rollup (built by the first call); today's calls are read live
    const today = formatDateTime(new Date())!.slice(0, 10);
    await call(org, org.seat.userId, 2, 45, formatDateTime(new Date())!);
    const now = ok(
      await post(`${R}/clue/aibossstatis/getOverview`, { startDate: '2026-10-01', endDate: today }, org.admin.token),
    );
    expect([now.calls, now.talkSeconds]).toEqual([6, 210 + 999 + 45]);
    const mgr = ok(await post(`${R}/clue/aibossstatis/getOverview`, OCT, org.manager.token));
    expect([mgr.calls, mgr.analysed, mgr.violations]).toEqual([3, 3, 3]);
    const theirs = ok(await post(`${R}/clue/aibossstatis/getOverview`, OCT, other.admin.token));
    expect([theirs.calls, theirs.analysed]).toEqual([1, 0]);
    for (const path of ['exportRank', 'exportTrend'])
      expect((await post(`${R}/clue/aibossstatis/${path}`, OCT, org.admin.token)).headers['content-type']).toContain(
        'spreadsheetml',
      );

    // the dashboard's panels
    expect(ok(await post(`${B}/aiBossBulletinBoardCluster/list`, {}, org.admin.token)).panels).toHaveLength(6);
    refused(
      await post(`${B}/aiBossBulletinBoardCluster/save`, { panels: [] }, org.admin.token),
      400,
      '请至少选择一个看板模块',
    );
    refused(
      await post(`${B}/aiBossBulletinBoardCluster/save`, { panels: ['x'] }, org.admin.token),
      400,
      '看板模块不正确',
    );
    ok(await post(`${B}/aiBossBulletinBoardCluster/save`, { panels: ['effectiveness', 'overview'] }, org.admin.token));
    expect(ok(await post(`${B}/aiBossBulletinBoardCluster/list`, {}, org.admin.token)).panels).toEqual([
      'effectiveness',
      'overview',
    ]);
    expect(ok(await post(`${B}/aiBossBulletinBoardCluster/list`, {}, other.admin.token)).panels).toHaveLength(6);
  });

  it('custom boards: save, figures agree with the boards, share read-only with the sharer’s scope, revoke', async () => {
    const { org, other } = await world();
    const today = formatDateTime(new Date())!.slice(0, 10);
    await order(org, org.seat.userId, 2, 12_300, 0, today);
    await order(org, org.otherSeat.userId, 2, 45_600, 0, today);
    const save = (body: object, token = org.manager.token) => post(`${B}/customBoard/save`, body, token);
    const panel = { title: '本周成交排行', metric: 'dealRank', chart: 'bar', range: 'last7Days' };
    refused(await save({ name: '周看板', panels: [] }), 400, '请至少添加一个图表');
    refused(await save({ name: '周看板', panels: [{ ...panel, chart: 'pie' }] }), 400, '该指标不支持所选图表类型');
    refused(await save({ name: '周看板', panels: [{ ...panel, range: 'nextWeek' }] }), 400, '统计时间不正确');
    const id = ok(
      await save({
        name: '周看板',
        panels: [panel, { title: '意向', metric: 'intentionMix', chart: 'pie', range: 'today' }],
      }),
    ).id;
    const list = ok(await post(`${B}/customBoard/list`, {}, org.admin.token));
    expect(list[0]).toMatchObject({
      id,
      name: '周看板',
      shareToken: null,
      shareExpiresAt: null,
      createdByName: '经理',
    });

    const data = ok(await post(`${B}/customBoard/data`, { id }, org.manager.token));
    expect(data.figures[0]).toMatchObject({ unit: 'fen' });
    const points = data.figures[0].points.filter((p: any) => p.value);
    expect(points).toEqual([{ label: '坐席甲', value: 12_300, key: String(org.seat.userId) }]);
    expect(ok(await post(`${B}/customBoard/data`, { id }, org.admin.token)).figures[0].points[0].value).toBe(45_600);

    // shared by the manager: the link shows their department, without a session
    const { shareToken } = ok(await post(`${B}/customBoard/share`, { id, enable: 1 }, org.manager.token));
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shared = ok(await post(`${B}/customBoard/shared`, { token: shareToken }, null));
    expect(shared.board.name).toBe('周看板');
    expect(shared.figures[0].points.filter((p: any) => p.value)).toEqual(points);
    expect(ok(await post(`${B}/customBoard/share`, { id, enable: 1 }, org.manager.token)).shareToken).toBe(shareToken);
    refused(await post(`${B}/customBoard/shared`, { token: 'x' }, null), 400, '链接无效');
    ok(await post(`${B}/customBoard/share`, { id, enable: 2 }, org.manager.token));
    refused(await post(`${B}/customBoard/shared`, { token: shareToken }, null), 404, '分享链接已失效');

    const res = await post(`${B}/customBoard/export`, { id }, org.manager.token);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    for (const path of ['/customBoard/data', '/customBoard/delete', '/customBoard/share', '/customBoard/export'])
      refused(await post(`${B}${path}`, { id, enable: 1 }, other.admin.token), 404, '看板不存在');
    refused(await save({ id, name: '改名', panels: [panel] }, other.admin.token), 404, '看板不存在');
    ok(await save({ id, name: '改名', panels: [panel] }));
    ok(await post(`${B}/customBoard/delete`, { id }, org.manager.token));
    expect(ok(await post(`${B}/customBoard/list`, {}, org.admin.token))).toEqual([]);
  });

  it('share links: expiry chosen, expired, malformed, sharer disabled or without the board, deleted, rate-limited', async () => {
    const org = await t().newOrg();
    const editor = await customRoleUser(t(), org, { functionSigns: ['board:view', 'board:edit'], dataScope: 3 });
    const panel = { title: '成交', metric: 'dealRank', chart: 'bar', range: 'last7Days' };
    const save = async () =>
      ok(await post(`${B}/customBoard/save`, { name: `看板${seq++}`, panels: [panel] }, editor.token)).id as number;
    const share = (body: object, token = editor.token) => post(`${B}/customBoard/share`, { enable: 1, ...body }, token);
    const view = (token: string, ip?: string) => t().call(contract.customBoard.shared, { token }, { token: null, ip });
    const daysAhead = (at: string) => (Date.parse(`${at.replace(' ', 'T')}+08:00`) - Date.now()) / 86_400_000;
    const id = await save();

    // default 30 days; 7 / 30 / 90 or a day; sharing again keeps the link and sets the new expiry
    const first = ok(await share({ id }));
    expect(daysAhead(first.shareExpiresAt)).toBeCloseTo(30, 1);
    const week = ok(await share({ id, expireDays: 7 }));
    expect(week.shareToken).toBe(first.shareToken);
    expect(daysAhead(week.shareExpiresAt)).toBeCloseTo(7, 1);
    const today = formatDateTime(new Date())!.slice(0, 10);
    const later = formatDateTime(new Date(Date.now() + 45 * 86_400_000))!.slice(0, 10);
    expect(ok(await share({ id, expireDate: later })).shareExpiresAt).toBe(
      formatDateTime(new Date(Date.parse(`${later}T00:00:00+08:00`) + 86_400_000)),
    );
    expect(ok(await share({ id, expireDate: today })).shareExpiresAt.slice(0, 10) > today).toBe(true);
    refused(await share({ id, expireDays: 5 }), 400, '有效期只能是 7、30、90');
    refused(await share({ id, expireDate: '2020-01-01' }), 400, '有效期截止日期不能早于今天');
    refused(await share({ id, expireDate: '2099-01-01' }), 400, '有效期最长一年');
    refused(await share({ id, expireDate: '2026-02-30' }), 400, '有效期截止日期不是有效日期');
    refused(await share({ id, expireDays: 7, expireDate: later }), 400, '有效天数和截止日期只能选一个');
    const { shareToken, shareExpiresAt } = ok(await share({ id, expireDays: 90 }));
    expect(ok(await post(`${B}/customBoard/list`, {}, org.admin.token)).find((b: any) => b.id === id)).toMatchObject({
      shareToken,
      shareExpiresAt,
      sharedByName: '自定义角色员工',
    });
    expect(ok(await view(shareToken)).board.id).toBe(id);

    // malformed: 链接无效; unknown: 分享链接已失效; expired: 链接已过期 and the list shows it as not shared
    for (const bad of ['x', 'abc def ghi jkl mno pqr', '<script>alert(1)</script>'])
      refused(await view(bad), 400, '链接无效');
    refused(await view('A'.repeat(32)), 404, '分享链接已失效');
    await db().execute(sql`update custom_board set share_expires_at = now() - interval '1 second' where id = ${id}`);
    refused(await view(shareToken), 410, '链接已过期');
    const listed = ok(await post(`${B}/customBoard/list`, {}, org.admin.token)).find((b: any) => b.id === id);
    expect(listed).toMatchObject({ shareToken: null, shareExpiresAt: expect.any(String) });
    // sharing an expired link again draws a new token: the old link stays dead
    const renewed = ok(await share({ id }));
    expect(renewed.shareToken).not.toBe(shareToken);
    refused(await view(shareToken), 404, '分享链接已失效');
    ok(await view(renewed.shareToken));

    // the sharer loses the right to share boards: the link dies; given back, it works again
    const roles = ok(await post(`${B}/roleController/list`, { pageNum: 1, pageSize: 100 }, org.admin.token)).lists;
    const role = roles.find((r: any) => r.functionSigns.includes('board:edit') && r.userCount === 1 && !r.builtIn);
    ok(await post(`${B}/roleController/update`, { id: role.id, functionSigns: ['board:view'] }, org.admin.token));
    refused(await view(renewed.shareToken), 404, '分享链接已失效');
    ok(
      await post(
        `${B}/roleController/update`,
        { id: role.id, functionSigns: ['board:view', 'board:edit'] },
        org.admin.token,
      ),
    );
    ok(await view(renewed.shareToken));

    // the sharer is disabled: the link dies, and the list no longer offers it
    ok(await post(`${B}/userController/updateStatus`, { id: editor.userId, status: 2 }, org.admin.token));
    refused(await view(renewed.shareToken), 404, '分享链接已失效');
    expect(ok(await post(`${B}/customBoard/list`, {}, org.admin.token)).find((b: any) => b.id === id).shareToken).toBe(
      null,
    );
    // another editor shares it again: a new link, the old one stays dead
    const again = ok(await share({ id }, org.admin.token));
    expect(again.shareToken).not.toBe(renewed.shareToken);
    refused(await view(renewed.shareToken), 404, '分享链接已失效');
    ok(await view(again.shareToken));

    // the board is deleted: its link dies
    ok(await post(`${B}/customBoard/delete`, { id }, org.admin.token));
    refused(await view(again.shareToken), 404, '分享链接已失效');

    // the public lookup is limited per IP (60 a minute by default): 429, other addresses unaffected
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    let limited = 0;
    for (let i = 0; i < 130 && !limited; i++) {
      const res = await view('B'.repeat(32), ip);
      if (res.status === 429) limited = i + 1;
    }
    expect(limited).toBeGreaterThan(60);
    refused(await view('B'.repeat(32), ip), 429, '访问过于频繁');
    refused(await view('B'.repeat(32), '10.78.0.1'), 404, '分享链接已失效');
  });
});
