import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAi, STRONG_CALL, uploadCall, waitFor } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { pipelineIdle } from '../../test/pipeline';
import { insertRecording } from '../../test/rows';

const c = contract.training;
const inDays = (d: number) => formatDateTime(new Date(Date.now() + d * 86_400_000))!;

describe('/aiCallTrain', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let seq = 0;

  /** A recording bound to `owner` (no file behind it). */
  const call = (o: TestOrg, owner: number) => {
    const n = `${Date.now()}${seq++}`;
    return insertRecording(t(), {
      organizationId: o.orgId,
      fileName: `train${n}.wav`,
      ext: 'wav',
      fileKey: `test/train${n}.wav`,
      hash: n.padStart(32, '0'),
      size: 1000,
      durationMs: 65_000,
      ownerUserId: owner,
      uploadedBy: owner,
      callTime: new Date(),
    });
  };
  const assign = (token: string, body: object) => t().callRaw(c.rpcAddCallTrainLog, body, { token });
  const page = async (token: string, body: object = {}) => ok(await t().call(c.callTrainPage, body, { token }));

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
  });

  it('answers code 10 without a session, 403 to a seat for the managers’ calls', async () => {
    await expectNoSession(
      t(),
      Object.values(c).map((call) => ({ path: call.path.replace('/api/backend', '') })),
    );
    await expectForbidden(t(), org.seat.token, [
      { path: '/aiCallTrain/rpcAddCallTrainLog', body: {} },
      { path: '/aiCallTrain/rpcUpdCallTrainLog', body: { id: 1 } },
      { path: '/aiCallTrain/rpcTransferCallTrainLog', body: { ids: [1], toUserId: 1 } },
      { path: '/aiCallTrain/rpcDelCallTrainLog', body: { id: 1 } },
      { path: '/aiCallTrain/delTrainList', body: { ids: [1] } },
      { path: '/aiCallTrain/completion', body: {} },
      { path: '/aiCallTrain/export', body: {} },
      { path: '/aiCallTrain/markExample', body: {} },
      { path: '/aiCallTrain/examplePage', body: {} },
      { path: '/aiCallTrain/exampleFacets', body: {} },
      { path: '/aiCallTrain/delExample', body: { id: 1 } },
    ]);
  });

  it('rpcAddCallTrainLog validates, marks the call and expands departments to their people', async () => {
    const rid = await call(org, org.manager.userId);
    const tok = org.admin.token;
    refused(
      await assign(tok, { userIds: [org.seat.userId], deadline: inDays(3) }),
      400,
      '请选择一通通话或一个陪练剧本',
    );
    refused(await assign(tok, { recordingId: rid, deadline: inDays(3) }), 400, '请选择培训人员或部门');
    refused(await assign(tok, { recordingId: rid, userIds: [org.seat.userId] }), 400, '请选择截止时间');
    refused(await assign(tok, { scriptId: 3, userIds: [org.seat.userId], deadline: inDays(3) }), 400, '请输入剧本名称');
    refused(
      await assign(tok, {
        recordingId: rid,
        kind: 1,
        moments: [{ note: 'x' }],
        userIds: [org.seat.userId],
        deadline: inDays(3),
      }),
      400,
      '请填写时间点或句子序号',
    );
    refused(
      await assign(tok, { recordingId: rid, userIds: [other.seat.userId], deadline: inDays(3) }),
      400,
      '所选人员不存在',
    );
    refused(
      await assign(tok, { recordingId: 99_999_999, userIds: [org.seat.userId], deadline: inDays(3) }),
      404,
      '录音不存在',
    );

    const res = ok(
      await assign(tok, {
        recordingId: rid,
        kind: 1,
        note: '报价前先确认预算',
        moments: [{ startMs: 12_000, segment: 3, note: '确认预算' }],
        deptIds: [org.otherDeptId],
        userIds: [org.seat.userId],
        deadline: inDays(3),
      }),
    );
    expect(res.count).toBe(2);
    expect(res.exampleId).toBeGreaterThan(0);
    // assigning again adds nobody who has it unfinished
    expect(ok(await assign(tok, { recordingId: rid, userIds: [org.seat.userId], deadline: inDays(3) })).count).toBe(0);
    const script = ok(
      await assign(tok, { scriptId: 42, scriptName: '价格异议处理', userIds: [org.seat.userId], deadline: inDays(1) }),
    );
    expect(script).toMatchObject({ count: 1, exampleId: null });

    const mine = await page(org.seat.token);
    expect(mine.lists.map((r: any) => [r.title, r.sourceName, r.statusName])).toEqual([
      ['陪练：价格异议处理', '陪练剧本', '未开始'],
      [expect.stringMatching(/^通话案例：train\d+$/), '通话案例', '未开始'],
    ]);
    expect(mine.lists[1]).toMatchObject({
      kindName: '好案例',
      userName: '坐席甲',
      deptName: '销售一部',
      assignedByName: '管理员',
    });
    // a seat sees its own only; the department manager those of the department; the admin everyone's
    expect((await page(org.otherSeat.token)).total).toBe(1);
    expect((await page(org.manager.token)).total).toBe(2);
    expect((await page(org.admin.token)).total).toBe(3);
    expect((await page(org.admin.token, { deptId: org.otherDeptId })).total).toBe(1);
    expect((await page(org.admin.token, { kind: 1 })).total).toBe(2);
    expect((await page(org.admin.token, { keyword: '价格' })).total).toBe(1);
    expect((await page(other.admin.token)).total).toBe(0);
    refused(
      await t().callRaw(c.callTrainPage, { status: 9 }, { token: org.admin.token }),
      400,
      '状态只能是 1、2、3、4',
    );
    // a department manager assigns only within the department
    refused(
      await assign(org.manager.token, { recordingId: rid, userIds: [org.otherSeat.userId], deadline: inDays(3) }),
      400,
      '不在您的数据权限内',
    );
    // another organisation's call: not found, nothing written
    refused(
      await assign(other.admin.token, { recordingId: rid, userIds: [other.seat.userId], deadline: inDays(3) }),
      404,
    );
    expect((await page(other.admin.token)).total).toBe(0);
  });

  it('the trainee studies: detail with the call’s ticket and moments, start, 心得, completion; overdue is computed', async () => {
    const rid = await call(org, org.manager.userId);
    const { ids } = ok(
      await assign(org.admin.token, {
        recordingId: rid,
        kind: 2,
        moments: [{ startMs: 5000, note: '抢话' }],
        userIds: [org.seat.userId],
        deadline: inDays(2),
      }),
    );
    const id = ids[0];
    const d = ok(await t().call(c.getCallTrainLog, { id }, { token: org.seat.token }));
    expect(d).toMatchObject({
      recordingId: rid,
      kindName: '反面案例',
      moments: [{ startMs: 5000, note: '抢话' }],
      durationSeconds: 65,
    });
    expect(d.maskId).toBeTruthy();
    // the ticket opens the call's detail for the seat although the call is not theirs
    const detail = await t().call(contract.asr.getAsrText, { maskId: d.maskId! });
    expect(detail.code).toBe(1);
    refused(await t().call(c.getCallTrainLog, { id }, { token: org.otherSeat.token }), 404, '培训不存在');
    refused(await t().call(c.getCallTrainLog, { id }, { token: other.admin.token }), 404);
    refused(await t().callRaw(c.getCallTrainLog, {}, { token: org.seat.token }), 400, '');

    const op = (body: object, token = org.seat.token) => t().callRaw(c.rpcOperateCallTrainLog, body, { token });
    refused(await op({ id, operate: 2, takeaway: '好' }), 400, '请填写学习心得（至少 5 个字）');
    refused(await op({ id, operate: 3 }), 400, '操作只能是 1、2');
    // only the trainee studies: the admin who sees it cannot mark it, another organisation finds nothing
    refused(await op({ id, operate: 1 }, org.admin.token), 404);
    refused(await op({ id, operate: 1 }, other.admin.token), 404);
    expect(ok(await op({ id, operate: 1 }))).toEqual({ id, status: 2 });
    expect(ok(await op({ id, operate: 2, takeaway: '不要打断客户，先听完再回应。' }))).toEqual({ id, status: 3 });
    const done = ok(await t().call(c.getCallTrainLog, { id }, { token: org.manager.token }));
    expect(done).toMatchObject({ statusName: '已完成', takeaway: '不要打断客户，先听完再回应。' });
    expect(done.completedAt).toBeTruthy();

    const late = ok(
      await assign(org.admin.token, {
        scriptId: 7,
        scriptName: '开场白',
        userIds: [org.seat.userId],
        deadline: inDays(-1),
      }),
    ).ids[0];
    expect((await page(org.seat.token, { status: 4 })).lists.map((r: any) => r.id)).toContain(late);
    expect((await page(org.seat.token, { status: 3 })).lists.map((r: any) => r.id)).toContain(id);
  });

  it('rpcUpdCallTrainLog, rpcTransferCallTrainLog (history kept), rpcDelCallTrainLog and delTrainList', async () => {
    const rid = await call(org, org.seat.userId);
    const { ids } = ok(
      await assign(org.admin.token, {
        recordingId: rid,
        kind: 1,
        userIds: [org.seat.userId, org.otherSeat.userId],
        deadline: inDays(5),
      }),
    );
    const [a, b] = ids;
    const upd = (body: object, token = org.admin.token) => t().callRaw(c.rpcUpdCallTrainLog, body, { token });
    ok(await upd({ id: a, title: '优秀开场', deadline: inDays(9) }));
    expect(ok(await t().call(c.getCallTrainLog, { id: a }, { token: org.seat.token })).title).toBe('优秀开场');
    refused(await upd({ id: a, deadline: '下周' }), 400, '时间格式应为 YYYY-MM-DD HH:mm:ss');
    refused(await upd({ id: a, title: '别家改' }, other.admin.token), 404);
    refused(await upd({ id: b, title: '越权改' }, org.manager.token), 404);
    expect(ok(await t().call(c.getCallTrainLog, { id: a }, { token: org.seat.token })).title).toBe('优秀开场');

    const tr = (body: object, token = org.admin.token) => t().callRaw(c.rpcTransferCallTrainLog, body, { token });
    refused(await tr({ ids: [a], toUserId: other.seat.userId }), 400, '接收人不存在');
    refused(await tr({ ids: [a] }), 400, '请选择接收人');
    refused(await tr({ ids: [a], toUserId: org.otherSeat.userId }, other.admin.token), 400);
    refused(await tr({ ids: [a], toUserId: org.seat.userId }), 400, '接收人已是该培训的学习人');
    ok(await t().call(c.rpcOperateCallTrainLog, { id: a, operate: 1 }, { token: org.seat.token }));
    expect(ok(await tr({ ids: [a], toUserId: org.manager.userId, reason: '坐席休假' }))).toEqual({ count: 1 });
    const moved = ok(await t().call(c.getCallTrainLog, { id: a }, { token: org.manager.token }));
    expect(moved).toMatchObject({ userName: '经理', statusName: '未开始', startedAt: null });
    expect(moved.transfers).toMatchObject([
      { fromUserName: '坐席甲', toUserName: '经理', operatorName: '管理员', reason: '坐席休假' },
    ]);
    refused(await t().call(c.getCallTrainLog, { id: a }, { token: org.seat.token }), 404);

    refused(await t().call(c.rpcDelCallTrainLog, { id: a }, { token: other.admin.token }), 404);
    refused(await t().call(c.delTrainList, { ids: [a, b] }, { token: other.admin.token }), 404);
    refused(await t().callRaw(c.delTrainList, { ids: [] }, { token: org.admin.token }), 400, '请选择培训');
    // the department manager cannot delete another department's training: nothing is deleted
    refused(await t().call(c.delTrainList, { ids: [a, b] }, { token: org.manager.token }), 404);
    expect(ok(await t().call(c.getCallTrainLog, { id: b }, { token: org.admin.token })).id).toBe(b);
    ok(await t().call(c.rpcDelCallTrainLog, { id: a }, { token: org.admin.token }));
    expect(ok(await t().call(c.delTrainList, { ids: [b] }, { token: org.admin.token }))).toEqual({ count: 1 });
    refused(await t().call(c.getCallTrainLog, { id: b }, { token: org.admin.token }), 404);
  });

  it('completion per person and department, and the .xlsx export', async () => {
    const o = await t().newOrg();
    const rid = await call(o, o.manager.userId);
    const { ids } = ok(
      await assign(o.admin.token, {
        recordingId: rid,
        kind: 1,
        deptIds: [o.deptId, o.otherDeptId],
        deadline: inDays(2),
      }),
    );
    expect(ids.length).toBe(3); // 经理 and 坐席甲 in 销售一部, 坐席乙 in 销售二部
    const seatTrain = (await page(o.seat.token)).lists[0].id;
    ok(
      await t().call(
        c.rpcOperateCallTrainLog,
        { id: seatTrain, operate: 2, takeaway: '先问需求再介绍产品' },
        { token: o.seat.token },
      ),
    );
    const comp = ok(await t().call(c.completion, {}, { token: o.admin.token }));
    expect(comp.users.map((u) => [u.userName, u.total, u.completed, u.rate])).toEqual([
      ['坐席甲', 1, 1, 100],
      ['经理', 1, 0, 0],
      ['坐席乙', 1, 0, 0],
    ]);
    expect(comp.depts.map((d) => [d.deptName, d.total, d.completed, d.rate])).toEqual([
      ['销售一部', 2, 1, 50],
      ['销售二部', 1, 0, 0],
    ]);
    expect(ok(await t().call(c.completion, { deptId: o.otherDeptId }, { token: o.admin.token })).users).toHaveLength(1);
    expect(ok(await t().call(c.completion, {}, { token: o.manager.token })).depts.map((d) => d.deptName)).toEqual([
      '销售一部',
    ]);
    expect(ok(await t().call(c.completion, {}, { token: other.admin.token })).users.map((u) => u.userId)).not.toContain(
      o.seat.userId,
    );
    refused(await t().callRaw(c.completion, { startTime: '昨天' }, { token: o.admin.token }), 400, '');

    const exportFor = (token: string | undefined, payload: object) =>
      t().built.app.inject({
        method: 'POST',
        url: '/api/backend/aiCallTrain/export',
        payload,
        headers: token ? { authorization: token } : {},
      });
    const rowsOf = async (res: Awaited<ReturnType<typeof exportFor>>) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      return wb.getWorksheet('员工培训')!.getSheetValues().slice(2) as unknown[][];
    };
    const res = await exportFor(o.admin.token, {});
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await rowsOf(res);
    expect(rows).toHaveLength(3);
    expect(rows.some((r) => r.includes('先问需求再介绍产品'))).toBe(true);
    expect(await rowsOf(await exportFor(o.admin.token, { status: 3 }))).toHaveLength(1);
    expect(await rowsOf(await exportFor(other.admin.token, {}))).not.toHaveLength(3);
    expect(JSON.parse((await exportFor(o.admin.token, { status: 8 })).body).msg).toContain('状态只能是');
    expect(JSON.parse((await exportFor(undefined, {})).body).code).toBe(10);
  });

  it('markExample, the library by kind, and delExample; scope and another organisation', async () => {
    const o = await t().newOrg();
    const mine = await call(o, o.seat.userId);
    const theirs = await call(o, o.otherSeat.userId);
    const mark = (body: object, token = o.admin.token) => t().callRaw(c.markExample, body, { token });
    refused(await mark({ recordingId: mine, kind: 3 }), 400, '案例类型只能是 1、2');
    refused(
      await mark({ recordingId: mine, kind: 1, moments: Array(21).fill({ startMs: 1 }) }),
      400,
      '标记时刻最多 20 个',
    );
    refused(await mark({ recordingId: mine, kind: 1 }, other.admin.token), 404, '录音不存在');
    refused(await mark({ recordingId: theirs, kind: 1 }, o.manager.token), 404);
    const id = ok(await mark({ recordingId: mine, kind: 1, note: '开场好', moments: [{ segment: 0 }] })).id;
    // marking again changes the one example
    expect(ok(await mark({ recordingId: mine, kind: 2, note: '语速太快' })).id).toBe(id);
    ok(await mark({ recordingId: theirs, kind: 1 }));
    const lib = (body: object = {}, token = o.admin.token) => t().call(c.examplePage, body, { token });
    const all = ok(await lib());
    expect(all.total).toBe(2);
    expect(all.lists.find((e) => e.id === id)).toMatchObject({
      kindName: '反面案例',
      note: '语速太快',
      callOwnerName: '坐席甲',
    });
    expect(ok(await lib({ kind: 2 })).total).toBe(1);
    expect(ok(await lib({ keyword: '语速' })).total).toBe(1);
    expect(ok(await lib({}, o.manager.token)).total).toBe(1);
    expect(ok(await lib({}, other.admin.token)).total).toBe(0);
    refused(await t().callRaw(c.examplePage, { kind: 5 }, { token: o.admin.token }), 400, '');
    expect(ok(await t().call(c.exampleFacets, {}, { token: o.admin.token }))).toMatchObject({
      tags: [],
      intentions: [],
    });

    refused(await t().call(c.delExample, { id }, { token: other.admin.token }), 404, '案例不存在');
    refused(await t().callRaw(c.delExample, { id: 'x' }, { token: o.admin.token }), 400, '');
    expect(ok(await lib()).total).toBe(2);
    ok(await t().call(c.delExample, { id }, { token: o.admin.token }));
    expect(ok(await lib()).total).toBe(1);

    // a deleted call leaves the library (the training.removed job); its training says the recording is gone
    const train = ok(
      await t().call(
        c.rpcAddCallTrainLog,
        { recordingId: theirs, userIds: [o.seat.userId], deadline: inDays(1) },
        { token: o.admin.token },
      ),
    ).ids[0];
    ok(await t().call(contract.recording.remove, { id: theirs }, { token: o.admin.token }));
    await pipelineIdle(t().ctx, 30_000);
    expect(ok(await lib()).total).toBe(0);
    expect(ok(await t().call(c.getCallTrainLog, { id: train }, { token: o.seat.token })).maskId).toBeNull();
  });

  it('an analysed call’s facets: intention, tags and SOP items are searchable, copied when the analysis is stored', async () => {
    const o = await t().newOrg();
    await openAi(t(), o.admin.token);
    const rid = await uploadCall(t(), o.seat.token, STRONG_CALL);
    // marked as soon as it is uploaded: the example takes its facets when the analysis and SOP check are stored
    const id = ok(await t().call(c.markExample, { recordingId: rid, kind: 1 }, { token: o.admin.token })).id;
    await waitFor(t(), o.seat.token, rid);
    const facets = ok(await t().call(c.exampleFacets, {}, { token: o.admin.token }));
    expect(facets.intentions).toEqual(['强意向']);
    const lib = (body: object) => t().call(c.examplePage, body, { token: o.admin.token });
    expect(ok(await lib({ intention: '强意向' })).lists.map((e) => e.id)).toEqual([id]);
    expect(ok(await lib({ intention: '无意向' })).total).toBe(0);
    for (const tag of facets.tags) expect(ok(await lib({ tag })).total).toBe(1);
    for (const sopItem of facets.sopItems) expect(ok(await lib({ sopItem })).total).toBe(1);
    // a custom role with the view sign alone reads the library but marks nothing
    const viewer = await customRoleUser(t(), o, { functionSigns: ['training:view'], dataScope: 3 });
    expect(ok(await t().call(c.examplePage, {}, { token: viewer.token })).total).toBe(1);
    await expectForbidden(t(), viewer.token, [
      { path: '/aiCallTrain/markExample', body: { recordingId: rid, kind: 2 } },
    ]);
  });
});
