import { randomUUID } from 'node:crypto';
import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type TestOrg, type TestUser, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { insertCallRecord } from '../../test/rows';
import { addDays, today } from './days';

const R = '/api/robot';
let phoneSeq = 13900000000 + Math.floor(Math.random() * 9e7);

/**
 * The statistics calls over rows each test creates: every figure is checked against what the test wrote, on every
 * screen that shows it, within the caller's data scope; the rollup gives the same figures as the live reading.
 */
describe('statistics (/clue/rxfxstastic, /callStatistics, /organizationSalesStatistics, /crmStatisticV2)', () => {
  const t = useTestApp();
  const post = (path: string, body: object, token: string) => t().post(`${R}${path}`, body, { token });
  const day = today();
  const period = { startDate: addDays(day, -6), endDate: day };

  /** A call as the telephony module records it: status 2 answered, 3 missed; `daysAgo` back in time. */
  async function call(org: TestOrg, user: TestUser, status: 2 | 3, talk: number, daysAgo = 0) {
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    await insertCallRecord(t(), {
      organizationId: org.orgId,
      callId: randomUUID(),
      provider: 'cloud',
      userId: user.userId,
      phone: String(phoneSeq++),
      phase: 4,
      status,
      billableSeconds: status === 2 ? talk : 0,
      durationSeconds: talk + 5,
      createdAt: at,
    });
  }
  const lead = async (user: TestUser) =>
    ok(await post('/organizationClue/add', { name: '李娜', phone: String(phoneSeq++), type: 2 }, user.token))
      .id as number;
  const follow = (user: TestUser, clueId: number, followStatusId?: number) =>
    post('/interactive/addFollowRecord', { clueId, content: '电话沟通，客户有意向', followStatusId }, user.token);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

  const PATHS = [
    '/clue/rxfxstastic/getDeptInfo',
    '/clue/rxfxstastic/getAnalyzeUserInfo',
    '/clue/rxfxstastic/getCalloutUserCountRes',
    '/clue/rxfxstastic/getCalloutDeptCountRes',
    '/clue/rxfxstastic/getFollowStatusCustomCountRes',
    '/clue/rxfxstastic/getFollowStatusCustomCountResByDept',
    '/clue/rxfxstastic/exportUserOrDeptAnalysis',
    '/callStatistics/userPage',
    '/callStatistics/deptPage',
    '/callStatistics/dayList',
    '/callStatistics/export',
    '/organizationSalesStatistics/salesStatisticsListHeadFollow',
    '/organizationSalesStatistics/salesStatisticsListFollow',
    '/organizationSalesStatistics/exportSalesStatisticsListFollow',
    '/crmStatisticV2/getHead',
    '/crmStatisticV2/getList',
    '/crmStatisticV2/export',
    '/dataStatistics/overview',
    '/survey/get',
    '/totalAccountSurvey/get',
    '/customerStatistics/list',
    '/customerStatistics/export',
    '/reportStatistics/get',
    '/reportStatistics/getSetting',
    '/reportStatistics/saveSetting',
    '/reportStatistics/generate',
  ];

  it('answers code 10 without a session', async () => {
    for (const path of PATHS) {
      const res = await t().post(`${R}${path}`, period);
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
  });

  it('a seat reads its statistics but may not export them', async () => {
    const org = await t().newOrg();
    for (const path of PATHS.filter((p) => /export|saveSetting|generate/i.test(p)))
      refused(await post(path, { ...period, type: 1 }, org.seat.token), 403, '无权限访问');
    ok(await post('/callStatistics/userPage', period, org.seat.token));
  });

  it('validates the period, the grouping and the ids, refusing another organisation’s', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const a = org.admin.token;
    refused(await post('/callStatistics/userPage', {}, a), 400, '请选择开始日期');
    refused(await post('/callStatistics/userPage', { ...period, startDate: '2026-13-01' }, a), 400, '开始日期');
    refused(
      await post('/callStatistics/userPage', { startDate: period.endDate, endDate: period.startDate }, a),
      400,
      '结束日期不能早于开始日期',
    );
    refused(
      await post('/callStatistics/userPage', { startDate: '2024-01-01', endDate: '2025-06-01' }, a),
      400,
      '统计时间最长 366 天',
    );
    refused(await post('/callStatistics/export', { ...period, type: 3 }, a), 400, '统计维度只能是 1、2');
    refused(await post('/callStatistics/userPage', { ...period, pageSize: 7 }, a), 400, '每页条数');
    refused(await post('/callStatistics/userPage', { ...period, deptId: other.deptId }, a), 404, '部门不存在');
    refused(
      await post('/clue/rxfxstastic/getCalloutUserCountRes', { ...period, userIds: [other.seat.userId] }, a),
      404,
      '员工不存在',
    );
    refused(await post('/crmStatisticV2/getList', { ...period, deptId: other.deptId }, a), 404, '部门不存在');
  });

  it('counts calls, answers, talk time, leads taken and follow-ups per user, department and day, alike on every screen', async () => {
    const org = await t().newOrg();
    await call(org, org.seat, 2, 100);
    await call(org, org.seat, 2, 50);
    await call(org, org.seat, 3, 0);
    await call(org, org.otherSeat, 2, 30);
    await call(org, org.otherSeat, 3, 0, 1);
    await call(org, org.seat, 2, 999, 30); // outside the period
    const clue = await lead(org.seat);
    ok(await follow(org.seat, clue));
    ok(await follow(org.seat, clue));
    ok(
      await post(
        '/organizationClue/changeFollowUser',
        { clueIds: [clue], ownerId: org.otherSeat.userId },
        org.admin.token,
      ),
    );

    const users = ok(await post('/clue/rxfxstastic/getCalloutUserCountRes', period, org.admin.token));
    const u = byId(users.rows as any[]);
    expect(u.get(org.seat.userId)).toMatchObject({
      calls: 3,
      answered: 2,
      missed: 1,
      answerRate: 66.67,
      talkSeconds: 150,
      avgTalkSeconds: 75,
      followUps: 2,
      taken: 0,
    });
    expect(u.get(org.otherSeat.userId)).toMatchObject({ calls: 2, answered: 1, missed: 1, talkSeconds: 30, taken: 1 });
    expect(u.get(org.manager.userId)).toMatchObject({ calls: 0, answerRate: 0 });
    expect(users.sum).toMatchObject({ calls: 5, answered: 3, missed: 2, talkSeconds: 180, followUps: 2, taken: 1 });

    // the call statistics screen shows the same figures
    const page = ok(await post('/callStatistics/userPage', period, org.admin.token));
    expect(page.lists[0]).toEqual(u.get(org.seat.userId));
    expect(page.sum).toEqual(users.sum);
    const depts = byId(ok(await post('/clue/rxfxstastic/getCalloutDeptCountRes', period, org.admin.token)).rows);
    expect(depts.get(org.deptId)).toMatchObject({ calls: 3, answered: 2, talkSeconds: 150 });
    expect(depts.get(org.otherDeptId)).toMatchObject({ calls: 2, answered: 1, talkSeconds: 30 });
    const deptPage = ok(await post('/callStatistics/deptPage', period, org.admin.token));
    // the busiest first; the root department (the administrator's) made no calls
    expect(deptPage.lists).toEqual([depts.get(org.deptId), depts.get(org.otherDeptId), depts.get(org.rootDeptId)]);
    const days = ok(await post('/callStatistics/dayList', period, org.admin.token));
    expect(days.rows).toHaveLength(7);
    expect(days.rows.at(-1)).toMatchObject({ name: day, calls: 4, answered: 3 });
    expect(days.rows.at(-2)).toMatchObject({ name: addDays(day, -1), calls: 1, missed: 1 });
    expect(days.sum).toEqual(users.sum);

    // a department filter counts its users; a user filter only those
    const d1 = ok(await post('/callStatistics/userPage', { ...period, deptId: org.deptId }, org.admin.token));
    expect(d1.sum).toMatchObject({ calls: 3 });
    // today alone is read live only
    const now = ok(await post('/callStatistics/userPage', { startDate: day, endDate: day }, org.admin.token));
    expect(now.sum).toMatchObject({ calls: 4, answered: 3, talkSeconds: 180, followUps: 2, taken: 1 });
    const one = ok(
      await post('/callStatistics/userPage', { ...period, userIds: [org.otherSeat.userId] }, org.admin.token),
    );
    expect(one.lists.map((r: any) => r.id)).toEqual([org.otherSeat.userId]);
  });

  it('applies the data scope: a seat its own figures, a manager their department', async () => {
    const org = await t().newOrg();
    await call(org, org.seat, 2, 60);
    await call(org, org.otherSeat, 2, 40);
    const seat = ok(await post('/callStatistics/userPage', period, org.seat.token));
    expect(seat.lists.map((r: any) => r.id)).toEqual([org.seat.userId]);
    expect(seat.sum).toMatchObject({ calls: 1, talkSeconds: 60 });
    const manager = ok(await post('/callStatistics/userPage', period, org.manager.token));
    expect(manager.lists.map((r: any) => r.id).sort()).toEqual([org.manager.userId, org.seat.userId].sort());
    expect(manager.sum).toMatchObject({ calls: 1 });
    // a user outside the scope counts for nothing, the filter's department beyond it neither
    const outside = ok(
      await post('/callStatistics/userPage', { ...period, userIds: [org.otherSeat.userId] }, org.manager.token),
    );
    expect(outside).toMatchObject({ total: 0, sum: { calls: 0 } });
    const depts = ok(await post('/clue/rxfxstastic/getDeptInfo', {}, org.manager.token));
    const names = JSON.stringify(depts);
    expect(names).toContain(`"id":${org.deptId}`);
    expect(names).not.toContain(`"id":${org.otherDeptId}`);
    const users = ok(await post('/clue/rxfxstastic/getAnalyzeUserInfo', {}, org.seat.token));
    expect(users.map((x: any) => x.id)).toEqual([org.seat.userId]);
    const all = ok(await post('/clue/rxfxstastic/getDeptInfo', {}, org.admin.token));
    expect(JSON.stringify(all)).toContain(`"id":${org.otherDeptId}`);
  });

  it('the rollup gives the live figures and says how fresh it is', async () => {
    const org = await t().newOrg();
    await call(org, org.seat, 2, 20, 3);
    await call(org, org.seat, 3, 0, 3);
    await call(org, org.seat, 2, 7);
    const live = ok(await post('/callStatistics/userPage', period, org.admin.token));
    // the first call built the rollup up to yesterday; a call written into a past day afterwards shows once it
    // is refreshed (the job's work), while today's stay live
    expect(live.freshAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(live.sum).toMatchObject({ calls: 3, answered: 2, talkSeconds: 27 });
    await call(org, org.seat, 2, 11, 2);
    await call(org, org.seat, 2, 4);
    const stale = ok(await post('/callStatistics/userPage', period, org.admin.token));
    expect(stale.sum).toMatchObject({ calls: 4, talkSeconds: 31 });
    await t().ctx.services.stats.refresh(org.orgId);
    const fresh = ok(await post('/callStatistics/userPage', period, org.admin.token));
    expect(fresh.sum).toMatchObject({ calls: 5, answered: 4, missed: 1, talkSeconds: 42 });
    const rows = await t().ctx.db.execute(
      sql`select sum(calls)::int as n from stats_user_day where organization_id = ${org.orgId}`,
    );
    expect(rows.rows[0]).toEqual({ n: 3 });
  });

  it('counts leads by follow-up status per user and department, alike on both sales screens and the staff screen', async () => {
    const org = await t().newOrg();
    const a = org.admin.token;
    const talking = ok(await post('/clue/followStatus/add', { name: '沟通中' }, a));
    const won = ok(await post('/clue/followStatus/add', { name: '已成交' }, a));
    const [l1, l2, l3] = [await lead(org.seat), await lead(org.seat), await lead(org.otherSeat)];
    ok(await follow(org.seat, l1, talking.id));
    ok(await follow(org.seat, l2, won.id));
    ok(await follow(org.otherSeat, l3, won.id));
    await lead(org.otherSeat); // no status
    await t().ctx.services.stats.refresh(org.orgId);

    const heads = ok(await post('/organizationSalesStatistics/salesStatisticsListHeadFollow', {}, a));
    expect(heads.map((h: any) => h.name)).toEqual(expect.arrayContaining(['沟通中', '已成交', '未设置']));
    expect(ok(await post('/crmStatisticV2/getHead', {}, a))).toEqual(heads);
    const list = ok(await post('/organizationSalesStatistics/salesStatisticsListFollow', period, a));
    const rows = byId(list.rows as any[]);
    expect(rows.get(org.seat.userId)).toMatchObject({ counts: { [talking.id]: 1, [won.id]: 1 }, total: 2 });
    expect(rows.get(org.otherSeat.userId)).toMatchObject({ counts: { [won.id]: 1, 0: 1 }, total: 2 });
    expect(list.sum).toMatchObject({ counts: { [talking.id]: 1, [won.id]: 2, 0: 1 }, total: 4 });
    expect(list.freshAt).toBeTruthy();
    expect(ok(await post('/crmStatisticV2/getList', period, a)).rows).toEqual(list.rows);
    const staff = ok(await post('/clue/rxfxstastic/getFollowStatusCustomCountRes', period, a));
    expect(staff.rows).toEqual(list.rows);
    const byDept = byId(ok(await post('/clue/rxfxstastic/getFollowStatusCustomCountResByDept', period, a)).rows);
    expect(byDept.get(org.otherDeptId)).toMatchObject({ total: 2 });
    expect(ok(await post('/crmStatisticV2/getList', { ...period, type: 2 }, a)).rows).toEqual([...byDept.values()]);
    // the seat sees its own row only
    const seat = ok(await post('/crmStatisticV2/getList', period, org.seat.token));
    expect(seat.rows.map((r: any) => r.id)).toEqual([org.seat.userId]);
    // leads created before the period are not counted
    const later = ok(
      await post('/crmStatisticV2/getList', { startDate: addDays(day, 1), endDate: addDays(day, 1) }, a),
    );
    expect(later.sum.total).toBe(0);
  });

  it('the overviews count new leads, calls and deals, agreeing with the other screens', async () => {
    const org = await t().newOrg();
    const a = org.admin.token;
    await call(org, org.seat, 2, 40);
    await call(org, org.otherSeat, 3, 0);
    const l1 = await lead(org.seat);
    await post('/organizationClue/edit', { clueId: l1, name: '李娜', stage: 3 }, org.seat.token);
    await lead(org.otherSeat);
    const product = ok(
      await post('/crmProduct/add', { name: '年度会员', code: `V${phoneSeq++}`, unit: '年', priceFen: 128_800 }, a),
    ).id;
    const order = (status: 1 | 2, quantity = 1) =>
      post(
        '/crmOrder/add',
        { clueId: l1, signedOn: day, status, lines: [{ productId: product, quantity, unitPriceFen: 128_800 }] },
        org.seat.token,
      );
    ok(await order(2, 2));
    ok(await order(1)); // a draft is no deal
    await t().ctx.services.stats.refresh(org.orgId);

    const all = ok(await post('/dataStatistics/overview', period, a));
    expect(all).toMatchObject({ newLeads: 2, orders: 1, orderFen: 257_600, paidFen: 0 });
    expect(all.work).toEqual(ok(await post('/callStatistics/userPage', period, a)).sum);
    expect(all.trend.at(-1)).toMatchObject({ day, newLeads: 2, calls: 2, answered: 1, orders: 1, orderFen: 257_600 });
    expect(all.stages.find((x: any) => x.id === 3)).toMatchObject({ name: expect.any(String), n: 1 });
    expect(all.sources.find((x: any) => x.id === 0)).toMatchObject({ name: '未设置', n: 2 });
    expect(ok(await post('/totalAccountSurvey/get', period, a))).toEqual(all);
    // a user's own overview: the seat's figures only, whoever asks
    const mine = ok(await post('/survey/get', period, org.seat.token));
    expect(mine).toMatchObject({ newLeads: 1, orders: 1, work: { calls: 1, answered: 1, talkSeconds: 40 } });
    const otherMine = ok(await post('/survey/get', period, org.otherSeat.token));
    expect(otherMine).toMatchObject({ newLeads: 1, orders: 0, work: { calls: 1, missed: 1 } });
    // the seat's scope covers its own figures in the organisation overview too
    expect(ok(await post('/dataStatistics/overview', period, org.seat.token))).toEqual(mine);
    // customers by stage: the same counts as the overview's
    const byStage = ok(await post('/customerStatistics/list', { ...period, dim: 1 }, a));
    expect(byStage.sum.counts[3]).toBe(1);
    expect(byStage.sum.total).toBe(all.newLeads);
    const bySource = ok(await post('/customerStatistics/list', { ...period, dim: 2, type: 2 }, a));
    expect(bySource.sum.counts[0]).toBe(2);
    refused(await post('/customerStatistics/list', { ...period, dim: 4 }, a), 400, '统计项只能是 1、2、3');
    refused(await post('/customerStatistics/export', { ...period, dim: 1 }, org.seat.token), 403, '无权限访问');
  });

  it('reports: settings name the receivers; the job makes the day’s, week’s and month’s reports and messages them', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const a = org.admin.token;
    refused(
      await post(
        '/reportStatistics/saveSetting',
        { daily: true, weekly: true, monthly: true, receiverIds: [other.seat.userId] },
        a,
      ),
      404,
      '接收人不存在',
    );
    refused(
      await post('/reportStatistics/saveSetting', { daily: 'yes', weekly: true, monthly: true, receiverIds: [] }, a),
      400,
    );
    const setting = ok(
      await post(
        '/reportStatistics/saveSetting',
        { daily: true, weekly: false, monthly: true, receiverIds: [org.manager.userId] },
        a,
      ),
    );
    expect(setting).toMatchObject({
      daily: true,
      weekly: false,
      monthly: true,
      receivers: [{ id: org.manager.userId }],
    });
    expect(ok(await post('/reportStatistics/getSetting', {}, org.manager.token))).toEqual(setting);

    await call(org, org.seat, 2, 30, 1); // yesterday
    await call(org, org.seat, 3, 0, 1);
    await call(org, org.seat, 2, 99); // today: not in yesterday's report
    const { runDueReports } = await import('./reports');
    // a Monday the 1st (Shanghai): the daily and the monthly report (weekly is off)
    await runDueReports(t().ctx, new Date('2026-06-01T01:00:00Z'));
    const { makeReport } = await import('./reports');
    const made = await makeReport(t().ctx, org.orgId, 1);
    expect(made).toMatchObject({ type: 1, typeName: '日报', startDate: addDays(day, -1), endDate: addDays(day, -1) });

    const read = ok(await post('/reportStatistics/get', { type: 1 }, org.manager.token));
    expect(read.report).toMatchObject({ id: made.id, overview: { work: { calls: 2, answered: 1, talkSeconds: 30 } } });
    expect(read.report.users.find((u: any) => u.id === org.seat.userId)).toMatchObject({ calls: 2, missed: 1 });
    expect(read.list.map((r: any) => r.startDate)).toEqual([addDays(day, -1), '2026-05-31']);
    const monthly = ok(await post('/reportStatistics/get', { type: 3 }, a));
    expect(monthly.report).toMatchObject({ startDate: '2026-05-01', endDate: '2026-05-31' });
    expect(ok(await post('/reportStatistics/get', { type: 2 }, a))).toEqual({ list: [], report: null });
    // the receiver got a message naming the report
    const [message] = ok(
      await t().call(
        contract.notice.messages,
        { msgType: 'stats_report', pageSize: 100 },
        { token: org.manager.token },
      ),
    ).lists;
    expect(message).toMatchObject({
      title: `日报（${addDays(day, -1)}）`,
      param: { reportId: made.id, type: 1 },
    });
    expect(message.content).toContain('外呼 2，接通 1（50%）');
    // a seat who was not sent the report does not read it; another organisation's report is not found
    expect(ok(await post('/reportStatistics/get', { type: 1 }, org.seat.token))).toEqual({ list: [], report: null });
    refused(await post('/reportStatistics/get', { type: 1, id: made.id }, other.admin.token), 404, '报告不存在');
    refused(await post('/reportStatistics/get', { type: 4 }, a), 400, '报告类型只能是 1、2、3');
    const again = ok(await post('/reportStatistics/generate', { type: 1 }, a));
    expect(again.id).toBe(made.id);
  });

  it('exports each table as .xlsx with the figures shown', async () => {
    const org = await t().newOrg();
    await call(org, org.seat, 2, 3725);
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${R}/callStatistics/export`,
      payload: { ...period, type: 1 },
      headers: { authorization: org.admin.token },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('通话统计'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '员工',
      '部门',
      '外呼数',
      '接通数',
      '未接通数',
      '接通率',
      '通话总时长',
      '平均通话时长',
      '领取/分配线索数',
      '跟进次数',
    ]);
    const seatRow = ws.getSheetValues().find((r: any) => r?.[1] === '坐席甲') as unknown[];
    expect(seatRow.slice(3, 9)).toEqual([1, 1, 0, '100%', '01:02:05', '01:02:05']);
    for (const [path, body] of [
      ['/clue/rxfxstastic/exportUserOrDeptAnalysis', { ...period, type: 2 }],
      ['/organizationSalesStatistics/exportSalesStatisticsListFollow', period],
      ['/crmStatisticV2/export', { ...period, type: 2 }],
      ['/customerStatistics/export', { ...period, dim: 2 }],
    ] as const) {
      const x = await t().request('POST', `${R}${path}`, body, { token: org.admin.token });
      expect(`${path} ${x.status} ${x.headers['content-type']}`).toContain(`${path} 200 application/vnd.openxml`);
    }
  });
});

describe('monthSplit', () => {
  it('reads whole months from the monthly rollup and the days around them from the daily one', async () => {
    const { monthSplit } = await import('./matrix');
    expect(monthSplit('2026-01-01', '2026-12-31')).toEqual({ months: ['2026-01-01', '2026-12-01'], days: [] });
    expect(monthSplit('2025-11-28', '2026-11-27')).toEqual({
      months: ['2025-12-01', '2026-10-01'],
      days: [
        ['2025-11-28', '2025-11-30'],
        ['2026-11-01', '2026-11-27'],
      ],
    });
    expect(monthSplit('2026-02-03', '2026-02-20')).toEqual({ months: null, days: [['2026-02-03', '2026-02-20']] });
    expect(monthSplit('2026-02-03', '2026-03-31')).toEqual({
      months: ['2026-03-01', '2026-03-01'],
      days: [['2026-02-03', '2026-02-28']],
    });
  });
});
