import { formatDateTime } from '@crm/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { CostCenterService } from '../costCenter';
import { MeteredQuota } from '../practice';
import { assistantUses } from './records';
import { assistantQuota } from './schema';

export const ASSISTANT_KIND = 'assistant';

/** The trial answers an organisation gets at its first use on a metered installation (ASSISTANT_TRIAL_USES). */
export const assistantTrialUses = (env: NodeJS.ProcessEnv = process.env): number => {
  const v = Number(env.ASSISTANT_TRIAL_USES);
  return Number.isInteger(v) && v >= 0 ? v : 200;
};

const thisMonth = () => formatDateTime(new Date())!.slice(0, 7);

/**
 * The assistant's Quota: answers (次) in the pack ledger (cost centre kind 'assistant') and the monthly quotas of the
 * organisation and of each user; usage is the month's count of assistant_usage (one per answer, chat.ts).
 */
export class AssistantQuota extends MeteredQuota {
  constructor(db: Db, costs: CostCenterService | undefined, packPriceFen: number, trialUses = assistantTrialUses()) {
    super(db, costs, {
      ledgerKind: ASSISTANT_KIND,
      unit: '次',
      packName: '话术助手次数包',
      trialUnits: trialUses,
      packPriceFen,
      used: async (orgId, userId) => {
        const uses = await assistantUses(db, orgId, thisMonth());
        return userId ? (uses.byUser.get(userId) ?? 0) : uses.total;
      },
      limits: {
        read: async (orgId) => {
          const [row] = await db.select().from(assistantQuota).where(eq(assistantQuota.organizationId, orgId));
          return { companyMonthlyQuota: row?.companyMonthlyQuota ?? 0, userMonthlyQuota: row?.userMonthlyQuota ?? 0 };
        },
        write: async (orgId, userId, q) => {
          await db
            .insert(assistantQuota)
            .values({ organizationId: orgId, ...q, updatedBy: userId })
            .onConflictDoUpdate({
              target: assistantQuota.organizationId,
              set: { ...q, updatedBy: userId, updatedAt: new Date() },
            });
        },
      },
      exhausted: {
        pack: '话术助手次数已用完，请购买话术助手次数包后再用',
        company: '本月公司话术助手额度已用完，请联系管理员调整额度',
        user: '您本月的话术助手额度已用完，请联系管理员调整额度',
      },
    });
  }

  /** Charges one answer (idempotent by the record): what the packs have left, the rest kept as over-use. */
  charge(orgId: number, userId: number, recordId: number) {
    return this.take(orgId, userId, `assistant:${recordId}`, 1, `话术助手 #${recordId}`);
  }
}
