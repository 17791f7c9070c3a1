import { AnalysisStatusLabel, formatDateTime, Messages } from '@crm/core';
import type { CallAnswer, CallQuery, contract } from '@crm/core/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest, loginExpired } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { findRecording, type RecordingRow, resolveRecording } from '../recording';
import { effectiveView, machineView } from './effective';
import { learnedFromOf } from './orgModel';
import { aiSettingOf } from './ports';
import { callAnalysis } from './schema';

/** The AI panel of a call (/asr/V1/getCallAnalysis): effective and machine results, corrections, state, figures. */

type Calls = typeof contract.analysis;
type Detail = CallAnswer<Calls['detail']>;

/** The recording the panel asks for: by share ticket (maskId) without a session, else by id within the data scope. */
export async function panelRecording(
  ctx: AppContext,
  s: Session | null,
  q: CallQuery<Calls['detail']>,
): Promise<RecordingRow> {
  if (q.maskId) return resolveRecording(ctx, null, { maskId: q.maskId });
  if (!s) throw loginExpired(Messages.notLoggedIn);
  const id = q.recordId ?? q.id;
  if (!id) throw badRequest('recordId：请传入录音 id');
  return findRecording(ctx.db, s, id);
}

export async function analysisDetail(ctx: AppContext, rec: RecordingRow, s: Session | null): Promise<Detail> {
  const [row] = await ctx.db
    .select()
    .from(callAnalysis)
    .where(and(eq(callAnalysis.organizationId, rec.organizationId), eq(callAnalysis.recordingId, rec.id)));
  const names = await orgUsersByIds(
    ctx.db,
    rec.organizationId,
    [rec.ownerUserId, row?.correctedBy].filter((v): v is number => v != null),
  );
  const correction = row?.correction ?? null;
  const rules = correction ? ((await aiSettingOf(ctx)?.rulesFor(rec.organizationId)) ?? null) : null;
  const m = row?.machine ?? null;
  return {
    recordingId: rec.id,
    clueId: rec.clueId,
    ownerUserId: rec.ownerUserId,
    ownerName: rec.ownerUserId ? (names.get(rec.ownerUserId)?.realName ?? null) : null,
    analysisStatus: rec.analysisStatus,
    analysisStatusName: (AnalysisStatusLabel as Record<number, string>)[rec.analysisStatus] ?? '--',
    error: rec.analysisStatus === 4 ? (row?.error ?? null) : null,
    paused: row?.paused ?? false,
    pausedReason: row?.paused ? row.pausedReason : null,
    llmError: m ? (row?.llmError ?? null) : null,
    modelName: m ? (row?.modelName ?? null) : null,
    version: row?.version ?? 0,
    analysedAt: formatDateTime(row?.analysedAt),
    effective: m ? effectiveView(m, correction, rules) : null,
    machine: m ? machineView(m) : null,
    correction: correction
      ? {
          intention: correction.intention ?? null,
          callTags: correction.callTags ?? null,
          aiLabels: correction.aiLabels ?? null,
          customTagIds: correction.customTagIds ?? null,
          summary: correction.summary ?? null,
          fields: correction.fields ?? null,
          complaint: correction.complaint ?? null,
          violations: correction.violations ?? null,
          updatedBy: row?.correctedBy ?? null,
          updatedByName: row?.correctedBy ? (names.get(row.correctedBy)?.realName ?? null) : null,
          updatedAt: formatDateTime(row?.correctedAt),
        }
      : null,
    figures: m?.figures ?? null,
    canCorrect: Boolean(s && (s.isSuperAdmin || s.signs.has('analysis:correct'))),
    orgModelLearnedFrom: await learnedFromOf(ctx, rec.organizationId),
    history: (row?.history ?? [])
      .slice()
      .reverse()
      .map((h) => ({ ...h, at: formatDateTime(new Date(h.at)) ?? null })),
  };
}
