// Every call of contract.insight: success, validation (400 with the field named), no session (code 10), another
// organisation's ids (404 / nothing seen). Three calls to one customer drive the briefing, lists, insight and topics.
import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { A, addLead, openAi, R, uploadCall, waitFor } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok, refused } from '../../test/org';
import { FIRST_CALL, SECOND_CALL, THIRD_CALL } from './testCalls';

const B = '/api/backend';
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() + 8 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);
const ago = (hours: number) =>
  new Date(Date.now() + 8 * 3600_000 - hours * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('insight calls', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let clueId: number;
  const calls: number[] = [];

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
    clueId = await addLead(t(), org.seat.token, '张先生');
    // quiet hours off: the reminders of these calls are delivered at once whatever the hour the test runs
    ok(
      await t().call(
        contract.insight.saveReminderSetting,
        {
          signals: ['strongNoFollow', 'churnRose', 'promiseDue', 'calledBack', 'competitor'],
          noFollowHours: 2,
          churnRiseMin: 20,
          remindWho: 1,
          quietEnabled: false,
          quietStart: '21:00',
          quietEnd: '08:00',
        },
        { token: org.admin.token },
      ),
    );
    const lines = [FIRST_CALL, SECOND_CALL, THIRD_CALL];
    for (const [i, l] of lines.entries()) {
      const id = await uploadCall(t(), org.seat.token, l, {
        clueId,
        callTime: ago(72 - i * 24),
        callType: i === 2 ? 2 : 1,
      });
      expect((await waitFor(t(), org.seat.token, id)).data.analysisStatus).toBe(3);
      calls.push(id);
    }
  });

  const post = (base: string, path: string, body: unknown, token?: string) =>
    t().post(`${base}${path}`, body, { token });

  it('getAiCommBriefing: every section cites its calls and sentences; the trends; the three paths', async () => {
    // the job of the last call may still be waiting out its debounce: the stored briefing catches up
    let b = ok(await post(A, '/asr/V1/getAiCommBriefing', { clueId }, org.seat.token));
    for (const end = Date.now() + 20_000; b.callCount < 3 && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 200));
      b = ok(await post(A, '/asr/V1/getAiCommBriefing', { clueId }, org.seat.token));
    }
    expect(b).toMatchObject({ clueId, callCount: 3, source: 'extractive', llmError: null });
    const cited = new Set(
      ['needs', 'budget', 'decisionMakers', 'objections', 'promises', 'competitors', 'nextSteps'].flatMap((k) =>
        b[k].flatMap((p: any) => p.cites.map((c: any) => c.recordingId)),
      ),
    );
    expect([...cited].sort()).toEqual([...calls].sort());
    expect(b.needs[0]).toMatchObject({ text: '给孩子报个编程课' });
    expect(b.needs[0].cites[0]).toMatchObject({
      recordingId: calls[0],
      segment: 1,
      startMs: 5000,
      speaker: 'customer',
    });
    expect(b.budget[0].text).toContain('五千');
    expect(b.decisionMakers[0].text).toBe('老婆（2 次）');
    expect(b.objections.map((o: any) => o.text)).toEqual(expect.arrayContaining(['价格太高', '担心效果']));
    expect(b.objections.find((o: any) => o.text === '价格太高').answer).toContain('小班教学');
    expect(b.competitors[0]).toMatchObject({ text: '编程猫' });
    expect(b.promises.map((p: any) => p.side)).toEqual(expect.arrayContaining(['agent', 'customer']));
    expect(b.nextSteps[0].cites[0].recordingId).toBe(calls[2]);
    expect(b.intention.trend.map((p: any) => p.recordingId)).toEqual(calls);
    expect(b.intention.latest).toBe(1);
    expect(b.summary).toContain('共 3 通已分析通话');
    for (const [base, path] of [
      [A, '/clue/aiClue/getAiCommBriefing'],
      [A, '/api/clue/getAiCommBriefing'],
    ])
      expect(ok(await post(base, path, { clueId }, org.seat.token)).needs).toEqual(b.needs);
    refused(await post(A, '/asr/V1/getAiCommBriefing', { clueId: 'x' }, org.seat.token), 400, '客户');
    refused(await post(A, '/asr/V1/getAiCommBriefing', { clueId }), 401);
    refused(await post(A, '/asr/V1/getAiCommBriefing', { clueId }, other.admin.token), 404, '客户不存在');
    // a seat of another department does not see the customer
    refused(await post(A, '/asr/V1/getAiCommBriefing', { clueId }, org.otherSeat.token), 404);
  });

  it('the briefing is rebuilt by its job after each analysed call, and on demand', async () => {
    const db = t().ctx.db;
    const end = Date.now() + 20_000;
    let row: any;
    while (Date.now() < end) {
      [row] = (
        await db.execute(
          sql`select call_count, intention, top_score from customer_briefing where clue_id = ${clueId} and organization_id = ${org.orgId}`,
        )
      ).rows;
      if (row && Number(row.call_count) === 3) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(Number(row.call_count)).toBe(3);
    expect(Number(row.intention)).toBe(1);
    const again = ok(await post(R, '/clue/aiClue/refreshBriefing', { clueId }, org.seat.token));
    expect(again.callCount).toBe(3);
    refused(await post(R, '/clue/aiClue/refreshBriefing', { clueId }, other.admin.token), 404);
    refused(await post(R, '/clue/aiClue/refreshBriefing', {}, org.seat.token), 400, '客户');
  });

  it('label scores, risks, customer info and the AI sales detail', async () => {
    const scores = ok(await post(A, '/asr/V1/getClueLabelScore', { clueId }, org.seat.token));
    expect(scores.map((s: any) => s.labelName)).toEqual(['高意向', '有兴趣', '明确拒绝', '潜在投诉风险', '其他']);
    expect(scores[0].score).toBeGreaterThan(0);
    const risks = ok(await post(A, '/asr/V1/getRiskListByClueId', { clueId }, org.seat.token));
    expect(Array.isArray(risks)).toBe(true);
    const info = ok(await post(A, '/asr/V1/getCustomerInfoByClueIdNew', { clueId }, org.seat.token));
    expect(info).toMatchObject({ clueId, name: '张先生', callCount: 3, intention: 1, intentionName: '强意向' });
    expect(ok(await post(A, '/api/clue/getCustomerInfoByClueIdNew', { clueId }, org.seat.token)).clueId).toBe(clueId);
    expect(ok(await post(A, '/api/clue/getRiskListByClueId', { clueId }, org.seat.token))).toEqual(risks);
    const sale = ok(await t().call(contract.insight.aiSaleDetail, { clueId }, { token: org.seat.token }));
    expect(sale.advice.join()).toContain('意向强');
    expect(sale.advice.join()).toContain('编程猫');
    for (const path of [
      '/asr/V1/getClueLabelScore',
      '/asr/V1/getRiskListByClueId',
      '/asr/V1/getCustomerInfoByClueIdNew',
    ]) {
      refused(await post(A, path, { clueId }, other.admin.token), 404);
      refused(await post(A, path, { clueId: 0 }, org.seat.token), 400);
      refused(await post(A, path, { clueId }), 401);
    }
    refused(await t().call(contract.insight.aiSaleDetail, { clueId }, { token: other.admin.token }), 404);
  });

  it('AI customer lists: ranked, filtered like the lead list, scoped', async () => {
    const other2 = await addLead(t(), org.seat.token, '李女士'); // no calls: not an AI customer
    for (const path of ['/clue/aiClue/pagelist', '/clue/aiSale/pagelist']) {
      const page = ok(await post(R, path, { aiSort: 'intention' }, org.seat.token));
      expect(page.lists.map((r: any) => r.clueId)).toEqual([clueId]);
      expect(page.lists[0]).toMatchObject({ ownerName: '坐席甲', stageName: '待跟进', intentionName: '强意向' });
      expect(page.lists[0].summary).toContain('共 3 通');
      expect(ok(await post(R, path, { intention: [3] }, org.seat.token)).total).toBe(0);
      expect(ok(await post(R, path, { keyword: '张先生', churnRiskMin: 0 }, org.admin.token)).total).toBe(1);
      expect(ok(await post(R, path, { stages: [2] }, org.admin.token)).total).toBe(0);
      expect(ok(await post(R, path, {}, other.admin.token)).total).toBe(0);
      expect(ok(await post(R, path, {}, org.otherSeat.token)).total).toBe(0);
      refused(await post(R, path, { aiSort: 'name' }, org.seat.token), 400, '排序');
      refused(await post(R, path, {}), 401);
    }
    const byScore = ok(await post(A, '/asr/V1/labelScorePage', { label: 1, labelScoreMin: 1 }, org.seat.token));
    expect(byScore.lists.map((r: any) => r.clueId)).toEqual([clueId]);
    refused(await post(A, '/asr/V1/labelScorePage', { labelScoreMin: 101 }, org.seat.token), 400, '标签分不能大于 100');
    expect(other2).toBeGreaterThan(0);
  });

  it('写跟进: a draft from the call, saved as a follow-up of its customer', async () => {
    const draft = ok(await post(B, '/aiRemark/generate', { recordingId: calls[0] }, org.seat.token));
    expect(draft).toMatchObject({ recordingId: calls[0], clueId, source: 'extractive' });
    expect(draft.content).toContain('需求：给孩子报个编程课');
    expect(draft.content).toContain('竞品：编程猫');
    expect(draft.nextFollowTime).toMatch(/^\d{4}-\d{2}-\d{2} 10:00:00$/);
    const saved = ok(
      await post(B, '/aiRemark/save', { recordingId: calls[0], content: `${draft.content}\n已加微信` }, org.seat.token),
    );
    const list = ok(await post(R, '/interactive/getCustomerInteractionAllList', { clueId }, org.seat.token));
    expect(JSON.stringify(list)).toContain('已加微信');
    expect(saved.id).toBeGreaterThan(0);
    refused(
      await post(B, '/aiRemark/save', { recordingId: calls[0], content: ' ' }, org.seat.token),
      400,
      '请输入跟进内容',
    );
    refused(await post(B, '/aiRemark/generate', { recordingId: calls[0] }, other.admin.token), 404);
    refused(await post(B, '/aiRemark/save', { recordingId: calls[0], content: 'x' }, other.admin.token), 404);
    refused(await post(B, '/aiRemark/generate', { recordingId: calls[0] }), 401);
  });

  it('getInsights: counts, top needs, objections, competitors and questions with trends and examples', async () => {
    const body = { startDate: daysAgo(6), endDate: today() };
    const ins = ok(await post(R, '/clue/aiClue/getInsights', body, org.admin.token));
    expect(ins.days).toHaveLength(7);
    expect(ins).toMatchObject({ calls: 3, customers: 1, strongIntention: 2 });
    expect(ins.callsPerDay.reduce((a: number, b: number) => a + b, 0)).toBe(3);
    expect(ins.needs[0]).toMatchObject({ label: '给孩子报个编程课', count: 1 });
    expect(ins.competitors[0].label).toBe('编程猫');
    expect(ins.objections.map((o: any) => o.label)).toEqual(expect.arrayContaining(['价格太高', '担心效果']));
    expect(ins.questions.length).toBeGreaterThan(0);
    const price = ins.objections.find((o: any) => o.label === '价格太高');
    expect(price.trend.reduce((a: number, b: number) => a + b, 0)).toBe(price.count);
    expect(price.examples[0]).toMatchObject({ recordingId: calls[0], sentence: '价格有点贵' });
    expect(ok(await post(R, '/clue/aiClue/getInsights', { ...body, stage: 9 }, org.admin.token)).calls).toBe(0);
    // the stage filter reads the rows themselves: the same figures as the daily counts for the customer's stage
    const staged = ok(await post(R, '/clue/aiClue/getInsights', { ...body, stage: 1 }, org.admin.token));
    expect(staged).toMatchObject({
      calls: ins.calls,
      strongIntention: ins.strongIntention,
      callsPerDay: ins.callsPerDay,
    });
    expect(staged.objections).toEqual(ins.objections);
    // a department of the seat: its calls; another department: none
    expect(ok(await post(R, '/clue/aiClue/getInsights', { ...body, deptId: org.deptId }, org.admin.token)).calls).toBe(
      3,
    );
    // re-analysis keeps the daily counts in step
    await t().ctx.services.analysis.analyseNow(org.orgId, calls[0]);
    expect(ok(await post(R, '/clue/aiClue/getInsights', body, org.admin.token)).objections).toEqual(ins.objections);
    expect(
      ok(await post(R, '/clue/aiClue/getInsights', { ...body, deptId: org.otherDeptId }, org.admin.token)).calls,
    ).toBe(0);
    expect(ok(await post(R, '/clue/aiClue/getInsights', body, org.otherSeat.token)).calls).toBe(0);
    expect(ok(await post(R, '/clue/aiClue/getInsights', body, other.admin.token)).calls).toBe(0);
    refused(
      await post(R, '/clue/aiClue/getInsights', { startDate: today(), endDate: daysAgo(3) }, org.admin.token),
      400,
      '开始日期不能晚于结束日期',
    );
    refused(
      await post(R, '/clue/aiClue/getInsights', { startDate: '2026/1/1', endDate: today() }, org.admin.token),
      400,
      'YYYY-MM-DD',
    );
    refused(await post(R, '/clue/aiClue/getInsights', body), 401);
  });

  it('topics: save, list, trend, calls; names unique; another organisation’s topic is not found', async () => {
    const { id } = ok(
      await post(
        B,
        '/topic/save',
        { name: '价格敏感', words: ['贵', '便宜'], examples: ['价格有点贵'] },
        org.admin.token,
      ),
    );
    refused(
      await post(B, '/topic/save', { name: '价格敏感', words: ['优惠'] }, org.admin.token),
      400,
      '话题名称已存在',
    );
    refused(await post(B, '/topic/save', { name: '空的', words: [] }, org.admin.token), 400, '请至少输入一个关键词');
    refused(await post(B, '/topic/save', { name: '坐席', words: ['x'] }, org.seat.token), 403);
    expect(ok(await post(B, '/topic/list', {}, org.seat.token)).map((x: any) => x.name)).toEqual(['价格敏感']);
    const range = { id, startDate: daysAgo(6), endDate: today() };
    const trend = ok(await post(B, '/topic/trend', range, org.seat.token));
    expect(trend.calls).toBe(1);
    expect(trend.counts).toHaveLength(7);
    const hits = ok(await post(B, '/topic/hitPage', range, org.seat.token));
    expect(hits.lists[0]).toMatchObject({
      recordingId: calls[0],
      clueName: '张先生',
      sentence: '价格有点贵，编程猫那边更便宜。',
    });
    expect(hits.lists[0].words).toEqual(['贵', '便宜']);
    ok(await post(B, '/topic/save', { id, name: '价格敏感', words: ['贵', '便宜', '效果'] }, org.admin.token));
    expect(ok(await post(B, '/topic/trend', range, org.seat.token)).calls).toBe(2);
    refused(await post(B, '/topic/trend', range, other.admin.token), 404, '话题不存在');
    refused(await post(B, '/topic/delete', { id }, other.admin.token), 404);
    refused(await post(B, '/topic/save', { id, name: '改名', words: ['x'] }, other.admin.token), 404);
    refused(await post(B, '/topic/hitPage', range), 401);
    ok(await post(B, '/topic/delete', { id }, org.admin.token));
    expect(ok(await post(B, '/topic/list', {}, org.admin.token))).toEqual([]);
  });

  it('reminders: raised once per signal and customer, listed, pushed as clue reminders, done or ignored', async () => {
    const list = async (token = org.seat.token, body: object = {}) =>
      ok(await post(R, '/clue/airecommend/pagelist', body, token));
    const mine = await list();
    const signals = mine.lists.map((r: any) => r.signal).sort();
    // competitor (call 1), customer called (call 3), promise due today (call 3 was "today" three days ago: not due)
    expect(signals).toEqual(expect.arrayContaining(['calledBack', 'competitor']));
    const competitor = mine.lists.find((r: any) => r.signal === 'competitor');
    expect(competitor).toMatchObject({
      clueId,
      clueName: '张先生',
      signalName: '提及竞品',
      status: 0,
      recordingId: calls[0],
    });
    // the popup: a message carrying the customer
    const msgs = ok(await post(B, '/appNotice/list', { kind: 'ai' }, org.seat.token));
    expect(JSON.stringify(msgs)).toContain('"clueId":');
    // the sweep raises "strong intention not followed up" (call 3, > 2 h ago, no follow-up after it... written above
    // at the 写跟进 step, after the call: so it is followed up) once, however often it runs
    const svc = t().ctx.services.insight.reminders;
    await svc.sweep();
    await svc.sweep();
    const again = await list();
    expect(again.total).toBe(mine.total);
    // re-running the same call's signals raises nothing twice
    const before = again.total;
    await t().ctx.services.analysis.analyseNow(org.orgId, calls[0]);
    expect((await list()).total).toBe(before);

    ok(await post(R, '/clue/airecommend/handle', { ids: [competitor.id], status: 1 }, org.seat.token));
    expect((await list(org.seat.token, { status: 1 })).lists.map((r: any) => r.id)).toEqual([competitor.id]);
    expect((await list()).todo).toBe(mine.todo - 1);
    expect(
      ok(await post(R, '/clue/airecommend/handle', { ids: [competitor.id], status: 2 }, other.admin.token)).count,
    ).toBe(0);
    refused(await post(R, '/clue/airecommend/handle', { ids: [], status: 1 }, org.seat.token), 400, '请选择提醒');
    refused(
      await post(R, '/clue/airecommend/handle', { ids: [competitor.id], status: 3 }, org.seat.token),
      400,
      '处理结果',
    );
    refused(await post(R, '/clue/airecommend/pagelist', {}), 401);
    expect((await list(other.admin.token)).total).toBe(0);
  });

  it('reminders wait out the quiet hours and never concern a customer the user no longer sees', async () => {
    const svc = t().ctx.services.insight.reminders;
    const lead = await addLead(t(), org.seat.token, '周女士');
    const setting = ok(await post(R, '/clue/airecommend/getSetting', {}, org.seat.token));
    const night = new Date('2026-11-25T15:00:00Z'); // 23:00 in Shanghai
    const quiet = { ...setting, quietEnabled: true, quietStart: '21:00', quietEnd: '08:00' };
    const raise = (key: string, at: Date) =>
      svc.raise(
        { orgId: org.orgId, clueId: lead, ownerId: org.seat.userId, signal: 'calledBack', key, content: '客户来电' },
        quiet,
        at,
      );
    expect(await raise('night', night)).toBe(1);
    const [row] = (
      await t().ctx.db.execute(sql`select remind_at, delivered_at from business_reminder where clue_id = ${lead}`)
    ).rows as any[];
    expect(new Date(row.remind_at).toISOString()).toBe('2026-11-26T00:00:00.000Z'); // 08:00 in Shanghai
    expect(row.delivered_at).toBeNull();
    const listed = async () =>
      ok(await post(R, '/clue/airecommend/pagelist', {}, org.seat.token)).lists.filter((r: any) => r.clueId === lead);
    expect(await listed()).toEqual([]);
    expect(await raise('night', night)).toBe(0); // once per key
    // the customer goes to the other department's seat: the deferred reminder is dropped when due, not delivered
    ok(
      await post(
        R,
        '/organizationClue/changeFollowUser',
        { clueIds: [lead], ownerId: org.otherSeat.userId },
        org.admin.token,
      ),
    );
    await svc.deliverDue(org.orgId, new Date('2026-11-26T00:01:00Z'));
    expect(await listed()).toEqual([]);
    expect((await t().ctx.db.execute(sql`select 1 from business_reminder where clue_id = ${lead}`)).rows).toHaveLength(
      0,
    );
    // and nothing new is raised about it for the seat
    expect(await raise('later', new Date('2026-11-26T02:00:00Z'))).toBe(0);
  });

  it('reminders: strong intention not followed up (the sweep), a promise due today; followed up, nothing more', async () => {
    const svc = t().ctx.services.insight.reminders;
    const lead = await addLead(t(), org.seat.token, '吴先生');
    const at = ago(3);
    const id = await uploadCall(t(), org.seat.token, THIRD_CALL, { clueId: lead, callTime: at });
    expect((await waitFor(t(), org.seat.token, id)).data.analysisStatus).toBe(3);
    const signals = async () =>
      ok(await post(R, '/clue/airecommend/pagelist', { pageSize: 100 }, org.seat.token))
        .lists.filter((r: any) => r.clueId === lead)
        .map((r: any) => r.signal)
        .sort();
    // the customer's promise (我今天就报名) is due on the call's day
    const promised = at.slice(0, 10) === today() ? ['promiseDue'] : [];
    expect(await signals()).toEqual(promised);
    await svc.sweep();
    await svc.sweep();
    expect(await signals()).toEqual([...promised, 'strongNoFollow'].sort());
    // a customer followed up after the call is not reminded again
    const other = await addLead(t(), org.seat.token, '郑女士');
    const id2 = await uploadCall(t(), org.seat.token, THIRD_CALL, { clueId: other, callTime: ago(3) });
    expect((await waitFor(t(), org.seat.token, id2)).data.analysisStatus).toBe(3);
    ok(await post(R, '/interactive/addFollowRecord', { clueId: other, content: '已回电确认报名' }, org.seat.token));
    await svc.sweep();
    const list = ok(
      await post(R, '/clue/airecommend/pagelist', { signal: 'strongNoFollow', pageSize: 100 }, org.seat.token),
    );
    expect(list.lists.some((r: any) => r.clueId === other)).toBe(false);
  });

  it('reminder settings: read, saved, validated, admin only', async () => {
    const s = ok(await post(R, '/clue/airecommend/getSetting', {}, org.seat.token));
    expect(s).toMatchObject({ noFollowHours: 2, remindWho: 1 });
    const saved = ok(
      await post(R, '/clue/airecommend/saveSetting', { ...s, signals: ['competitor'], remindWho: 2 }, org.admin.token),
    );
    expect(saved.signals).toEqual(['competitor']);
    refused(
      await post(R, '/clue/airecommend/saveSetting', { ...s, quietStart: '25:00' }, org.admin.token),
      400,
      'HH:mm',
    );
    refused(
      await post(R, '/clue/airecommend/saveSetting', { ...s, noFollowHours: 0 }, org.admin.token),
      400,
      '未跟进时长不能小于 1',
    );
    refused(await post(R, '/clue/airecommend/saveSetting', s, org.seat.token), 403);
    refused(await post(R, '/clue/airecommend/getSetting', {}), 401);
    expect(ok(await post(R, '/clue/airecommend/getSetting', {}, other.admin.token)).signals).toHaveLength(5);
  });
  it('a call bound to the customer after its analysis joins the briefing; unbound, it leaves', async () => {
    const extra = await uploadCall(t(), org.seat.token, SECOND_CALL);
    expect((await waitFor(t(), org.seat.token, extra)).data.analysisStatus).toBe(3);
    const bind = (id: number | null) =>
      t()
        .call(contract.recording.bindClue, { ids: [extra], clueId: id }, { token: org.seat.token })
        .then(ok);
    await bind(clueId);
    const b = ok(await post(A, '/asr/V1/getAiCommBriefing', { clueId }, org.seat.token));
    expect(b.callCount).toBe(4);
    expect(b.intention.trend.map((p: any) => p.recordingId)).toContain(extra);
    await bind(null);
    expect(ok(await post(A, '/asr/V1/getAiCommBriefing', { clueId }, org.seat.token)).callCount).toBe(3);
  });
});
