import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { MatchModeName, RuleSideName, RuleStatusName } from '@crm/core/contract/quality';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { type PageRequest, page } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern, uniqueViolation } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import type { QualityRules } from './checkers';
import { assertTame } from './regex';
import { orgRegexRule, prohibitionWordList } from './schema';

/** The forbidden-word lists and regex rules of an organisation: list, save, delete. Every save drops the cache. */

type Calls = typeof contract.quality;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type RuleTable = typeof prohibitionWordList | typeof orgRegexRule;
type ListRow = typeof prohibitionWordList.$inferSelect;
type RegexRow = typeof orgRegexRule.$inferSelect;

const LIST_MISSING = '违禁词库不存在';
const REGEX_MISSING = '正则规则不存在';

export class QualityService {
  constructor(
    private readonly db: Db,
    private readonly rules: QualityRules,
  ) {}

  async listWordLists(s: Session, f: Body<'prohibitionWordList'>): Promise<Answer<'prohibitionWordList'>> {
    const t = prohibitionWordList;
    const keyword = f.keyword
      ? or(ilike(t.name, likePattern(f.keyword)), sql`array_to_string(${t.words}, ' ') ilike ${likePattern(f.keyword)}`)
      : undefined;
    const { rows, total } = await this.rows(
      t,
      and(scoped(s, t), keyword, f.status ? eq(t.status, f.status) : undefined),
      f,
    );
    const views = await this.audit(s.orgId, rows);
    return this.paged(
      rows.map((r, i) => ({
        ...views[i],
        name: r.name,
        words: r.words,
        wordCount: r.words.length,
        matchMode: r.matchMode,
        matchModeName: MatchModeName[r.matchMode],
      })),
      total,
      f,
    );
  }

  async saveWordList(s: Session, input: Body<'saveProhibitionWord'>): Promise<Answer<'saveProhibitionWord'>> {
    const t = prohibitionWordList;
    const values = {
      name: input.name,
      words: input.words,
      matchMode: input.matchMode,
      side: input.side,
      status: input.status,
      remark: input.remark ?? null,
      updatedBy: s.userId,
      updatedAt: new Date(),
    };
    const id = await this.unique('词库名称已存在', async () => {
      if (input.id) {
        await findScoped(this.db, s, t, input.id, { missing: LIST_MISSING });
        await this.db
          .update(t)
          .set(values)
          .where(and(eq(t.id, input.id), scoped(s, t)));
        return input.id;
      }
      const [row] = await this.db
        .insert(t)
        .values({ ...values, organizationId: s.orgId, createdBy: s.userId })
        .returning({ id: t.id });
      return row.id;
    });
    await this.rules.forget(s.orgId);
    return { id };
  }

  async deleteWordList(s: Session, id: number): Promise<Answer<'deleteProhibitionWord'>> {
    await this.softDelete(s, prohibitionWordList, id, LIST_MISSING);
    return { id };
  }

  async listRegex(s: Session, f: Body<'selectOrgRegex'>): Promise<Answer<'selectOrgRegex'>> {
    const t = orgRegexRule;
    const keyword = f.keyword
      ? or(ilike(t.name, likePattern(f.keyword)), ilike(t.pattern, likePattern(f.keyword)))
      : undefined;
    const { rows, total } = await this.rows(
      t,
      and(scoped(s, t), keyword, f.status ? eq(t.status, f.status) : undefined),
      f,
    );
    const views = await this.audit(s.orgId, rows);
    return this.paged(
      rows.map((r, i) => ({ ...views[i], name: r.name, pattern: r.pattern, flags: r.flags })),
      total,
      f,
    );
  }

  async createRegex(s: Session, input: Body<'createOrgRegex'>): Promise<Answer<'createOrgRegex'>> {
    assertTame(input.pattern, input.flags);
    const t = orgRegexRule;
    const id = await this.unique('规则名称已存在', async () => {
      const [row] = await this.db
        .insert(t)
        .values({
          organizationId: s.orgId,
          name: input.name,
          pattern: input.pattern,
          flags: input.flags,
          side: input.side,
          status: input.status,
          remark: input.remark ?? null,
          createdBy: s.userId,
          updatedBy: s.userId,
        })
        .returning({ id: t.id });
      return row.id;
    });
    await this.rules.forget(s.orgId);
    return { id };
  }

