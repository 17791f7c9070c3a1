import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import type { PageRequest } from '../../platform/paging';
import { offsetOf } from '../../platform/paging';
import type { Scope } from '../../platform/scope';
import { maskPhone } from '../clueField';

/**
 * Reading the move log (clue_transfer) and the unlock events: /clueMonitor, /unlockList and customer retrieval. The
 * data scope applies to the people of a move: a session sees the moves from or to the users it may see.
 */

export interface MoveLogFilter extends PageRequest {
  action?: string;
  userId?: number;
  clueId?: number;
  receiveType?: number;
  transferMode?: number;
  startTime?: Date;
  endTime?: Date;
}

export interface MoveLogRow {
  id: number;
  clueId: number;
  action: string;
  fromUserId: number | null;
  toUserId: number | null;
  operatorId: number | null;
  poolId: number | null;
  receiveType: number | null;
  transferMode: number | null;
  seaEntryType: number | null;
  reason: string;
  createdAt: Date;
}

const ints = (xs: readonly number[]) => sql`${`{${xs.join(',')}}`}::int[]`;

export class ClueMoveLog {
  constructor(private readonly db: Db) {}

  async moves(s: Scope, f: MoveLogFilter): Promise<{ rows: MoveLogRow[]; total: number }> {
    const c: SQL[] = [sql`t.organization_id = ${s.orgId}`];
    if (s.visibleUserIds !== null) {
      const v = ints(s.visibleUserIds);
      c.push(sql`(t.from_user_id = any(${v}) or t.to_user_id = any(${v}) or t.operator_id = any(${v}))`);
    }
    if (f.action) c.push(sql`t.action = ${f.action}`);
    if (f.userId) c.push(sql`(t.from_user_id = ${f.userId} or t.to_user_id = ${f.userId})`);
    if (f.clueId) c.push(sql`t.clue_id = ${f.clueId}`);
    if (f.receiveType) c.push(sql`t.receive_type = ${f.receiveType}`);
    if (f.transferMode) c.push(sql`t.transfer_mode = ${f.transferMode}`);
    if (f.startTime) c.push(sql`t.created_at >= ${f.startTime}`);
    if (f.endTime) c.push(sql`t.created_at <= ${f.endTime}`);
    const where = sql.join(c, sql` and `);
    const [rows, count] = await Promise.all([
      this.db.execute<Record<string, unknown>>(sql`
        select t.id, t.clue_id, t.action, t.from_user_id, t.to_user_id, t.operator_id, t.pool_id, t.receive_type,
          t.transfer_mode, t.sea_entry_type, t.reason, t.created_at
        from clue_transfer t where ${where} order by t.created_at desc, t.id desc
        limit ${f.pageSize} offset ${offsetOf(f)}`),
      this.db.execute<{ n: number }>(sql`select count(*)::int as n from clue_transfer t where ${where}`),
    ]);
    return {
      rows: rows.rows.map((r) => ({
        id: Number(r.id),
        clueId: Number(r.clue_id),
        action: String(r.action),
        fromUserId: r.from_user_id as number | null,
        toUserId: r.to_user_id as number | null,
        operatorId: r.operator_id as number | null,
        poolId: r.pool_id as number | null,
        receiveType: r.receive_type as number | null,
        transferMode: r.transfer_mode as number | null,
        seaEntryType: r.sea_entry_type as number | null,
        reason: String(r.reason ?? ''),
        createdAt: new Date(r.created_at as string),
      })),
      total: Number(count.rows[0]?.n ?? 0),
    };
  }

  /** Unlock events (a lead's lock taken off) of the users the session sees. */
  async unlocks(s: Scope, f: PageRequest & { userId?: number; startTime?: Date; endTime?: Date }) {
    const c: SQL[] = [
      sql`e.organization_id = ${s.orgId}`,
      sql`e.type = 'lock'`,
      sql`(e.detail ->> 'lockStatus') = '0'`,
    ];
    if (s.visibleUserIds !== null) c.push(sql`e.user_id = any(${ints(s.visibleUserIds)})`);
    if (f.userId) c.push(sql`e.user_id = ${f.userId}`);
    if (f.startTime) c.push(sql`e.created_at >= ${f.startTime}`);
    if (f.endTime) c.push(sql`e.created_at <= ${f.endTime}`);
    const where = sql.join(c, sql` and `);
    const [rows, count] = await Promise.all([
      this.db.execute<{ id: number; clue_id: number; user_id: number | null; created_at: string }>(sql`
        select e.id, e.clue_id, e.user_id, e.created_at from clue_event e where ${where}
        order by e.created_at desc, e.id desc limit ${f.pageSize} offset ${offsetOf(f)}`),
      this.db.execute<{ n: number }>(sql`select count(*)::int as n from clue_event e where ${where}`),
    ]);
    return {
      rows: rows.rows.map((r) => ({
        id: Number(r.id),
        clueId: Number(r.clue_id),
        userId: r.user_id,
        createdAt: new Date(r.created_at),
      })),
      total: Number(count.rows[0]?.n ?? 0),
    };
  }

