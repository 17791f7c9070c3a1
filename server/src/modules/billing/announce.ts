import { orgTopic } from '@crm/core/contract/push';
import type { AppContext } from '../../platform/context';
import { balanceOf } from './ledger';

/**
 * Tells the organisation's browsers its balance after a change (the header's 余额), once the change is committed:
 * callers announce after their transaction. A push that fails is logged, never the caller's failure.
 */
export function balanceAnnouncer(ctx: AppContext): (orgId: number) => Promise<void> {
  return async (orgId) => {
    try {
      await ctx.push.publish(orgTopic(orgId), { type: 'balance', balanceFen: await balanceOf(ctx.db, orgId) });
    } catch (err) {
      ctx.app.log.warn({ err, orgId }, 'balance push failed');
    }
  };
}
