import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { ClueFieldService, FieldDef } from '../clueField';
import { deptSubtree, usersInDepts } from '../org';
import { COUNT_CAP, cappedCount, countClues, plannedRows } from './counting';
import { type ClueFilter, listConditions, orderBy, orgClues, phoneSearchTerm } from './query';
import { findClue } from './rows';
import { clue, clueCollaborator } from './schema';
import { type ClueRow, clueView, type ViewContext, viewContext } from './view';

type Answer<K extends keyof typeof contract.clue> = CallAnswer<(typeof contract.clue)[K]>;
/** A page of a lead list (the contract's filter and paging). */
export type ListRequest = CallBody<typeof contract.clue.list>;

/** The lead lists: filtered and sorted pages, the blacklist, neighbours in a list, tab counts, export pages. */
export class ClueLists {
  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
  ) {}

  /**
   * A page of leads. Counting a million rows on every page is what makes lists slow, so the total is:
   * exact when this page is the last one (fewer rows than the page size); exact (capped count) when the planner
   * expects at most COUNT_CAP rows; otherwise the planner's estimate, sent with totalExact: false (the list shows
   * 约 N 条). The page, the estimate and the lookups run at the same time.
   */
  async list(s: Session, req: ListRequest & Pick<ClueFilter, 'blacklisted'>): Promise<Answer<'list'>> {
    const defs = await this.fields.customDefs(s.orgId);
    const where = await this.whereOf(s, req, defs);
    // text search: the planner cannot estimate the gram test, and the matches are visited for the page anyway,
    // so the capped count runs beside the page instead of after it
    const textSearch = Boolean(
      req.name?.trim() || req.company?.trim() || (req.keyword?.trim() && !phoneSearchTerm(req)),
    );
    const [vc, rows, estimate, counted] = await Promise.all([
      viewContext(this.db, this.fields, s),
      this.db
        .select()
        .from(clue)
        .where(where)
        .orderBy(orderBy(req.sortField, req.sortOrder))
        .limit(req.pageSize)
        .offset(offsetOf(req)),
      textSearch ? Promise.resolve(0) : plannedRows(this.db, where),
      textSearch ? cappedCount(this.db, where) : Promise.resolve(null),
    ]);
    const { total, exact } =
      counted !== null && !(rows.length < req.pageSize && (rows.length > 0 || req.pageNum === 1))
        ? counted <= COUNT_CAP
          ? { total: counted, exact: true }
          : { total: Math.max(counted, offsetOf(req) + rows.length + 1), exact: false }
        : await this.totalOf(where, req, rows.length, estimate);
    return {
      ...page(
        rows.map((r) => clueView(r, vc)),
        total,
        req,
      ),
      totalExact: exact,
    };
  }

  /** The caller's own leads (the dialer list). */
  seatPage(s: Session, req: ListRequest): Promise<Answer<'seatPage'>> {
    return this.list(s, { ...req, ownerIds: [s.userId] });
  }

  /** The leads on the blacklist (clueReader/list). */
  blacklist(s: Session, req: ListRequest): Promise<Answer<'blacklist'>> {
    return this.list(s, { ...req, blacklisted: true });
  }

  private async totalOf(
    where: SQL,
    req: PageRequest,
    got: number,
    estimate: number,
  ): Promise<{ total: number; exact: boolean }> {
    if (got < req.pageSize && (got > 0 || req.pageNum === 1)) return { total: offsetOf(req) + got, exact: true };
    if (estimate <= COUNT_CAP) {
      const n = await cappedCount(this.db, where);
      if (n <= COUNT_CAP) return { total: n, exact: true };
    }
    return { total: Math.max(estimate, offsetOf(req) + got + 1, COUNT_CAP + 1), exact: false };
  }

  /**
   * The WHERE of a list: the session's leads and the filter. Departments become their users, and a number searched
   * for is first looked up among the further numbers (see phoneCondition), both before the one statement.
   */
  /**
   * The leads of a list (the session's, the filter's) for another module to join and sort its own rows by: a
   * subquery named `lead` of whole rows (`lead._.selectedFields`), joined by `lead.id`.
   */
  async matching(s: Session, f: ClueFilter) {
    return new QueryBuilder()
      .select()
      .from(clue)
      .where(await this.whereOf(s, f))
      .as('lead');
  }

  async whereOf(s: Session, f: ClueFilter, defs?: FieldDef[]): Promise<SQL> {
    const deptUserIds = await this.deptUsers(s.orgId, f.deptIds);
    const p = phoneSearchTerm(f);
    let extraPhoneIds: number[] | undefined;
    if (p) {
      const rows = await this.db
        .select({ id: clue.id })
        .from(clue)
        .where(
          and(
            orgClues(s.orgId, { deleted: true }),
            sql`${clue.phones} <> '{}'::text[]`,
            sql`${clue.phones} @> ${sql.param([p])}::text[]`,
          ),
        )
        .limit(1000);
      extraPhoneIds = rows.map((r) => r.id);
    }
    const collaborating =
      s.visibleUserIds !== null &&
      (
        await this.db
          .select({ id: clueCollaborator.id })
          .from(clueCollaborator)
          .where(and(scoped(s, clueCollaborator), eq(clueCollaborator.userId, s.userId)))
          .limit(1)
      ).length > 0;
    return and(
      ...listConditions(
        s,
        { ...f, deptUserIds, extraPhoneIds },
        defs ?? (await this.fields.customDefs(s.orgId)),
        collaborating,
      ),
    )!;
  }

  private async deptUsers(orgId: number, deptIds?: number[]): Promise<number[] | undefined> {
    if (!deptIds?.length) return undefined;
    const all = new Set<number>();
    for (const d of deptIds) for (const id of await deptSubtree(this.db, orgId, d)) all.add(id);
    return usersInDepts(this.db, orgId, [...all]);
  }

  /**
   * Previous and next lead of the same list around a lead (the /Detail rules): keyset on the list's sort, so it
   * works on any page without loading the list.
   */
  async neighbours(s: Session, f: ClueFilter, clueId: number): Promise<Answer<'neighbours'>> {
    const cur = await findClue(this.db, s, clueId);
    const where = await this.whereOf(s, f);
    const field = f.sortField ?? 'id';
    const order = f.sortOrder ?? 'desc';
    const keyed = field === 'id' || field === 'createdAt' ? null : field;
    const one = async (forward: boolean) => {
      const asc = (order === 'asc') === forward;
      const past = asc ? sql`${clue.id} > ${cur.id}` : sql`${clue.id} < ${cur.id}`;
      let cond: SQL;
      if (!keyed) cond = past;
      else {
        const col = clue[keyed];
        const v = cur[keyed];
        // rows ordered by (col nulls per direction, id): compare as a tuple, treating null as beyond the end
        cond =
          v === null
            ? sql`(${col} is null and ${past})`
            : asc
              ? sql`(${col} > ${v} or (${col} = ${v} and ${past}) or ${col} is null)`
              : sql`(${col} < ${v} or (${col} = ${v} and ${past}))`;
      }
      const [row] = await this.db
        .select({ id: clue.id })
        .from(clue)
        .where(and(where, cond))
        .orderBy(orderBy(field, asc ? 'asc' : 'desc'))
        .limit(1);
      return row?.id ?? null;
    };
    const [next, prev] = await Promise.all([one(true), one(false)]);
    return { prevId: prev, nextId: next };
  }

  /** Counts of the tabs of the lead list (all, leads, customers, to follow today, overdue, locked). */
  async tabData(s: Session, f: ClueFilter = {}): Promise<Answer<'tabData'>> {
    const { type: _t, nextFollowTime: _n, lastFollowTime: _l, lockStatus: _k, ...base } = f;
    const tabs: [string, string, Answer<'tabData'>[number]['filter'] & Partial<ClueFilter>][] = [
      ['all', '全部', {}],
      ['clue', '线索', { type: 1 }],
      ['customer', '客户', { type: 2 }],
      ['todayFollow', '今日待跟进', { nextFollowTime: '今天' }],
      ['overdue', '已超时', { nextFollowTime: [null, formatDateTime(new Date())] }],
      ['locked', '已锁定', { lockStatus: 1 }],
    ];
    const defs = await this.fields.customDefs(s.orgId);
    const out: Answer<'tabData'> = [];
    for (const [tabId, tabName, extra] of tabs) {
      const where = await this.whereOf(s, { ...base, ...extra }, defs);
      const { total, exact } = await countClues(this.db, where);
      out.push({ tabId, tabName, count: total, exact, filter: extra });
    }
    return out;
  }

  /**
   * The leads of a filter for an export, as the session sees them (names, hidden fields left out, masks): the view
   * context (the custom fields the session may see), the expected total, and the rows newest first in pages of
   * `size` (keyset on the id, so a page costs the same wherever it is).
   */
  async exportCursor(s: Session, f: ClueFilter, size: number) {
    const vc: ViewContext = await viewContext(this.db, this.fields, s);
    const where = await this.whereOf(s, f, vc.defs);
    const { total } = await countClues(this.db, where);
    const db = this.db;
    async function* pages() {
      let last: number | null = null;
      for (;;) {
        const rows: ClueRow[] = await db
          .select()
          .from(clue)
          .where(last === null ? where : and(where, sql`${clue.id} < ${last}`))
          .orderBy(desc(clue.id))
          .limit(size);
        if (!rows.length) return;
        last = rows[rows.length - 1].id;
        yield rows.map((r) => clueView(r, vc));
      }
    }
    return { vc, total, pages: pages() };
  }
}
