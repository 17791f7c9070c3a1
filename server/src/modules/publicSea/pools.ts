import { CustomerStage, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { findScoped, scoped, unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { Clues } from '../clue';
import { deptNamesByIds, deptSubtree, orgUsersByIds, usersInDepts } from '../org';
import { type DropRule, publicSeaPool } from './schema';

type Body<K extends keyof typeof contract.publicSeaPool> = CallBody<(typeof contract.publicSeaPool)[K]>;
type Answer<K extends keyof typeof contract.publicSeaPool> = CallAnswer<(typeof contract.publicSeaPool)[K]>;
export type PoolRow = typeof publicSeaPool.$inferSelect;

const MISSING = '公海不存在';

/** Pool administrators see and manage every pool; others see the pools that list them (or list nobody). */
export const managesPools = (s: Session) => s.isSuperAdmin || s.signs.has('publicsea:edit');

/** The drop-in rule in words, as the pool list shows it. */
export function dropRuleText(r: DropRule | null): string {
  if (!r?.enabled) return '未设置';
  const parts = [
    r.notFollowDays && `${r.notFollowDays}天未跟进`,
    r.notCalledDays && `${r.notCalledDays}天未拨打`,
    r.noDealDays && `${r.noDealDays}天未成交`,
  ].filter(Boolean);
  if (!parts.length) return '未设置';
  const stages = r.stages.length
    ? `（客户阶段：${r.stages.map((x) => CustomerStage[x as keyof typeof CustomerStage] ?? x).join('、')}）`
    : '';
  const except = [r.exceptLocked && '已锁定客户', r.exceptCustomers && '已成交客户'].filter(Boolean);
  return `${parts.join('或')}自动掉入${stages}${except.length ? `，${except.join('、')}除外` : ''}`;
}

/** Pools: list, create and edit, rules, order, delete; who may see which pool. */
export class Pools {
  constructor(
    private readonly db: Db,
    private readonly clues: Clues,
  ) {}

  /** The pool by id if the session may see it; 404 otherwise. */
  async visible(db: DbOrTx, s: Session, id: number): Promise<PoolRow> {
    const row = await findScoped(db, s, publicSeaPool, id, { missing: MISSING });
    if (!(await this.sees(db, s, row))) throw notFound(MISSING);
    return row;
  }

  /** The pool by id for an administrator's write; 404 for another organisation's. */
  managed(db: DbOrTx, s: Session, id: number): Promise<PoolRow> {
    return findScoped(db, s, publicSeaPool, id, { missing: MISSING });
  }

  private async sees(db: DbOrTx, s: Session, p: PoolRow): Promise<boolean> {
    if (managesPools(s)) return true;
    if (!p.userIds.length && !p.deptIds.length) return true;
    if (p.userIds.includes(s.userId)) return true;
    if (s.deptId === null) return false;
    for (const d of p.deptIds) if ((await deptSubtree(db, s.orgId, d)).includes(s.deptId)) return true;
    return false;
  }

  /** The pools of the organisation in order (rows), those the session sees. */
  async rows(s: Session): Promise<PoolRow[]> {
    const all = await this.db
      .select()
      .from(publicSeaPool)
      .where(scoped(s, publicSeaPool))
      .orderBy(asc(publicSeaPool.sortNum), asc(publicSeaPool.id));
    const out: PoolRow[] = [];
    for (const p of all) if (await this.sees(this.db, s, p)) out.push(p);
    return out;
  }

  /** Every pool of an organisation in order (the drop-in job). */
  orgPools(orgId: number): Promise<PoolRow[]> {
    return this.db
      .select()
      .from(publicSeaPool)
      .where(scoped(unscoped(orgId, 'the drop-in job reads every pool'), publicSeaPool))
      .orderBy(asc(publicSeaPool.sortNum), asc(publicSeaPool.id));
  }

  /** The users a pool's rules apply to: those listed and those of the departments listed; null: everyone. */
  async members(db: DbOrTx, p: PoolRow): Promise<number[] | null> {
    if (!p.userIds.length && !p.deptIds.length) return null;
    const depts = new Set<number>();
    for (const d of p.deptIds) for (const id of await deptSubtree(db, p.organizationId, d)) depts.add(id);
    return [...new Set([...p.userIds, ...(await usersInDepts(db, p.organizationId, [...depts]))])];
  }

  /** Names of pools by id, deleted ones too (logs name the pool a lead was in). */
  async names(s: Session, ids: (number | null)[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids.filter((x): x is number => !!x))];
    if (!unique.length) return new Map();
    const rows = await this.db
      .select({ id: publicSeaPool.id, name: publicSeaPool.name })
      .from(publicSeaPool)
      .where(and(scoped(s, publicSeaPool, { deleted: true }), inArray(publicSeaPool.id, unique)));
    return new Map(rows.map((p) => [p.id, p.name]));
  }

  async list(s: Session): Promise<Answer<'list'>> {
    const rows = await this.rows(s);
    return this.views(s.orgId, rows);
  }

  async views(orgId: number, rows: PoolRow[]) {
    const [users, depts, counts] = await Promise.all([
      orgUsersByIds(
        this.db,
        orgId,
        rows.flatMap((r) => r.userIds),
      ),
      deptNamesByIds(
        this.db,
        orgId,
        rows.flatMap((r) => r.deptIds),
      ),
      this.clues.sea.poolCounts(this.db, orgId),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      sortNum: r.sortNum,
      userIds: r.userIds,
      userNames: r.userIds.map((id) => users.get(id)?.realName ?? ''),
      deptIds: r.deptIds,
      deptNames: r.deptIds.map((id) => depts.get(id) ?? ''),
      dailyClaimLimit: r.dailyClaimLimit,
      holdLimit: r.holdLimit,
      reclaimDelayDays: r.reclaimDelayDays,
      dropRule: r.dropRule ?? null,
      dropRuleText: dropRuleText(r.dropRule ?? null),
      lastDropAt: formatDateTime(r.lastDropAt),
      leadCount: counts.get(r.id) ?? 0,
      createdAt: formatDateTime(r.createdAt),
    }));
  }

  async detail(s: Session, id: number) {
    const row = await this.visible(this.db, s, id);
    return (await this.views(s.orgId, [row]))[0];
  }

  /** Users and departments named by a pool must be the organisation's. */
  private async checkMembers(orgId: number, userIds: number[], deptIds: number[]) {
    const users = await orgUsersByIds(this.db, orgId, userIds);
    if (users.size !== new Set(userIds).size) throw badRequest('userIds：员工不存在');
    const depts = await deptNamesByIds(this.db, orgId, deptIds);
    if (depts.size !== new Set(deptIds).size) throw badRequest('deptIds：部门不存在');
  }

  async save(s: Session, input: Body<'save'>): Promise<{ id: number }> {
    await this.checkMembers(s.orgId, input.userIds, input.deptIds);
    return this.db.transaction(async (tx) => {
      const [dup] = await tx
        .select({ id: publicSeaPool.id })
        .from(publicSeaPool)
        .where(and(scoped(s, publicSeaPool), eq(publicSeaPool.name, input.name)));
      if (dup && dup.id !== input.id) throw badRequest('name：公海名称已存在');
      const values = { name: input.name, userIds: [...new Set(input.userIds)], deptIds: [...new Set(input.deptIds)] };
      if (input.id) {
        await this.managed(tx, s, input.id);
        await tx
          .update(publicSeaPool)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(publicSeaPool.id, input.id), scoped(s, publicSeaPool)));
        return { id: input.id };
      }
      const [{ n }] = (
        await tx.execute<{ n: number }>(
          sql`select coalesce(max(sort_num), 0)::int + 1 as n from public_sea_pool where organization_id = ${s.orgId}`,
        )
      ).rows;
      const [row] = await tx
        .insert(publicSeaPool)
        .values({ ...values, organizationId: s.orgId, sortNum: Number(n), createdBy: s.userId })
        .returning({ id: publicSeaPool.id });
      return row;
    });
  }

  async saveSetting(s: Session, input: CallBody<typeof contract.organizationPublicsea.saveSetting>) {
    const pool = await this.managed(this.db, s, input.id);
    if (input.userIds || input.deptIds)
      await this.checkMembers(s.orgId, input.userIds ?? pool.userIds, input.deptIds ?? pool.deptIds);
    const r = input.dropRule;
    if (r.enabled && !r.notFollowDays && !r.notCalledDays && !r.noDealDays)
      throw badRequest('dropRule：开启掉入规则时请至少设置一个天数条件');
    await this.db
      .update(publicSeaPool)
      .set({
        dailyClaimLimit: input.dailyClaimLimit,
        holdLimit: input.holdLimit,
        reclaimDelayDays: input.reclaimDelayDays,
        dropRule: {
          enabled: r.enabled,
          notFollowDays: r.notFollowDays ?? null,
          notCalledDays: r.notCalledDays ?? null,
          noDealDays: r.noDealDays ?? null,
          stages: [...new Set(r.stages)],
          exceptLocked: r.exceptLocked,
          exceptCustomers: r.exceptCustomers,
        },
        ...(input.userIds ? { userIds: [...new Set(input.userIds)] } : {}),
        ...(input.deptIds ? { deptIds: [...new Set(input.deptIds)] } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(publicSeaPool.id, pool.id), scoped(s, publicSeaPool)));
    return { id: pool.id };
  }

  /** The pools in the order given (those not given keep their place after them). */
  async resetSortNum(s: Session, ids: number[]): Promise<Answer<'resetSortNum'>> {
    return this.db.transaction(async (tx) => {
      const all = await tx
        .select({ id: publicSeaPool.id })
        .from(publicSeaPool)
        .where(scoped(s, publicSeaPool))
        .orderBy(asc(publicSeaPool.sortNum), asc(publicSeaPool.id));
      const known = new Set(all.map((p) => p.id));
      for (const id of ids) if (!known.has(id)) throw notFound(MISSING);
      const order = [...new Set(ids), ...all.map((p) => p.id).filter((id) => !ids.includes(id))];
      for (const [i, id] of order.entries())
        await tx
          .update(publicSeaPool)
          .set({ sortNum: i + 1 })
          .where(and(eq(publicSeaPool.id, id), scoped(s, publicSeaPool)));
      return { count: order.length };
    });
  }

  /** Deletes a pool; its leads go to another pool or to the recycle bin, as the administrator chose. */
  async del(s: Session, input: Body<'del'>): Promise<Answer<'del'>> {
    return this.db.transaction(async (tx) => {
      const pool = await this.managed(tx, s, input.id);
      let moved: number;
      if (input.leadAction === 1) {
        if (!input.targetPoolId) throw badRequest('targetPoolId：请选择客户转入的公海');
        if (input.targetPoolId === pool.id) throw badRequest('targetPoolId：不能转入要删除的公海');
        const target = await this.managed(tx, s, input.targetPoolId);
        moved = await this.clues.sea.emptyPool(tx, s.orgId, pool.id, { poolId: target.id });
      } else moved = await this.clues.sea.emptyPool(tx, s.orgId, pool.id, { recycle: s.userId });
      await tx
        .update(publicSeaPool)
        .set({ deletedAt: new Date() })
        .where(and(eq(publicSeaPool.id, pool.id), scoped(s, publicSeaPool)));
      return { count: moved };
    });
  }
}
