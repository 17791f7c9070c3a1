// Every call of contract.analysis: success, a validation error (400, Chinese message), no session (code 10), another
// organisation's ids (404 / nothing seen), and the data scope (a seat of another department sees nothing).

import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { A, addLead, openAi, STRONG_CALL, uploadCall, waitFor } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { pipelineIdle } from '../../test/pipeline';

describe('analysis calls', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let id: number;
  let clueId: number;

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
    clueId = await addLead(t(), org.seat.token, '王女士');
    id = await uploadCall(t(), org.seat.token, STRONG_CALL, { clueId, source: 2 });
    const { data } = await waitFor(t(), org.seat.token, id);
    expect(data.analysisStatus).toBe(3);
  });

  const post = (path: string, body: unknown, token?: string) => t().post(`${A}${path}`, body, { token });

  it('callAnalysisPageList: rows with names; filters; validation; no session; scope', async () => {
    const res = await post('/asr/V1/callAnalysisPageList', {}, org.seat.token);
    expect(res.code).toBe(1);
    expect(res.data.total).toBe(1);
    expect(res.data.lists[0]).toMatchObject({
      recordingId: id,
      sourceName: '语音通话',
      callTypeName: '呼出',
      ownerName: '坐席甲',
      deptName: '销售一部',
      clueName: '王女士',
      analysisStatusName: '已完成',
      commentCount: 0,
      corrected: false,
    });
    const hits = async (body: object, token = org.admin.token) =>
      (await post('/asr/V1/callAnalysisPageList', body, token)).data.lists.map((r: any) => r.recordingId);
    expect(await hits({ deptId: org.deptId })).toEqual([id]);
    expect(await hits({ deptId: org.otherDeptId })).toEqual([]);
    expect(await hits({ ownerUserIds: [org.seat.userId] })).toEqual([id]);
    expect(await hits({ keyword: '少儿编程' })).toEqual([id]);
    expect(await hits({ keyword: '装修' })).toEqual([]);
    expect(await hits({ source: [2], analysisStatus: [3], durationLevel: 1 })).toEqual([id]);
    expect(await hits({ source: 1 })).toEqual([]);
    expect(await hits({ durationMin: '60秒' })).toEqual([]);
    expect(await hits({ hasViolation: 2 })).toEqual([]);
    const bad = await post('/asr/V1/callAnalysisPageList', { intention: [9] }, org.seat.token);
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('意向标签只能是');
    expect((await post('/asr/V1/callAnalysisPageList', { churnRiskMin: 101 }, org.seat.token)).msg).toContain(
      '流失风险不能大于 100',
    );
    expect((await post('/asr/V1/callAnalysisPageList', {})).code).toBe(10);
    expect((await post('/asr/V1/callAnalysisPageList', {}, other.admin.token)).data.total).toBe(0);
    expect((await post('/asr/V1/callAnalysisPageList', {}, org.otherSeat.token)).data.total).toBe(0);
  });

  it('callAnalysisExport: the filtered list as xlsx, within scope', async () => {
    const exportFor = async (token: string | undefined, payload: object) =>
      t().built.app.inject({
        method: 'POST',
        url: `${A}/asr/V1/callAnalysisExport`,
        payload,
        headers: token ? { authorization: token } : {},
      });
    const rowsOf = async (res: Awaited<ReturnType<typeof exportFor>>) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      return wb.getWorksheet('通话分析')!.rowCount;
    };
    const res = await exportFor(org.manager.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(await rowsOf(res)).toBe(2);
    expect(await rowsOf(await exportFor(other.admin.token, {}))).toBe(1);
    expect(await rowsOf(await exportFor(org.otherSeat.token, {}))).toBe(1);
    const bad = await exportFor(org.manager.token, { callTags: [11] });
    expect(JSON.parse(bad.body).msg).toContain('通话标签只能是');
    expect(JSON.parse((await exportFor(undefined, {})).body).code).toBe(10);
  });

  it('getCallAnalysis: by id with a session, by share ticket without; refused elsewhere', async () => {
    const get = (query: Record<string, unknown>, token?: string) =>
      t().call(contract.analysis.detail, query, { token });
    const mine = await get({ recordId: id }, org.seat.token);
    expect(mine.data).toMatchObject({ recordingId: id, clueId, canCorrect: false, ownerName: '坐席甲' });
    expect((await get({ recordId: id }, org.manager.token)).data.canCorrect).toBe(true);
    const mask = await t().call(contract.recording.getMaskId, { recordId: id }, { token: org.seat.token });
    const shared = await get({ maskId: mask.data.maskId });
    expect(shared.code).toBe(1);
    expect(shared.data.effective).toEqual(mine.data.effective);
    expect(shared.data.canCorrect).toBe(false);
    expect((await get({ maskId: 'not-a-ticket' })).code).not.toBe(1);
    expect((await get({ recordId: 'abc' }, org.seat.token)).status).toBe(400);
    expect((await get({}, org.seat.token)).msg).toContain('请传入录音 id');
    expect((await get({ recordId: id })).code).toBe(10);
    expect((await get({ recordId: id }, other.admin.token)).status).toBe(404);
    expect((await get({ recordId: id }, org.otherSeat.token)).status).toBe(404);
  });

  it('updateCallAnalysis: corrects; validates; needs analysis:correct and the scope', async () => {
    const res = await post('/asr/V1/updateCallAnalysis', { recordingId: id, callTags: [2, 1, 2] }, org.manager.token);
    expect(res.code).toBe(1);
    expect(res.data.correction.callTags).toEqual([1, 2]);
    const bad = await post('/asr/V1/updateCallAnalysis', { recordingId: id, intention: 9 }, org.manager.token);
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('意向标签只能是');
    expect(
      (await post('/asr/V1/updateCallAnalysis', { recordingId: id, customTagIds: [999999] }, org.manager.token)).msg,
    ).toContain('自定义 AI 标签不存在');
    expect((await post('/asr/V1/updateCallAnalysis', { intention: 1 }, org.manager.token)).msg).toContain('请选择录音');
    expect((await post('/asr/V1/updateCallAnalysis', { recordingId: id, intention: 1 })).code).toBe(10);
    expect((await post('/asr/V1/updateCallAnalysis', { recordingId: id, intention: 1 }, org.seat.token)).status).toBe(
      403,
    );
    expect(
      (await post('/asr/V1/updateCallAnalysis', { recordingId: id, intention: 1 }, other.admin.token)).status,
    ).toBe(404);
    const after = await t().call(contract.analysis.detail, { recordId: id }, { token: org.seat.token });
    expect(after.data.correction!.intention).toBeNull();
    await post('/asr/V1/updateCallAnalysis', { recordingId: id, callTags: null }, org.manager.token);
  });

  it('reAnalyze and reAnalyzeProgress', async () => {
    const res = await post('/asr/V1/reAnalyze', { recordingId: id }, org.manager.token);
    expect(res.data).toMatchObject({ total: 1, state: 1, stateName: '进行中' });
    const { data } = await waitFor(t(), org.seat.token, id, (d) => d.version === 2 && d.analysisStatus === 3);
    expect(data.analysisStatus).toBe(3);
    const p = await post('/asr/V1/reAnalyzeProgress', { batchId: res.data.batchId }, org.manager.token);
    expect(p.data).toMatchObject({ total: 1, done: 1, failed: 0, state: 2 });
    expect((await post('/asr/V1/reAnalyze', {}, org.manager.token)).msg).toContain('请选择要重新分析的通话或时间范围');
    expect((await post('/asr/V1/reAnalyze', { ids: [] }, org.manager.token)).status).toBe(400);
    expect((await post('/asr/V1/reAnalyze', { recordingId: id })).code).toBe(10);
    expect((await post('/asr/V1/reAnalyze', { recordingId: id }, other.admin.token)).status).toBe(400); // AI closed there
    await openAi(t(), other.admin.token);
    expect((await post('/asr/V1/reAnalyze', { recordingId: id }, other.admin.token)).status).toBe(404);
    expect((await post('/asr/V1/reAnalyze', { ids: [id] }, other.admin.token)).status).toBe(400);
    expect((await post('/asr/V1/reAnalyzeProgress', { batchId: 0 }, org.manager.token)).status).toBe(400);
    expect((await post('/asr/V1/reAnalyzeProgress', { batchId: res.data.batchId })).code).toBe(10);
    expect((await post('/asr/V1/reAnalyzeProgress', { batchId: res.data.batchId }, other.admin.token)).status).toBe(
      404,
    );
  });

  it('applicationAll: the sources with the caller’s counts', async () => {
    const res = await post('/asr/V1/applicationAll', {}, org.seat.token);
    expect(res.data).toHaveLength(6);
    expect(res.data[1]).toEqual({ source: 2, name: '语音通话', count: 1 });
    expect((await post('/asr/V1/applicationAll', {}, org.otherSeat.token)).data[1].count).toBe(0);
    expect((await post('/asr/V1/applicationAll', {}, other.admin.token)).data[1].count).toBe(0);
    expect((await post('/asr/V1/applicationAll', {})).code).toBe(10);
  });

  it('getOrganizationDeptUserTreeV2: departments and users within the data scope', async () => {
    const names = (nodes: any[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);
    const all = names((await post('/asr/V1/getOrganizationDeptUserTreeV2', {}, org.admin.token)).data);
    expect(all).toEqual(expect.arrayContaining(['销售一部', '销售二部', '坐席甲', '坐席乙', '经理']));
    const seat = (await post('/asr/V1/getOrganizationDeptUserTreeV2', {}, org.seat.token)).data;
    expect(names(seat)).toContain('坐席甲');
    expect(names(seat)).not.toContain('坐席乙');
    expect(names(seat)).not.toContain('销售二部');
    const keys = (nodes: any[]): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children)]);
    const foreign = keys((await post('/asr/V1/getOrganizationDeptUserTreeV2', {}, other.admin.token)).data);
    expect(foreign).toContain(`u${other.seat.userId}`);
    expect(foreign).not.toContain(`u${org.seat.userId}`);
    expect((await post('/asr/V1/getOrganizationDeptUserTreeV2', {})).code).toBe(10);
  });

  it('aiCallComment: threads of comments and replies', async () => {
    const first = await post(
      '/aiCallComment/addComment',
      { recordingId: id, text: '这通电话处理得很好' },
      org.manager.token,
    );
    expect(first.data).toMatchObject({ ref: null, text: '这通电话处理得很好', authorName: '经理' });
    const reply = await post(
      '/aiCallComment/addComment',
      { recordingId: id, text: '谢谢经理', ref: first.data.id },
      org.seat.token,
    );
    expect(reply.data).toMatchObject({ ref: first.data.id, refAuthorName: '经理', authorName: '坐席甲' });
    await post(
      '/aiCallComment/addComment',
      { recordingId: id, text: '继续跟进', ref: reply.data.id },
      org.manager.token,
    );
    const list = await post('/aiCallComment/list', { recordingId: id }, org.seat.token);
    expect(list.data).toHaveLength(1);
    expect(list.data[0].replies.map((r: any) => r.text)).toEqual(['谢谢经理', '继续跟进']);
    expect(list.data[0].replies[1].refAuthorName).toBe('坐席甲');
    const rows = (await post('/asr/V1/callAnalysisPageList', {}, org.seat.token)).data.lists;
    expect(rows[0].commentCount).toBe(3);
    expect((await post('/aiCallComment/addComment', { recordingId: id, text: ' ' }, org.seat.token)).msg).toContain(
      '请输入评论内容',
    );
    expect(
      (await post('/aiCallComment/addComment', { recordingId: id, text: 'x', ref: 999999 }, org.seat.token)).msg,
    ).toContain('回复的评论不存在');
    expect((await post('/aiCallComment/list', {}, org.seat.token)).status).toBe(400);
    expect((await post('/aiCallComment/addComment', { recordingId: id, text: 'x' })).code).toBe(10);
    expect((await post('/aiCallComment/list', { recordingId: id })).code).toBe(10);
    expect((await post('/aiCallComment/addComment', { recordingId: id, text: 'x' }, other.admin.token)).status).toBe(
      404,
    );
    expect((await post('/aiCallComment/list', { recordingId: id }, other.admin.token)).status).toBe(404);
    expect((await post('/aiCallComment/list', { recordingId: id }, org.otherSeat.token)).status).toBe(404);
  });

  it('clue aiTag listByClue and remove', async () => {
    await post('/asr/V1/updateCallAnalysis', { recordingId: id, aiLabels: [2] }, org.manager.token);
    const list = await t().call(contract.analysis.clueAiTags, { clueId }, { token: org.seat.token });
    expect(list.data.map((x: any) => x.tagName)).toEqual(['有兴趣']);
    expect((await t().call(contract.analysis.clueAiTags, { clueId: 'x' }, { token: org.seat.token })).status).toBe(400);
    expect((await t().call(contract.analysis.clueAiTags, { clueId })).code).toBe(10);
    expect((await t().call(contract.analysis.clueAiTags, { clueId }, { token: other.admin.token })).status).toBe(404);
    const tagId = list.data[0].id;
    expect(
      (await t().call(contract.analysis.removeClueAiTag, { id: tagId }, { token: other.admin.token })).status,
    ).toBe(404);
    expect((await t().call(contract.analysis.removeClueAiTag, { id: -1 }, { token: org.seat.token })).status).toBe(400);
    expect((await t().call(contract.analysis.removeClueAiTag, { id: tagId })).code).toBe(10);
    expect(
      (await t().call(contract.analysis.removeClueAiTag, { id: tagId }, { token: org.seat.token })).data.count,
    ).toBe(1);
    expect((await t().call(contract.analysis.clueAiTags, { clueId }, { token: org.seat.token })).data).toEqual([]);
  });

  it('a deleted recording takes its analysis and comments with it', async () => {
    const gone = await uploadCall(t(), org.seat.token, STRONG_CALL, { clueId });
    await waitFor(t(), org.seat.token, gone);
    await post('/aiCallComment/addComment', { recordingId: gone, text: '跟进一下' }, org.seat.token);
    const del = await t().call(contract.recording.remove, { id: gone }, { token: org.admin.token });
    expect(del.code, del.msg).toBe(1);
    const detail = await t().call(contract.analysis.detail, { recordId: gone }, { token: org.admin.token });
    expect(detail.status).toBe(404);
    await pipelineIdle(t().ctx); // `recording.deleted` handled by the consumers
    const left = await t().database.db.execute<{ a: number; c: number }>(
      sql`select (select count(*) from call_analysis where recording_id = ${gone})::int as a,
                 (select count(*) from ai_call_comment where recording_id = ${gone})::int as c`,
    );
    expect(left.rows[0]).toEqual({ a: 0, c: 0 });
  });
});
