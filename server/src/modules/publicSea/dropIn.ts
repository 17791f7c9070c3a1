import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Clues } from '../clue';
import { dropRuleText, type PoolRow, type Pools } from './pools';
import { publicSeaPool } from './schema';

export const DROP_IN_JOB = 'pool.dropin';
/** The schedule of the drop-in job: every hour (the rules count whole days; the run is idempotent). */
export const DROP_IN_CRON = '5 * * * *';
const BATCH = 20_000;
const DAY = 86_400_000;

const ints = (xs: number[]) => sql`${`{${xs.join(',')}}`}::int[]`;

/**
 * The drop-in rule of a pool as a condition on the leads (alias c) at time `asOf`: owned by the pool's users, not
 * excepted, and idle past one of the day counts. Idle time counts from the last follow-up (or call) or, when there was
 * none since, from when the owner got the lead.
 */
export function dropCondition(p: PoolRow, members: number[] | null, asOf: Date): SQL | null {
  const r = p.dropRule;
  if (!r?.enabled) return null;
  const since = sql`coalesce(c.received_at, c.created_at)`;
  const cutoff = (days: number) => new Date(asOf.getTime() - days * DAY);
  const idle: SQL[] = [];
  if (r.notFollowDays)
    idle.push(sql`greatest(coalesce(c.last_follow_time, ${since}), ${since}) < ${cutoff(r.notFollowDays)}`);
  if (r.notCalledDays)
    idle.push(sql`greatest(coalesce(c.last_call_time, ${since}), ${since}) < ${cutoff(r.notCalledDays)}`);
  if (r.noDealDays) idle.push(sql`(c.type = 1 and ${since} < ${cutoff(r.noDealDays)})`);
  if (!idle.length) return null;
  const conds: SQL[] = [sql`c.owner_id is not null`, sql`c.blacklisted = false`];
  if (members) conds.push(members.length ? sql`c.owner_id = any(${ints(members)})` : sql`false`);
  if (r.exceptLocked) conds.push(sql`c.lock_status = 0`);
  if (r.exceptCustomers) conds.push(sql`c.type = 1`);
  if (r.stages.length) conds.push(sql`c.stage = any(${ints(r.stages)})`);
  conds.push(sql`(${sql.join(idle, sql` or `)})`);
  return sql.join(conds, sql` and `);
}

/**
 * The drop-in job: each pool's rule, in pool order, over the organisation's owned leads, in batches of one
 * transaction each (keyset on the id). It is idempotent and restartable: a lead that dropped in no longer matches
 * (it is in the sea), so a run stopped half-way and started again moves only what is left, and a second run moves
 * nothing.
 */
export class DropIn {
  constructor(
    private readonly db: Db,
    private readonly clues: Clues,
    private readonly pools: Pools,
    private readonly now: () => Date,
    /** Batches run at once, each over its own range of ids (PostgreSQL: 2; PGlite has one connection: 1). */
    private readonly workers = 1,
  ) {}

  /** Organisations with at least one enabled drop-in rule (the scheduled run). */
  async orgsWithRules(): Promise<number[]> {
    const res = await this.db.execute<{ organization_id: number }>(
      sql`select distinct organization_id from public_sea_pool where deleted_at is null and (drop_rule ->> 'enabled') = 'true'`,
    );
    return res.rows.map((r) => Number(r.organization_id));
  }

  /** Runs the rules of an organisation (of one pool when given) as of `asOf`; answers how many leads dropped in. */
  async run(orgId: number, poolId?: number, asOf: Date = this.now()): Promise<number> {
    let total = 0;
    for (const pool of await this.pools.orgPools(orgId)) {
      if (poolId && pool.id !== poolId) continue;
      const where = dropCondition(pool, await this.pools.members(this.db, pool), asOf);
      if (!where) continue;
      const move = {
        action: 'dropIn' as const,
        operatorId: null,
        poolId: pool.id,
        seaEntryType: 1 as const,
        reason: dropRuleText(pool.dropRule ?? null),
        title: '自动掉入公海',
        content: `自动掉入公海「${pool.name}」：${dropRuleText(pool.dropRule ?? null)}`,
        time: asOf,
      };
      const counts = await Promise.all(
        (await this.idRanges(orgId)).map(([from, to]) => this.runRange(orgId, where, move, from, to)),
      );
      total += counts.reduce((a, b) => a + b, 0);
      await this.db
        .update(publicSeaPool)
        .set({ lastDropAt: asOf })
        .where(and(eq(publicSeaPool.id, pool.id), eq(publicSeaPool.organizationId, orgId)));
    }
    // a large move leaves the planner's statistics of the lead table stale (the pool looked empty to it): refresh them
    if (total > 10_000) await this.db.execute(sql`analyze clue`);
    return total;
  }

  /** The organisation's ids cut into one range per worker. */
  private async idRanges(orgId: number): Promise<[number, number][]> {
    const res = await this.db.execute<{ lo: string | null; hi: string | null }>(
      sql`select min(id)::text as lo, max(id)::text as hi from clue where organization_id = ${orgId} and deleted_at is null`,
    );
    const lo = Number(res.rows[0]?.lo ?? 0);
    const hi = Number(res.rows[0]?.hi ?? 0);
    if (!hi) return [];
    const step = Math.ceil((hi - lo + 1) / this.workers);
    return Array.from({ length: this.workers }, (_, i) => [lo + i * step, Math.min(hi, lo + (i + 1) * step - 1)]);
  }

  /** The batches of one range of ids, each one transaction, keyset on the id. */
  private async runRange(
    orgId: number,
    where: SQL,
    move: Parameters<Clues['sea']['putInSeaWhere']>[3],
    from: number,
    to: number,
  ): Promise<number> {
    let moved = 0;
    let last = from - 1;
    for (;;) {
      const batch = await this.db.transaction((tx) =>
        this.clues.sea.putInSeaWhere(tx, orgId, sql`${where} and c.id > ${last} and c.id <= ${to}`, move, BATCH),
      );
      moved += batch.length;
      if (batch.length < BATCH) return moved;
      last = batch.reduce((m, r) => Math.max(m, r.id), last);
    }
  }

  /** The scheduled run: every organisation with rules. */
  async runAll(): Promise<number> {
    let n = 0;
    for (const orgId of await this.orgsWithRules()) n += await this.run(orgId);
    return n;
  }
}
