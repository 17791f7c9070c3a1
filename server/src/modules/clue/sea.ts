import { ReceiveType, SeaEntryType, TransferMode } from '@crm/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { Session } from '../../platform/session';
import type { AutoPick } from './autoAssign';
import { findClues } from './rows';
import type { ClueRow } from './view';

/**
 * How leads move between owners and the public sea, for the pool, assignment, retrieval and merge modules: each move
 * is one conditional UPDATE (only rows still in the state the move expects change, so two concurrent moves of one
 * lead never both win) followed by the move log (clue_transfer) and the interaction log (clue_event) of every lead
 * moved, written set-based in the caller's transaction.
 */

export type MoveAction =
  | 'claim'
  | 'assign'
  | 'auto'
  | 'change'
  | 'toSea'
  | 'dropIn'
  | 'quit'
  | 'handover'
  | 'retrieve'
  | 'merge';

/** One move of some leads: what, by whom, to whom or into which pool, and how it is labelled. */
export interface Move {
  action: MoveAction;
  /** The user who did it; null for a rule or a job. */
  operatorId: number | null;
  toUserId?: number | null;
  poolId?: number | null;
  receiveType?: keyof typeof ReceiveType | null;
  transferMode?: keyof typeof TransferMode | null;
  seaEntryType?: keyof typeof SeaEntryType | null;
  reason?: string;
  /** Interaction-record title and text. */
  title: string;
  content: string;
  time: Date;
}

/** The organisation's live leads, on the alias c of the statements below. */
const live = (orgId: number) => sql`c.organization_id = ${orgId} and c.deleted_at is null`;

