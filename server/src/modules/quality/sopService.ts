import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { SOP_REGEX_ERROR, type SopItemInput, SopRuleStatusName, SopSpeakerName } from '@crm/core/contract/sop';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { page } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern, uniqueViolation } from '../../platform/validation';
import type { ClueFieldService } from '../clueField';
import { departmentList, deptNamesByIds, getOrganization, orgUsersByIds } from '../org';
import { assertTame } from './regex';
import { sopItem, sopRule } from './schema';
import { compilePattern } from './sop/compile';
import { itemsOf, type SopRules } from './sopRules';

/** The SOP rules of an organisation: create, list, read, edit, enable, disable, delete; and the form's lists. */

type Calls = typeof contract.sop;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type RuleRow = typeof sopRule.$inferSelect;

const RULE_MISSING = 'SOP规则不存在';
const NAME_TAKEN = 'SOP规则名称已存在';

export class SopService {
  constructor(
    private readonly db: Db,
    private readonly rules: SopRules,
    private readonly clueField: ClueFieldService,
  ) {}

  async createUsers(s: Session): Promise<Answer<'getSopCreateUserList'>> {
    const rows = await this.db
      .selectDistinct({ id: sopRule.createdBy })
      .from(sopRule)
      .where(and(scoped(s, sopRule), isNotNull(sopRule.createdBy)));
    const names = await orgUsersByIds(
      this.db,
      s.orgId,
      rows.map((r) => r.id!),
    );
    return [...names].map(([userId, n]) => ({ userId, name: n.realName })).sort((a, b) => a.userId - b.userId);
  }

  async depts(s: Session): Promise<Answer<'getSopExecuteDeptList'>> {
    return departmentList(this.db, s.orgId);
  }

  async followStatuses(s: Session): Promise<Answer<'getOrganizationClueFollowStatusList'>> {
    const rows = await this.clueField.dict(s.orgId, 'followStatus');
    return rows.map((r) => ({ id: r.id, name: r.name, status: r.status }));
  }

  async registerTime(s: Session): Promise<Answer<'getOrganizationRegisterTime'>> {
    const org = await getOrganization(this.db, s.orgId);
    return { registerTime: formatDateTime(org?.createdAt) ?? '' };
  }

