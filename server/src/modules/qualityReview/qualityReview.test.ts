// Human review through the API: samples (random, reproducible, within the data scope; by rule from machine scores),
// reviews, appeals and decisions, the history, the messages, and every call's refusals.

import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadCall } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { B, customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { putQualityCheck } from '../../test/rows';
import { drawRandom } from './draw';
import { reviewSample } from './schema';

const LINES: ['A' | 'C', string][] = [
  ['A', '您好，我是星辰教育的课程顾问'],
  ['C', '你好'],
];
const day = (offsetDays: number) => formatDateTime(new Date(Date.now() + offsetDays * 86_400_000))!;

describe('/aiCallCheck human review', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let seatCalls: number[];
  let otherSeatCalls: number[];
  let foreignCall: number;
  const post = (path: string, body: object, token: string) => t().post(`${B}/aiCallCheck${path}`, body, { token });
  const range = () => ({ startTime: day(-1), endTime: day(1) });

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    seatCalls = [];
    for (let i = 0; i < 4; i++) seatCalls.push(await uploadCall(t(), org.seat.token, LINES));
    otherSeatCalls = [];
    for (let i = 0; i < 3; i++) otherSeatCalls.push(await uploadCall(t(), org.otherSeat.token, LINES));
    foreignCall = await uploadCall(t(), other.seat.token, LINES);
  });

  it('answers code 10 without a session, 403 without the quality signs', async () => {
    const paths = [
      '/sample/create',
      '/sample/list',
      '/sample/calls',
      '/review/save',
      '/appeal/create',
      '/appeal/list',
      '/appeal/decide',
      '/history',
    ];
    await expectNoSession(
      t(),
      paths.map((p) => ({ path: `/aiCallCheck${p}` })),
    );
    await expectForbidden(t(), org.seat.token, [
      {
        path: '/aiCallCheck/sample/create',
        body: { name: 'x', ...range(), mode: 'random', percent: 5, reviewerIds: [1] },
      },
      { path: '/aiCallCheck/sample/list', body: {} },
      { path: '/aiCallCheck/sample/calls', body: { id: 1 } },
      { path: '/aiCallCheck/review/save', body: { recordingId: seatCalls[0], score: 90 } },
      { path: '/aiCallCheck/appeal/decide', body: { id: 1, accept: false } },
    ]);
    const auditor = await customRoleUser(t(), org, { functionSigns: ['log:view'], dataScope: 3 });
    await expectForbidden(t(), auditor.token, [{ path: '/aiCallCheck/history', body: { recordingId: seatCalls[0] } }]);
  });

  it('a random sample: a share of each seat’s calls, reproducible from its seed, listed with progress', async () => {
    const created = ok(
      await post(
        '/sample/create',
        { name: '五月随机抽检', ...range(), mode: 'random', percent: 50, reviewerIds: [org.manager.userId] },
        org.admin.token,
      ),
    );
    // 50% of 4 calls and of 3 calls (rounded up)
    expect(created).toMatchObject({
      name: '五月随机抽检',
      mode: 'random',
      modeName: '随机抽样',
      total: 4,
      reviewed: 0,
    });
    expect(created.recordingIds.filter((id: number) => seatCalls.includes(id))).toHaveLength(2);
    expect(created.recordingIds.filter((id: number) => otherSeatCalls.includes(id))).toHaveLength(2);
    expect(created.reviewerNames).toEqual(['经理']);

    const [row] = await t().database.db.select().from(reviewSample).where(eq(reviewSample.id, created.id));
    const calls = [
      ...seatCalls.map((recordingId) => ({ recordingId, ownerUserId: org.seat.userId })),
      ...otherSeatCalls.map((recordingId) => ({ recordingId, ownerUserId: org.otherSeat.userId })),
    ];
    expect(drawRandom(calls, 50, row.seed)).toEqual(created.recordingIds);
    expect(drawRandom([...calls].reverse(), 50, row.seed)).toEqual(created.recordingIds);

    const list = ok(await post('/sample/list', { pageNum: 1, pageSize: 10 }, org.admin.token));
    expect(list.lists.find((s: any) => s.id === created.id)).toMatchObject({ total: 4, reviewed: 0, progress: 0 });
    expect(ok(await post('/sample/list', { keyword: '五月' }, org.manager.token)).total).toBeGreaterThan(0);
    expect(ok(await post('/sample/list', {}, other.admin.token)).total).toBe(0);

    const page = ok(await post('/sample/calls', { id: created.id, pageSize: 10 }, org.admin.token));
    expect(page.total).toBe(4);
    expect(page.lists[0]).toMatchObject({ reviewed: false, reviewScore: null, machineScore: null });
    refused(await post('/sample/calls', { id: created.id }, other.admin.token), 404, '抽样不存在');
    refused(await post('/sample/calls', {}, org.admin.token), 400, '');
    refused(await post('/sample/list', { mode: 'all' }, org.admin.token), 400, '抽样方式只能是');
  });

  it('drawRandom: the same seed draws the same calls, another seed may not, each seat at least one', () => {
    const calls = Array.from({ length: 40 }, (_, i) => ({ recordingId: i + 1, ownerUserId: i < 20 ? 7 : 8 }));
    const a = drawRandom(calls, 10, 12345);
    expect(a).toEqual(drawRandom(calls, 10, 12345));
    expect(a.filter((id) => id <= 20)).toHaveLength(2);
    expect(a.filter((id) => id > 20)).toHaveLength(2);
    const seeds = [1, 2, 3, 4, 5].map((seed) => drawRandom(calls, 10, seed).join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
    expect(drawRandom([{ recordingId: 1, ownerUserId: 1 }], 1, 9)).toEqual([1]);
  });

  it('a manager’s sample stays within its data scope; create validates its fields', async () => {
    const mine = ok(
      await post(
        '/sample/create',
        { name: '一部全量', ...range(), mode: 'random', percent: 100, reviewerIds: [org.manager.userId] },
        org.manager.token,
      ),
    );
    expect([...mine.recordingIds].sort()).toEqual([...seatCalls].sort());
    const p = (body: object) => post('/sample/create', body, org.admin.token);
    const base = { name: '抽样', ...range(), mode: 'random', percent: 10, reviewerIds: [org.manager.userId] };
    refused(await p({ ...base, percent: undefined }), 400, '请输入抽样比例');
    refused(await p({ ...base, percent: 0 }), 400, '抽样比例不能小于 1%');
    refused(await p({ ...base, startTime: undefined }), 400, '请选择开始时间');
    refused(await p({ ...base, startTime: day(1), endTime: day(-1) }), 400, '结束时间不能早于开始时间');
    refused(await p({ ...base, mode: 'all' }), 400, '抽样方式只能是');
    refused(await p({ ...base, reviewerIds: [other.admin.userId] }), 400, '复核人不存在');
    refused(await p({ ...base, name: '' }), 400, '请输入抽样名称');
  });

  it('a rule sample takes the calls whose machine score is below the line or that did not pass', async () => {
    const scores: [number, number, boolean][] = [
      [seatCalls[0], 50, false],
      [seatCalls[1], 70, true],
      [seatCalls[2], 95, true],
      [otherSeatCalls[0], 88, false],
    ];
    for (const [recordingId, score, passed] of scores) {
      const values = {
        organizationId: org.orgId,
        recordingId,
        score,
        passLine: 60,
        passed,
        fatal: false,
        deductions: [],
        violationCount: 0,
        violationRules: [],
        missedItemIds: [],
        ownerUserId: seatCalls.includes(recordingId) ? org.seat.userId : org.otherSeat.userId,
        callTime: new Date(),
      };
      await putQualityCheck(t(), values);
    }
    const rule = ok(
      await post(
        '/sample/create',
        { name: '低分复核', ...range(), mode: 'rule', maxScore: 80, reviewerIds: [org.admin.userId] },
        org.admin.token,
      ),
    );
    expect([...rule.recordingIds].sort()).toEqual([seatCalls[0], seatCalls[1], otherSeatCalls[0]].sort());
    const calls = ok(await post('/sample/calls', { id: rule.id }, org.admin.token));
    expect(calls.lists.find((c: any) => c.recordingId === seatCalls[0])).toMatchObject({
      machineScore: 50,
      passed: false,
    });
    // the manager sees the sample's calls of its department only
    expect(ok(await post('/sample/list', {}, org.manager.token)).lists.map((s: any) => s.id)).not.toContain(rule.id);
  });

  it('review → appeal → accept: the score changes, messages go out, the history has 3 rows', async () => {
    const call = seatCalls[3];
    const sample = ok(
      await post(
        '/sample/create',
        { name: '申诉流程', ...range(), mode: 'random', percent: 100, reviewerIds: [org.admin.userId] },
        org.admin.token,
      ),
    );
    refused(await post('/appeal/create', { recordingId: call, reason: '分数不合理' }, org.seat.token), 400, '尚未复核');

    refused(
      await post('/review/save', { recordingId: call, score: 101 }, org.admin.token),
      400,
      '复核分数不能大于 100 分',
    );
    refused(await post('/review/save', { recordingId: foreignCall, score: 60 }, org.admin.token), 404, '录音不存在');
    const review = ok(
      await post('/review/save', { recordingId: call, score: 55, comment: '未确认客户需求' }, org.admin.token),
    );
    expect(review).toMatchObject({ recordingId: call, score: 55 });
    const calls = ok(await post('/sample/calls', { id: sample.id, reviewState: 2 }, org.admin.token));
    expect(calls.lists.map((c: any) => c.recordingId)).toContain(call);
    expect(calls.lists.find((c: any) => c.recordingId === call)).toMatchObject({
      reviewScore: 55,
      reviewerName: '管理员',
    });
    const progress = ok(await post('/sample/list', {}, org.admin.token)).lists.find((s: any) => s.id === sample.id);
    expect(progress.reviewed).toBeGreaterThanOrEqual(1);

    // only the owner appeals, with a reason, once at a time
    refused(await post('/appeal/create', { recordingId: call, reason: '' }, org.seat.token), 400, '请输入申诉理由');
    refused(await post('/appeal/create', { recordingId: call, reason: '代别人申诉' }, org.otherSeat.token), 404);
    refused(
      await post('/appeal/create', { recordingId: call, reason: '代下属申诉' }, org.manager.token),
      403,
      '只能对自己的通话',
    );
    refused(await post('/appeal/create', { recordingId: foreignCall, reason: 'x' }, org.seat.token), 404);
    const appealId = ok(
      await post('/appeal/create', { recordingId: call, reason: '客户需求已在开场确认，见第二句' }, org.seat.token),
    ).id;
    refused(
      await post('/appeal/create', { recordingId: call, reason: '再次申诉' }, org.seat.token),
      409,
      '已有待处理的申诉',
    );
    refused(await post('/review/save', { recordingId: call, score: 70 }, org.admin.token), 409, '待处理的申诉');

    // who sees it
    expect(ok(await post('/appeal/list', {}, org.seat.token)).lists.map((a: any) => a.id)).toEqual([appealId]);
    expect(ok(await post('/appeal/list', {}, org.otherSeat.token)).total).toBe(0);
    expect(ok(await post('/appeal/list', { status: 1 }, org.manager.token)).lists[0]).toMatchObject({
      id: appealId,
      originalScore: 55,
      statusName: '待处理',
      ownerName: '坐席甲',
    });
    expect(ok(await post('/appeal/list', {}, other.admin.token)).total).toBe(0);
    refused(await post('/appeal/list', { status: 9 }, org.manager.token), 400, '申诉状态只能是 1、2、3');

    // who decides it
    refused(await post('/appeal/decide', { id: appealId, accept: true, score: 80 }, org.seat.token), 403);
    refused(
      await post('/appeal/decide', { id: appealId, accept: true, score: 80 }, other.admin.token),
      404,
      '申诉不存在',
    );
    refused(
      await post('/appeal/decide', { id: appealId, accept: true }, org.manager.token),
      400,
      '通过申诉时请输入改判分数',
    );
    const decided = ok(
      await post(
        '/appeal/decide',
        { id: appealId, accept: true, score: 80, comment: '确认已了解需求' },
        org.manager.token,
      ),
    );
    expect(decided).toEqual({ id: appealId, status: 2, score: 80 });
    refused(await post('/appeal/decide', { id: appealId, accept: false }, org.manager.token), 409, '该申诉已处理');

    const rec = ok(await t().call(contract.recording.list, { pageSize: 50 }, { token: org.seat.token }));
    expect(rec.lists.find((r: any) => r.id === call)!.qualityScore).toBe(80);

    const history = ok(await post('/history', { recordingId: call }, org.seat.token));
    expect(history.map((h: any) => h.event)).toEqual(['accept', 'appeal', 'review']);
    expect(history[0]).toMatchObject({ scoreBefore: 55, scoreAfter: 80, userName: '经理', eventName: '申诉通过' });
    expect(history[2]).toMatchObject({ scoreAfter: 55, comment: '未确认客户需求', userName: '管理员' });
    refused(await post('/history', { recordingId: call }, other.admin.token), 404);
    refused(await post('/history', { recordingId: call }, org.otherSeat.token), 404);
    refused(await post('/history', {}, org.seat.token), 400, '');

    const to = async (user: { token: string }): Promise<string[]> =>
      ok(
        await t().call(contract.notice.messages, { msgType: 'quality_review', pageSize: 100 }, { token: user.token }),
      ).lists.map((m: { title: string }) => m.title);
    expect(await to(org.seat)).toEqual(expect.arrayContaining(['通话已复核', '质检申诉已处理']));
    expect(await to(org.manager)).toContain('新的质检申诉');
    expect(await to(org.admin)).toContain('新的质检申诉');
    expect(await to(org.otherSeat)).toEqual([]);
  });

  it('a rejected appeal keeps the score; saveQuality from the recording list is in the history', async () => {
    const call = seatCalls[2];
    ok(await post('/review/save', { recordingId: call, score: 62 }, org.manager.token));
    const id = ok(await post('/appeal/create', { recordingId: call, reason: '扣分有误' }, org.seat.token)).id;
    expect(ok(await post('/appeal/decide', { id, accept: false, comment: '扣分有据' }, org.admin.token))).toEqual({
      id,
      status: 3,
      score: null,
    });
    ok(
      await t().call(
        contract.recording.saveQuality,
        { id: call, qualityScore: 66, qualityRemark: '补充' },
        {
          token: org.admin.token,
        },
      ),
    );
    const history = ok(await post('/history', { recordingId: call }, org.admin.token));
    expect(history.map((h: any) => h.event)).toEqual(['manual', 'reject', 'appeal', 'review']);
    expect(history[0]).toMatchObject({ scoreBefore: 62, scoreAfter: 66, comment: '补充', eventName: '手动评分' });
    expect(history[1]).toMatchObject({ scoreBefore: 62, scoreAfter: 62 });
  });
});