const ints = (xs: readonly (number | null)[]) =>
  sql`${`{${xs.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`}::int[]`;

/** The leads moved, each with the owner it had before. */
export interface Moved {
  id: number;
  fromUserId: number | null;
}

/** The interaction record's detail of a move (the event adds the lead's former owner). */
function detailOf(m: Move) {
  return {
    toUserId: m.toUserId ?? null,
    poolId: m.poolId ?? null,
    receiveType: m.receiveType ?? null,
    receiveTypeName: m.receiveType ? ReceiveType[m.receiveType] : '',
    transferMode: m.transferMode ?? null,
    transferModeName: m.transferMode ? TransferMode[m.transferMode] : '',
    seaEntryType: m.seaEntryType ?? null,
    seaEntryTypeName: m.seaEntryType ? SeaEntryType[m.seaEntryType] : '',
    reason: m.reason ?? '',
    action: m.action,
  };
}

/** The move-log rows of the leads of `source` (a relation of id, from_user). */
const transferInsert = (orgId: number, m: Omit<Move, 'title' | 'content'>, source: SQL) => sql`
  insert into clue_transfer (organization_id, clue_id, action, from_user_id, to_user_id, operator_id, pool_id,
    receive_type, transfer_mode, sea_entry_type, reason, created_at)
  select ${orgId}, t.id, ${m.action}, t.from_user, ${m.toUserId ?? null}, ${m.operatorId}, ${m.poolId ?? null},
    ${m.receiveType ?? null}, ${m.transferMode ?? null}, ${m.seaEntryType ?? null}, ${(m.reason ?? '').slice(0, 200)}, ${m.time}
  from ${source}`;

/** The interaction records of the leads of `source` (a relation of id, from_user). */
const eventInsert = (orgId: number, m: Move, source: SQL) => sql`
  insert into clue_event (organization_id, clue_id, type, user_id, title, content, detail, created_at)
  select ${orgId}, t.id, 'transfer', ${m.operatorId}, ${m.title}, ${m.content},
    ${JSON.stringify(detailOf(m))}::jsonb || jsonb_build_object('fromUserId', t.from_user), ${m.time}
  from ${source}`;

const unnested = (moved: Moved[]) =>
  sql`unnest(${ints(moved.map((r) => r.id))}, ${ints(moved.map((r) => r.fromUserId))}) as t(id, from_user)`;

/** Writes the move log and interaction log of leads just moved (by a write of its own). */
export async function recordMoves(tx: DbOrTx, orgId: number, moved: Moved[], m: Move): Promise<void> {
  if (!moved.length) return;
  await tx.execute(
    sql`with tr as (${transferInsert(orgId, m, unnested(moved))}) ${eventInsert(orgId, m, unnested(moved))}`,
  );
}

/** The move log alone (a write that records its own interaction event). */
export async function logTransfers(tx: DbOrTx, orgId: number, moved: Moved[], m: Omit<Move, 'title' | 'content'>) {
  if (!moved.length) return;
  await tx.execute(transferInsert(orgId, m, unnested(moved)));
}

/**
 * A move as one statement: `update` (returning id and from_user) and both logs of the rows it changed, in one round
 * trip (the claim is the hot path: 20 seats claiming at once).
 */
async function moveLogged(tx: DbOrTx, orgId: number, update: SQL, m: Move): Promise<Moved[]> {
  const res = await tx.execute<Row>(sql`
    with moved as (${update}),
      tr as (${transferInsert(orgId, m, sql`moved t`)}),
      ev as (${eventInsert(orgId, m, sql`moved t`)})
    select id, from_user from moved`);
  return movedOf(res.rows);
}

/** The move of a new lead given an owner by an automatic assignment rule (receive type 4, transfer mode 3). */
export const autoMove = (pick: AutoPick, time: Date): Move => ({
  action: 'auto',
  operatorId: null,
  toUserId: pick.userId,
  receiveType: 4,
  transferMode: 3,
  reason: pick.ruleName,
  title: '自动分配',
  content: `按自动分配规则「${pick.ruleName}」分配给${pick.userName}`,
  time,
});

type Row = { id: number; from_user: number | null };
const movedOf = (rows: Row[]): Moved[] => rows.map((r) => ({ id: Number(r.id), fromUserId: r.from_user }));

/** The moves of leads, each a conditional update and its logs. */
export class ClueSea {
  /**
   * Sea leads of a pool (any pool: null) to a user: only those still in the sea there move; answers the ids moved.
   */
  async takeFromSea(tx: DbOrTx, orgId: number, poolId: number | null, ids: number[], m: Move): Promise<number[]> {
    if (!ids.length) return [];
    const moved = await moveLogged(
      tx,
      orgId,
      sql`update clue c set owner_id = ${m.toUserId ?? null}, is_in_sea = 2, assign_status = 2,
        receive_type = ${m.receiveType ?? null}, pool_id = null, sea_entry_type = null, sea_time = null,
        received_at = ${m.time}, updated_at = ${m.time}
      where c.id = any(${ints(ids)}) and ${live(orgId)} and c.is_in_sea = 1
        ${poolId === null ? sql`` : sql`and c.pool_id = ${poolId}`}
      returning c.id, null::int as from_user`,
      m,
    );
    return moved.map((r) => r.id);
  }

  /** Owned leads (not in the sea) into a pool; answers the leads moved with their former owners. */
  async putInSea(tx: DbOrTx, orgId: number, ids: number[], m: Move & { poolId: number }): Promise<Moved[]> {
    if (!ids.length) return [];
    return this.putInSeaWhere(tx, orgId, sql`c.id = any(${ints(ids)})`, m);
  }

  /**
   * The owned leads that `where` (on alias c) selects, into a pool: one statement (the drop-in job passes a batch's
   * conditions); answers the leads moved with their former owners.
   */
  async putInSeaWhere(
    tx: DbOrTx,
    orgId: number,
    where: SQL,
    m: Move & { poolId: number },
    limit?: number,
  ): Promise<Moved[]> {
    // SET reads the row as it was: previous_owner_id takes the owner being replaced, which RETURNING then reports.
    // The ids are chosen (and locked) first and updated through the primary key: a join with the chosen rows made the
    // planner scan the whole table for every batch of the drop-in job.
    return moveLogged(
      tx,
      orgId,
      sql`update clue c set previous_owner_id = c.owner_id, owner_id = null, is_in_sea = 1, assign_status = 1,
        pool_id = ${m.poolId}, sea_entry_type = ${m.seaEntryType ?? null}, sea_time = ${m.time}, updated_at = ${m.time}
      where c.id = any(array(select c.id from clue c where ${where} and ${live(orgId)} and c.is_in_sea = 2
            order by c.id ${limit ? sql`limit ${limit}` : sql``} for update))
        and c.is_in_sea = 2
      returning c.id, c.previous_owner_id as from_user`,
      m,
    );
  }

  /** Owned leads (of `fromUserId` when given) to another owner; answers the leads moved. */
  async giveTo(tx: DbOrTx, orgId: number, ids: number[], m: Move, fromUserId?: number): Promise<Moved[]> {
    if (!ids.length) return [];
    return moveLogged(
      tx,
      orgId,
      sql`update clue c set owner_id = ${m.toUserId ?? null}, is_in_sea = 2, assign_status = 2,
        receive_type = ${m.receiveType ?? null}, received_at = ${m.time}, updated_at = ${m.time}
      from (select c.id, c.owner_id from clue c where c.id = any(${ints(ids)}) and ${live(orgId)} and c.is_in_sea = 2
            ${fromUserId === undefined ? sql`` : sql`and c.owner_id = ${fromUserId}`} order by c.id for update) o
      where c.id = o.id
      returning c.id, o.owner_id as from_user`,
      m,
    );
  }

  /** Leads in the recycle bin back to an owner (customer retrieval); answers the ids moved. */
  async restoreTo(tx: DbOrTx, orgId: number, ids: number[], m: Move): Promise<number[]> {
    if (!ids.length) return [];
    const moved = await moveLogged(
      tx,
      orgId,
      sql`update clue c set deleted_at = null, deleted_by = null, owner_id = ${m.toUserId ?? null}, is_in_sea = 2,
        assign_status = 2, pool_id = null, received_at = ${m.time}, updated_at = ${m.time}
      from (select c.id, c.owner_id from clue c where c.id = any(${ints(ids)}) and c.organization_id = ${orgId}
            and c.deleted_at is not null order by c.id for update) o
      where c.id = o.id
      returning c.id, o.owner_id as from_user`,
      m,
    );
    return moved.map((r) => r.id);
  }

  /** How many live leads a user holds (the pool's hold cap). */
  async heldCount(tx: DbOrTx, orgId: number, userId: number): Promise<number> {
    const res = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from clue c where ${live(orgId)} and c.owner_id = ${userId} and c.is_in_sea = 2`,
    );
    return Number(res.rows[0]?.n ?? 0);
  }

  /** How many leads a user took with one action since a time (of one pool when given): the daily caps. */
  async movesSince(
    tx: DbOrTx,
    orgId: number,
    userId: number,
    action: MoveAction,
    since: Date,
    poolId?: number,
  ): Promise<number> {
    const res = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from clue_transfer where organization_id = ${orgId} and to_user_id = ${userId}
        and action = ${action} and created_at >= ${since} ${poolId ? sql`and pool_id = ${poolId}` : sql``}`);
    return Number(res.rows[0]?.n ?? 0);
  }

  /** Sea leads among ids (of a pool when given), with what the claim rules read. */
  async seaLeads(tx: DbOrTx, orgId: number, poolId: number | null, ids: number[]) {
    if (!ids.length) return [];
    const res = await tx.execute<{
      id: number;
      name: string;
      phone: string;
      previous_owner_id: number | null;
      sea_time: string | Date | null;
      pool_id: number | null;
    }>(sql`select c.id, c.name, c.phone, c.previous_owner_id, c.sea_time, c.pool_id from clue c
      where c.id = any(${ints(ids)}) and ${live(orgId)} and c.is_in_sea = 1
        ${poolId === null ? sql`` : sql`and c.pool_id = ${poolId}`}`);
    return res.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      phone: r.phone,
      previousOwnerId: r.previous_owner_id,
      seaTime: r.sea_time ? new Date(r.sea_time) : null,
      poolId: r.pool_id,
    }));
  }

  /** Ids of the live leads a user owns (a departing user's handover). */
  async ownedIds(tx: DbOrTx, orgId: number, userId: number): Promise<number[]> {
    const res = await tx.execute<{ id: number }>(
      sql`select c.id from clue c where ${live(orgId)} and c.owner_id = ${userId} and c.is_in_sea = 2 order by c.id`,
    );
    return res.rows.map((r) => Number(r.id));
  }

  /** What a user holds: leads, customers, locked ones (quitUserCheck). */
  async holdings(tx: DbOrTx, orgId: number, userId: number) {
    const res = await tx.execute<{ clues: number; customers: number; locked: number; collaborating: number }>(sql`
      select count(*) filter (where c.type = 1)::int as clues, count(*) filter (where c.type = 2)::int as customers,
        count(*) filter (where c.lock_status = 1)::int as locked,
        (select count(*)::int from clue_collaborator k where k.organization_id = ${orgId} and k.user_id = ${userId}) as collaborating
      from clue c where ${live(orgId)} and c.owner_id = ${userId} and c.is_in_sea = 2`);
    const r = res.rows[0];
    return {
      clueCount: Number(r?.clues ?? 0),
      customerCount: Number(r?.customers ?? 0),
      lockedCount: Number(r?.locked ?? 0),
      collaboratingCount: Number(r?.collaborating ?? 0),
    };
  }

  /** How many live leads lie in each pool. */
  async poolCounts(tx: DbOrTx, orgId: number): Promise<Map<number, number>> {
    const res = await tx.execute<{ pool_id: number; n: number }>(
      sql`select c.pool_id, count(*)::int as n from clue c where ${live(orgId)} and c.is_in_sea = 1 group by c.pool_id`,
    );
    return new Map(res.rows.map((r) => [Number(r.pool_id), Number(r.n)]));
  }

  /** Moves every lead of one pool to another (a pool deleted), or to the recycle bin; answers how many. */
  async emptyPool(tx: DbOrTx, orgId: number, poolId: number, to: { poolId: number } | { recycle: number }) {
    const res =
      'poolId' in to
        ? await tx.execute(sql`update clue c set pool_id = ${to.poolId}, updated_at = now()
            where ${live(orgId)} and c.is_in_sea = 1 and c.pool_id = ${poolId}`)
        : await tx.execute(sql`update clue c set deleted_at = now(), deleted_by = ${to.recycle}
            where ${live(orgId)} and c.is_in_sea = 1 and c.pool_id = ${poolId}`);
    return res.rowCount ?? 0;
  }

  /** The chosen leads the session may see (its data scope); 404 when any is missing. */
  visibleRows(db: DbOrTx, s: Session, ids: number[]): Promise<ClueRow[]> {
    return findClues(db, s, ids);
  }

  /** Leads of a pool to the recycle bin; answers how many. */
  async recycleSeaLeads(tx: DbOrTx, orgId: number, poolId: number, ids: number[], userId: number, time: Date) {
    const res = await tx.execute<{ id: number }>(sql`
      update clue c set deleted_at = ${time}, deleted_by = ${userId}
      where c.id = any(${ints(ids)}) and ${live(orgId)} and c.is_in_sea = 1 and c.pool_id = ${poolId}
      returning c.id`);
    const moved = res.rows.map((r) => Number(r.id));
    if (moved.length)
      await tx.execute(sql`
        insert into clue_event (organization_id, clue_id, type, user_id, title, content, detail, created_at)
        select ${orgId}, t.id, 'recycle', ${userId}, '移入回收站', '从公海删除', '{}'::jsonb, ${time}
        from unnest(${ints(moved)}) as t(id)`);
    return moved.length;
  }

  /** Per pool: leads in all and of each customer sea type. */
  async seaTypeCounts(db: DbOrTx, orgId: number, poolIds: number[]) {
    const res = await db.execute<{
      pool_id: number;
      total: number;
      not_followed: number;
      not_dialled: number;
      dialled: number;
      departed: number;
    }>(sql`
      select c.pool_id, count(*)::int as total, count(*) filter (where c.last_follow_time is null)::int as not_followed,
        count(*) filter (where c.call_count = 0)::int as not_dialled, count(*) filter (where c.call_count > 0)::int as dialled,
        count(*) filter (where c.sea_entry_type = 2)::int as departed
      from clue c where ${live(orgId)} and c.is_in_sea = 1 and c.pool_id = any(${ints(poolIds)}) group by c.pool_id`);
    return new Map(
      res.rows.map((r) => [
        Number(r.pool_id),
        {
          total: Number(r.total),
          notFollowed: Number(r.not_followed),
          notDialled: Number(r.not_dialled),
          dialled: Number(r.dialled),
          departed: Number(r.departed),
        },
      ]),
    );
  }
}
