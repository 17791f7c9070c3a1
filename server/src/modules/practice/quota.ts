import { formatDateTime } from '@crm/core';
import type { Quota } from '@crm/core/contract/practice';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { CostCenterService } from '../costCenter';
import { getOrganization } from '../org';
import { practiceQuota, practiceSession } from './schema';
import type { PracticeSettings } from './settings';

/**
 * The Quota of a metered AI use (spec's Quota entity): units in the pack ledger (a cost centre kind: packs bought or
 * granted by the operator, a trial at the first use) and the organisation's monthly quotas, company-wide and per user
 * (0: no limit). A new use is refused when any is spent; one already running is never cut: it is charged at its end,
 * as far as the packs reach (the rest is kept as over-use). Practice minutes are one such use (PracticeQuota below),
 * the speech assistant's answers another (assistant module).
 */
export interface MeterSpec {
  /** The cost centre kind of the packs. */
  ledgerKind: string;
  /** The unit in names: 分钟, 次. */
  unit: string;
  /** A pack's name: `AI 陪练时长包`. */
  packName: string;
  trialUnits: number;
  /** The price of a unit of a bought pack (fen). */
  packPriceFen: number;
  /** Units used this month (Asia/Shanghai) by the organisation, or by one user. */
  used(orgId: number, userId?: number): Promise<number>;
  limits: {
    read(orgId: number): Promise<MonthlyLimits>;
    write(orgId: number, userId: number, q: MonthlyLimits): Promise<void>;
  };
  /** What a refused use is told: the packs, the company's month, the user's month are spent. */
  exhausted: { pack: string; company: string; user: string };
}

export interface MonthlyLimits {
  companyMonthlyQuota: number;
  userMonthlyQuota: number;
}

export class MeteredQuota {
  constructor(
    protected readonly db: Db,
    protected readonly costs: CostCenterService | undefined,
    protected readonly spec: MeterSpec,
  ) {}

  protected async metered(orgId: number): Promise<boolean> {
    return Boolean(this.costs && (await this.costs.isMetered(orgId, this.spec.ledgerKind)));
  }

  setting(orgId: number): Promise<MonthlyLimits> {
    return this.spec.limits.read(orgId);
  }

  set(orgId: number, userId: number, q: MonthlyLimits): Promise<void> {
    return this.spec.limits.write(orgId, userId, q);
  }

  async of(orgId: number, userId: number): Promise<Quota> {
    const { ledgerKind, exhausted } = this.spec;
    const metered = await this.metered(orgId);
    const [setting, companyUsed, userUsed, balance] = await Promise.all([
      this.setting(orgId),
      this.spec.used(orgId),
      this.spec.used(orgId, userId),
      metered && this.costs ? this.costs.balance(orgId, ledgerKind) : Promise.resolve(null),
    ]);
    const quota: Quota = {
      balance: balance ? balance.remaining : null,
      companyMonthlyQuota: setting.companyMonthlyQuota,
      companyMonthlyUsageAmount: companyUsed,
      companyTotalQuota: balance?.totalUnits ?? 0,
      companyTotalUsageAmount: balance ? balance.totalUnits - balance.remaining : 0,
      intervalExpireDate: formatDateTime(balance?.soonestExpiry ?? null),
      userMonthlyQuota: setting.userMonthlyQuota,
      userMonthlyUsageAmount: userUsed,
      unit: this.spec.unit,
      packPriceFen: this.spec.packPriceFen,
      exhausted: null,
    };
    // an organisation that never had packs of this kind gets its trial at its first use
    const trialDue =
      balance !== null &&
      balance.totalUnits === 0 &&
      this.spec.trialUnits > 0 &&
      !(await this.costs?.hasTrial(orgId, ledgerKind));
    quota.exhausted =
      balance && balance.remaining < 1 && !trialDue
        ? exhausted.pack
        : setting.companyMonthlyQuota && companyUsed >= setting.companyMonthlyQuota
          ? exhausted.company
          : setting.userMonthlyQuota && userUsed >= setting.userMonthlyQuota
            ? exhausted.user
            : null;
    return quota;
  }

  /** A pack the installation operator grants (赠送) to the organisation it names. */
  async grant(input: { organizationId: number; units: number; days: number }): Promise<{ id: number }> {
    if (!(await getOrganization(this.db, input.organizationId))) throw notFound('机构不存在');
    if (!this.costs) throw badRequest('费用中心未启用');
    return this.costs.grant(input.organizationId, this.spec.ledgerKind, {
      units: input.units,
      days: input.days,
      name: `${this.spec.packName} ${input.units} ${this.spec.unit}`,
      source: 'grant',
      createdBy: null,
    });
  }

