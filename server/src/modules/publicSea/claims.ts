import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { Clues } from '../clue';
import { orgUser } from '../org';
import type { PoolRow, Pools } from './pools';

type Body<K extends keyof typeof contract.organizationPublicsea> = CallBody<(typeof contract.organizationPublicsea)[K]>;
type Answer<K extends keyof typeof contract.organizationPublicsea> = CallAnswer<
  (typeof contract.organizationPublicsea)[K]
>;
type Refusal = Answer<'receive'>['failed'][number];

const DAY = 86_400_000;
const SHANGHAI = 8 * 3_600_000;
/** Midnight in Shanghai of the day of `t`: the daily caps count from here. */
export const dayStart = (t: Date) => new Date(Math.floor((t.getTime() + SHANGHAI) / DAY) * DAY - SHANGHAI);

/** Serialises one user's claims (the caps are counted, then written) until the transaction ends (user ids are global). */
const lockUser = (tx: DbOrTx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(727201, ${userId})`);

export const TAKEN = '该客户已被他人领取或已不在公海';

/**
 * What staff do with a pool's leads: browse, claim (one or a batch, within the pool's caps), and what managers do:
 * assign, transfer leads into a pool, delete pool leads. Claims are safe under concurrency: one user's claims run one
 * at a time (an advisory lock per user, so the caps are counted after the previous claim committed) and a lead moves
 * only while it is still in the pool (a conditional update), so two users never both take one lead.
 */
export class PoolClaims {
  constructor(
    private readonly db: Db,
    private readonly clues: Clues,
    private readonly pools: Pools,
    private readonly now: () => Date,
  ) {}

  async list(s: Session, req: Body<'list'>): Promise<Answer<'list'>> {
    const { poolId, seaTypes, ...filter } = req;
    const pool = await this.pools.visible(this.db, s, poolId);
    return this.clues.lists.list(s, { ...filter, isInSea: 1, poolIds: [pool.id], seaTypes } as never);
  }

  /** One lead: refused with the reason (409) when it cannot be taken. */
  async receive(s: Session, poolId: number, clueId: number): Promise<Answer<'receive'>> {
    const r = await this.claim(s, poolId, [clueId]);
    if (!r.count) throw conflict(r.failed[0]?.reason ?? TAKEN);
    return r;
  }

  /**
   * Claims what it can; answers how many and, for the rest, why not. The user's lock and the reads behind the caps and
   * the re-claim delay are taken only when the pool has them: a pool without limits costs one statement a claim.
   */
  async claim(s: Session, poolId: number, ids: number[]): Promise<Answer<'batchReceive'>> {
    const pool = await this.pools.visible(this.db, s, poolId);
    const now = this.now();
    const capped = pool.dailyClaimLimit > 0 || pool.holdLimit > 0;
    const delay = pool.reclaimDelayDays * DAY;
    const work = async (tx: DbOrTx) => {
      if (capped) await lockUser(tx, s.userId);
      const failed: Refusal[] = [];
      let candidates = [...new Set(ids)];
      if (delay) {
        const leads = await this.clues.sea.seaLeads(tx, s.orgId, pool.id, candidates);
        const found = new Map(leads.map((l) => [l.id, l]));
        candidates = candidates.filter((id) => {
          const l = found.get(id);
          if (!l) {
            failed.push({ clueId: id, name: '', reason: TAKEN });
            return false;
          }
          const until = l.seaTime && l.previousOwnerId === s.userId ? l.seaTime.getTime() + delay : 0;
          if (until <= now.getTime()) return true;
          const days = Math.ceil((until - now.getTime()) / DAY);
          failed.push({
            clueId: id,
            name: l.name,
            reason: `您是该客户的原跟进人，需在掉入公海${pool.reclaimDelayDays}天后才能再次领取（还需${days}天）`,
          });
          return false;
        });
      }
      const room = capped ? await this.room(tx, s, pool, now) : { count: candidates.length, reason: '' };
      for (const id of candidates.slice(room.count)) failed.push({ clueId: id, name: '', reason: room.reason });
      const allowed = candidates.slice(0, room.count);
      const taken = await this.clues.sea.takeFromSea(tx, s.orgId, pool.id, allowed, {
        action: 'claim',
        operatorId: s.userId,
        toUserId: s.userId,
        poolId: pool.id,
        receiveType: 2,
        transferMode: 1,
        title: '公海领取',
        content: `从公海「${pool.name}」领取`,
        time: now,
      });
      const got = new Set(taken);
      for (const id of allowed) if (!got.has(id)) failed.push({ clueId: id, name: '', reason: TAKEN });
      return { count: taken.length, failed };
    };
    // without caps or a delay the claim is one statement (the move and its logs), atomic on its own
    const result = capped || delay ? await this.db.transaction(work) : await work(this.db);
    return { count: result.count, failed: await this.named(s.orgId, pool.id, result.failed) };
  }

  /**
   * The refusals with the names of the leads still in the pool (read after the claim's transaction); an id that is
   * not there (taken, or never a pool lead) keeps no name: the caller may not see that lead.
   */
  private async named(orgId: number, poolId: number, failed: Refusal[]): Promise<Refusal[]> {
    const missing = failed.filter((f) => !f.name).map((f) => f.clueId);
    if (!missing.length) return failed;
    const names = await this.clues.moveLog.names(orgId, missing, { poolId });
    return failed.map((f) => (f.name ? f : { ...f, name: names.get(f.clueId) ?? '' }));
  }

  /** How many more leads the user may claim from this pool now, and the refusal when none. */
  private async room(tx: DbOrTx, s: Session, pool: PoolRow, now: Date): Promise<{ count: number; reason: string }> {
    let count = Number.MAX_SAFE_INTEGER;
    let reason = '';
    if (pool.dailyClaimLimit > 0) {
      const today = await this.clues.sea.movesSince(tx, s.orgId, s.userId, 'claim', dayStart(now), pool.id);
      const left = Math.max(0, pool.dailyClaimLimit - today);
      if (left < count) {
        count = left;
        reason = `今日领取已达上限（每天最多领取${pool.dailyClaimLimit}条）`;
      }
    }
    if (pool.holdLimit > 0) {
      const held = await this.clues.sea.heldCount(tx, s.orgId, s.userId);
      const left = Math.max(0, pool.holdLimit - held);
      if (left < count) {
        count = left;
        reason = `持有客户已达上限（最多持有${pool.holdLimit}条）`;
      }
    }
    return { count, reason };
  }

  /** A manager gives pool leads to a user (receive type 管理员分配, transfer mode 公海分配). */
  async assign(s: Session, input: Body<'assign'>): Promise<Answer<'assign'>> {
    const pool = await this.pools.visible(this.db, s, input.poolId);
    const u = await orgUser(this.db, s.orgId, input.userId);
    if (u?.status !== 1) throw badRequest('userId：员工不存在或已停用');
    if (!seesUser(s, u.id)) throw forbidden('不能把客户分配给数据权限以外的员工');
    const now = this.now();
    return this.db
      .transaction(async (tx) => {
        const taken = await this.clues.sea.takeFromSea(tx, s.orgId, pool.id, input.clueIds, {
          action: 'assign',
          operatorId: s.userId,
          toUserId: u.id,
          poolId: pool.id,
          receiveType: 1,
          transferMode: 2,
          title: '公海分配',
          content: `由公海「${pool.name}」分配给${u.realName}`,
          time: now,
        });
        const got = new Set(taken);
        const failed = [...new Set(input.clueIds)]
          .filter((id) => !got.has(id))
          .map((clueId) => ({ clueId, name: '', reason: TAKEN }));
        return { count: taken.length, failed };
      })
      .then(async (r) => ({ count: r.count, failed: await this.named(s.orgId, pool.id, r.failed) }));
  }

  /** Leads the session may see go into a pool by hand, with a reason (sea entry 手动转入). Locked leads are refused. */
  async transferToSea(s: Session, input: Body<'transferToSea'>): Promise<Answer<'transferToSea'>> {
    const pool = await this.pools.visible(this.db, s, input.poolId);
    const rows = await this.clues.sea.visibleRows(this.db, s, input.clueIds);
    if (rows.some((r) => r.lockStatus === 1)) throw badRequest('所选客户中有已锁定的客户，请先解锁');
    if (rows.some((r) => r.isInSea === 1)) throw badRequest('所选客户中有已在公海的客户');
    const now = this.now();
    const moved = await this.db.transaction((tx) =>
      this.clues.sea.putInSea(
        tx,
        s.orgId,
        rows.map((r) => r.id),
        {
          action: 'toSea',
          operatorId: s.userId,
          poolId: pool.id,
          seaEntryType: 3,
          reason: input.reason,
          title: '转入公海',
          content: `转入公海「${pool.name}」，原因：${input.reason}`,
          time: now,
        },
      ),
    );
    return { count: moved.length };
  }

  /** Pool leads to the recycle bin. */
  async remove(s: Session, input: Body<'delete'>): Promise<Answer<'delete'>> {
    const pool = await this.pools.visible(this.db, s, input.poolId);
    const leads = await this.clues.sea.seaLeads(this.db, s.orgId, pool.id, input.clueIds);
    if (leads.length !== new Set(input.clueIds).size) throw badRequest('所选客户已不在该公海');
    const now = this.now();
    const count = await this.db.transaction((tx) =>
      this.clues.sea.recycleSeaLeads(
        tx,
        s.orgId,
        pool.id,
        leads.map((l) => l.id),
        s.userId,
        now,
      ),
    );
    return { count };
  }

  /** Per pool: how many leads of each customer sea type (the pool's "packages"). */
  async packageList(s: Session): Promise<Answer<'packageList'>> {
    const pools = await this.pools.rows(s);
    if (!pools.length) return [];
    const counts = await this.clues.sea.seaTypeCounts(
      this.db,
      s.orgId,
      pools.map((p) => p.id),
    );
    return pools.map((p) => {
      const c = counts.get(p.id);
      return {
        poolId: p.id,
        poolName: p.name,
        total: c?.total ?? 0,
        notFollowed: c?.notFollowed ?? 0,
        notDialled: c?.notDialled ?? 0,
        dialled: c?.dialled ?? 0,
        departed: c?.departed ?? 0,
      };
    });
  }
}
