import { formatDateTime, ImportWay } from '@crm/core';
import type { CallAnswer, CallBody, CallQuery, contract } from '@crm/core/contract';
import { AssignModeName, RuleStatusName } from '@crm/core/contract/autoAssign';
import { WorkStatusName } from '@crm/core/contract/users';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { findScoped, scoped, unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { AutoPick, NewLeadAttrs } from '../clue';
import { areaFromCodes } from '../clue';
import type { ClueFieldService } from '../clueField';
import { orgUsers, orgUsersByIds, workStatusesOf } from '../org';
import { type Candidate, matches, pickMember } from './picker';
import { autoAssignRule, autoAssignTally } from './schema';

/** A province or city code as its names (广东省/深圳市); null when it is neither (rules match provinces and cities). */
const areaText = (code: string) => areaFromCodes(code.length > 2 ? [code.slice(0, 2), code] : [code])?.areaName ?? null;

type Body<K extends keyof typeof contract.autoAssign> = CallBody<(typeof contract.autoAssign)[K]>;
type Answer<K extends keyof typeof contract.autoAssign> = CallAnswer<(typeof contract.autoAssign)[K]>;
type RuleRow = typeof autoAssignRule.$inferSelect;

const MISSING = '规则不存在';
const OFF_WORK = 4;
const SHANGHAI = 8 * 3_600_000;
/** The Shanghai date of a time (the daily caps' day). */
const dayOf = (t: Date) => new Date(t.getTime() + SHANGHAI).toISOString().slice(0, 10);

/** Automatic assignment rules: their management, the import tips, and the assignment of new leads. */
export class AutoAssignService {
  constructor(
    private readonly db: Db,
    private readonly fields: ClueFieldService,
  ) {}

  private rules(db: DbOrTx, orgId: number, enabledOnly = false): Promise<RuleRow[]> {
    return db
      .select()
      .from(autoAssignRule)
      .where(
        and(
          scoped(unscoped(orgId, "assignment rules are the organisation's"), autoAssignRule),
          enabledOnly ? eq(autoAssignRule.status, 1) : undefined,
        ),
      )
      .orderBy(asc(autoAssignRule.sortNum), asc(autoAssignRule.id));
  }

  private async tallies(db: DbOrTx, ruleIds: number[]) {
    if (!ruleIds.length) return [];
    return db.select().from(autoAssignTally).where(inArray(autoAssignTally.ruleId, ruleIds));
  }

  private async views(s: Session, rows: RuleRow[]): Promise<Answer<'list'>> {
    const [users, channels, defs, tallies] = await Promise.all([
      orgUsersByIds(
        this.db,
        s.orgId,
        rows.flatMap((r) => r.members.map((m) => m.userId)),
      ),
      this.fields.dict(s.orgId, 'channelSource', false),
      this.fields.customDefs(s.orgId),
      this.tallies(
        this.db,
        rows.map((r) => r.id),
      ),
    ]);
    const channelName = new Map(channels.map((c) => [c.id, c.name]));
    const defOf = new Map(defs.map((d) => [d.fieldName, d]));
    const customText = (cc: { fieldName: string; values: string[] }) => {
      const def = defOf.get(cc.fieldName);
      const label = (v: string) => def?.groupList.find((o) => o.fieldValue === v)?.fieldLabel ?? v;
      return `${def?.fieldLabel ?? cc.fieldName}：${cc.values.map(label).join('、')}`;
    };
    const today = dayOf(new Date());
    return rows.map((r) => {
      const c = r.conditions;
      const parts = [
        c.channelSourceIds.length &&
          `渠道来源：${c.channelSourceIds.map((id) => channelName.get(id) ?? id).join('、')}`,
        c.importWays.length &&
          `导入方式：${c.importWays.map((w) => ImportWay[w as keyof typeof ImportWay] ?? w).join('、')}`,
        c.areaCodes.length && `地区：${c.areaCodes.map((code) => areaText(code) ?? code).join('、')}`,
        ...c.customConditions.map(customText),
      ].filter(Boolean);
      return {
        id: r.id,
        name: r.name,
        status: r.status,
        statusName: RuleStatusName[r.status as 1 | 2] ?? '',
        sortNum: r.sortNum,
        channelSourceIds: c.channelSourceIds,
        channelSourceNames: c.channelSourceIds.map((id) => channelName.get(id) ?? ''),
        importWays: c.importWays,
        importWayNames: c.importWays.map((w) => ImportWay[w as keyof typeof ImportWay] ?? ''),
        areaCodes: c.areaCodes,
        customConditions: c.customConditions,
        mode: r.mode,
        modeName: AssignModeName[r.mode as 1 | 2] ?? '',
        members: r.members.map((m) => {
          const t = tallies.find((x) => x.ruleId === r.id && x.userId === m.userId);
          return {
            ...m,
            realName: users.get(m.userId)?.realName ?? '',
            total: t?.total ?? 0,
            today: t && t.day === today ? t.dayCount : 0,
          };
        }),
        skipOffWork: r.skipOffWork,
        conditionText: parts.length ? parts.join('；') : '全部新线索',
        createdAt: formatDateTime(r.createdAt),
      };
    });
  }

  async list(s: Session): Promise<Answer<'list'>> {
    return this.views(s, await this.rules(this.db, s.orgId));
  }

  async detail(s: Session, id: number): Promise<Answer<'detail'>> {
    const row = await findScoped(this.db, s, autoAssignRule, id, { missing: MISSING });
    return (await this.views(s, [row]))[0];
  }

  async save(s: Session, input: Body<'save'>): Promise<{ id: number }> {
    const ids = input.members.map((m) => m.userId);
    if (new Set(ids).size !== ids.length) throw badRequest('members：接收人重复');
    const users = await orgUsersByIds(this.db, s.orgId, ids);
    for (const id of ids) if (users.get(id)?.status !== 1) throw badRequest('members：接收人不存在或已停用');
    for (const id of input.channelSourceIds) await this.fields.checkDictId(s.orgId, 'channelSource', id);
    for (const code of input.areaCodes) if (areaText(code) === null) throw badRequest(`areaCodes：地区不存在：${code}`);
    const defs = await this.fields.customDefs(s.orgId);
    for (const cc of input.customConditions)
      if (!defs.some((d) => d.fieldName === cc.fieldName))
        throw badRequest(`customConditions：自定义字段不存在：${cc.fieldName}`);
    const values = {
      name: input.name,
      status: input.status,
      mode: input.mode,
      skipOffWork: input.skipOffWork,
      members: input.members.map((m) => ({ userId: m.userId, weight: m.weight, dailyCap: m.dailyCap })),
      conditions: {
        channelSourceIds: [...new Set(input.channelSourceIds)],
        importWays: [...new Set(input.importWays)],
        areaCodes: [...new Set(input.areaCodes)],
        customConditions: input.customConditions,
      },
    };
    if (input.id) {
      await findScoped(this.db, s, autoAssignRule, input.id, { missing: MISSING });
      await this.db
        .update(autoAssignRule)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(autoAssignRule.id, input.id), scoped(s, autoAssignRule)));
      return { id: input.id };
    }
    const [{ n }] = (
      await this.db.execute<{ n: number }>(
        sql`select coalesce(max(sort_num), 0)::int + 1 as n from auto_assign_rule where organization_id = ${s.orgId}`,
      )
    ).rows;
    const [row] = await this.db
      .insert(autoAssignRule)
      .values({ ...values, organizationId: s.orgId, sortNum: Number(n), createdBy: s.userId })
      .returning({ id: autoAssignRule.id });
    return row;
  }

  async setStatus(s: Session, id: number, status: 1 | 2) {
    await findScoped(this.db, s, autoAssignRule, id, { missing: MISSING });
    await this.db
      .update(autoAssignRule)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(autoAssignRule.id, id), scoped(s, autoAssignRule)));
    return { id };
  }

  async del(s: Session, id: number) {
    await findScoped(this.db, s, autoAssignRule, id, { missing: MISSING });
    await this.db.transaction(async (tx) => {
      await tx.delete(autoAssignTally).where(eq(autoAssignTally.ruleId, id));
      await tx.delete(autoAssignRule).where(and(eq(autoAssignRule.id, id), scoped(s, autoAssignRule)));
    });
    return { count: 1 };
  }

  /** The rules in the order given (those left out keep their place after them). */
  async sort(s: Session, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const all = await this.rules(tx, s.orgId);
      for (const id of ids) if (!all.some((r) => r.id === id)) throw notFound(MISSING);
      const order = [...new Set(ids), ...all.map((r) => r.id).filter((id) => !ids.includes(id))];
      for (const [i, id] of order.entries())
        await tx
          .update(autoAssignRule)
          .set({ sortNum: i + 1 })
          .where(and(eq(autoAssignRule.id, id), scoped(s, autoAssignRule)));
      return { count: order.length };
    });
  }

  /** Enabled users of the session's data scope with their work status. */
  async users(s: Session): Promise<Answer<'users'>> {
    const all = (await orgUsers(this.db, s.orgId)).filter(
      (u) => u.status === 1 && (s.visibleUserIds === null || s.visibleUserIds.includes(u.id)),
    );
    const work = await workStatusesOf(
      this.db,
      s.orgId,
      all.map((u) => u.id),
    );
    return all.map((u) => {
      const ws = work.get(u.id) ?? OFF_WORK;
      return {
        userId: u.id,
        realName: u.realName,
        deptName: u.deptName ?? '',
        workStatus: ws,
        workStatusName: WorkStatusName[ws as keyof typeof WorkStatusName] ?? '',
      };
    });
  }

  /**
   * Which rule takes an import's rows: the first enabled rule the import way and channel decide on their own, and
   * before it the rules whose region or custom-field conditions depend on each row.
   */
  async importTips(s: Session, q: CallQuery<typeof contract.autoAssign.importTips>): Promise<Answer<'importTips'>> {
    const importWay = q?.importWay ?? 1;
    const channel = q?.channelSourceId ?? null;
    const maybe: { id: number; name: string }[] = [];
    for (const r of await this.rules(this.db, s.orgId, true)) {
      const c = r.conditions;
      if (c.importWays.length && !c.importWays.includes(importWay)) continue;
      if (c.channelSourceIds.length && channel !== null && !c.channelSourceIds.includes(channel)) continue;
      const perRow =
        c.areaCodes.length > 0 || c.customConditions.length > 0 || (c.channelSourceIds.length > 0 && channel === null);
      if (perRow) {
        maybe.push({ id: r.id, name: r.name });
        continue;
      }
      const names = await orgUsersByIds(
        this.db,
        s.orgId,
        r.members.map((m) => m.userId),
      );
      const who = r.members
        .map((m) => names.get(m.userId)?.realName ?? '')
        .filter(Boolean)
        .join('、');
      return {
        ruleId: r.id,
        ruleName: r.name,
        tip: `导入的线索将按规则「${r.name}」${AssignModeName[r.mode as 1 | 2]}给：${who}${maybe.length ? `（符合「${maybe.map((m) => m.name).join('」「')}」条件的行由其先分配）` : ''}`,
        maybe,
      };
    }
    return {
      ruleId: null,
      ruleName: '',
      tip: maybe.length
        ? `符合「${maybe.map((m) => m.name).join('」「')}」条件的行自动分配，其余分配给所选跟进人`
        : '没有匹配的自动分配规则，线索将分配给所选跟进人',
      maybe,
    };
  }

  /**
   * The owners of new leads (Clues.useAutoAssign): for each, the first enabled rule it meets that has a member able
   * to receive. The organisation's assignments run one at a time (an advisory lock), so the counts behind the shares
   * and the daily caps are never read stale.
   */
  assign = async (tx: DbOrTx, orgId: number, leads: NewLeadAttrs[], time: Date): Promise<(AutoPick | null)[]> => {
    const rules = await this.rules(tx, orgId, true);
    if (!rules.length) return leads.map(() => null);
    await tx.execute(sql`select pg_advisory_xact_lock(727202, ${orgId})`);
    const memberIds = [...new Set(rules.flatMap((r) => r.members.map((m) => m.userId)))];
    // one after another: a transaction is one connection
    const work = await workStatusesOf(tx, orgId, memberIds);
    const users = await orgUsersByIds(tx, orgId, memberIds);
    const tallies = await this.tallies(
      tx,
      rules.map((r) => r.id),
    );
    const day = dayOf(time);
    const touched = new Set<Candidate & { ruleId: number }>();
    const candidates = new Map(
      rules.map((r) => [
        r.id,
        r.members.map((m) => {
          const t = tallies.find((x) => x.ruleId === r.id && x.userId === m.userId);
          const ws = work.get(m.userId);
          return {
            ...m,
            ruleId: r.id,
            total: t?.total ?? 0,
            today: t && t.day === day ? t.dayCount : 0,
            available: ws !== undefined && !(r.skipOffWork === 1 && ws === OFF_WORK),
          };
        }),
      ]),
    );
    const picks = leads.map((lead) => {
      for (const r of rules) {
        if (!matches(r.conditions, lead)) continue;
        const m = pickMember(candidates.get(r.id) ?? [], r.mode === 2) as (Candidate & { ruleId: number }) | null;
        if (!m) continue;
        m.total++;
        m.today++;
        touched.add(m);
        return { ruleId: r.id, ruleName: r.name, userId: m.userId, userName: users.get(m.userId)?.realName ?? '' };
      }
      return null;
    });
    for (const m of touched)
      await tx
        .insert(autoAssignTally)
        .values({ organizationId: orgId, ruleId: m.ruleId, userId: m.userId, total: m.total, day, dayCount: m.today })
        .onConflictDoUpdate({
          target: [autoAssignTally.ruleId, autoAssignTally.userId],
          set: { total: m.total, day, dayCount: m.today },
        });
    return picks;
  };
}
