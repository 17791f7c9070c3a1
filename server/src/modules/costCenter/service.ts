import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import { getOrgSetting } from '../org';
import {
  addPack,
  type ChargeInput,
  type ChargeResult,
  type CostKind,
  minutesOfCall,
  type PackBalance,
  type PackInput,
  packBalance,
  takeUnits,
} from './ledger';
import { costPack } from './schema';

export type { ChargeInput, ChargeResult, CostKind, PackBalance, PackInput };

/** What a kind's units are called in messages. */
const KIND_LABEL: Record<string, string> = { ai_analyze: 'AI 分析', guidance: 'AI 实时指导' };

export type TopUpListener = (orgId: number, kind: CostKind) => Promise<void>;

/**
 * The cost centre's ledger as other modules use it (`ctx.services.costCenter`): analysis charges the minutes it
 * analysed, reads the balance, and resumes the calls that waited for balance when a pack is added (`onTopUp`).
 */
export class CostCenterService {
  private readonly topUpListeners: TopUpListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'aiCharging'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Minutes charged for a call of this length (a started minute counts; under a minute is 1). */
  readonly minutesOfCall = minutesOfCall;

  /**
   * Whether usage of this kind is charged. AI_CHARGING=off turns it off for the whole installation (no billing);
   * the organisation is there for a per-organisation switch.
   */
  async isMetered(_orgId: number, _kind: CostKind): Promise<boolean> {
    return this.config.aiCharging;
  }

  /** Fen per unit: for 'ai_analyze' the organisation's AI unit price; kinds without a price setting cost 0. */
  async unitPriceFen(orgId: number, kind: CostKind): Promise<number> {
    if (kind !== 'ai_analyze') return 0;
    return (await getOrgSetting(this.db, orgId, 'aiUnitPrice')).pricePerMinute;
  }

  /** Takes the units from the packs in force (see ledger.ts takeUnits); idempotent by refKey. */
  async charge(orgId: number, kind: CostKind, input: ChargeInput): Promise<ChargeResult> {
    if (!(await this.isMetered(orgId, kind))) return { ok: true, usageId: null };
    const price = await this.unitPriceFen(orgId, kind);
    const remark = input.remark ? input.remark.slice(0, 200) : null;
    return takeUnits(this.db, orgId, kind, { ...input, remark }, price, insufficientMessage(kind));
  }

  balance(orgId: number, kind: CostKind): Promise<PackBalance> {
    return packBalance(this.db, orgId, kind);
  }

  /** Whether the organisation ever had a trial pack of this kind (however it was granted). */
  async hasTrial(orgId: number, kind: CostKind): Promise<boolean> {
    const [row] = await this.db
      .select({ id: costPack.id })
      .from(costPack)
      .where(and(eq(costPack.organizationId, orgId), eq(costPack.kind, kind), eq(costPack.source, 'trial')))
      .limit(1);
    return Boolean(row);
  }

  /** One pack of the organisation (units used, validity); null when there is none with this id. */
  async pack(orgId: number, id: number) {
    const [row] = await this.db
      .select({ totalUnits: costPack.totalUnits, usedUnits: costPack.usedUnits, expiresAt: costPack.expiresAt })
      .from(costPack)
      .where(and(eq(costPack.organizationId, orgId), eq(costPack.id, id)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Adds a pack (a purchase, a trial, a grant), then tells the top-up listeners. `pay`, when given, runs first in
   * the same transaction (billing: the debit of the organisation's balance) and throws to refuse the purchase.
   */
  async grant(
    orgId: number,
    kind: CostKind,
    pack: PackInput,
    pay?: (tx: Tx) => Promise<void>,
  ): Promise<{ id: number }> {
    const row = pay
      ? await this.db.transaction(async (tx) => {
          await pay(tx);
          return addPack(tx, orgId, kind, pack);
        })
      : await addPack(this.db, orgId, kind, pack);
    await this.notifyTopUp(orgId, kind);
    return row;
  }

  /** Called after every pack added; a listener's failure is logged and never fails the top-up. */
  onTopUp(listener: TopUpListener): void {
    this.topUpListeners.push(listener);
  }

  private async notifyTopUp(orgId: number, kind: CostKind): Promise<void> {
    for (const listener of this.topUpListeners) {
      try {
        await listener(orgId, kind);
      } catch (err) {
        this.log.error({ err, orgId, kind }, 'top-up listener failed');
      }
    }
  }
}

export function insufficientMessage(kind: CostKind): string {
  return `${KIND_LABEL[kind] ?? '资源包'}余额不足，请充值后继续`;
}
