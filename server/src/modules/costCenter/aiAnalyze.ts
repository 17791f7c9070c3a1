import { formatDate, formatDateTime, formatThousands } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { type PackSource, PackSourceName, PackStateName } from '@crm/core/contract/costCenter';
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { recentPage, within } from '../../platform/pagingRecent';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { costPack, costUsage } from './schema';
import type { CostCenterService, CostKind } from './service';

/**
 * The AI analysis account of /organizationCostCenter: balance, packs, usage records, top-up. The guidance account
 * (kind 'guidance', guidance.ts) is the same ledger read the same way: the readers take the kind.
 */

const KIND = 'ai_analyze';

type Calls = typeof contract.costCenter;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** Under 10% of the minutes in force, or under an hour: the header's AI account tip warns. */
const LOW_SHARE = 0.1;
const LOW_MINUTES = 60;

export async function aiAnalyzeBalance(
  costs: CostCenterService,
  s: Session,
  kind: CostKind = KIND,
): Promise<Answer<'getAiAnalyzeBalance'>> {
  const [b, metered, unitPriceFen] = await Promise.all([
    costs.balance(s.orgId, kind),
    costs.isMetered(s.orgId, kind),
    costs.unitPriceFen(s.orgId, kind),
  ]);
  const low = b.remaining < b.totalUnits * LOW_SHARE || b.remaining < LOW_MINUTES;
  return {
    balance: b.remaining,
    totalStr: `${formatThousands(b.remaining, 0)} 分钟`,
    expTime: formatDateTime(b.soonestExpiry),
    expStr: b.soonestExpiry ? `${formatDate(b.soonestExpiry)} 到期` : '--',
    // an installation that does not charge has nothing to warn about
    isLess: metered && low ? 1 : 0,
    openAiCharging: metered ? 1 : 0,
    unitPriceFen,
  };
}

type PackRow = typeof costPack.$inferSelect;

function packState(p: PackRow, now: Date): 1 | 2 | 3 {
  if (p.expiresAt.getTime() <= now.getTime()) return 3;
  return p.usedUnits >= p.totalUnits ? 2 : 1;
}

function stateWhere(state: 1 | 2 | 3 | undefined, now: Date): SQL | undefined {
  const usedUp = sql`${costPack.usedUnits} >= ${costPack.totalUnits}`;
  if (state === 1) return and(gt(costPack.expiresAt, now), sql`${costPack.usedUnits} < ${costPack.totalUnits}`);
  if (state === 2) return and(gt(costPack.expiresAt, now), usedUp);
  if (state === 3) return lte(costPack.expiresAt, now);
  return undefined;
}

export function aiAnalyzePacks(
  db: Db,
  s: Session,
  f: Body<'aiAnalyzePackDetailsPageList'>,
  kind: CostKind = KIND,
): Promise<Answer<'aiAnalyzePackDetailsPageList'>> {
  const now = new Date();
  return recentPage(db, s, f, { table: costPack, where: [eq(costPack.kind, kind), stateWhere(f.state, now)] }, (p) => {
    const state = packState(p, now);
    const source = p.source as PackSource;
    return {
      id: p.id,
      name: p.name,
      totalUnits: p.totalUnits,
      usedUnits: p.usedUnits,
      leftUnits: p.totalUnits - p.usedUnits,
      priceFen: p.priceFen,
      source,
      sourceName: PackSourceName[source] ?? p.source,
      state,
      stateName: PackStateName[state],
      startsAt: formatDateTime(p.startsAt),
      expiresAt: formatDateTime(p.expiresAt),
      createdAt: formatDateTime(p.createdAt),
    };
  });
}

/** Usage records of the users the role's data scope covers (a record without a user: organisation-wide scopes only). */
export function aiAnalyzeRecords(
  db: Db,
  s: Session,
  f: Body<'getAiAnalyzeRecordList'>,
  kind: CostKind = KIND,
): Promise<Answer<'getAiAnalyzeRecordList'>> {
  return recentPage(
    db,
    s,
    f,
    {
      table: costUsage,
      owner: costUsage.userId,
      where: [eq(costUsage.kind, kind), f.userId ? eq(costUsage.userId, f.userId) : undefined],
      user: { of: (r) => r.userId, names: orgUsersByIds },
    },
    (r, userName) => ({
      id: r.id,
      createdAt: formatDateTime(r.createdAt),
      recordingId: r.recordingId,
      units: r.units,
      costFen: r.costFen,
      userId: r.userId,
      userName,
      remark: r.remark,
      packId: r.packId,
    }),
  );
}

/**
 * A pack the installation operator grants to the organisation it names: 赠送 at price 0, or sold outside the product
 * at `priceFen` (recorded, not charged to the balance); the listeners resume calls waiting for balance.
 */
export function addAiAnalyzePack(
  costs: CostCenterService,
  input: Body<'addAiAnalyzePack'>,
): Promise<Answer<'addAiAnalyzePack'>> {
  return costs.grant(input.organizationId, KIND, {
    units: input.units,
    days: input.days,
    priceFen: input.priceFen,
    name: input.name ?? `AI 分析资源包 ${formatThousands(input.units, 0)} 分钟`,
    source: input.priceFen > 0 ? 'purchase' : 'grant',
    createdBy: null,
  });
}

/** The totals of the usage records the list shows (same scope and filters). */
export async function usageSum(db: Db, s: Session, f: Body<'getAiAnalyzeRecordList'>, kind: CostKind) {
  const [row] = await db
    .select({
      units: sql<string>`coalesce(sum(${costUsage.units}), 0)`,
      costFen: sql<string>`coalesce(sum(${costUsage.costFen}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(costUsage)
    .where(
      and(
        scoped(s, costUsage, { owner: costUsage.userId }),
        eq(costUsage.kind, kind),
        f.userId ? eq(costUsage.userId, f.userId) : undefined,
        within(costUsage.createdAt, f),
      ),
    );
  return { units: Number(row?.units ?? 0), costFen: Number(row?.costFen ?? 0), count: Number(row?.count ?? 0) };
}
