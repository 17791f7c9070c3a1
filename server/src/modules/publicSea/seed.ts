import type { AppContext, DemoOrg } from '../../platform/context';
import { oldestUnlockedLeads } from '../clue';
import { publicSeaPool } from './schema';

/**
 * The demo organisation's pools: 默认公海 (everyone; caps, re-claim delay and a 30-day drop-in rule, switched off) and a pool of the
 * first sales department, with some older leads in them (transferred by hand with a reason, and a departed seat's).
 */
export async function seedPublicSea(ctx: AppContext, org: DemoOrg): Promise<void> {
  const [main, dept] = await ctx.db
    .insert(publicSeaPool)
    .values([
      {
        organizationId: org.orgId,
        name: '默认公海',
        sortNum: 1,
        dailyClaimLimit: 30,
        holdLimit: 800,
        reclaimDelayDays: 7,
        // configured but off: the administrator turns it on (the demo's leads are up to 90 days old)
        dropRule: {
          enabled: false,
          notFollowDays: 30,
          notCalledDays: null,
          noDealDays: 90,
          stages: [],
          exceptLocked: true,
          exceptCustomers: true,
        },
        createdBy: org.adminId,
      },
      {
        organizationId: org.orgId,
        name: '销售一部公海',
        sortNum: 2,
        deptIds: org.deptIds.slice(1, 2),
        dailyClaimLimit: 20,
        holdLimit: 500,
        reclaimDelayDays: 3,
        createdBy: org.adminId,
      },
    ])
    .returning({ id: publicSeaPool.id });
  const sea = ctx.services.clue.sea;
  const oldest = await oldestUnlockedLeads(ctx.db, org.orgId, 14);
  const time = new Date(Date.now() - 3 * 86_400_000);
  await ctx.db.transaction(async (tx) => {
    await sea.putInSea(tx, org.orgId, oldest.slice(0, 8), {
      action: 'toSea',
      operatorId: org.managerId,
      poolId: main.id,
      seaEntryType: 3,
      reason: '多次拨打未接通',
      title: '转入公海',
      content: '转入公海「默认公海」，原因：多次拨打未接通',
      time,
    });
    await sea.putInSea(tx, org.orgId, oldest.slice(8), {
      action: 'toSea',
      operatorId: org.managerId,
      poolId: dept.id,
      seaEntryType: 3,
      reason: '客户暂无需求，放回部门公海',
      title: '转入公海',
      content: '转入公海「销售一部公海」，原因：客户暂无需求，放回部门公海',
      time,
    });
  });
}
