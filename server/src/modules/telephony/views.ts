import { CallStatus, formatDateTime } from '@crm/core';
import { CallEndReason, type CallRecordView } from '@crm/core/contract/telephony';
import type { AppContext } from '../../platform/context';
import type { Session } from '../../platform/session';
import { maskPhone } from '../clueField';
import { orgUsersByIds } from '../org';
import type { CallRow } from './lifecycle';

/** Masks numbers for this session: the role's phone masking (lead field access) decides, as on the lead pages. */
export async function maskerFor(ctx: AppContext, s: Session): Promise<(phone: string) => string> {
  if (s.isSuperAdmin) return (p) => p;
  const access = await ctx.services.clueField.accessFor(s.orgId, s.roleId);
  const a = access.get('phone');
  return a?.masked || a?.access === 0 ? maskPhone : (p) => p;
}

/** Numbers in logs (operation log, server log) are always masked. */
export const logPhone = maskPhone;

export async function callViews(ctx: AppContext, s: Session, rows: CallRow[]): Promise<CallRecordView[]> {
  const [mask, users, clues] = await Promise.all([
    maskerFor(ctx, s),
    orgUsersByIds(
      ctx.db,
      s.orgId,
      rows.map((r) => r.userId),
    ),
    ctx.services.clue.namesByIds(
      s.orgId,
      rows.flatMap((r) => (r.clueId ? [r.clueId] : [])),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    callId: r.callId,
    clueId: r.clueId,
    clueName: r.clueId ? (clues.get(r.clueId) ?? null) : null,
    taskId: r.taskId,
    userId: r.userId,
    userName: users.get(r.userId)?.realName ?? null,
    seatNo: r.seatNo,
    lineId: r.lineId,
    phone: mask(r.phone),
    displayNumber: r.displayNumber,
    provider: r.provider,
    status: r.status,
    statusName: CallStatus[r.status as keyof typeof CallStatus] ?? '',
    ended: r.phase === 4,
    endReason: r.endReason,
    endReasonName: r.endReason ? (CallEndReason[r.endReason as keyof typeof CallEndReason] ?? r.endReason) : null,
    createdAt: formatDateTime(r.createdAt),
    answeredAt: formatDateTime(r.answeredAt),
    endedAt: formatDateTime(r.endedAt),
    durationSeconds: r.durationSeconds,
    billableSeconds: r.billableSeconds,
    recordingId: r.recordingId,
    followId: r.followId,
    error: r.error,
  }));
}