  /** Only what is sent changes; a new pattern or flags are checked together with what stays. */
  async updateRegex(s: Session, { id, ...input }: Body<'updateOrgRegex'>): Promise<Answer<'updateOrgRegex'>> {
    const t = orgRegexRule;
    const row: RegexRow = await findScoped(this.db, s, t, id, { missing: REGEX_MISSING });
    if (input.pattern !== undefined || input.flags !== undefined)
      assertTame(input.pattern ?? row.pattern, input.flags ?? row.flags);
    const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return { id };
    await this.unique('规则名称已存在', () =>
      this.db
        .update(t)
        .set({ ...set, updatedBy: s.userId, updatedAt: new Date() })
        .where(and(eq(t.id, id), scoped(s, t))),
    );
    await this.rules.forget(s.orgId);
    return { id };
  }

  async deleteRegex(s: Session, id: number): Promise<Answer<'deleteOrgRegex'>> {
    await this.softDelete(s, orgRegexRule, id, REGEX_MISSING);
    return { id };
  }

  /** Names of an organisation's rules, deleted ones included (the hits of a deleted rule keep its name). */
  async ruleNames(orgId: number): Promise<{ lists: Map<number, string>; regexes: Map<number, string> }> {
    const of = (t: RuleTable) => this.db.select({ id: t.id, name: t.name }).from(t).where(eq(t.organizationId, orgId));
    const [lists, regexes] = await Promise.all([of(prohibitionWordList), of(orgRegexRule)]);
    return { lists: new Map(lists.map((r) => [r.id, r.name])), regexes: new Map(regexes.map((r) => [r.id, r.name])) };
  }

  private async rows<T extends RuleTable>(
    t: T,
    where: SQL | undefined,
    f: PageRequest & { all?: boolean },
  ): Promise<{ rows: T['$inferSelect'][]; total: number }> {
    const q = this.db
      .select()
      .from(t as RuleTable)
      .where(where)
      .orderBy(desc(t.updatedAt), desc(t.id));
    const [rows, [{ total }]] = await Promise.all([
      f.all ? q : q.limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize),
      this.db
        .select({ total: count() })
        .from(t as RuleTable)
        .where(where),
    ]);
    return { rows: rows as T['$inferSelect'][], total };
  }

  /** `all`: every row on one page (pageNum 1, pageSize the total). */
  private paged<T>(lists: T[], total: number, f: PageRequest & { all?: boolean }) {
    return f.all ? { lists, total, pageNum: 1, pageSize: total } : page(lists, total, f);
  }

  private async audit(orgId: number, rows: (ListRow | RegexRow)[]) {
    const names = await orgUsersByIds(
      this.db,
      orgId,
      rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
    );
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      statusName: RuleStatusName[r.status as 1 | 2] ?? '',
      side: r.side,
      sideName: RuleSideName[r.side],
      remark: r.remark,
      createdBy: r.createdBy,
      createdByName: r.createdBy ? (names.get(r.createdBy)?.realName ?? null) : null,
      createdAt: formatDateTime(r.createdAt),
      updatedAt: formatDateTime(r.updatedAt),
    }));
  }

  private async softDelete(s: Session, t: RuleTable, id: number, missing: string): Promise<void> {
    await findScoped(this.db, s, t, id, { missing });
    await this.db
      .update(t)
      .set({ deletedAt: new Date(), updatedBy: s.userId, updatedAt: new Date() })
      .where(and(eq(t.id, id), scoped(s, t)));
    await this.rules.forget(s.orgId);
  }

  /** A write that would give two live rules of the organisation one name answers 409 with `message`. */
  private async unique<T>(message: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (uniqueViolation(e) !== null) throw conflict(message);
      throw e;
    }
  }
}
