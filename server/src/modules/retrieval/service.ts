import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { RetrievalKindName } from '@crm/core/contract/retrieval';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { offsetOf, page } from '../../platform/paging';
import { scoped, unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { Clues } from '../clue';
import { orgUsersByIds } from '../org';
import type { Pools } from '../publicSea';
import { dayStart } from '../publicSea';
import { retrievalSetting } from './schema';

type Body<K extends keyof typeof contract.customerRetrieval> = CallBody<(typeof contract.customerRetrieval)[K]>;
type Answer<K extends keyof typeof contract.customerRetrieval> = CallAnswer<(typeof contract.customerRetrieval)[K]>;
type Setting = Answer<'getSetting'>;

const DAY = 86_400_000;
const DEFAULTS: Setting = { enabled: 1, days: 30, fromSea: 1, fromColleague: 2, fromDeleted: 1, dailyLimit: 20 };

/** The kinds the settings let an owner take back. */
const allowed = (st: Setting) =>
  st.enabled !== 1
    ? []
    : [st.fromSea === 1 && 1, st.fromColleague === 1 && 2, st.fromDeleted === 1 && 3].filter((k): k is number => !!k);

/** Customer retrieval: what left the user, taking it back within the settings, and the settings. */
export class RetrievalService {
  constructor(
    private readonly db: Db,
    private readonly clues: Clues,
    private readonly pools: Pools,
    private readonly now: () => Date,
  ) {}

  async setting(orgId: number): Promise<Setting> {
    const [row] = await this.db
      .select()
      .from(retrievalSetting)
      .where(scoped(unscoped(orgId, "the retrieval setting is the organisation's"), retrievalSetting));
    if (!row) return DEFAULTS;
    return {
      enabled: row.enabled as 1 | 2,
      days: row.days,
      fromSea: row.fromSea as 1 | 2,
      fromColleague: row.fromColleague as 1 | 2,
      fromDeleted: row.fromDeleted as 1 | 2,
      dailyLimit: row.dailyLimit,
    };
  }

  async saveSetting(s: Session, input: Body<'saveSetting'>): Promise<Answer<'saveSetting'>> {
    await this.db
      .insert(retrievalSetting)
      .values({ ...input, organizationId: s.orgId, updatedBy: s.userId })
      .onConflictDoUpdate({
        target: retrievalSetting.organizationId,
        set: { ...input, updatedBy: s.userId, updatedAt: new Date() },
      });
    return this.setting(s.orgId);
  }

  async list(s: Session, req: Body<'pagelist'>): Promise<Answer<'pagelist'>> {
    const st = await this.setting(s.orgId);
    const since = new Date(this.now().getTime() - st.days * DAY);
    const { rows, total, counts } = await this.clues.moveLog.leftBy(s.orgId, s.userId, since, {
      kinds: req.kind ? [req.kind] : [1, 2, 3],
      limit: req.pageSize,
      offset: offsetOf(req),
    });
    const [basics, users, poolName] = await Promise.all([
      this.clues.moveLog.basics(
        s.orgId,
        rows.map((r) => r.clueId),
      ),
      orgUsersByIds(
        this.db,
        s.orgId,
        rows.map((r) => r.ownerId).filter((x): x is number => !!x),
      ),
      this.pools.names(
        s,
        rows.map((r) => r.poolId),
      ),
    ]);
    const kinds = allowed(st);
    return {
      ...page(
        rows.map((r) => {
          const b = basics.get(r.clueId);
          return {
            clueId: r.clueId,
            name: b?.name ?? '',
            phone: b?.phone ?? '',
            company: b?.company ?? '',
            kind: r.kind,
            kindName: RetrievalKindName[r.kind as 1 | 2 | 3],
            leftAt: formatDateTime(r.leftAt),
            reason: r.reason,
            currentOwnerName: r.kind === 2 && r.ownerId ? (users.get(r.ownerId)?.realName ?? '') : '',
            poolName: r.kind === 1 && r.poolId ? (poolName.get(r.poolId) ?? '') : '',
            canRetrieve: kinds.includes(r.kind),
          };
        }),
        total,
        req,
      ),
      counts: { sea: counts.get(1) ?? 0, colleague: counts.get(2) ?? 0, deleted: counts.get(3) ?? 0 },
      setting: st,
    };
  }

  /** Takes leads back: each must have left the user within the period by a way the settings allow. */
  async retrieve(s: Session, ids: number[]): Promise<Answer<'retrieve'>> {
    const st = await this.setting(s.orgId);
    const kinds = allowed(st);
    if (!kinds.length) throw badRequest('客户找回未开启');
    const now = this.now();
    const since = new Date(now.getTime() - st.days * DAY);
    const result = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727201, ${s.userId})`);
      const { rows } = await this.clues.moveLog.leftBy(
        s.orgId,
        s.userId,
        since,
        {
          kinds: [1, 2, 3],
          ids,
          limit: ids.length,
          offset: 0,
        },
        tx,
      );
      const failed: Answer<'retrieve'>['failed'] = [];
      const found = new Map(rows.map((r) => [r.clueId, r]));
      for (const id of new Set(ids))
        if (!found.has(id)) failed.push({ clueId: id, name: '', reason: `该客户不是${st.days}天内从您这里流失的客户` });
      let room = Number.MAX_SAFE_INTEGER;
      if (st.dailyLimit > 0)
        room = Math.max(
          0,
          st.dailyLimit - (await this.clues.sea.movesSince(tx, s.orgId, s.userId, 'retrieve', dayStart(now))),
        );
      const byKind: Record<number, number[]> = { 1: [], 2: [], 3: [] };
      for (const r of rows) {
        if (!kinds.includes(r.kind)) {
          failed.push({
            clueId: r.clueId,
            name: '',
            reason: `不允许找回${RetrievalKindName[r.kind as 1 | 2 | 3]}的客户`,
          });
          continue;
        }
        if (room <= 0) {
          failed.push({ clueId: r.clueId, name: '', reason: `今日找回已达上限（每天最多找回${st.dailyLimit}条）` });
          continue;
        }
        room--;
        byKind[r.kind].push(r.clueId);
      }
      const base = { action: 'retrieve' as const, operatorId: s.userId, toUserId: s.userId, time: now };
      const sea = this.clues.sea;
      const got = [
        ...(await sea.takeFromSea(tx, s.orgId, null, byKind[1], {
          ...base,
          receiveType: 2,
          transferMode: 1,
          title: '客户找回',
          content: '原跟进人从公海找回',
        })),
        ...(
          await sea.giveTo(tx, s.orgId, byKind[2], {
            ...base,
            receiveType: 1,
            transferMode: 5,
            title: '客户找回',
            content: '原跟进人从同事处找回',
          })
        ).map((m) => m.id),
        ...(await sea.restoreTo(tx, s.orgId, byKind[3], {
          ...base,
          transferMode: 6,
          title: '客户找回',
          content: '原跟进人从回收站找回',
        })),
      ];
      const gotSet = new Set(got);
      for (const k of [1, 2, 3])
        for (const id of byKind[k])
          if (!gotSet.has(id)) failed.push({ clueId: id, name: '', reason: '该客户已被他人领取，无法找回' });
      // only the user's former leads are named: another id may be a lead the user may not see
      return { count: got.length, failed, former: rows.map((r) => r.clueId) };
    });
    const former = new Set(result.former);
    const names = await this.clues.moveLog.names(
      s.orgId,
      result.failed.map((f) => f.clueId).filter((id) => former.has(id)),
    );
    return { count: result.count, failed: result.failed.map((f) => ({ ...f, name: names.get(f.clueId) ?? '' })) };
  }
}