  /** At an organisation's first use on a metered installation: a trial pack, once. */
  async trialIfNew(orgId: number): Promise<void> {
    const { ledgerKind, trialUnits } = this.spec;
    if (!this.costs || !trialUnits || !(await this.metered(orgId))) return;
    if (await this.costs.hasTrial(orgId, ledgerKind)) return;
    const balance = await this.costs.balance(orgId, ledgerKind);
    if (balance.totalUnits > 0) return;
    await this.costs.grant(orgId, ledgerKind, {
      units: trialUnits,
      days: 30,
      name: `${this.spec.packName.replace(/包$/, '')}试用包 ${trialUnits} ${this.spec.unit}`,
      source: 'trial',
    });
  }

  /**
   * Charges the units of one finished use (idempotent by refKey): all of them, or what the packs have left, the rest
   * recorded as over-use. Not metered: nothing is charged and the units count toward the monthly quotas only.
   */
  async take(orgId: number, userId: number, refKey: string, units: number, remark: string) {
    const kind = this.spec.ledgerKind;
    if (!(await this.metered(orgId)) || !this.costs) return { charged: 0, over: 0, metered: false };
    const all = await this.costs.charge(orgId, kind, { units, refKey, userId, remark });
    if (all.ok) return { charged: units, over: 0, metered: true };
    const left = (await this.costs.balance(orgId, kind)).remaining;
    if (left < 1) return { charged: 0, over: units, metered: true };
    const part = Math.min(left, units);
    const some = await this.costs.charge(orgId, kind, { units: part, refKey: `${refKey}:part`, userId, remark });
    return some.ok ? { charged: part, over: units - part, metered: true } : { charged: 0, over: units, metered: true };
  }
}

export const PRACTICE_KIND = 'practice';

/** The first instant of this month in Shanghai (UTC+8, no daylight saving). */
export function monthStart(now = new Date()): Date {
  const sh = new Date(now.getTime() + 8 * 3_600_000);
  return new Date(Date.UTC(sh.getUTCFullYear(), sh.getUTCMonth(), 1) - 8 * 3_600_000);
}

export const minutesOf = (ms: number) => Math.max(1, Math.ceil(Math.max(0, ms) / 60_000));

/** Minutes of the sessions started this month (a started minute counts), running ones as far as they went. */
async function practiceMinutesUsed(db: Db, orgId: number, userId?: number): Promise<number> {
  const p = practiceSession;
  const [row] = await db
    .select({
      minutes: sql<string>`coalesce(sum(greatest(1, ceil(extract(epoch from
        (coalesce(${p.endedAt}, now()) - ${p.startedAt})) / 60))), 0)`,
    })
    .from(p)
    .where(and(eq(p.organizationId, orgId), gte(p.startedAt, monthStart()), userId ? eq(p.userId, userId) : undefined));
  return Number(row?.minutes ?? 0);
}

/** The practice Quota: minutes (cost centre kind 'practice'); usage is the minutes of the sessions of this month. */
export class PracticeQuota extends MeteredQuota {
  constructor(db: Db, costs: CostCenterService | undefined, settings: PracticeSettings, packPriceFen: number) {
    super(db, costs, {
      ledgerKind: PRACTICE_KIND,
      unit: '分钟',
      packName: 'AI 陪练时长包',
      trialUnits: settings.trialMinutes,
      packPriceFen,
      used: (orgId, userId) => practiceMinutesUsed(db, orgId, userId),
      limits: {
        read: async (orgId) => {
          const [row] = await db.select().from(practiceQuota).where(eq(practiceQuota.organizationId, orgId));
          return { companyMonthlyQuota: row?.companyMonthlyQuota ?? 0, userMonthlyQuota: row?.userMonthlyQuota ?? 0 };
        },
        write: async (orgId, userId, q) => {
          await db
            .insert(practiceQuota)
            .values({ organizationId: orgId, ...q, updatedBy: userId })
            .onConflictDoUpdate({
              target: practiceQuota.organizationId,
              set: { ...q, updatedBy: userId, updatedAt: new Date() },
            });
        },
      },
      exhausted: {
        pack: 'AI 陪练时长已用完，请购买陪练时长包后再练',
        company: '本月公司 AI 陪练额度已用完，请联系管理员调整额度',
        user: '您本月的 AI 陪练额度已用完，请联系管理员调整额度',
      },
    });
  }

  /** Charges an ended session's minutes (idempotent by the session). */
  charge(orgId: number, userId: number, sessionId: number, minutes: number) {
    return this.take(orgId, userId, `practice:${sessionId}`, minutes, `AI 陪练 #${sessionId}`);
  }
}
