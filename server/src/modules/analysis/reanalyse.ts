import { AsrStatus, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { REANALYSE_LIMIT, ReanalyseBatchState } from '@crm/core/contract/analysis';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { findRecording, recordingIdsWhere } from '../recording';
import { type AnalysisJob, ItemState, JOB_ANALYSIS } from './pipeline';
import { aiSettingOf } from './ports';
import { callAnalysis, callAnalysisBatch, callAnalysisBatchItem } from './schema';

/**
 * /asr/V1/reAnalyze: analyse again one call, a selection, or every call with a transcript in a date range (after
 * the rules changed): a batch with one item and one job per call; /asr/V1/reAnalyzeProgress answers how far it is.
 */

type Calls = typeof contract.analysis;
type Batch = CallAnswer<Calls['reanalyse']>;

const CHUNK = 1000;

/** The calls to analyse again: of the session's scope, with a transcript. */
async function targets(ctx: AppContext, s: Session, b: CallBody<Calls['reanalyse']>): Promise<number[]> {
  if (b.recordingId !== undefined) {
    const rec = await findRecording(ctx.db, s, b.recordingId);
    if (rec.asrStatus !== AsrStatus.DONE) throw badRequest('该录音还没有转写文本，无法分析');
    return [rec.id];
  }
  if (!b.ids && b.startTime! > b.endTime!) throw badRequest('开始时间不能晚于结束时间');
  const ids = await recordingIdsWhere(
    ctx.db,
    s,
    { asrStatus: AsrStatus.DONE, ...(b.ids ? { ids: b.ids } : { callTime: { from: b.startTime!, to: b.endTime! } }) },
    REANALYSE_LIMIT + 1,
  );
  if (ids.length > REANALYSE_LIMIT) throw badRequest(`一次最多重新分析 ${REANALYSE_LIMIT} 通，请缩小时间范围`);
  if (!ids.length) throw badRequest('所选范围内没有可分析的通话（需已有转写文本）');
  return ids;
}

export async function reanalyse(ctx: AppContext, s: Session, b: CallBody<Calls['reanalyse']>): Promise<Batch> {
  const settings = aiSettingOf(ctx);
  if (!settings || !(await settings.isOpen(s.orgId))) throw badRequest('AI 分析未开通，请先开通');
  const ids = await targets(ctx, s, b);
  const [batch] = await ctx.db
    .insert(callAnalysisBatch)
    .values({ organizationId: s.orgId, createdBy: s.userId, total: ids.length })
    .returning();
  const reset = { status: 1, paused: false, pausedReason: null, error: null, batchId: batch.id, updatedAt: new Date() };
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    // the chunk's versions, their 排队中 and their jobs, together
    await ctx.events.transaction(async (tx, outbox) => {
      await tx
        .insert(callAnalysisBatchItem)
        .values(chunk.map((recordingId) => ({ organizationId: s.orgId, batchId: batch.id, recordingId })));
      const versions = await tx
        .insert(callAnalysis)
        .values(chunk.map((recordingId) => ({ organizationId: s.orgId, recordingId, version: 1, ...reset })))
        .onConflictDoUpdate({
          target: [callAnalysis.organizationId, callAnalysis.recordingId],
          set: { version: sql`${callAnalysis.version} + 1`, ...reset },
        })
        .returning({ recordingId: callAnalysis.recordingId, version: callAnalysis.version });
      await outbox.emit('analysis.status', ...chunk.map((recordingId) => ({ orgId: s.orgId, recordingId, status: 1 })));
      await outbox.sendAll(
        JOB_ANALYSIS,
        versions.map((v) => ({ orgId: s.orgId, batchId: batch.id, ...v }) satisfies AnalysisJob),
      );
    });
  }
  return progress(ctx, s, batch.id);
}

export async function progress(ctx: AppContext, s: Session, batchId: number): Promise<Batch> {
  const [batch] = await ctx.db
    .select()
    .from(callAnalysisBatch)
    .where(and(eq(callAnalysisBatch.organizationId, s.orgId), eq(callAnalysisBatch.id, batchId)));
  // a batch is its creator's (and those who see the whole organisation)
  if (!batch || (s.visibleUserIds !== null && batch.createdBy !== s.userId)) throw notFound('重新分析任务不存在');
  const counts = await ctx.db
    .select({ state: callAnalysisBatchItem.state, n: count() })
    .from(callAnalysisBatchItem)
    .where(eq(callAnalysisBatchItem.batchId, batchId))
    .groupBy(callAnalysisBatchItem.state);
  const n = (state: number) => counts.find((c) => c.state === state)?.n ?? 0;
  const finished = n(ItemState.WAITING) === 0 && n(ItemState.PAUSED) === 0;
  let finishedAt = batch.finishedAt;
  if (finished && !finishedAt) {
    finishedAt = new Date();
    await ctx.db.update(callAnalysisBatch).set({ finishedAt }).where(eq(callAnalysisBatch.id, batchId));
  }
  const state = finished ? 2 : 1;
  return {
    batchId: batch.id,
    total: batch.total,
    done: n(ItemState.DONE),
    failed: n(ItemState.FAILED),
    paused: n(ItemState.PAUSED),
    state,
    stateName: ReanalyseBatchState[state],
    createdAt: formatDateTime(batch.createdAt),
    finishedAt: formatDateTime(finishedAt),
  };
}
