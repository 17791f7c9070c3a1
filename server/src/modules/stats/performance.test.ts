import { contract } from '@crm/core/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type TestOrg, type TestUser, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { insightCall } from '../insight/schema';
import { addDays, today } from './days';

const R = '/api/robot';
const P = '/clue/rxfxstastic';
let phoneSeq = 13700000000 + Math.floor(Math.random() * 9e7);
let recordingSeq = 1;

/**
 * Employee performance's targets and customers per intention level: figures from the leads, hand-overs and analysed
 * calls each test writes, within the caller's data scope; the targets' leads agree with the work figures' `taken`.
 */
describe('employee performance: targets and intention levels (/clue/rxfxstastic)', () => {
  const t = useTestApp();
  const post = (path: string, body: object, token: string) => t().post(`${R}${path}`, body, { token });
  const day = today();
  const period = { startDate: addDays(day, -6), endDate: day };
  const month = day.slice(0, 7);
  const monthPeriod = { startDate: `${month}-01`, endDate: addDays(`${addDays(`${month}-28`, 7).slice(0, 7)}-01`, -1) };
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

  const lead = async (user: TestUser) =>
    ok(await post('/organizationClue/add', { name: '王磊', phone: String(phoneSeq++), type: 2 }, user.token))
      .id as number;
  /** An analysed call as insight publishes it: `daysAgo` back, with its intention (null: none found). */
  const analysed = (org: TestOrg, user: TestUser, clueId: number | null, intention: number | null, daysAgo: number) =>
    t()
      .ctx.db.insert(insightCall)
      .values({
        organizationId: org.orgId,
        recordingId: recordingSeq++,
        clueId,
        ownerUserId: user.userId,
        callAt: new Date(Date.now() - daysAgo * 86_400_000 - 60_000),
        intention,
      });

  const PATHS = [
    'getIntentionLevelCustomCountRes',
    'getIntentionLevelCustomCountResByDept',
    'getEmpPerformanceStaticConfig',
    'saveEmpPerformanceStaticConfig',
    'getTargetClueNumCountByUser',
    'getTargetClueNumCountByDept',
  ];

  it('answers code 10 without a session', async () => {
    for (const path of PATHS) refused(await t().post(`${R}${P}/${path}`, { ...period, month }), 401);
    refused(await t().call(contract.stats.getIntentionLevelListByOrg), 401);
  });

  it('lists the intention levels: the AI intention labels', async () => {
    const org = await t().newOrg();
    const heads = ok(await t().call(contract.stats.getIntentionLevelListByOrg, undefined, { token: org.seat.token }));
    expect(heads).toEqual([
      { id: 1, name: '强意向' },
      { id: 2, name: '一般意向' },
      { id: 3, name: '无意向' },
      { id: 4, name: '信息不符' },
      { id: 5, name: '潜在投诉' },
      { id: 6, name: '无效号码' },
    ]);
  });

  it('counts customers by the intention of their latest analysed call in the period, per user and department', async () => {
    const org = await t().newOrg();
    const [l1, l2, l3] = [await lead(org.seat), await lead(org.seat), await lead(org.otherSeat)];
    await analysed(org, org.seat, l1, 3, 2);
    await analysed(org, org.seat, l1, 1, 0); // the latest: strong
    await analysed(org, org.seat, l2, 2, 1);
    await analysed(org, org.seat, l2, null, 0); // analysed, no intention found: the earlier one counts
    await analysed(org, org.otherSeat, l3, 1, 0);
    await analysed(org, org.otherSeat, l3, 5, 30); // before the period
    await analysed(org, org.otherSeat, null, 1, 0); // no customer
    const other = await t().newOrg();
    await analysed(other, other.seat, l1, 6, 0); // another organisation's

    const a = org.admin.token;
    const users = ok(await post(`${P}/getIntentionLevelCustomCountRes`, period, a));
    expect(users.heads.map((h: any) => h.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const u = byId(users.rows as any[]);
    expect(u.get(org.seat.userId)).toMatchObject({ counts: { 1: 1, 2: 1 }, total: 2, deptName: '销售一部' });
    expect(u.get(org.otherSeat.userId)).toMatchObject({ counts: { 1: 1 }, total: 1 });
    expect(u.get(org.manager.userId)).toMatchObject({ counts: {}, total: 0 });
    expect(users.sum).toMatchObject({ counts: { 1: 2, 2: 1 }, total: 3 });
    const depts = byId(ok(await post(`${P}/getIntentionLevelCustomCountResByDept`, period, a)).rows as any[]);
    expect(depts.get(org.deptId)).toMatchObject({ name: '销售一部', counts: { 1: 1, 2: 1 }, total: 2 });
    expect(depts.get(org.otherDeptId)).toMatchObject({ counts: { 1: 1 }, total: 1 });

    // a longer period reaches l3's older call, still not its latest
    const month30 = ok(
      await post(`${P}/getIntentionLevelCustomCountRes`, { ...period, startDate: addDays(day, -40) }, a),
    );
    expect(month30.sum).toMatchObject({ counts: { 1: 2, 2: 1 }, total: 3 });
    // a period without calls
    const before = { startDate: addDays(day, -20), endDate: addDays(day, -10) };
    expect(ok(await post(`${P}/getIntentionLevelCustomCountRes`, before, a)).sum.total).toBe(0);

    // scope: a seat its own row, a manager their department
    const seat = ok(await post(`${P}/getIntentionLevelCustomCountRes`, period, org.seat.token));
    expect(seat.rows.map((r: any) => r.id)).toEqual([org.seat.userId]);
    expect(seat.sum.total).toBe(2);
    const manager = ok(await post(`${P}/getIntentionLevelCustomCountResByDept`, period, org.manager.token));
    expect(manager.rows.map((r: any) => r.id)).toEqual([org.deptId]);
    expect(manager.sum.total).toBe(2);
    // a user filter counts only them
    const one = ok(
      await post(`${P}/getIntentionLevelCustomCountRes`, { ...period, userIds: [org.otherSeat.userId] }, a),
    );
    expect(one.sum).toMatchObject({ counts: { 1: 1 }, total: 1 });
  });

  it('validates the filter and refuses another organisation’s ids', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const a = org.admin.token;
    for (const path of ['getIntentionLevelCustomCountRes', 'getTargetClueNumCountByDept']) {
      refused(await post(`${P}/${path}`, {}, a), 400, '请选择开始日期');
      refused(await post(`${P}/${path}`, { startDate: day, endDate: addDays(day, -1) }, a), 400, '结束日期不能早于');
      refused(await post(`${P}/${path}`, { ...period, deptId: other.deptId }, a), 404, '部门不存在');
      refused(await post(`${P}/${path}`, { ...period, userIds: [other.seat.userId] }, a), 404, '员工不存在');
    }
    refused(await post(`${P}/getEmpPerformanceStaticConfig`, {}, a), 400, '请选择月份');
    refused(await post(`${P}/getEmpPerformanceStaticConfig`, { month: '2026-13' }, a), 400, '月份格式应为 YYYY-MM');
    refused(
      await post(`${P}/getEmpPerformanceStaticConfig`, { month: '0000-01' }, a),
      400,
      '月份应在 2000-01 至 2099-12 之间',
    );
    const save = (targets: unknown, token = a) =>
      post(`${P}/saveEmpPerformanceStaticConfig`, { month, targets }, token);
    refused(await save([]), 400, '请至少设置一名员工的目标');
    refused(await save([{ userId: org.seat.userId, target: -1 }]), 400, '目标线索数不能小于 0');
    refused(await save([{ userId: org.seat.userId, target: 2.5 }]), 400, '目标线索数应为整数');
    refused(await save([{ userId: org.seat.userId, target: 100_001 }]), 400, '目标线索数不能超过 100000');
    refused(await save([{ userId: other.seat.userId, target: 5 }]), 404, '员工不存在');
    // a manager sets the targets of their department only; a seat none
    refused(await save([{ userId: org.otherSeat.userId, target: 5 }], org.manager.token), 403, '数据权限内');
    refused(await save([{ userId: org.seat.userId, target: 5 }], org.seat.token), 403, '无权限访问');
    ok(await save([{ userId: org.seat.userId, target: 5 }], org.manager.token));
  });

  it('sets monthly targets and compares them with the leads taken, per user and department', async () => {
    const org = await t().newOrg();
    const a = org.admin.token;
    const before = ok(await post(`${P}/getEmpPerformanceStaticConfig`, { month }, a));
    expect(before.users.find((u: any) => u.userId === org.seat.userId)).toMatchObject({
      realName: '坐席甲',
      target: 0,
    });
    const saved = ok(
      await post(
        `${P}/saveEmpPerformanceStaticConfig`,
        {
          month,
          targets: [
            { userId: org.seat.userId, target: 10 },
            { userId: org.otherSeat.userId, target: 4 },
          ],
        },
        a,
      ),
    );
    expect(saved.users.find((u: any) => u.userId === org.otherSeat.userId).target).toBe(4);
    // saved again: replaced, not added
    ok(
      await post(
        `${P}/saveEmpPerformanceStaticConfig`,
        { month, targets: [{ userId: org.seat.userId, target: 10 }] },
        a,
      ),
    );

    // two leads handed to the seat, one to the other seat
    const [l1, l2, l3] = [await lead(org.admin), await lead(org.admin), await lead(org.admin)];
    const hand = async (clueIds: number[], to: TestUser) =>
      ok(await post('/organizationClue/changeFollowUser', { clueIds, ownerId: to.userId }, a));
    await hand([l1, l2], org.seat);
    await hand([l3], org.otherSeat);

    const users = ok(await post(`${P}/getTargetClueNumCountByUser`, monthPeriod, a));
    const u = byId(users.rows as any[]);
    expect(u.get(org.seat.userId)).toMatchObject({ target: 10, actual: 2, rate: 20, deptName: '销售一部' });
    expect(u.get(org.otherSeat.userId)).toMatchObject({ target: 4, actual: 1, rate: 25 });
    expect(u.get(org.manager.userId)).toMatchObject({ target: 0, actual: 0, rate: 0 });
    expect(users.sum).toMatchObject({ target: 14, actual: 3, rate: 21.43 });
    // the leads are the work figures' taken, on both tables of the screen
    const work = byId(ok(await post(`${P}/getCalloutUserCountRes`, monthPeriod, a)).rows as any[]);
    for (const r of users.rows) expect(r.actual).toBe(work.get(r.id)!.taken);
    const depts = byId(ok(await post(`${P}/getTargetClueNumCountByDept`, monthPeriod, a)).rows as any[]);
    expect(depts.get(org.deptId)).toMatchObject({ target: 10, actual: 2, rate: 20 });
    expect(depts.get(org.otherDeptId)).toMatchObject({ target: 4, actual: 1, rate: 25 });

    // scope: a seat its own row and configuration, a manager their department
    const seat = ok(await post(`${P}/getTargetClueNumCountByUser`, monthPeriod, org.seat.token));
    expect(seat.rows.map((r: any) => r.id)).toEqual([org.seat.userId]);
    expect(seat.sum).toMatchObject({ target: 10, actual: 2 });
    const seatConfig = ok(await post(`${P}/getEmpPerformanceStaticConfig`, { month }, org.seat.token));
    expect(seatConfig.users.map((x: any) => x.userId)).toEqual([org.seat.userId]);
    const manager = ok(await post(`${P}/getTargetClueNumCountByDept`, monthPeriod, org.manager.token));
    expect(manager.rows.map((r: any) => r.id)).toEqual([org.deptId]);
    expect(manager.sum).toMatchObject({ target: 10, actual: 2 });
  });

  it('a period’s target is the sum of the targets of the months it touches', async () => {
    const org = await t().newOrg();
    const a = org.admin.token;
    const set = (m: string, target: number) =>
      post(`${P}/saveEmpPerformanceStaticConfig`, { month: m, targets: [{ userId: org.seat.userId, target }] }, a);
    ok(await set('2026-04', 30));
    ok(await set('2026-05', 31));
    const targetOf = async (startDate: string, endDate: string) => {
      const r = ok(
        await post(`${P}/getTargetClueNumCountByUser`, { startDate, endDate, userIds: [org.seat.userId] }, a),
      );
      return r.rows[0].target;
    };
    expect(await targetOf('2026-04-01', '2026-04-30')).toBe(30);
    expect(await targetOf('2026-04-01', '2026-04-10')).toBe(30);
    expect(await targetOf('2026-04-21', '2026-05-10')).toBe(61);
    expect(await targetOf('2026-03-01', '2026-06-30')).toBe(61);
    expect(await targetOf('2026-06-01', '2026-06-30')).toBe(0);
  });

  it('exports the staff screen’s tables, a sheet each', async () => {
    const org = await t().newOrg();
    const a = org.admin.token;
    ok(
      await post(
        `${P}/saveEmpPerformanceStaticConfig`,
        { month, targets: [{ userId: org.seat.userId, target: 8 }] },
        a,
      ),
    );
    const l1 = await lead(org.seat);
    await analysed(org, org.seat, l1, 2, 0);
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${R}${P}/exportUserOrDeptAnalysis`,
      payload: { ...monthPeriod, type: 1 },
      headers: { authorization: a },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['员工统计', '目标完成', '跟进状态客户数', '意向等级客户数']);
    const rowOf = (name: string) =>
      wb
        .getWorksheet(name)!
        .getSheetValues()
        .find((r: any) => r?.[1] === '坐席甲') as unknown[];
    expect((wb.getWorksheet('目标完成')!.getRow(1).values as unknown[]).slice(1)).toEqual([
      '员工',
      '部门',
      '目标线索数',
      '领取/分配线索数',
      '完成率',
    ]);
    expect(rowOf('目标完成').slice(1)).toEqual(['坐席甲', '销售一部', 8, 0, '0%']);
    expect((wb.getWorksheet('意向等级客户数')!.getRow(1).values as unknown[]).slice(3, 5)).toEqual([
      '强意向',
      '一般意向',
    ]);
    expect(rowOf('意向等级客户数').slice(1)).toEqual(['坐席甲', '销售一部', 0, 1, 0, 0, 0, 0, 1]);
  });
});