  async create(s: Session, input: Body<'createSopRule'>): Promise<Answer<'createSopRule'>> {
    await this.check(s, input);
    const id = await this.unique(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sopRule)
          .values({
            organizationId: s.orgId,
            name: input.name,
            deptIds: input.deptIds,
            followStatusIds: input.followStatusIds,
            status: input.status,
            createdBy: s.userId,
            updatedBy: s.userId,
          })
          .returning({ id: sopRule.id });
        await this.writeItems(tx, s.orgId, row.id, input.items);
        return row.id;
      }),
    );
    await this.rules.forget(s.orgId);
    return { id };
  }

  /** The whole rule as edited: items sent with their id are updated, new ones added, the others removed (kept). */
  async update(s: Session, { id, ...input }: Body<'updateSopRule'>): Promise<Answer<'updateSopRule'>> {
    await findScoped(this.db, s, sopRule, id, { missing: RULE_MISSING });
    await this.check(s, input);
    await this.unique(() =>
      this.db.transaction(async (tx) => {
        await tx
          .update(sopRule)
          .set({
            name: input.name,
            deptIds: input.deptIds,
            followStatusIds: input.followStatusIds,
            status: input.status,
            updatedBy: s.userId,
            updatedAt: new Date(),
          })
          .where(and(eq(sopRule.id, id), scoped(s, sopRule)));
        await this.writeItems(tx, s.orgId, id, input.items);
      }),
    );
    await this.rules.forget(s.orgId);
    return { id };
  }

  /** 1 enable, 2 disable, 3 delete (kept with deleted_at: earlier results still name it). */
  async operate(
    s: Session,
    { id, operation }: Body<'disableAndDeleteSopRule'>,
  ): Promise<Answer<'disableAndDeleteSopRule'>> {
    await findScoped(this.db, s, sopRule, id, { missing: RULE_MISSING });
    const set = operation === 3 ? { deletedAt: new Date() } : { status: operation };
    await this.db
      .update(sopRule)
      .set({ ...set, updatedBy: s.userId, updatedAt: new Date() })
      .where(and(eq(sopRule.id, id), scoped(s, sopRule)));
    await this.rules.forget(s.orgId);
    return { id };
  }

  async list(s: Session, f: Body<'getSopRuleList'>): Promise<Answer<'getSopRuleList'>> {
    const where = and(
      scoped(s, sopRule),
      f.name ? ilike(sopRule.name, likePattern(f.name)) : undefined,
      f.status ? eq(sopRule.status, f.status) : undefined,
      f.createdBy ? eq(sopRule.createdBy, f.createdBy) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(sopRule)
        .where(where)
        .orderBy(desc(sopRule.updatedAt), desc(sopRule.id))
        .limit(f.pageSize)
        .offset((f.pageNum - 1) * f.pageSize),
      this.db.select({ total: count() }).from(sopRule).where(where),
    ]);
    const views = await this.views(s, rows);
    return page(
      views.map(({ items: _i, deptIds: _d, followStatusIds: _f, ...v }) => v),
      total,
      f,
    );
  }

  async detail(s: Session, id: number): Promise<Answer<'selectSopAndItemInfoByRuleId'>> {
    const row = await findScoped(this.db, s, sopRule, id, { missing: RULE_MISSING });
    const [view] = await this.views(s, [row]);
    return view;
  }

  /** Item names of the organisation's live rules (filters), in script order. */
  async itemNames(s: Session, f: Body<'getSopItemNameByOrg'>): Promise<Answer<'getSopItemNameByOrg'>> {
    return this.db
      .select({ ruleId: sopRule.id, ruleName: sopRule.name, itemId: sopItem.id, name: sopItem.name })
      .from(sopItem)
      .innerJoin(sopRule, eq(sopRule.id, sopItem.ruleId))
      .where(
        and(
          scoped(s, sopRule),
          eq(sopItem.organizationId, s.orgId),
          isNull(sopItem.deletedAt),
          f.ruleId ? eq(sopRule.id, f.ruleId) : undefined,
        ),
      )
      .orderBy(asc(sopRule.id), asc(sopItem.sort), asc(sopItem.id));
  }

  private async views(s: Session, rows: RuleRow[]) {
    const deptIds = [...new Set(rows.flatMap((r) => r.deptIds))];
    const [items, names, deptNames, statuses] = await Promise.all([
      itemsOf(
        this.db,
        s.orgId,
        rows.map((r) => r.id),
      ),
      orgUsersByIds(
        this.db,
        s.orgId,
        rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
      ),
      deptNamesByIds(this.db, s.orgId, deptIds),
      rows.some((r) => r.followStatusIds.length) ? this.clueField.dict(s.orgId, 'followStatus') : Promise.resolve([]),
    ]);
    const statusName = new Map(statuses.map((d) => [d.id, d.name]));
    const named = (ids: number[], of: Map<number, string>) =>
      ids.flatMap((id) => (of.has(id) ? [{ id, name: of.get(id)! }] : []));
    return rows.map((r) => {
      const its = items.get(r.id) ?? [];
      return {
        id: r.id,
        name: r.name,
        status: r.status,
        statusName: SopRuleStatusName[r.status as 1 | 2] ?? '',
        deptIds: r.deptIds,
        followStatusIds: r.followStatusIds,
        depts: named(r.deptIds, deptNames),
        followStatuses: named(r.followStatusIds, statusName),
        itemCount: its.length,
        itemNames: its.map((i) => i.name),
        items: its.map((i) => ({
          id: i.id,
          name: i.name,
          sort: i.sort,
          keywords: i.keywords,
          examples: i.examples,
          regex: i.regex,
          speaker: i.speaker,
          speakerName: SopSpeakerName[i.speaker],
          llmQuestion: i.llmQuestion,
          afterKeywords: i.afterKeywords,
          afterRegex: i.afterRegex,
        })),
        createdBy: r.createdBy,
        createdByName: r.createdBy ? (names.get(r.createdBy)?.realName ?? null) : null,
        createdAt: formatDateTime(r.createdAt),
        updatedAt: formatDateTime(r.updatedAt),
      };
    });
  }

  /** What the contract cannot see: departments and stages of this organisation, patterns the matcher compiles. */
  private async check(s: Session, input: { deptIds: number[]; followStatusIds: number[]; items: SopItemInput[] }) {
    if (input.deptIds.length) {
      const found = await deptNamesByIds(this.db, s.orgId, input.deptIds);
      if (found.size !== input.deptIds.length) throw badRequest('适用部门不存在');
    }
    if (input.followStatusIds.length) {
      const known = new Set((await this.clueField.dict(s.orgId, 'followStatus')).map((d) => d.id));
      if (!input.followStatusIds.every((id) => known.has(id))) throw badRequest('跟进阶段不存在');
    }
    for (const item of input.items)
      for (const p of [...item.regex, ...item.afterRegex]) {
        if (!compilePattern(p)) throw badRequest(`${SOP_REGEX_ERROR}环节「${item.name}」的 ${p}`);
        assertTame(p, 'i');
      }
  }

  private async writeItems(tx: DbOrTx, orgId: number, ruleId: number, items: SopItemInput[]): Promise<void> {
    const live = await tx
      .select({ id: sopItem.id })
      .from(sopItem)
      .where(and(eq(sopItem.organizationId, orgId), eq(sopItem.ruleId, ruleId), isNull(sopItem.deletedAt)));
    const liveIds = new Set(live.map((r) => r.id));
    const kept = new Set<number>();
    for (const [i, item] of items.entries()) {
      const values = {
        name: item.name,
        sort: i + 1,
        keywords: item.keywords,
        examples: item.examples,
        regex: item.regex,
        speaker: item.speaker,
        llmQuestion: item.llmQuestion,
        afterKeywords: item.afterKeywords,
        afterRegex: item.afterRegex,
      };
      if (item.id !== undefined && liveIds.has(item.id) && !kept.has(item.id)) {
        kept.add(item.id);
        await tx
          .update(sopItem)
          .set(values)
          .where(and(eq(sopItem.id, item.id), eq(sopItem.organizationId, orgId)));
      } else await tx.insert(sopItem).values({ ...values, organizationId: orgId, ruleId });
    }
    const gone = [...liveIds].filter((id) => !kept.has(id));
    if (gone.length)
      await tx
        .update(sopItem)
        .set({ deletedAt: new Date() })
        .where(and(eq(sopItem.organizationId, orgId), inArray(sopItem.id, gone)));
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (uniqueViolation(e) !== null) throw conflict(NAME_TAKEN);
      throw e;
    }
  }
}

/** Names of an organisation's rules, deleted ones included. */
export async function sopRuleNames(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: sopRule.id, name: sopRule.name })
    .from(sopRule)
    .where(and(eq(sopRule.organizationId, orgId), sql`${sopRule.id} = any(${sql.param(ids)}::int[])`));
  return new Map(rows.map((r) => [r.id, r.name]));
}
