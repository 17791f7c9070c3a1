// Scorecards and the AI quality list end to end: uploaded calls get their machine score rows (default card, then
// the organisation's active card after a re-check, the earlier score kept in history), the list per call and per
// seat with its filters, header figures and second level, the export job, data scope and organisations apart.

import { contract } from '@crm/core/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { B, openAi, R, uploadCall } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { listCheckedCalls } from './checkRows';
import { qualityCheckHistory } from './schema';

type Line = ['A' | 'C', string];
const CALL: Line[] = [
  ['A', '您好，我是星辰教育的课程顾问小王'],
  ['C', '孩子成绩一般，能考上吗'],
  ['A', '放心我们保录取的，价格是每节课两百元'],
  ['A', '请问孩子现在几年级了'],
  ['C', '好的我考虑一下'],
];
const OTHER_CALL: Line[] = [
  ['A', '您好，我是星辰教育的课程顾问小李'],
  ['A', '请问孩子现在几年级了，每节课两百元，我们明天再联系'],
  ['C', '好的'],
];
const ITEMS = [
  { name: '开场白与自我介绍', keywords: ['课程顾问'] },
  { name: '挖掘需求', keywords: ['几年级'] },
  { name: '报价', regex: ['[0-9一二两三四五六七八九十百千]+元'] },
  { name: '约定下次跟进', keywords: ['明天再联系'] },
];

async function readXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return out;
}

