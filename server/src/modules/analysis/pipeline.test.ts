// The analysis pipeline end to end with jobs running: transcript saved → analysis stored; AI closed; failure; the LLM
// step against a fake OpenAI-compatible server; balance out → paused → top-up → resumed; corrections kept over a
// re-analysis; re-analysis of a date range with progress; AI messages sent once; the lead's risk and AI tags; a failing
// consumer retried alone.
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLead, openAi, POWERED_OFF, panel, STRONG_CALL, uploadCall, waitFor } from '../../test/analysis';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestOrg, useTestApp } from '../../test/harness';
import { seedAnalyses } from './seed';

const LLM_SUMMARY = '李先生有意为孩子报名少儿编程课，已要求发送合同与付款方式，需今天跟进。';
let llmMode: 'ok' | 'bad' = 'ok';
let llmDelayMs = 0;

// a call goes through several queues (each polled every half second) before every consumer of it has run
describe('analysis pipeline', { timeout: 90_000 }, () => {
  const t = useTestApp();
  let llm: FakeServer;
  let org: TestOrg;
  let other: TestOrg;
  const today = formatDateTime(new Date())!.slice(0, 10);

  beforeAll(async () => {
    llm = await fakeServer(async (req) => {
      if (llmDelayMs) await new Promise((r) => setTimeout(r, llmDelayMs));
      const content =
        llmMode === 'bad'
          ? '这不是 JSON'
          : JSON.stringify({
              summary: LLM_SUMMARY,
              intention: { value: 'strong', degree: 92, segment: 5, quote: '那我今天就报名' },
              tags: [],
              complaint: { value: false, score: 0, segment: 0, quote: '' },
              violations: [],
              churnReason: null,
              aiLabels: [{ label: 1, segment: 5, quote: '我今天就报名' }],
              nextStep: { value: '发送合同与付款方式', time: '今天', segment: 5, quote: '你把合同和付款方式发给我吧' },
              fields: [],
            });
      expect(req.url.pathname).toBe('/v1/chat/completions');
      return { json: { id: 'x', choices: [{ index: 0, message: { role: 'assistant', content } }] } };
    });
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
  });
  afterAll(() => llm?.close());

  it('AI not open: a saved transcript leaves the call 未分析', async () => {
    const id = await uploadCall(t(), other.seat.token, STRONG_CALL);
    await new Promise((r) => setTimeout(r, 1500));
    const { data } = await panel(t(), other.seat.token, id);
    expect(data).toMatchObject({ analysisStatus: 0, analysisStatusName: '未分析', effective: null, machine: null });
  });

  it('upload with a transcript → 排队中 → 已完成, with evidence, figures and a violation', async () => {
    const id = await uploadCall(t(), org.seat.token, STRONG_CALL);
    const first = await panel(t(), org.seat.token, id);
    expect([1, 2, 3]).toContain(first.data.analysisStatus);
    const { data, seen } = await waitFor(t(), org.seat.token, id);
    expect(seen.at(-1)).toBe(3);
    expect(data.analysisStatusName).toBe('已完成');
    expect(data.modelName).toBe('内置分析');
    expect(data.machine.conversation).toBe(true);
    expect(data.effective).toEqual(data.machine);
    expect(data.figures.durationMs).toBe(30000);
    const violation = data.machine.violations.find((v: any) => v.text.includes('保证'));
    expect(violation).toMatchObject({ speaker: 'agent', segment: 2, startMs: 10000 });
    expect(data.machine.risk).toBe(true);
    expect(data.version).toBe(1);
    const list = await t().call(contract.analysis.list, { hasViolation: 1 }, { token: org.seat.token });
    const row = list.data.lists.find((r: any) => r.recordingId === id);
    expect(row).toMatchObject({ analysisStatus: 3, riskName: '是', ownerName: '坐席甲' });
    expect(row!.violationCount).toBeGreaterThan(0);
  });

  it('a carrier announcement is no conversation: intention null, call tag 已关机', async () => {
    const id = await uploadCall(t(), org.seat.token, POWERED_OFF);
    const { data } = await waitFor(t(), org.seat.token, id);
    expect(data.machine.conversation).toBe(false);
    expect(data.machine.intention).toBeNull();
    expect(data.machine.callTags.map((c: any) => c.name)).toContain('已关机');
    const list = await t().call(contract.analysis.list, { callTags: [8] }, { token: org.seat.token });
    expect(list.data.lists.map((r: any) => r.recordingId)).toContain(id);
  });

  it('with an LLM configured the summary and labels come from it (分析中 seen on the way to 已完成)', async () => {
    const save = await t().call(
      contract.aiSetting.modelSave,
      { name: '测试模型', baseUrl: `${llm.url}/v1`, model: 'fake-chat', timeoutMs: 10000, active: true },
      { token: org.admin.token },
    );
    expect(save.code).toBe(1);
    llmMode = 'ok';
    llmDelayMs = 4000; // long enough for the recording to show 分析中 from its event, on a loaded machine
    const before = llm.requests.length;
    const id = await uploadCall(t(), org.seat.token, STRONG_CALL);
    const { data, seen } = await waitFor(t(), org.seat.token, id);
    llmDelayMs = 0;
    // 排队中 (1) may be too short to be seen now that a worker polls every half second; 分析中 lasts the LLM's delay
    expect(seen).toContain(2);
    expect(seen.at(-1)).toBe(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(data.machine.summary).toBe(LLM_SUMMARY);
    expect(data.machine.intention).toBe(1);
    expect(data.machine.aiLabels).toEqual([{ value: 1, name: '高意向' }]);
    expect(data.llmError).toBeNull();
    expect(data.modelName).toContain('fake-chat');
    const sent = JSON.parse(llm.requests[before].body);
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.messages[1].content).toContain('保证收益');
  });

  it('a bad LLM answer: the built-in result stands, the error is recorded and managers get ai_model', async () => {
    llmMode = 'bad';
    const id = await uploadCall(t(), org.seat.token, STRONG_CALL);
    const { data } = await waitFor(t(), org.seat.token, id);
    expect(data.analysisStatus).toBe(3);
    expect(data.machine.summary).not.toBe(LLM_SUMMARY);
    expect(data.machine.summary.length).toBeGreaterThan(0);
    expect(data.llmError).toContain('测试模型');
    expect(data.modelName).toBe('内置分析');
    const msgs = await t().call(
      contract.notice.messages,
      { kind: 'ai', msgType: 'ai_model' },
      { token: org.manager.token },
    );
    expect(msgs.data.lists.some((m: any) => m.param.recordingId === id)).toBe(true);
    const models = await t().call(contract.aiSetting.modelList, undefined, { token: org.admin.token });
    const model = models.data.find((m: any) => m.name === '测试模型');
    await t().call(contract.aiSetting.modelUpdate, { id: model!.id, active: false }, { token: org.admin.token });
    llmMode = 'ok';
  });

  it('an exception fails the analysis (失败 with the reason); a re-analysis succeeds', async () => {
    const settings = t().ctx.services.aiSetting;
    const rulesFor = settings.rulesFor.bind(settings);
    settings.rulesFor = async (orgId: number) => {
      if (orgId === org.orgId) throw new Error('规则读取失败');
      return rulesFor(orgId);
    };
    let id: number;
    try {
      id = await uploadCall(t(), org.seat.token, STRONG_CALL);
      const { data } = await waitFor(t(), org.seat.token, id);
      expect(data).toMatchObject({ analysisStatus: 4, analysisStatusName: '失败', error: '规则读取失败' });
    } finally {
      settings.rulesFor = rulesFor;
    }
    const again = await t().call(contract.analysis.reanalyse, { recordingId: id }, { token: org.manager.token });
    expect(again.data.total).toBe(1);
    const { data } = await waitFor(t(), org.seat.token, id, (d) => d.version === 2 && d.analysisStatus === 3);
    expect(data).toMatchObject({ analysisStatus: 3, error: null, version: 2 });
  });

  it('a failing consumer (the messages) is retried alone: the call stays 已完成 and is not analysed again', async () => {
    const notice = t().ctx.services.notice;
    const store = notice.store.bind(notice);
    let calls = 0;
    notice.store = async (...args) => {
      if (calls++ === 0) throw new Error('消息服务不可用');
      return store(...args);
    };
    try {
      const id = await uploadCall(t(), org.seat.token, STRONG_CALL);
      // waits for the pipeline to be idle: the messages' job retried (after its 5 s delay) and succeeded
      const { data } = await waitFor(t(), org.seat.token, id);
      expect(data).toMatchObject({ analysisStatus: 3, error: null, version: 1 });
      expect(calls).toBeGreaterThan(1);
      const msgs = await t().call(contract.notice.messages, { kind: 'ai', pageSize: 100 }, { token: org.seat.token });
      const sent = msgs.data.lists.filter((m: any) => m.param.recordingId === id).map((m: any) => m.content);
      expect(sent.length).toBeGreaterThan(0);
      expect(new Set(sent).size).toBe(sent.length); // each once
    } finally {
      notice.store = store;
    }
  });

  it('out of balance: the analysis pauses (nothing lost) and resumes after a top-up', async () => {
    const costs = t().ctx.services.costCenter;
    const { remaining } = await costs.balance(org.orgId, 'ai_analyze');
    if (remaining > 0) await costs.charge(org.orgId, 'ai_analyze', { units: remaining, refKey: 'test:drain' });
    const id = await uploadCall(t(), org.seat.token, STRONG_CALL);
    const paused = await waitFor(t(), org.seat.token, id, (d) => d.paused && d.analysisStatus === 1);
    expect(paused.data).toMatchObject({
      paused: true,
      analysisStatus: 1,
      pausedReason: 'AI 分析余额不足，充值后将自动继续分析',
      machine: null,
    });
    const list = await t().call(contract.analysis.list, { analysisStatus: [1] }, { token: org.seat.token });
    expect(list.data.lists.find((r: any) => r.recordingId === id)?.paused).toBe(true);
    const op = await t().newOperator();
    const top = await op.call(contract.costCenter.addAiAnalyzePack, {
      organizationId: org.orgId,
      units: 100,
      days: 30,
      priceFen: 0,
      name: '测试充值',
    });
    expect(top.code).toBe(1);
    const { data } = await waitFor(t(), org.seat.token, id);
    expect(data).toMatchObject({ analysisStatus: 3, paused: false, pausedReason: null });
  });

  it('a correction is kept apart, drives the list, and survives a re-analysis', async () => {
    const id = await uploadCall(t(), org.seat.token, STRONG_CALL);
    const machine = (await waitFor(t(), org.seat.token, id)).data.machine;
    const fix = await t().call(
      contract.analysis.update,
      { recordingId: id, intention: 3, callTags: [1], aiLabels: [3], summary: '客户其实没有兴趣' },
      { token: org.manager.token },
    );
    expect(fix.code).toBe(1);
    expect(fix.data.effective).toMatchObject({ intention: 3, intentionName: '无意向', summary: '客户其实没有兴趣' });
    expect(fix.data.effective!.callTags.map((c: any) => c.value)).toEqual([1]);
    expect(fix.data.machine).toEqual(machine);
    expect(fix.data.correction).toMatchObject({ intention: 3, aiLabels: [3], updatedByName: '经理' });
    const byIntention = await t().call(
      contract.analysis.list,
      { intention: [3], aiLabels: [3] },
      { token: org.manager.token },
    );
    expect(byIntention.data.lists.map((r: any) => r.recordingId)).toEqual([id]);
    expect(byIntention.data.lists[0].corrected).toBe(true);

    await t().call(contract.analysis.reanalyse, { ids: [id] }, { token: org.manager.token });
    const { data } = await waitFor(t(), org.seat.token, id, (d) => d.version === 2 && d.analysisStatus === 3);
    expect(data.effective).toMatchObject({ intention: 3, summary: '客户其实没有兴趣' });
    expect(data.correction.intention).toBe(3);

    const clear = await t().call(
      contract.analysis.update,
      { recordingId: id, intention: null, summary: null },
      { token: org.manager.token },
    );
    expect(clear.data.effective!.intention).toBe(clear.data.machine!.intention);
    expect(clear.data.effective!.summary).toBe(clear.data.machine!.summary);
    expect(clear.data.correction).toMatchObject({ intention: null, summary: null, aiLabels: [3] });
  });

  it('re-analysis of a date range: a batch with progress, within the data scope', async () => {
    const res = await t().call(
      contract.analysis.reanalyse,
      { startTime: `${today} 00:00:00`, endTime: `${today} 23:59:59` },
      { token: org.seat.token },
    );
    expect(res.status).toBe(403); // a seat may not correct or re-analyse
    const batch = await t().call(
      contract.analysis.reanalyse,
      { startTime: `${today} 00:00:00`, endTime: `${today} 23:59:59` },
      { token: org.manager.token },
    );
    expect(batch.code).toBe(1);
    expect(batch.data.total).toBeGreaterThanOrEqual(6);
    let p = batch.data;
    const end = Date.now() + 60_000;
    while (p.state !== 2 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 300));
      p = (
        await t().call(
          contract.analysis.reanalyseProgress,
          { batchId: batch.data.batchId },
          { token: org.manager.token },
        )
      ).data;
    }
    expect(p).toMatchObject({ state: 2, stateName: '已完成', total: batch.data.total, failed: 0 });
    expect(p.done).toBe(p.total);
    expect(
      (
        await t().call(
          contract.analysis.reanalyseProgress,
          { batchId: batch.data.batchId },
          { token: other.admin.token },
        )
      ).status,
    ).toBe(404);
  });

  it('AI messages go to the owner once per call and kind, with the call to open', async () => {
    const msgs = await t().call(contract.notice.messages, { kind: 'ai', pageSize: 100 }, { token: org.seat.token });
    expect(msgs.data.total).toBeGreaterThan(0);
    const violation = msgs.data.lists.find((m: any) => m.msgType === 'ai_violation');
    expect(violation!.param).toMatchObject({ recordingId: expect.any(Number) });
    const perCall = new Map<string, number>();
    for (const m of msgs.data.lists) {
      const key = `${m.param.recordingId}:${m.msgType}:${m.content}`;
      perCall.set(key, (perCall.get(key) ?? 0) + 1);
    }
    // every call was analysed at least twice (the range re-analysis): still one message each
    expect([...perCall.values()].every((n) => n === 1)).toBe(true);
    const none = await t().call(contract.notice.messages, { kind: 'ai' }, { token: other.seat.token });
    expect(none.data.total).toBe(0);
  });

  it('the lead of a risky call gets risk 是 and its AI tags; a wrong tag can be hidden', async () => {
    const clueId = await addLead(t(), org.seat.token, '李先生');
    const id = await uploadCall(t(), org.seat.token, STRONG_CALL, { clueId });
    await waitFor(t(), org.seat.token, id);
    const detail = await t().call(contract.clue.detail, { clueId }, { token: org.seat.token });
    expect(detail.data.risk).toBe(1);
    await t().call(contract.analysis.update, { recordingId: id, aiLabels: [1, 2] }, { token: org.manager.token });
    const tags = await t().call(contract.analysis.clueAiTags, { clueId }, { token: org.seat.token });
    expect(tags.data.map((x: any) => x.tagName)).toEqual(['高意向', '有兴趣']);
    expect(tags.data[0]).toMatchObject({ kind: 'label', recordingId: id });
    const removed = await t().call(
      contract.analysis.removeClueAiTag,
      { id: tags.data[1].id },
      { token: org.seat.token },
    );
    expect(removed.data.count).toBe(1);
    const after = await t().call(contract.analysis.clueAiTags, { clueId }, { token: org.seat.token });
    expect(after.data.map((x: any) => x.tagName)).toEqual(['高意向']);
    expect(
      (await t().call(contract.analysis.removeClueAiTag, { id: tags.data[0].id }, { token: other.admin.token })).status,
    ).toBe(404);
  });

  it('the seed analyses the recordings that have transcripts now, without the queue or a charge', async () => {
    const before = await t().call(contract.analysis.list, { analysisStatus: [0] }, { token: other.admin.token });
    expect(before.data.total).toBe(1);
    const n = await seedAnalyses(t().ctx, t().ctx.services.analysis, {
      orgId: other.orgId,
      adminId: other.admin.userId,
      managerId: other.manager.userId,
      seatIds: [other.seat.userId],
      deptIds: [other.deptId],
    });
    expect(n).toBe(1);
    const after = await t().call(contract.analysis.list, {}, { token: other.admin.token });
    expect(after.data.lists[0]).toMatchObject({ analysisStatus: 3, riskName: '是' });
    expect((await t().ctx.services.costCenter.balance(other.orgId, 'ai_analyze')).totalUnits).toBe(0);
  });
});
