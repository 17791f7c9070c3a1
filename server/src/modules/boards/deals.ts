import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import {
  DEAL_PERIOD_PRESET,
  DEAL_STATUSES,
  DealAmountType,
  type DealBoardSetting,
  DealPeriod,
} from '@crm/core/contract/boards';
import { type OrderStatus, OrderStatusName } from '@crm/core/contract/order';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { findScoped, type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { uniqueViolation } from '../../platform/validation';
import { dealRows } from '../order';
import { salesChampionIds } from '../org';
import { People } from './directory';
import { daysOf, narrow, percent, rangeOf } from './filter';
import { dealBoardSetting } from './schema';

type Settings = typeof contract.dealBoardSetting;
type Row = typeof dealBoardSetting.$inferSelect;
type BoardQuery = CallBody<typeof contract.boardPages.getBoardPageList>;
type Board = CallAnswer<typeof contract.boardPages.getBoardPageList>;
type DealPage = CallAnswer<typeof contract.dealManager.pagelist>;

/** The rule of a board without a setting: this month, confirmed or paid orders, their amounts, everyone. */
const NO_SETTING = {
  periodType: 3,
  dealStatuses: [...DEAL_STATUSES],
  amountType: 1,
  userIds: [] as number[],
  teamTargetCount: 0,
  teamTargetFen: 0,
  userTargets: [] as Row['userTargets'],
};

const MISSING = '看板设置不存在';

/** Deals board settings (/dealBoardSetting) and the deals behind the board (/dealManager, getBoardPageList). */
export class Deals {
  constructor(private readonly db: Db) {}

  private view(r: Row, people: People): DealBoardSetting {
    return {
      id: r.id,
      name: r.name,
      periodType: r.periodType,
      periodName: DealPeriod[r.periodType as keyof typeof DealPeriod],
      dealStatuses: r.dealStatuses,
      amountType: r.amountType,
      amountTypeName: DealAmountType[r.amountType as keyof typeof DealAmountType],
      userIds: r.userIds,
      userNames: r.userIds.map((id) => people.name(id)),
      teamTargetCount: r.teamTargetCount,
      teamTargetFen: r.teamTargetFen,
      userTargets: r.userTargets,
      isDefault: r.isDefault,
      createdAt: formatDateTime(r.createdAt),
    };
  }

  async list(s: Scope): Promise<DealBoardSetting[]> {
    const [rows, people] = await Promise.all([
      this.db
        .select()
        .from(dealBoardSetting)
        .where(scoped(s, dealBoardSetting))
        .orderBy(asc(dealBoardSetting.isDefault), asc(dealBoardSetting.id)),
      People.of(this.db, s.orgId),
    ]);
    return rows.map((r) => this.view(r, people));
  }

  async detail(s: Scope, id: number): Promise<DealBoardSetting> {
    const row = await findScoped(this.db, s, dealBoardSetting, id, { missing: MISSING });
    return this.view(row, await People.of(this.db, s.orgId));
  }

  /** Adds (no id) or replaces a setting; a default one makes the others not default. */
  async save(s: Session, input: CallBody<Settings['save']> & { id?: number }): Promise<{ id: number }> {
    const people = await People.of(this.db, s.orgId);
    people.check([...input.userIds, ...input.userTargets.map((t) => t.userId)]);
    if (input.id) await findScoped(this.db, s, dealBoardSetting, input.id, { missing: MISSING });
    const values = {
      name: input.name,
      periodType: input.periodType,
      dealStatuses: [...new Set(input.dealStatuses)].sort(),
      amountType: input.amountType,
      userIds: [...new Set(input.userIds)],
      teamTargetCount: input.teamTargetCount,
      teamTargetFen: input.teamTargetFen,
      userTargets: [...new Map(input.userTargets.map((t) => [t.userId, t])).values()],
      isDefault: input.isDefault,
      updatedAt: new Date(),
    };
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = input.id
          ? await tx
              .update(dealBoardSetting)
              .set(values)
              .where(and(eq(dealBoardSetting.id, input.id), scoped(s, dealBoardSetting)))
              .returning({ id: dealBoardSetting.id })
          : await tx
              .insert(dealBoardSetting)
              .values({ ...values, organizationId: s.orgId, createdBy: s.userId })
              .returning({ id: dealBoardSetting.id });
        if (input.isDefault === 1)
          await tx
            .update(dealBoardSetting)
            .set({ isDefault: 2 })
            .where(and(scoped(s, dealBoardSetting), ne(dealBoardSetting.id, row.id)));
        return row;
      });
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict('看板名称已存在');
      throw err;
    }
  }

  async delete(s: Scope, id: number): Promise<{ id: number }> {
    await findScoped(this.db, s, dealBoardSetting, id, { missing: MISSING });
    await this.db.delete(dealBoardSetting).where(and(eq(dealBoardSetting.id, id), scoped(s, dealBoardSetting)));
    return { id };
  }

  /** The setting a board uses: the one asked for, else the default, else the first; null when there is none. */
  private async settingFor(s: Scope, settingId?: number): Promise<Row | null> {
    if (settingId) return findScoped(this.db, s, dealBoardSetting, settingId, { missing: MISSING });
    const [row] = await this.db
      .select()
      .from(dealBoardSetting)
      .where(scoped(s, dealBoardSetting))
      .orderBy(asc(dealBoardSetting.isDefault), asc(dealBoardSetting.id))
      .limit(1);
    return row ?? null;
  }

  /** What a board query counts: the rule of its setting, its range and the scope of the users who appear. */
  private async basis(s: Scope, q: BoardQuery) {
    const setting = await this.settingFor(s, q.settingId);
    const rule = setting ?? NO_SETTING;
    const range = rangeOf(q, DEAL_PERIOD_PRESET[rule.periodType as keyof typeof DEAL_PERIOD_PRESET]);
    const narrowed = await narrow(this.db, s, q);
    const scope: Scope = rule.userIds.length
      ? {
          orgId: s.orgId,
          visibleUserIds: (narrowed.visibleUserIds ?? rule.userIds).filter((id) => rule.userIds.includes(id)),
        }
      : narrowed;
    const deals = dealRows(scope, { fromDay: range.fromDay, toDay: range.toDay, statuses: rule.dealStatuses });
    const amount = rule.amountType === 2 ? sql`paid_fen` : sql`total_fen`;
    return { setting, rule, range, scope, deals, amount };
  }

  async board(s: Scope, q: BoardQuery): Promise<Board> {
    const { setting, rule, range, scope, deals, amount } = await this.basis(s, q);
    const [byOwner, byDay, people, champions] = await Promise.all([
      this.db.execute<{ owner_id: number; n: number; fen: string }>(
        sql`select owner_id, count(*)::int as n, coalesce(sum(${amount}), 0)::bigint as fen from (${deals}) d group by owner_id`,
      ),
      this.db.execute<{ day: string; n: number; fen: string }>(
        sql`select signed_on as day, count(*)::int as n, coalesce(sum(${amount}), 0)::bigint as fen from (${deals}) d group by signed_on`,
      ),
      People.of(this.db, s.orgId),
      salesChampionIds(this.db, s.orgId),
    ]);
    const got = new Map(byOwner.rows.map((r) => [Number(r.owner_id), { n: Number(r.n), fen: Number(r.fen) }]));
    const targets = new Map(rule.userTargets.map((t) => [t.userId, t]));
    const shown = new Set([...people.inScope(scope, rule.userIds), ...got.keys()]);
    const rows = [...shown]
      .map((userId) => {
        const { n = 0, fen = 0 } = got.get(userId) ?? {};
        const t = targets.get(userId);
        return {
          userId,
          userName: people.name(userId),
          deptName: people.dept(userId),
          isSalesChampion: champions.includes(userId),
          dealCount: n,
          amountFen: fen,
          targetCount: t?.targetCount ?? 0,
          targetFen: t?.targetFen ?? 0,
          progress: percent(fen, t?.targetFen ?? 0),
        };
      })
      .sort((a, b) => b.amountFen - a.amountFen || b.dealCount - a.dealCount || a.userId - b.userId)
      .map((r, i) => ({ rank: i + 1, ...r }));
    const perDay = new Map(byDay.rows.map((r) => [String(r.day), { n: Number(r.n), fen: Number(r.fen) }]));
    const dealCount = rows.reduce((a, r) => a + r.dealCount, 0);
    const amountFen = rows.reduce((a, r) => a + r.amountFen, 0);
    return {
      setting: setting && this.view(setting, people),
      startDate: range.fromDay,
      endDate: range.toDay,
      dealCount,
      amountFen,
      teamTargetCount: rule.teamTargetCount,
      teamTargetFen: rule.teamTargetFen,
      progress: percent(amountFen, rule.teamTargetFen),
      champions: champions.filter((id) => shown.has(id)).map((id) => ({ userId: id, userName: people.name(id) })),
      // the rows are sorted by amount, then deals: the first with a deal leads the period
      leader: rows[0]?.dealCount
        ? {
            userId: rows[0].userId,
            userName: rows[0].userName,
            amountFen: rows[0].amountFen,
            dealCount: rows[0].dealCount,
          }
        : null,
      rows,
      trend: daysOf(range).map((day) => ({
        day,
        dealCount: perDay.get(day)?.n ?? 0,
        amountFen: perDay.get(day)?.fen ?? 0,
      })),
    };
  }

  /** The orders behind the board, newest signed first. */
  async page(s: Scope, q: CallBody<typeof contract.dealManager.pagelist>): Promise<DealPage> {
    const { deals } = await this.basis(s, q);
    const [rows, count, people] = await Promise.all([
      this.db.execute<Record<string, unknown>>(
        sql`select * from (${deals}) d order by signed_on desc, id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
      ),
      this.db.execute<{ n: number }>(sql`select count(*)::int as n from (${deals}) d`),
      People.of(this.db, s.orgId),
    ]);
    return {
      lists: rows.rows.map((r) => ({
        id: Number(r.id),
        orderNo: String(r.order_no),
        clueId: r.clue_id == null ? null : Number(r.clue_id),
        customerName: String(r.customer_name),
        ownerId: Number(r.owner_id),
        ownerName: people.name(Number(r.owner_id)),
        status: Number(r.status),
        statusName: OrderStatusName[Number(r.status) as OrderStatus],
        totalFen: Number(r.total_fen),
        paidFen: Number(r.paid_fen),
        signedOn: String(r.signed_on),
      })),
      total: Number(count.rows[0].n),
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }
}