describe('/aiCallCheck scorecards, machine scores and the quality list', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let call: number;
  let otherCall: number;
  let missedItem: number;
  const post = (path: string, body: object, token: string) => t().post(`${B}/aiCallCheck/${path}`, body, { token });
  const page = (body: object, token = org.admin.token) => post('callCheckPage', { pageSize: 50, ...body }, token);

  async function scored(n: number) {
    const end = Date.now() + 30_000;
    for (;;) {
      const data = ok(await page({}));
      if (data.total >= n) return data;
      if (Date.now() > end) throw new Error('no score rows');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
    const token = org.admin.token;
    ok(await post('saveProhibitionWord', { name: '招生违规承诺', words: ['保录取'] }, token));
    const ruleId = ok(await t().callRaw(contract.sop.createSopRule, { name: '标准流程', items: ITEMS }, { token })).id;
    const detail = ok(await t().call(contract.sop.selectSopAndItemInfoByRuleId, { id: ruleId }, { token }));
    missedItem = detail.items.find((i: any) => i.name === '约定下次跟进')!.id;
    call = await uploadCall(t(), org.seat.token, CALL);
    otherCall = await uploadCall(t(), org.otherSeat.token, OTHER_CALL);
    await scored(2);
  });

  it('401 without a session; 403 without the sign; quality:view reads only', async () => {
    const changes = [
      { path: '/aiCallCheck/scorecard/save', body: { name: 'x', items: [] } },
      { path: '/aiCallCheck/scorecard/delete', body: { id: 1 } },
      { path: '/aiCallCheck/recheck', body: { startTime: '2024-01-01', endTime: '2024-01-02' } },
    ];
    const reads = [
      { path: '/aiCallCheck/scorecard/list' },
      { path: '/aiCallCheck/callCheckPage' },
      { path: '/aiCallCheck/callCheckPageHead' },
      { path: '/aiCallCheck/callCheckPage/second', body: { ownerUserId: 1 } },
      { path: '/aiCallCheck/callCheckExport' },
    ];
    await expectNoSession(t(), [...changes, ...reads]);
    await expectForbidden(t(), org.seat.token, [...changes, ...reads]);
    const viewer = await customRoleUser(t(), org, { functionSigns: ['quality:view'] });
    await expectForbidden(t(), viewer.token, changes);
    for (const r of reads) ok(await t().post(`${B}${r.path}`, r.body ?? {}, { token: viewer.token }));
  });

  it('every analysed call has its score row: deductions with reasons, violations, SOP coverage', async () => {
    const rows = ok(await page({})).lists;
    const mine = rows.find((r: any) => r.recordingId === call);
    expect(mine).toMatchObject({
      ownerUserId: org.seat.userId,
      deptId: org.deptId,
      scorecardName: '默认评分卡',
      passLine: 60,
      fatal: false,
      missedItemCount: 1,
      sopCoverage: 0.75,
    });
    expect(mine.violationRules).toContain('招生违规承诺');
    expect(mine.deductions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'violation', reason: expect.stringContaining('招生违规承诺') }),
        { item: 'SOP环节缺失', kind: 'sopMissed', reason: '约定下次跟进', count: 1, points: 5, fatal: false },
      ]),
    );
    const deducted = mine.deductions.reduce((s: number, d: any) => s + d.points, 0);
    expect(mine.score).toBe(Math.max(0, 100 - deducted));
    expect(mine.passed).toBe(mine.score >= 60);
    const theirs = rows.find((r: any) => r.recordingId === otherCall);
    expect(theirs).toMatchObject({ ownerUserId: org.otherSeat.userId, deptId: org.otherDeptId, missedItemCount: 0 });
    expect(theirs.score).toBeGreaterThan(mine.score);
    // for the human review's samples
    const checked = await listCheckedCalls(t().ctx.db, org.orgId, { maxScore: mine.score });
    expect(checked.map((c) => c.recordingId)).toContain(call);
    expect(checked.map((c) => c.recordingId)).not.toContain(otherCall);
    expect(await listCheckedCalls(t().ctx.db, other.orgId, {})).toEqual([]);
  });

  it('callCheckPage filters: score, passed, rule, missed item, seat, department, date, duration', async () => {
    const ids = async (body: object) => ok(await page(body)).lists.map((r: any) => r.recordingId);
    const mine = ok(await page({})).lists.find((r: any) => r.recordingId === call);
    expect(await ids({ scoreMax: mine.score })).toEqual([call]);
    expect(await ids({ scoreMin: mine.score + 1 })).toEqual([otherCall]);
    expect(await ids({ violationRule: '招生违规承诺' })).toEqual([call]);
    expect(await ids({ sopItemId: missedItem })).toEqual([call]);
    expect(await ids({ ownerUserIds: [org.otherSeat.userId] })).toEqual([otherCall]);
    expect(await ids({ deptId: org.deptId })).toEqual([call]);
    expect((await ids({ deptId: org.rootDeptId })).sort()).toEqual([call, otherCall].sort());
    expect(await ids({ endTime: '2000-01-01' })).toEqual([]);
    expect(await ids({ durationLevel: 7 })).toEqual([]);
    expect(await ids({ passed: mine.passed ? 1 : 2 })).toContain(call);
    refused(await page({ scoreMin: 101 }), 400, '最低分不能大于 100 分');
    refused(await page({ scoreMin: 80, scoreMax: 20 }), 400, '最低分不能大于最高分');
    refused(await page({ mode: 'x' }), 400, '列表维度只能是');
    refused(await page({ durationMin: 60, durationMax: 10 }), 400, '最短时长不能大于最长时长');
  });

  it('per seat, header figures and the second level; data scope and other organisations see nothing of it', async () => {
    const seats = ok(await page({ mode: 'seat' }));
    expect(seats.total).toBe(2);
    const row = seats.lists.find((r: any) => r.ownerUserId === org.seat.userId);
    const mine = ok(await page({})).lists.find((r: any) => r.recordingId === call);
    expect(row).toMatchObject({ calls: 1, averageScore: mine.score, violations: mine.violationCount });
    expect(row.passRate).toBe(mine.passed ? 1 : 0);
    const head = ok(await post('callCheckPageHead', {}, org.admin.token));
    expect(head.calls).toBe(2);
    expect(head.violations).toBe(seats.lists.reduce((s: number, r: any) => s + r.violations, 0));
    expect(ok(await post('callCheckPageHead', { ownerUserIds: [org.seat.userId] }, org.admin.token))).toMatchObject({
      calls: 1,
      averageScore: mine.score,
    });
    const second = ok(await post('callCheckPage/second', { ownerUserId: org.seat.userId }, org.admin.token));
    expect(second.lists.map((r: any) => r.recordingId)).toEqual([call]);
    refused(await post('callCheckPage/second', {}, org.admin.token), 400, '坐席');

    const own = await customRoleUser(t(), org, { functionSigns: ['quality:view'], dataScope: 1 });
    expect(ok(await page({}, own.token)).total).toBe(0);
    expect(ok(await post('callCheckPageHead', {}, own.token))).toEqual({
      calls: 0,
      violations: 0,
      averageScore: 0,
      passRate: 0,
    });
    expect(ok(await page({}, other.admin.token)).total).toBe(0);
    expect(ok(await page({ mode: 'seat' }, other.admin.token)).total).toBe(0);
    expect(ok(await post('callCheckPage/second', { ownerUserId: org.seat.userId }, other.admin.token)).total).toBe(0);
  });

  it('callCheckExport runs as a job with progress and leaves a file', async () => {
    const started = ok(await post('callCheckExport', { ownerUserIds: [org.seat.userId] }, org.admin.token));
    let rec: any;
    for (let i = 0; i < 150 && !(rec?.status >= 2); i++) {
      rec = ok(await t().call(contract.clueImport.record, { recordId: started.recordId }, { token: org.admin.token }));
      if (rec.status < 2) await new Promise((r) => setTimeout(r, 200));
    }
    expect(rec).toMatchObject({ status: 2, progress: 100, total: 1 });
    const file = await t().built.app.inject({
      method: 'GET',
      url: `${R}/organizationClue/exportDownload?recordId=${started.recordId}`,
      headers: { authorization: org.admin.token },
    });
    expect(file.statusCode).toBe(200);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0].slice(0, 6)).toEqual(['录音ID', '坐席', '部门', '通话时间', '通话时长', '得分']);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([call]);
    refused(await post('callCheckExport', { scoreMax: -1 }, org.admin.token), 400, '最高分不能小于 0 分');
    // another organisation cannot read the record
    refused(
      await t().call(contract.clueImport.record, { recordId: started.recordId }, { token: other.admin.token }),
      404,
    );
  });

  it('scorecards: validate, save (one active), list, delete; other organisations apart', async () => {
    const token = org.admin.token;
    refused(await post('scorecard/save', { name: '严格', items: [] }, token), 400, '请至少添加 1 个评分项');
    refused(
      await post('scorecard/save', { name: '严格', items: [{ name: '语速', kind: 'flag', deduct: 5 }] }, token),
      400,
      '评分项「语速」请选择表现标记',
    );
    refused(
      await post('scorecard/save', { name: '严格', items: [{ name: 'x', kind: 'other', deduct: 5 }] }, token),
      400,
      '评分项类型只能是',
    );
    refused(
      await post('scorecard/save', { name: '严格', items: [{ name: 'x', kind: 'violation', deduct: 101 }] }, token),
      400,
      '扣分不能大于 100 分',
    );
    const strict = {
      name: '严格',
      passLine: 90,
      items: [{ name: '任何违规', kind: 'violation', deduct: 50, fatal: false }],
    };
    const first = ok(await post('scorecard/save', { ...strict, name: '宽松', passLine: 10 }, token)).id;
    const id = ok(await post('scorecard/save', strict, token)).id;
    refused(await post('scorecard/save', strict, token), 409, '评分卡名称已存在');
    const cards = ok(await post('scorecard/list', {}, token));
    expect(cards.map((c: any) => [c.id, c.active])).toEqual([
      [id, true],
      [first, false],
    ]);
    expect(cards[0].items[0]).toMatchObject({ kind: 'violation', kindName: '违规', rule: null, maxDeduct: null });
    refused(await post('scorecard/delete', { id }, token), 400, '启用中的评分卡不能删除');
    expect(ok(await post('scorecard/list', {}, other.admin.token))).toEqual([]);
    refused(await post('scorecard/delete', { id: first }, other.admin.token), 404, '评分卡不存在');
    refused(await post('scorecard/save', { ...strict, id }, other.admin.token), 404, '评分卡不存在');
    refused(await post('scorecard/delete', { id: 0 }, token), 400);
    ok(await post('scorecard/delete', { id: first }, token));
    expect(ok(await post('scorecard/list', {}, token)).map((c: any) => c.id)).toEqual([id]);
  });

  it('recheck re-analyses the range: new scores under the active card, earlier ones kept in history', async () => {
    const token = org.admin.token;
    refused(await post('recheck', {}, token), 400, '请选择重新质检的时间范围');
    refused(
      await post('recheck', { startTime: '2030-01-02', endTime: '2030-01-01' }, token),
      400,
      '开始时间不能晚于结束时间',
    );
    refused(await post('recheck', { startTime: '2000-01-01', endTime: '2000-01-02' }, token), 400, '没有可分析的通话');
    const card = ok(await post('scorecard/list', {}, token)).find((c: any) => c.active);
    const batch = ok(await post('recheck', { startTime: '2000-01-01', endTime: '2100-01-01' }, token));
    expect(batch.total).toBe(2);
    for (let i = 0; i < 300; i++) {
      const p = ok(await t().call(contract.analysis.reanalyseProgress, { batchId: batch.batchId }, { token }));
      if (p.state === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    let mine: any;
    for (let i = 0; i < 100 && mine?.scorecardName !== card.name; i++) {
      mine = ok(await page({})).lists.find((r: any) => r.recordingId === call);
      if (mine.scorecardName !== card.name) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mine).toMatchObject({ scorecardName: '严格', passLine: 90, passed: false });
    expect(mine.score).toBe(Math.max(0, 100 - 50 * mine.violationCount));
    const history = await t()
      .ctx.db.select()
      .from(qualityCheckHistory)
      .where(and(eq(qualityCheckHistory.organizationId, org.orgId), eq(qualityCheckHistory.recordingId, call)));
    expect(history.map((h) => h.scorecardName)).toContain('默认评分卡');
    refused(await post('recheck', { startTime: '2000-01-01', endTime: '2100-01-01' }, other.admin.token), 400);
  });
});
