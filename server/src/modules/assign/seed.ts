import type { AppContext, DemoOrg } from '../../platform/context';
import { autoAssignRule } from './schema';

/**
 * The demo organisation's rules: ad-platform leads shared by weight among the seats (skipping those off work), then
 * API leads in turn; a disabled rule for business-card leads shows the switch.
 */
export async function seedAutoAssign(ctx: AppContext, org: DemoOrg): Promise<void> {
  const seats = org.seatIds.slice(0, 3);
  const none = { channelSourceIds: [], areaCodes: [], customConditions: [] };
  await ctx.db.insert(autoAssignRule).values([
    {
      organizationId: org.orgId,
      name: '广告平台线索按权重分配',
      sortNum: 1,
      conditions: { ...none, importWays: [3, 4, 5, 6] },
      mode: 2,
      members: seats.map((userId, i) => ({ userId, weight: [5, 3, 2][i] ?? 1, dailyCap: 50 })),
      skipOffWork: 1,
      createdBy: org.adminId,
    },
    {
      organizationId: org.orgId,
      name: 'API 线索轮流分配',
      sortNum: 2,
      conditions: { ...none, importWays: [9] },
      mode: 1,
      members: seats.map((userId) => ({ userId, weight: 1, dailyCap: 0 })),
      skipOffWork: 2,
      createdBy: org.adminId,
    },
    {
      organizationId: org.orgId,
      name: '名片识别线索',
      status: 2,
      sortNum: 3,
      conditions: { ...none, importWays: [15] },
      mode: 1,
      members: seats.slice(0, 1).map((userId) => ({ userId, weight: 1, dailyCap: 0 })),
      skipOffWork: 2,
      createdBy: org.adminId,
    },
  ]);
}
