import { QUALITY_REVIEW_MSG_TYPE } from '@crm/core/contract/qualityReview';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { orgUser } from '../org/directory';
import { appUser, role } from '../org/schema';
import { deptSubtree } from '../org/service';

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
export async function appealDeciders(db: DbOrTx, orgId: number, ownerUserId: number): Promise<number[]> {
  const owner = await orgUser(db, orgId, ownerUserId);
  const candidates = await db
    .select({ id: appUser.id, deptId: appUser.deptId, superAdmin: appUser.isSuperAdmin, scope: role.dataScope })
    .from(appUser)
    .leftJoin(role, eq(role.id, appUser.roleId))
    .where(
      and(
        eq(appUser.organizationId, orgId),
        eq(appUser.status, 1),
        sql`(${appUser.isSuperAdmin} or 'quality:edit' = any(${role.functionSigns}))`,
      ),
    );
  const out: number[] = [];
  for (const c of candidates) {
    if (c.id === ownerUserId) continue;
    if (c.superAdmin || c.scope === 3) out.push(c.id);
    else if (
      c.scope === 2 &&
      c.deptId &&
      owner?.deptId &&
      (await deptSubtree(db, orgId, c.deptId)).includes(owner.deptId)
    )
      out.push(c.id);
  }
  return out;
}
