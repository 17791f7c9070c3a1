import { QUALITY_REVIEW_MSG_TYPE } from '@crm/core/contract/qualityReview';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { overseersOf } from '../org';

/** The messages of human review (msgType quality_review): to the seat when reviewed or decided, to managers on appeal. */

export async function tell(
  ctx: AppContext,
  orgId: number,
  userIds: number[],
  title: string,
  content: string,
  recordingId: number,
): Promise<void> {
  if (!userIds.length) return;
  try {
    await ctx.services.notice.notify(orgId, userIds, {
      title,
      content,
      msgType: QUALITY_REVIEW_MSG_TYPE,
      param: { recordingId },
    });
  } catch (err) {
    // the review is saved; a message that could not be sent is logged, not a failed call
    ctx.app.log.error({ err, orgId, recordingId }, 'quality review message failed');
  }
}

/**
 * Who decides a seat's appeals: enabled users holding quality:edit (or the super administrator) whose data scope
 * covers the seat (whole organisation, or the seat's department in their department's subtree).
 */
export function appealDeciders(db: DbOrTx, orgId: number, ownerUserId: number): Promise<number[]> {
  return overseersOf(db, orgId, ownerUserId, 'quality:edit');
}