  /** Name, masked number and company of leads by id, the recycle bin's too (customer retrieval lists leads that
   * are no longer the user's). */
  async basics(orgId: number, ids: number[]): Promise<Map<number, { name: string; phone: string; company: string }>> {
    if (!ids.length) return new Map();
    const res = await this.db.execute<{ id: number; name: string; phone: string; company: string }>(
      sql`select id, name, phone, company from clue where organization_id = ${orgId} and id = any(${ints([...new Set(ids)])})`,
    );
    return new Map(
      res.rows.map((r) => [Number(r.id), { name: r.name, phone: maskPhone(r.phone), company: r.company }]),
    );
  }

  /** Names of leads by id, the recycle bin's too (a log names leads that may since have been deleted). */
  async names(orgId: number, ids: number[], opts: { poolId?: number } = {}): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    // poolId: only the leads lying in that pool (what a pool's viewer sees anyway)
    const inPool = opts.poolId ? sql`and is_in_sea = 1 and pool_id = ${opts.poolId} and deleted_at is null` : sql``;
    const res = await this.db.execute<{ id: number; name: string; phone: string }>(
      sql`select id, name, phone from clue where organization_id = ${orgId} and id = any(${ints([...new Set(ids)])}) ${inPool}`,
    );
    return new Map(res.rows.map((r) => [Number(r.id), r.name || maskPhone(r.phone)]));
  }

  /**
   * Leads that left a user since a time (customer retrieval): kind 1 in the sea now, 2 with a colleague now (by the
   * last move away from the user), 3 in the recycle bin (deleted while the user owned it). Newest first; `ids` limits
   * the answer to some leads (the retrieve call checks its ids with it).
   */
  async leftBy(
    orgId: number,
    userId: number,
    since: Date,
    opts: { kinds: number[]; ids?: number[]; limit: number; offset: number },
    db: DbOrTx = this.db,
  ) {
    if (!opts.kinds.length) return { rows: [], total: 0, counts: new Map<number, number>() };
    const idTest = opts.ids ? sql`and c.id = any(${ints(opts.ids)})` : sql``;
    const left = sql`
      select c.id, case when c.is_in_sea = 1 then 1 else 2 end as kind, t.created_at as left_at, t.action, t.reason,
        c.owner_id, c.pool_id
      from (select distinct on (clue_id) clue_id, created_at, action, reason from clue_transfer
            where organization_id = ${orgId} and from_user_id = ${userId} and created_at >= ${since}
            order by clue_id, created_at desc) t
      join clue c on c.id = t.clue_id and c.organization_id = ${orgId} and c.deleted_at is null
      where (c.owner_id is null or c.owner_id <> ${userId}) ${idTest}
      union all
      select c.id, 3 as kind, c.deleted_at as left_at, 'delete' as action, '' as reason, c.owner_id, c.pool_id
      from clue c where c.organization_id = ${orgId} and c.owner_id = ${userId} and c.deleted_at >= ${since} ${idTest}`;
    const kinds = ints(opts.kinds);
    // one after another: `db` may be a transaction (one connection)
    const rows = await db.execute<{
      id: number;
      kind: number;
      left_at: string;
      action: string;
      reason: string;
      owner_id: number | null;
      pool_id: number | null;
    }>(sql`select * from (${left}) l where l.kind = any(${kinds}) order by l.left_at desc, l.id desc
        limit ${opts.limit} offset ${opts.offset}`);
    const count = await db.execute<{ kind: number; n: number }>(
      sql`select l.kind, count(*)::int as n from (${left}) l group by l.kind`,
    );
    const counts = new Map(count.rows.map((r) => [Number(r.kind), Number(r.n)]));
    return {
      rows: rows.rows.map((r) => ({
        clueId: Number(r.id),
        kind: Number(r.kind),
        leftAt: new Date(r.left_at),
        action: r.action,
        reason: r.reason,
        ownerId: r.owner_id,
        poolId: r.pool_id,
      })),
      total: opts.kinds.reduce((n, k) => n + (counts.get(k) ?? 0), 0),
      counts,
    };
  }
}
