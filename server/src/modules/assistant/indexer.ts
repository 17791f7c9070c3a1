import type { TranscriptSegment } from '@crm/core';
import { DEAL_STATUSES } from '@crm/core/contract/boards';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { INTENTION_CODE } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { unscoped } from '../../platform/scope';
import type { AnalysedEvent } from '../analysis';
import { analysisTexts, machineResults } from '../analysis';
import { dealRows } from '../order';
import type { RecordingRow } from '../recording';
import { replyKey } from './grams';
import { outcomeWeight, type Pair, pairsOf } from './pairs';
import { assistantGram, assistantPair } from './schema';

/** The backfill job: an organisation's analysed calls indexed (singleton per organisation). */
export const BACKFILL_JOB = 'assistant.backfill';
export interface BackfillJob {
  orgId: number;
}

export interface CallOutcome {
  intention: number | null;
  degree: number | null;
}

/**
 * Keeps the retrieval index: after every analysed call (`assistant.index` on `analysis.saved`), the call's pairs
 * replace what an earlier analysis left, in one transaction with the gram counts; a call that did not go on to a
 * strong or general intention or a deal leaves none. Idempotent: a retry writes the same rows again.
 */
export class AssistantIndexer {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  onAnalysed = async (e: AnalysedEvent): Promise<void> => {
    await this.indexCall(e.orgId, e.recording, {
      intention: e.effective.intention ?? null,
      degree: e.effective.intentionDegree ?? null,
    });
  };

  async indexCall(orgId: number, rec: RecordingRow, outcome: CallOutcome): Promise<number> {
    const deal = rec.clueId ? await this.hasDeal(orgId, rec.clueId) : false;
    const weight = outcomeWeight(outcome.intention, outcome.degree, deal);
    let pairs: Pair[] = [];
    if (weight > 0) {
      const transcript = await this.ctx.services.asr.getTranscript(orgId, rec.id);
      pairs = transcript ? pairsOf(transcript.segments as TranscriptSegment[]) : [];
    }
    const callAt = rec.callTime ?? rec.createdAt;
    await this.db.transaction(async (tx) => {
      const delta = await removePairs(tx, orgId, [rec.id]);
      if (pairs.length) {
        await tx.insert(assistantPair).values(
          pairs.map((p) => ({
            organizationId: orgId,
            recordingId: rec.id,
            segmentIndex: p.segmentIndex,
            ownerUserId: rec.ownerUserId,
            clueId: rec.clueId,
            customerText: p.customerText,
            agentText: p.agentText,
            grams: p.grams,
            replyGrams: p.replyGrams,
            weight,
            intention: outcome.intention,
            deal: deal ? 1 : 0,
            callAt,
          })),
        );
        for (const p of pairs) {
          for (const g of p.grams) delta.set(g, (delta.get(g) ?? 0) + 1);
          for (const g of p.replyGrams) delta.set(replyKey(g), (delta.get(replyKey(g)) ?? 0) + 1);
        }
      }
      await applyGramDelta(tx, orgId, delta);
    });
    return pairs.length;
  }

  /** The lead has an order confirmed or paid (a deal). */
  private async hasDeal(orgId: number, clueId: number): Promise<boolean> {
    const deals = dealRows(unscoped(orgId, 'assistant index: did the call lead to a deal'), {
      fromDay: '1970-01-01',
      toDay: '9999-12-31',
      statuses: DEAL_STATUSES,
    });
    const rows = await this.db.execute(sql`select 1 from (${deals}) d where d.clue_id = ${clueId} limit 1`);
    return rows.rows.length > 0;
  }

  /** Deleted recordings leave the index (`assistant.removed` on `recording.deleted`). */
  async remove(orgId: number, recordingIds: number[]): Promise<void> {
    if (!recordingIds.length) return;
    await this.db.transaction(async (tx) => applyGramDelta(tx, orgId, await removePairs(tx, orgId, recordingIds)));
  }

  /**
   * The backfill: every analysed call of the organisation indexed again from its stored analysis, in batches of
   * 200 (the analysis module's public face: `analysisTexts` lists them, `machineResults` gives their results).
   */
  async backfill({ orgId }: BackfillJob): Promise<number> {
    let after = 0;
    let pairs = 0;
    for (;;) {
      const ids = await this.analysedIds(orgId, after, 200);
      if (!ids.length) return pairs;
      after = ids[ids.length - 1];
      const results = await machineResults(this.db, orgId, ids);
      for (const id of ids) {
        const result = results.get(id);
        const rec = await this.ctx.services.recording.getInOrg(orgId, id);
        if (!result || !rec) continue;
        const intention = result.intention ? INTENTION_CODE[result.intention] : null;
        pairs += await this.indexCall(orgId, rec, { intention, degree: result.intentionDegree });
      }
    }
  }

  private async analysedIds(orgId: number, after: number, limit: number): Promise<number[]> {
    const rows = await this.db.execute<{ recording_id: number }>(
      sql`select a.recording_id from (${analysisTexts(orgId)}) a where a.recording_id > ${after}
        order by a.recording_id limit ${limit}`,
    );
    return rows.rows.map((r) => Number(r.recording_id));
  }

  /** Queue the backfill of an organisation whose index is empty (at most once in 10 minutes). */
  async backfillIfEmpty(orgId: number): Promise<void> {
    const [any] = await this.db
      .select({ id: assistantPair.id })
      .from(assistantPair)
      .where(eq(assistantPair.organizationId, orgId))
      .limit(1);
    if (any || !this.ctx.jobs.isStarted) return;
    await this.ctx.jobs.send(BACKFILL_JOB, { orgId } satisfies BackfillJob, {
      singletonKey: `assistant-backfill-${orgId}`,
      singletonSeconds: 600,
    });
  }
}

/** The calls' pairs deleted; answers the gram counts to take off. */
async function removePairs(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<Map<string, number>> {
  const where: SQL = and(eq(assistantPair.organizationId, orgId), inArray(assistantPair.recordingId, recordingIds))!;
  const old = await tx.delete(assistantPair).where(where).returning({
    grams: assistantPair.grams,
    replyGrams: assistantPair.replyGrams,
  });
  const delta = new Map<string, number>();
  for (const p of old) {
    for (const g of p.grams) delta.set(g, (delta.get(g) ?? 0) - 1);
    for (const g of p.replyGrams) delta.set(replyKey(g), (delta.get(replyKey(g)) ?? 0) - 1);
  }
  return delta;
}

/** One upsert of the net changes, grams in a fixed order (concurrent jobs lock the rows in the same order). */
async function applyGramDelta(tx: DbOrTx, orgId: number, delta: Map<string, number>): Promise<void> {
  const entries = [...delta].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < entries.length; i += 2000) {
    const part = entries.slice(i, i + 2000);
    await tx.execute(sql`insert into ${assistantGram} (organization_id, gram, n)
      select ${orgId}, g, n from unnest(${sql.param(part.map((e) => e[0]))}::text[], ${sql.param(part.map((e) => e[1]))}::int[]) as t(g, n)
      on conflict (organization_id, gram) do update set n = greatest(0, ${assistantGram.n} + excluded.n)`);
  }
}
