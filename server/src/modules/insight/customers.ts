import { AiLabel, CustomerStage, formatDateTime, IntentionLabel } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { Briefing } from '@crm/core/contract/insight';
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { offsetOf, page } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { aiSettingOf, machineResults, riskyRecordingIds } from '../analysis';
import { accessOf, type ClueRow, findClue, leadOfOrg } from '../clue';
import { maskPhone } from '../clueField';
import { orgUsersByIds } from '../org';
import { recordingLeads } from '../recording';
import { emptyBriefing, labelScores, loadMaterial } from './briefing';
import { briefingWith } from './llmBriefing';
import { customerBriefing, insightCall } from './schema';

type Calls = typeof contract.insight;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Row = Answer<'aiCluePage'>['lists'][number];
type BriefingRow = typeof customerBriefing.$inferSelect;

const intentionName = (v: number | null) => (v ? (IntentionLabel[v as keyof typeof IntentionLabel] ?? null) : null);

/**
 * A customer's AI side: the briefing (built and stored by the `insight.briefing` job after each analysed call, or
 * here when asked before it ran), label scores, risks, the AI customer lists ranked by intention, churn risk, label
 * score and stage with the lead list's filters.
 */
export class InsightCustomers {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * Builds a customer's briefing from all of its calls and stores it with the AI profile the lists rank by. A lead the
   * organisation does not have (a job given another organisation's id) gets nothing stored.
   */
  async rebuild(orgId: number, clueId: number): Promise<Briefing> {
    if (!(await leadOfOrg(this.db, orgId, clueId))) return emptyBriefing(clueId);
    const material = await loadMaterial(this.db, orgId, clueId);
    const llm = material.calls.length ? ((await aiSettingOf(this.ctx)?.llmFor(orgId)) ?? null) : null;
    const b = await briefingWith(llm, material);
    const scores = labelScores(material.calls);
    const profile = {
      content: b,
      intention: b.intention.latest,
      churnRisk: b.churn.latest,
      labelScores: Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, v.score])),
      topScore: scores['1'].score,
      callCount: b.callCount,
      lastCallAt: material.calls.at(-1)?.callAt ?? null,
      builtAt: new Date(),
    };
    await this.db
      .insert(customerBriefing)
      .values({ organizationId: orgId, clueId, ...profile })
      .onConflictDoUpdate({ target: [customerBriefing.organizationId, customerBriefing.clueId], set: profile });
    return b;
  }

  /**
   * Calls bound to the customer (or unbound from it) after their analysis: their insight rows follow the recording's
   * binding. True when any moved (the briefing is then rebuilt).
   */
  private async syncBinding(orgId: number, clueId: number): Promise<boolean> {
    const moved = await this.db.execute<{ recording_id: number; clue_id: number | null }>(sql`
      update insight_call ic set clue_id = r.clue_id from (${recordingLeads(orgId)}) r
      where ic.organization_id = ${orgId} and r.id = ic.recording_id
        and (r.clue_id = ${clueId} or ic.clue_id = ${clueId}) and ic.clue_id is distinct from r.clue_id
      returning ic.recording_id, ic.clue_id`);
    for (const m of moved.rows)
      await this.db.execute(sql`
        update insight_mention set clue_id = ${m.clue_id}
        where organization_id = ${orgId} and recording_id = ${m.recording_id}`);
    return moved.rows.length > 0;
  }

  async briefing(s: Session, clueId: number): Promise<Briefing> {
    await findClue(this.db, s, clueId);
    if (await this.syncBinding(s.orgId, clueId)) return this.rebuild(s.orgId, clueId);
    const [row] = await this.db
      .select({ content: customerBriefing.content })
      .from(customerBriefing)
      .where(and(eq(customerBriefing.organizationId, s.orgId), eq(customerBriefing.clueId, clueId)));
    if (row) return row.content;
    const [calls] = await this.db
      .select({ n: count() })
      .from(insightCall)
      .where(and(eq(insightCall.organizationId, s.orgId), eq(insightCall.clueId, clueId)));
    return calls.n ? this.rebuild(s.orgId, clueId) : emptyBriefing(clueId);
  }

  async refresh(s: Session, clueId: number): Promise<Briefing> {
    await findClue(this.db, s, clueId);
    await this.syncBinding(s.orgId, clueId);
    return this.rebuild(s.orgId, clueId);
  }

  async labelScore(s: Session, clueId: number): Promise<Answer<'labelScore'>> {
    await findClue(this.db, s, clueId);
    const material = await loadMaterial(this.db, s.orgId, clueId);
    return Object.entries(labelScores(material.calls)).map(([k, v]) => ({
      label: Number(k),
      labelName: AiLabel[Number(k) as keyof typeof AiLabel],
      score: v.score,
      calls: v.calls,
    }));
  }

  /** The customer's calls with a risk (churn over the threshold, a potential complaint, a violation), newest first. */
  async risks(s: Session, clueId: number): Promise<Answer<'riskList'>> {
    await findClue(this.db, s, clueId);
    const calls = await this.db
      .select()
      .from(insightCall)
      .where(
        and(
          eq(insightCall.organizationId, s.orgId),
          eq(insightCall.clueId, clueId),
          sql`${insightCall.recordingId} in (${riskyRecordingIds(s.orgId)})`,
        ),
      )
      .orderBy(desc(insightCall.callAt))
      .limit(100);
    const machines = await machineResults(
      this.db,
      s.orgId,
      calls.map((ic) => ic.recordingId),
    );
    return calls.map((ic) => {
      const machine = machines.get(ic.recordingId);
      const reasons: string[] = [];
      const evidence = [...(machine?.churnEvidence ?? [])];
      if (ic.churnRisk !== null && machine?.churnEvidence.length) reasons.push(`流失风险 ${ic.churnRisk}`);
      if (machine?.potentialComplaint) reasons.push('潜在投诉');
      for (const v of machine?.violations ?? []) {
        reasons.push(`违规：${v.rule}`);
        evidence.push({ segment: v.segment, startMs: v.startMs, endMs: v.startMs, speaker: v.speaker, text: v.text });
      }
      return {
        recordingId: ic.recordingId,
        callTime: formatDateTime(ic.callAt),
        churnRisk: ic.churnRisk,
        reasons: [...new Set(reasons)],
        evidence: evidence.slice(0, 5).map((e) => ({
          recordingId: ic.recordingId,
          callTime: formatDateTime(ic.callAt),
          segment: e.segment,
          startMs: e.startMs,
          speaker: e.speaker,
          sentence: e.text,
        })),
      };
    });
  }

  async customerInfo(s: Session, clueId: number): Promise<Answer<'customerInfo'>> {
    const c = await findClue(this.db, s, clueId);
    const [b] = await this.db
      .select()
      .from(customerBriefing)
      .where(and(eq(customerBriefing.organizationId, s.orgId), eq(customerBriefing.clueId, clueId)));
    const [row] = await this.rows(s, [{ c, b: b ?? null }]);
    return row;
  }

  async aiSaleDetail(s: Session, clueId: number): Promise<Answer<'aiSaleDetail'>> {
    const b = await this.briefing(s, clueId);
    const advice: string[] = [];
    if (b.intention.latest === 1) advice.push('客户意向强，尽快跟进并推动签约');
    if (b.intention.direction === 'down') advice.push('意向在下降，复盘最近一次通话中的异议');
    if (b.churn.latest !== null && b.churn.latest >= 60) advice.push(`流失风险 ${b.churn.latest}，优先安抚并确认顾虑`);
    for (const o of b.objections.slice(0, 2)) advice.push(`准备「${o.text.replace(/（\d+ 次）$/, '')}」的应对`);
    if (b.competitors.length) advice.push(`客户在对比竞品（${b.competitors.map((p) => p.text).join('、')}），突出差异`);
    const ownDue = b.promises.filter((p) => p.side === 'agent' && p.dueOn);
    if (ownDue.length) advice.push(`兑现我方承诺：${ownDue[0].text}`);
    return { advice, nextSteps: b.nextSteps, promises: b.promises };
  }

  // ---------- the AI customer lists ----------

  async page(s: Session, f: Body<'aiCluePage'>, defaultSort: NonNullable<Body<'aiCluePage'>['aiSort']>) {
    const lead = await this.ctx.services.clue.lists.matching(s, f);
    const where = and(
      f.intention?.length ? inArray(customerBriefing.intention, f.intention) : undefined,
      f.churnRiskMin !== undefined ? gte(customerBriefing.churnRisk, f.churnRiskMin) : undefined,
      f.labelScoreMin !== undefined ? sql`(${labelScoreOf(f.label ?? 1)}) >= ${f.labelScoreMin}` : undefined,
    );
    const join = and(eq(customerBriefing.organizationId, lead.organizationId), eq(customerBriefing.clueId, lead.id));
    const rows = await this.db
      .select({ c: lead._.selectedFields, b: customerBriefing })
      .from(lead)
      .innerJoin(customerBriefing, join)
      .where(where)
      .orderBy(...orderOf(f.aiSort ?? defaultSort, f.label ?? 1, lead))
      .limit(f.pageSize)
      .offset(offsetOf(f));
    const [total] = await this.db.select({ n: count() }).from(lead).innerJoin(customerBriefing, join).where(where);
    return page(await this.rows(s, rows), total.n, f);
  }

  private async rows(s: Session, list: { c: ClueRow; b: BriefingRow | null }[]): Promise<Row[]> {
    const owners = await orgUsersByIds(
      this.db,
      s.orgId,
      list.map((r) => r.c.ownerId).filter((x): x is number => !!x),
    );
    const phone = (await accessOf(this.ctx.services.clueField, s)).get('phone');
    return list.map(({ c, b }) => {
      const content = b?.content ?? null;
      const scores = b?.labelScores ?? {};
      return {
        clueId: c.id,
        name: c.name,
        company: c.company,
        phone: phone?.access === 0 ? '' : phone?.masked ? maskPhone(c.phone) : c.phone,
        ownerId: c.ownerId,
        ownerName: c.ownerId ? (owners.get(c.ownerId)?.realName ?? null) : null,
        stage: c.stage,
        stageName: CustomerStage[c.stage as keyof typeof CustomerStage] ?? '',
        callCount: b?.callCount ?? 0,
        lastCallTime: formatDateTime(b?.lastCallAt ?? null),
        intention: b?.intention ?? null,
        intentionName: intentionName(b?.intention ?? null),
        intentionDegree: content?.intention.degree ?? null,
        churnRisk: b?.churnRisk ?? null,
        churnDirection: content?.churn.direction ?? 'none',
        labelScores: [1, 2, 3, 4, 5].map((l) => ({
          label: l,
          labelName: AiLabel[l as keyof typeof AiLabel],
          score: scores[String(l)] ?? 0,
          calls: 0,
        })),
        topScore: b?.topScore ?? 0,
        summary: content?.summary ?? '',
        nextStep: content?.nextSteps[0]?.text ?? null,
        lastFollowTime: formatDateTime(c.lastFollowTime),
      };
    });
  }
}

const labelScoreOf = (label: number) => sql`coalesce((${customerBriefing.labelScores}->>${String(label)})::int, 0)`;

type Leads = Awaited<ReturnType<AppContext['services']['clue']['lists']['matching']>>;

function orderOf(sort: NonNullable<Body<'aiCluePage'>['aiSort']>, label: number, lead: Leads): SQL[] {
  const tie = [desc(customerBriefing.lastCallAt), desc(lead.id)];
  switch (sort) {
    case 'intention':
      return [sql`${customerBriefing.intention} asc nulls last`, sql`${labelScoreOf(1)} desc`, ...tie];
    case 'churnRisk':
      return [sql`${customerBriefing.churnRisk} desc nulls last`, ...tie];
    case 'labelScore':
      return [sql`${labelScoreOf(label)} desc`, ...tie];
    case 'stage':
      return [asc(lead.stage), ...tie];
    default:
      return tie;
  }
}
