// Correcting a call's labels (intention, tags, complaint, violations) and the organisation's learned model: the
// `analysis.learn` job, the model's state and its reset; another organisation's corrections never change this one's
// model or answers; no session; validation; another organisation's ids refused.
import { contract } from '@crm/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAi, STRONG_CALL, uploadCall, waitFor } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { pipelineIdle } from '../../test/pipeline';

describe('corrections and the organisation’s model', { timeout: 90_000 }, () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let id: number;
  let otherId: number;
  const c = contract.analysis;

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
    await openAi(t(), other.admin.token);
    id = await uploadCall(t(), org.seat.token, STRONG_CALL);
    otherId = await uploadCall(t(), other.seat.token, STRONG_CALL);
    await waitFor(t(), org.seat.token, id);
    await waitFor(t(), other.seat.token, otherId);
  });

  const state = async (token: string) => (await t().call(c.orgModel, undefined, { token })).data;

  it('the panel names each label’s layer and the model’s corrections; the base model to start with', async () => {
    const { data } = await t().call(c.detail, { recordId: id }, { token: org.seat.token });
    expect(data.orgModelLearnedFrom).toBe(0);
    expect(data.history).toEqual([]);
    const intention = data.machine!.decisions.find((d) => d.key === 'intention');
    expect(intention).toMatchObject({ name: '意向', value: data.machine!.intentionName });
    expect(['规则', '模型', '默认']).toContain(intention!.layerName);
    const violation = data.machine!.decisions.find((d) => d.key.startsWith('violation:'));
    expect(violation).toMatchObject({ layerName: '规则', score: 1, pending: false });
    expect(violation!.evidence[0].segment).toBe(2);
    expect(await state(org.admin.token)).toEqual({ learnedFrom: 0, updatedAt: null, resetAt: null });
  });

  it('correcting complaint and violations: kept apart, the effective result and the list follow', async () => {
    const before = await t().call(c.detail, { recordId: id }, { token: org.seat.token });
    const rules = [...new Set(before.data.machine!.violations.map((v) => v.rule))];
    expect(rules.length).toBeGreaterThan(0);
    const res = await t().call(
      c.update,
      { recordingId: id, complaint: true, violations: [] },
      { token: org.manager.token },
    );
    expect(res.code).toBe(1);
    expect(res.data.correction).toMatchObject({ complaint: true, violations: [] });
    expect(res.data.effective!.potentialComplaint).toBe(true);
    expect(res.data.effective!.violations).toEqual([]);
    expect(res.data.effective!.decisions.find((d) => d.key === 'complaint')).toMatchObject({
      value: '是',
      layerName: '人工修正',
    });
    expect(res.data.effective!.decisions.some((d) => d.key.startsWith('violation:'))).toBe(false);
    expect(res.data.machine!.violations.length).toBeGreaterThan(0);
    const list = await t().call(c.list, { hasViolation: 1 }, { token: org.admin.token });
    expect(list.data.lists.map((r) => r.recordingId)).not.toContain(id);
    // validation: a violation the machine did not find, a complaint that is not yes or no
    const unknown = await t().call(
      c.update,
      { recordingId: id, violations: ['没有这条'] },
      { token: org.manager.token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('该通话没有违规「没有这条」');
    const bad = await t().callRaw(c.update, { recordingId: id, complaint: '是' }, { token: org.manager.token });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('潜在投诉须为是或否');
    // no session; another organisation's call
    expect((await t().call(c.update, { recordingId: id, complaint: false })).code).toBe(10);
    expect((await t().call(c.update, { recordingId: id, complaint: false }, { token: other.admin.token })).status).toBe(
      404,
    );
    // restored: violations as the machine found them
    await t().call(c.update, { recordingId: id, violations: rules }, { token: org.manager.token });
  });

  it('a correction of intention and tags is learned by the organisation’s model, by a job; never another’s', async () => {
    const otherBefore = (await t().call(c.detail, { recordId: otherId }, { token: other.seat.token })).data;
    const res = await t().call(
      c.update,
      { recordingId: id, intention: 3, callTags: [1] },
      { token: org.manager.token },
    );
    expect(res.code).toBe(1);
    await pipelineIdle(t().ctx);
    const learned = await state(org.admin.token);
    // complaint + violations + intention/tags on one call: one corrected call
    expect(learned.learnedFrom).toBe(1);
    expect(learned.updatedAt).not.toBeNull();
    const { data } = await t().call(c.detail, { recordId: id }, { token: org.seat.token });
    expect(data.orgModelLearnedFrom).toBe(1);
    expect(data.effective!.decisions.find((d) => d.key === 'intention')).toMatchObject({
      value: '无意向',
      layerName: '人工修正',
    });
    // the other organisation: its model untouched, its call's answer the same after a re-analysis
    expect(await state(other.admin.token)).toMatchObject({ learnedFrom: 0 });
    await t().call(c.reanalyse, { recordingId: otherId }, { token: other.admin.token });
    const again = await waitFor(t(), other.seat.token, otherId, (d) => d.version === 2 && d.analysisStatus === 3);
    expect(again.data.orgModelLearnedFrom).toBe(0);
    const strip = (v: any) => ({ ...v, figures: undefined, keywords: undefined });
    expect(strip(again.data.machine)).toEqual(strip(otherBefore.machine));
    // a job of A's with B's call (jobsCrossOrg covers every queue): nothing of B's changes
    await t().ctx.jobs.send('analysis.learn', { orgId: org.orgId, recordingId: otherId });
    await pipelineIdle(t().ctx);
    expect(await state(other.admin.token)).toMatchObject({ learnedFrom: 0 });
  });

  it('a later analysis of the organisation’s calls uses its model (re-analysed: the model’s state is read)', async () => {
    await t().call(c.reanalyse, { recordingId: id }, { token: org.admin.token });
    const { data } = await waitFor(t(), org.seat.token, id, (d) => d.version >= 2 && d.analysisStatus === 3);
    expect(data.orgModelLearnedFrom).toBe(1);
    expect(data.effective!.intention).toBe(3); // the correction stays over the re-analysis
  });

  it('orgModel and resetOrgModel: state, reset to the base model; no session; AI settings right', async () => {
    expect((await t().call(c.orgModel, undefined)).code).toBe(10);
    expect((await t().call(c.resetOrgModel, undefined)).code).toBe(10);
    expect((await t().call(c.resetOrgModel, undefined, { token: org.seat.token })).status).toBe(403);
    const reset = await t().call(c.resetOrgModel, undefined, { token: org.admin.token });
    expect(reset.code).toBe(1);
    expect(reset.data.learnedFrom).toBe(0);
    expect(reset.data.resetAt).not.toBeNull();
    // the other organisation's state is not touched by this reset
    expect(await state(other.admin.token)).toMatchObject({ learnedFrom: 0, resetAt: null });
    // corrections made before the reset are not learned again; a new one is
    await t().call(c.update, { recordingId: id, callTags: [1, 3] }, { token: org.manager.token });
    await pipelineIdle(t().ctx);
    expect((await state(org.admin.token)).learnedFrom).toBe(1);
  });

  it('the 待确认 thresholds are AI settings (percent), low not above high', async () => {
    const a = contract.aiSetting;
    const got = await t().call(a.getRiskConfig, undefined, { token: org.admin.token });
    expect(got.data.thresholds).toMatchObject({ confirmLowPercent: 50, confirmHighPercent: 80 });
    const saved = await t().call(
      a.saveRiskConfig,
      { thresholds: { confirmLowPercent: 40, confirmHighPercent: 90 } },
      { token: org.admin.token },
    );
    expect(saved.data.thresholds).toMatchObject({ confirmLowPercent: 40, confirmHighPercent: 90 });
    const bad = await t().call(a.saveRiskConfig, { thresholds: { confirmLowPercent: 95 } }, { token: org.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('待确认下限不能大于待确认上限');
    const range = await t().callRaw(
      a.saveRiskConfig,
      { thresholds: { confirmHighPercent: 101 } },
      { token: org.admin.token },
    );
    expect(range.status).toBe(400);
  });
});
