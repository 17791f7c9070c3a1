import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { findRecording } from '../recording';
import { writeClueTags } from './clueTags';
import { analysisDetail } from './detail';
import { effectiveColumns } from './effective';
import { teaches } from './orgModel';
import { aiSettingOf } from './ports';
import { type Correction, callAnalysis } from './schema';

/**
 * /asr/V1/updateCallAnalysis: a person corrects the result of a call. The corrections are kept apart from the
 * machine's result (and kept when the call is analysed again); the effective columns are rewritten from both.
 */

type Calls = typeof contract.analysis;
type Update = CallBody<Calls['update']>;

const sorted = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);

/** The corrections after this update: absent fields stay, null clears one, a value replaces it. */
function merged(current: Correction | null, u: Update): Correction | null {
  const next: Correction = { ...current };
  const apply = <K extends keyof Correction>(key: K, value: Correction[K] | null | undefined) => {
    if (value === undefined) return;
    if (value === null) delete next[key];
    else next[key] = value;
  };
  apply('intention', u.intention);
  apply('callTags', u.callTags && sorted(u.callTags));
  apply('aiLabels', u.aiLabels && sorted(u.aiLabels));
  apply('customTagIds', u.customTagIds && sorted(u.customTagIds));
  apply('summary', u.summary);
  apply('fields', u.fields);
  apply('complaint', u.complaint);
  apply('violations', u.violations && [...new Set(u.violations)]);
  return Object.keys(next).length ? next : null;
}

export async function updateCallAnalysis(ctx: AppContext, s: Session, u: Update): Promise<CallAnswer<Calls['update']>> {
  const rec = await findRecording(ctx.db, s, u.recordingId);
  const where = and(eq(callAnalysis.organizationId, s.orgId), eq(callAnalysis.recordingId, rec.id));
  const [row] = await ctx.db.select().from(callAnalysis).where(where);
  if (!row?.machine) throw badRequest('该通话还没有 AI 分析结果，暂不能修正');
  const rules = await aiSettingOf(ctx)?.rulesFor(s.orgId);
  if (rules && u.customTagIds) {
    const known = new Set(rules.customTags.map((t) => t.id));
    const unknown = u.customTagIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest(`自定义 AI 标签不存在：${unknown}`);
  }
  if (rules && u.fields) {
    const known = new Set(rules.fields.map((f) => f.key));
    const unknown = Object.keys(u.fields).find((k) => !known.has(k));
    if (unknown !== undefined) throw badRequest(`AI 字段不存在：${unknown}`);
  }
  if (u.violations) {
    const found = new Set(row.machine.violations.map((v) => v.rule));
    const unknown = u.violations.find((r) => !found.has(r));
    if (unknown !== undefined) throw badRequest(`该通话没有违规「${unknown}」，只能保留或排除机器发现的违规`);
  }
  const correction = merged(row.correction ?? null, u);
  const e = effectiveColumns(row.machine, correction);
  // the organisation's model learns the labels corrected (its job, in the transaction of the correction)
  await ctx.events.transaction(async (tx, outbox) => {
    await tx
      .update(callAnalysis)
      .set({ ...e, correction, correctedBy: s.userId, correctedAt: new Date(), updatedAt: new Date() })
      .where(where);
    if (teaches(u)) await outbox.emit('analysis.corrected', { orgId: s.orgId, recordingId: rec.id });
  });
  if (rec.clueId) {
    const names = new Map(rules?.customTags.map((t) => [t.id, t.name]) ?? []);
    await writeClueTags(ctx.db, s.orgId, rec.clueId, rec.id, row.machine, e, names);
  }
  return analysisDetail(ctx, rec, s);
}
