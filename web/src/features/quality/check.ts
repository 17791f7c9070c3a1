import { deductionSubject, resolveDateValue } from '@crm/core';
import type { CallCheckFilter, Deduction } from '@crm/core/contract/qualityCheck';

/** What the filter bar of the AI 质检 list holds; `checkFilterBody` turns it into the list's request. */
export interface CheckDraft {
  scoreMin?: number | null;
  scoreMax?: number | null;
  /** 1 passed, 2 not passed. */
  passed?: 1 | 2;
  violationRule?: string;
  sopItemId?: number;
  ownerUserIds?: number[];
  deptId?: number;
  /** A date preset label (今天, 近7天 …) or 'YYYY-MM-DD至YYYY-MM-DD'. */
  callDate?: string;
  /** A duration level 1-7 (0 or absent: any). */
  durationLevel?: number;
}

/** The list's request body without mode and paging. */
export type CheckFilterBody = Omit<Partial<CallCheckFilter>, 'mode'>;

/**
 * The request body from the draft: empty parts left out, the rule trimmed, the date preset resolved to startTime /
 * endTime (as of `now`: 今天 is the day it is applied).
 */
export function checkFilterBody(d: CheckDraft, now: Date = new Date()): CheckFilterBody {
  const body: Record<string, unknown> = {};
  if (d.scoreMin !== undefined && d.scoreMin !== null) body.scoreMin = d.scoreMin;
  if (d.scoreMax !== undefined && d.scoreMax !== null) body.scoreMax = d.scoreMax;
  if (d.passed) body.passed = d.passed;
  if (d.violationRule?.trim()) body.violationRule = d.violationRule.trim();
  if (d.sopItemId) body.sopItemId = d.sopItemId;
  if (d.ownerUserIds?.length) body.ownerUserIds = d.ownerUserIds;
  if (d.deptId) body.deptId = d.deptId;
  if (d.durationLevel) body.durationLevel = d.durationLevel;
  const range = d.callDate ? resolveDateValue(d.callDate, now) : null;
  if (range) [body.startTime, body.endTime] = range;
  return body as CheckFilterBody;
}

/** A share 0..1 as a percent with at most one decimal ("87.5%"). */
export const percentText = (share: number | null | undefined): string =>
  share === null || share === undefined ? '-' : `${Math.round(share * 1000) / 10}%`;

/** A score with at most one decimal (an average may have more). */
export const scoreText = (score: number | null | undefined): string =>
  score === null || score === undefined ? '-' : String(Math.round(score * 10) / 10);

/** One deduction as the panel and the list say it: "违规「包过」×2 −10 分", fatal ones "致命". */
export function deductionText(d: Deduction): string {
  const times = d.count > 1 ? ` ×${d.count}` : '';
  const subject = deductionSubject(d);
  return d.fatal ? `${subject}${times}（致命项，记 0 分）` : `${subject}${times} −${d.points} 分`;
}

/**
 * Who may do what with a call's quality: review (quality:edit), appeal (its owner, once reviewed), decide
 * (quality:edit); nobody reviews or decides on a call of their own.
 */
export interface QualityRights {
  canEdit: boolean;
  userId: number | null;
  ownerUserId: number | null;
  reviewed: boolean;
  /** The pending appeal's id, if there is one. */
  pendingAppealId: number | null;
}

/** Why quality:edit may not review or decide on a call of one's own (the server refuses it too). */
export const SELF_REVIEW_REASON = '不能评审自己的通话';

export function qualityActions(r: QualityRights) {
  const own = r.userId !== null && r.userId === r.ownerUserId;
  return {
    review: r.canEdit && r.pendingAppealId === null && !own,
    appeal: own && r.reviewed && r.pendingAppealId === null,
    decide: r.canEdit && r.pendingAppealId !== null && !own,
    /** quality:edit on one's own call: the review (or decision) button is shown disabled, with the reason. */
    selfReview: r.canEdit && own,
  };
}

/** A history row as far as the reviewed score goes (contract HistoryEntry). */
interface ScoreEvent {
  event: string;
  scoreAfter: number | null;
  comment: string | null;
  userName: string | null;
  createdAt: string | null;
}

/** Events after which the call's reviewed score is their scoreAfter. */
const SETS_REVIEW_SCORE = new Set(['review', 'manual', 'accept']);

/** The call's reviewed score now: the newest review, hand score or accepted appeal of its history (newest first). */
export function currentReviewOf<E extends ScoreEvent>(history: E[] | undefined): E | null {
  return history?.find((h) => SETS_REVIEW_SCORE.has(h.event) && h.scoreAfter !== null) ?? null;
}
