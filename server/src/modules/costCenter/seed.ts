import type { Db } from '../../platform/db';
import { addPack } from './ledger';
import { costPack } from './schema';

const DAY_MS = 86_400_000;

/**
 * Demo packs of an organisation: a purchased AI analysis pack of 3000 minutes valid a year, and a small one that
 * expired last month, so that the pack list shows both states.
 */
export async function seedCostPacks(db: Db, orgId: number, adminId: number): Promise<void> {
  const now = Date.now();
  await addPack(db, orgId, 'ai_analyze', {
    units: 3000,
    days: 365,
    name: 'AI 分析资源包 3,000 分钟',
    source: 'purchase',
    priceFen: 30_000,
    createdBy: adminId,
  });
  await db.insert(costPack).values({
    organizationId: orgId,
    kind: 'ai_analyze',
    name: 'AI 分析试用包 100 分钟',
    totalUnits: 100,
    priceFen: 0,
    source: 'trial',
    startsAt: new Date(now - 60 * DAY_MS),
    expiresAt: new Date(now - 30 * DAY_MS),
    createdBy: adminId,
    createdAt: new Date(now - 60 * DAY_MS),
  });
}
