import { formatDateTime, type Transcript } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { SopHowLabel, type SopHowName } from '@crm/core/contract/sop';
import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { dataScope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { AnalysedEvent } from '../analysis';
import { aiSettingOf } from '../analysis';
import { findRecording } from '../recording';
import { sopCallResult, sopCallResultHistory } from './schema';
import { matchSop } from './sop';
import type { SopResult } from './sop/types';
import { askSopQuestions, withLlmAnswers } from './sopLlm';
import type { ApplicableSop, SopRules } from './sopRules';
import { sopRuleNames } from './sopService';

/**
 * Each analysed call's coverage of the SOP rules that apply to it (sop_call_result), and what the quality screens
 * read of it. A re-analysis moves the call's earlier rows to sop_call_result_history before writing the new ones,
 * so results of rules since changed, disabled or deleted are not lost.
 */

type Calls = typeof contract.sop;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

const SPEAKER_NAME = { agent: '销售', customer: '客户' } as const;

export function sopRecorder(ctx: AppContext, rules: SopRules) {
  return async ({ orgId, recording, analysedAt }: AnalysedEvent): Promise<void> => {
    // checked since this analysis was stored: a run again of the same job (its worker died before completing it)
    const [checked] = await ctx.db
      .select({ id: sopCallResult.id })
      .from(sopCallResult)
      .where(
        and(
          eq(sopCallResult.organizationId, orgId),
          eq(sopCallResult.recordingId, recording.id),
          gte(sopCallResult.checkedAt, analysedAt),
        ),
      )
      .limit(1);
    if (checked) return;
    const [applicable, transcript] = await Promise.all([
      rules.applicable(orgId, recording.ownerUserId, recording.clueId),
      ctx.services.asr.getTranscript(orgId, recording.id),
    ]);
    const checkedAt = new Date();
    const results = transcript ? await coverage(ctx, orgId, transcript, applicable) : [];
    const rows = transcript
      ? applicable.map((rule, k) => {
          const result = results[k];
          const hitCount = result.items.filter((i) => i.hit).length;
          return {
            organizationId: orgId,
            recordingId: recording.id,
            ruleId: rule.id,
            ruleName: rule.name,
            result,
            coverage: result.coverage,
            hitCount,
            missedCount: result.items.length - hitCount,
            ownerUserId: recording.ownerUserId,
            callTime: recording.callTime ?? recording.createdAt,
            checkedAt,
          };
        })
      : [];
    await ctx.db.transaction(async (tx) => {
      await archive(tx, orgId, [recording.id]);
      if (rows.length) await tx.insert(sopCallResult).values(rows);
    });
  };
}

/**
 * Each rule's coverage by the matcher; then, when the organisation has a model, the questions of the items still
 * missed, all rules in one request. A failed answer leaves the matcher's result (and is logged).
 */
async function coverage(ctx: AppContext, orgId: number, t: Transcript, rules: ApplicableSop[]): Promise<SopResult[]> {
  const results = rules.map((rule) => matchSop(t, rule.compiled));
  const questions = rules.flatMap((rule, k) =>
    rule.questions.filter((q) => !results[k].items.some((i) => i.itemId === q.itemId && i.hit)),
  );
  if (!questions.length) return results;
  const llm = await aiSettingOf(ctx)?.llmFor(orgId);
  if (!llm) return results;
  try {
    const covered = await askSopQuestions(llm, t, questions);
    return results.map((r) => withLlmAnswers(r, t, covered));
  } catch (err) {
    ctx.app.log.warn({ err, orgId }, 'SOP questions to the LLM failed; the matcher result stands');
    return results;
  }
}

/** Moves the calls' current rows to the history (before they are replaced or their recordings deleted). */
async function archive(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  const of = and(eq(sopCallResult.organizationId, orgId), inArray(sopCallResult.recordingId, recordingIds));
  const moved = await tx.delete(sopCallResult).where(of).returning();
  if (moved.length) await tx.insert(sopCallResultHistory).values(moved.map(({ id: _id, ...row }) => row));
}

/** Results go with their recordings (current and history): for the recording module's delete transaction. */
export async function removeSopResults(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  if (!recordingIds.length) return;
  await tx
    .delete(sopCallResult)
    .where(and(eq(sopCallResult.organizationId, orgId), inArray(sopCallResult.recordingId, recordingIds)));
  await tx
    .delete(sopCallResultHistory)
    .where(
      and(eq(sopCallResultHistory.organizationId, orgId), inArray(sopCallResultHistory.recordingId, recordingIds)),
    );
}

/** A call's coverage: every rule that applied at its last analysis, each item hit or missed with its evidence. */
export async function callCoverage(
  ctx: AppContext,
  s: Session,
  recordingId: number,
): Promise<Answer<'getSopItemInfoInQuality'>> {
  await findRecording(ctx.db, s, recordingId);
  const rows = await ctx.db
    .select()
    .from(sopCallResult)
    .where(and(eq(sopCallResult.organizationId, s.orgId), eq(sopCallResult.recordingId, recordingId)))
    .orderBy(asc(sopCallResult.ruleId));
  return {
    recordingId,
    rules: rows.map((row) => {
      const { result } = row;
      const names = new Map(result.items.map((i) => [i.itemId, i.name]));
      const position = new Map(result.order.map((id, k) => [id, k + 1]));
      return {
        ruleId: row.ruleId,
        ruleName: row.ruleName,
        coverage: row.coverage,
        hitCount: row.hitCount,
        missedCount: row.missedCount,
        inOrder: result.inOrder,
        order: result.order,
        orderNames: result.order.map((id) => names.get(id) ?? ''),
        checkedAt: formatDateTime(row.checkedAt) ?? '',
        items: result.items.map((item, k) => {
          const e = item.evidence;
          return {
            itemId: item.itemId,
            name: item.name,
            sort: k + 1,
            hit: item.hit,
            how: item.how,
            howName: item.how ? SopHowLabel[item.how as SopHowName] : null,
            score: item.score,
            sentence: e?.text ?? null,
            match: e?.match ?? null,
            segment: e?.segment ?? null,
            startMs: e ? Math.round(e.startMs) : null,
            endMs: e ? Math.round(e.endMs) : null,
            speaker: e?.speaker ?? null,
            speakerName: e ? SPEAKER_NAME[e.speaker] : null,
            position: position.get(item.itemId) ?? null,
          };
        }),
      };
    }),
  };
}

/** The rules that applied to the calls the session sees (in the call-time range), with how many calls each. */
export async function rulesInQuality(
  ctx: AppContext,
  s: Session,
  f: CallBody<Calls['getSopRuleListInQuality']>,
): Promise<Answer<'getSopRuleListInQuality'>> {
  const t = sopCallResult;
  const rows = await ctx.db
    .select({ ruleId: t.ruleId, ruleName: sql<string>`max(${t.ruleName})`, calls: count() })
    .from(t)
    .where(
      and(
        eq(t.organizationId, s.orgId),
        dataScope(s, t.ownerUserId),
        f.startTime ? gte(t.callTime, f.startTime) : undefined,
        f.endTime ? lte(t.callTime, f.endTime) : undefined,
      ),
    )
    .groupBy(t.ruleId)
    .orderBy(asc(t.ruleId));
  const current = await sopRuleNames(
    ctx.db,
    s.orgId,
    rows.map((r) => r.ruleId),
  );
  return rows.map((r) => ({ ruleId: r.ruleId, ruleName: current.get(r.ruleId) ?? r.ruleName, calls: r.calls }));
}
