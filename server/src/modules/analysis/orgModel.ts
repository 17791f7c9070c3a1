import { formatDateTime } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { baseModel, learn } from '../../lib/analyser';
import type { IntentionKey, LearnExample, TextModel } from '../../lib/analyser/types';
import { INTENTION_CODE } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import type { Session } from '../../platform/session';
import { analysisOrgModel, type Correction, callAnalysis } from './schema';

/**
 * Each organisation's learned model. A manager's correction of a call's intention, tags, complaint or violations
 * emits `analysis.corrected`; its consumer `analysis.learn` (a queue, retried) learns the organisation's model again
 * from the base model and every correction made since the last reset (the newest MAX_EXAMPLES): idempotent by
 * construction, a call corrected twice counts once, and a run that read the corrections earlier never replaces the
 * model of one that read them later. The model is never shared: the job reads and writes one organisation's rows.
 */

export const LEARN_QUEUE = 'analysis.learn';
/** The corrections one learning run reads (the newest). */
export const MAX_EXAMPLES = 2000;

const KEY_OF_CODE = new Map(Object.entries(INTENTION_CODE).map(([k, v]) => [v, k as IntentionKey]));

/** The labels a correction teaches (only those set by hand); null when it teaches none (summary, fields only). */
export function examplesLabels(c: Correction): LearnExample['labels'] | null {
  const labels: LearnExample['labels'] = {};
  if (c.intention !== undefined) labels.intention = KEY_OF_CODE.get(c.intention) ?? null;
  if (c.callTags) labels.tags = c.callTags;
  if (c.complaint !== undefined) labels.complaint = c.complaint;
  if (c.violations) {
    labels.violation = c.violations;
    labels.abuse = c.violations.includes('辱骂客户');
  }
  return Object.keys(labels).length ? labels : null;
}

/** True when an update changes what the model learns from. */
export const teaches = (u: Partial<Record<keyof Correction, unknown>>) =>
  u.intention !== undefined || u.callTags !== undefined || u.complaint !== undefined || u.violations !== undefined;

const orgRow = (orgId: number) => eq(analysisOrgModel.organizationId, orgId);

/** The `analysis.learn` job: the organisation's model learned again from its corrections. */
export async function learnOrgModel(ctx: AppContext, orgId: number): Promise<void> {
  const [state] = await ctx.db
    .select({ resetAt: analysisOrgModel.resetAt, learnedUpTo: analysisOrgModel.learnedUpTo })
    .from(analysisOrgModel)
    .where(orgRow(orgId));
  const resetAt = state?.resetAt ?? null;
  // what this run learns is the corrections as they stand now: a run that read later wins over it
  const readAt = new Date();
  const rows = await ctx.db
    .select({
      recordingId: callAnalysis.recordingId,
      correction: callAnalysis.correction,
      at: callAnalysis.correctedAt,
    })
    .from(callAnalysis)
    .where(
      and(
        eq(callAnalysis.organizationId, orgId),
        isNotNull(callAnalysis.correction),
        isNotNull(callAnalysis.correctedAt),
        resetAt ? gt(callAnalysis.correctedAt, resetAt) : undefined,
      ),
    )
    .orderBy(desc(callAnalysis.correctedAt))
    .limit(MAX_EXAMPLES);
  const examples: LearnExample[] = [];
  for (const r of rows.reverse()) {
    const labels = r.correction ? examplesLabels(r.correction) : null;
    if (!labels) continue;
    const t = await ctx.services.asr.getTranscript(orgId, r.recordingId);
    if (t) examples.push({ transcript: { durationMs: t.durationMs, segments: t.segments }, labels });
  }
  const model = examples.length ? learn(baseModel(), examples).model : null;
  const values = { model, learnedFrom: examples.length, learnedUpTo: readAt, updatedAt: new Date() };
  // only over the state read: a reset meanwhile, or a run that learned newer corrections, wins
  await ctx.db
    .insert(analysisOrgModel)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({
      target: analysisOrgModel.organizationId,
      set: values,
      where: and(
        resetAt ? eq(analysisOrgModel.resetAt, resetAt) : sql`${analysisOrgModel.resetAt} is null`,
        sql`(${analysisOrgModel.learnedUpTo} is null or ${analysisOrgModel.learnedUpTo} <= ${readAt.toISOString()})`,
      ),
    });
  cache.delete(orgId);
}

interface Cached {
  updatedAt: number;
  model: TextModel;
  learnedFrom: number;
}
/** The models read, by organisation, with the row's updatedAt: a call reads only that column while it is current. */
const cache = new Map<number, Cached>();
const CACHE_MAX = 500;

/** The model the organisation's calls are analysed with: its own once it learned something, else the base model. */
export async function modelOf(ctx: AppContext, orgId: number): Promise<{ model: TextModel; learnedFrom: number }> {
  const [head] = await ctx.db
    .select({ updatedAt: analysisOrgModel.updatedAt, learnedFrom: analysisOrgModel.learnedFrom })
    .from(analysisOrgModel)
    .where(orgRow(orgId));
  if (!head || head.learnedFrom === 0) return { model: baseModel(), learnedFrom: 0 };
  const hit = cache.get(orgId);
  if (hit && hit.updatedAt === head.updatedAt.getTime()) return hit;
  const [row] = await ctx.db
    .select({ model: analysisOrgModel.model, updatedAt: analysisOrgModel.updatedAt })
    .from(analysisOrgModel)
    .where(orgRow(orgId));
  if (!row?.model) return { model: baseModel(), learnedFrom: 0 };
  const entry = { model: row.model, learnedFrom: head.learnedFrom, updatedAt: row.updatedAt.getTime() };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as number);
  cache.set(orgId, entry);
  return entry;
}

type State = CallAnswer<(typeof contract.analysis)['orgModel']>;

async function stateOf(ctx: AppContext, orgId: number): Promise<State> {
  const [row] = await ctx.db.select().from(analysisOrgModel).where(orgRow(orgId));
  return {
    learnedFrom: row?.learnedFrom ?? 0,
    updatedAt: formatDateTime(row?.updatedAt) ?? null,
    resetAt: formatDateTime(row?.resetAt) ?? null,
  };
}

/** How many corrections the session's organisation's model has learned from. */
export const orgModelState = (ctx: AppContext, s: Session) => stateOf(ctx, s.orgId);

/** How many corrections an organisation's model has learned from (the call detail). */
export async function learnedFromOf(ctx: AppContext, orgId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: analysisOrgModel.learnedFrom }).from(analysisOrgModel).where(orgRow(orgId));
  return row?.n ?? 0;
}

/** AI 设置 › 重置本机构模型: back to the base model; the corrections made so far are not learned again. */
export async function resetOrgModel(ctx: AppContext, s: Session): Promise<State> {
  const now = new Date();
  const values = { model: null, learnedFrom: 0, learnedUpTo: now, resetAt: now, updatedAt: now };
  await ctx.db
    .insert(analysisOrgModel)
    .values({ organizationId: s.orgId, ...values })
    .onConflictDoUpdate({ target: analysisOrgModel.organizationId, set: values });
  cache.delete(s.orgId);
  return stateOf(ctx, s.orgId);
}
