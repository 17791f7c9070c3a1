import type { CascadeNode, FieldGroupItem } from '@crm/core';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, must } from '../../platform/errors';
import { updateSet } from '../../platform/update';
import {
  DEFAULT_COLUMNS,
  DictKind,
  DictKindLabel,
  type DictKindName,
  type FieldDef,
  FieldError,
  FieldType,
  STANDARD_BY_NAME,
  STANDARD_FIELDS,
  validateCustomValues,
} from './fields';
import { clueDict, clueField, clueFieldRole, clueRepeatRule, clueUserTable, tag, tagGroup } from './schema';

export type FieldRow = typeof clueField.$inferSelect;
export type DictRow = typeof clueDict.$inferSelect;

export interface FieldInput {
  fieldLabel: string;
  fieldTopic?: string;
  fieldType: number;
  showType?: number;
  isRequired?: number;
  isShow?: number;
  groupList?: (Omit<FieldGroupItem, 'fieldValue'> & { fieldValue?: string })[];
  cascadeData?: CascadeNode[];
  rules?: FieldRow['rules'];
  sortNo?: number;
}

export interface FieldAccess {
  /** 0 hidden, 1 read-only, 2 editable. */
  access: number;
  masked: boolean;
}

const NEXT_FOLLOW = 'nextFollowTime';

/** Business field settings of an organisation (/serviceSetup): custom fields, dictionaries, tags, rules, masks. */
export class ClueFieldService {
  constructor(private readonly db: Db) {}

  // ---- custom fields ----

  async fields(orgId: number, scope = 2, db: DbOrTx = this.db): Promise<FieldRow[]> {
    return db
      .select()
      .from(clueField)
      .where(and(eq(clueField.organizationId, orgId), eq(clueField.scope, scope)))
      .orderBy(asc(clueField.sortNo), asc(clueField.id));
  }

  /** The definitions values are validated against (custom fields of leads, without the built-in switch rows). */
  async customDefs(orgId: number, db: DbOrTx = this.db): Promise<FieldDef[]> {
    return (await this.fields(orgId, 2, db)).filter((f) => !f.builtIn);
  }

  async validateCustom(orgId: number, input: Record<string, unknown>, mode: 'create' | 'update', db: DbOrTx = this.db) {
    try {
      return validateCustomValues(await this.customDefs(orgId, db), input, mode);
    } catch (e) {
      if (e instanceof FieldError) throw badRequest(e.message);
      throw e;
    }
  }

  async addField(orgId: number, scope: number, input: FieldInput): Promise<FieldRow> {
    checkFieldInput(input);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727100, ${orgId})`);
      const existing = await this.fields(orgId, scope, tx);
      if (
        existing.some((f) => f.fieldLabel === input.fieldLabel) ||
        (scope === 2 && STANDARD_FIELDS.some((f) => f.fieldLabel === input.fieldLabel))
      )
        throw conflict(`字段名称“${input.fieldLabel}”已存在`);
      // The key is the row's own id, never a number used before: a deleted field's values stay in the leads'
      // custom data, and a new field under the old key would show them as its own.
      const res = await tx.execute<{ id: number }>(
        sql`select nextval(pg_get_serial_sequence('clue_field', 'id'))::int as id`,
      );
      const id = Number(res.rows[0].id);
      const [row] = await tx
        .insert(clueField)
        .values({
          id,
          organizationId: orgId,
          scope,
          fieldName: `cf_${id}`,
          fieldLabel: input.fieldLabel,
          fieldTopic: input.fieldTopic ?? '基本信息',
          fieldType: input.fieldType,
          showType: input.showType ?? defaultShowType(input.fieldType),
          isRequired: input.isRequired ?? 0,
          isShow: input.isShow ?? 1,
          groupList: normalizeOptions(input.groupList ?? []),
          cascadeData: input.cascadeData ?? [],
          rules: input.rules ?? {},
          sortNo: input.sortNo ?? existing.length + 1,
        })
        .returning();
      return row;
    });
  }

  async updateField(orgId: number, id: number, input: Partial<FieldInput>): Promise<FieldRow> {
    const row = must(await this.field(orgId, id));
    if (row.builtIn) throw badRequest('内置字段只能开启或关闭');
    if (input.fieldType !== undefined && input.fieldType !== row.fieldType) throw badRequest('字段类型创建后不能修改');
    const merged = { ...row, ...input } as FieldInput;
    checkFieldInput(merged);
    if (input.fieldLabel && input.fieldLabel !== row.fieldLabel) {
      const dup = (await this.fields(orgId, row.scope)).some((f) => f.id !== id && f.fieldLabel === input.fieldLabel);
      if (dup) throw conflict(`字段名称“${input.fieldLabel}”已存在`);
    }
    const set = updateSet({
      fieldLabel: input.fieldLabel,
      fieldTopic: input.fieldTopic,
      showType: input.showType,
      isRequired: input.isRequired,
      isShow: input.isShow,
      groupList: input.groupList ? normalizeOptions(input.groupList) : undefined,
      cascadeData: input.cascadeData,
      rules: input.rules,
      sortNo: input.sortNo,
    });
    if (!set) return row;
    const [updated] = await this.db
      .update(clueField)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(clueField.id, id), eq(clueField.organizationId, orgId)))
      .returning();
    return updated;
  }

  async deleteField(orgId: number, id: number): Promise<void> {
    const row = must(await this.field(orgId, id));
    if (row.builtIn) throw badRequest('内置字段只能开启或关闭');
    await this.db.transaction(async (tx) => {
      await tx.delete(clueField).where(and(eq(clueField.id, id), eq(clueField.organizationId, orgId)));
      await tx
        .delete(clueFieldRole)
        .where(and(eq(clueFieldRole.organizationId, orgId), eq(clueFieldRole.fieldName, row.fieldName)));
      // a duplicate rule naming the field would otherwise match on nothing, or on a later field's data
      await tx
        .update(clueRepeatRule)
        .set({ fieldNames: sql`array_remove(${clueRepeatRule.fieldNames}, ${row.fieldName})` })
        .where(
          and(eq(clueRepeatRule.organizationId, orgId), sql`${row.fieldName} = any(${clueRepeatRule.fieldNames})`),
        );
      await tx
        .delete(clueRepeatRule)
        .where(and(eq(clueRepeatRule.organizationId, orgId), sql`cardinality(${clueRepeatRule.fieldNames}) = 0`));
    });
  }

  async sortFields(orgId: number, ids: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      // an id not of this organisation refuses the whole order (404), as for departments
      for (const [i, id] of ids.entries())
        must(
          (
            await tx
              .update(clueField)
              .set({ sortNo: i + 1 })
              .where(and(eq(clueField.id, id), eq(clueField.organizationId, orgId)))
              .returning({ id: clueField.id })
          )[0],
        );
    });
  }

  async field(orgId: number, id: number): Promise<FieldRow | undefined> {
    const [row] = await this.db
      .select()
      .from(clueField)
      .where(and(eq(clueField.id, id), eq(clueField.organizationId, orgId)));
    return row;
  }

  /** The per-organisation 'next follow-up time' field (datetime, optional, shown): on or off. */
  async nextFollowTimeEnabled(orgId: number): Promise<boolean> {
    const rows = await this.fields(orgId);
    return rows.some((f) => f.builtIn && f.fieldName === NEXT_FOLLOW && f.isShow === 1);
  }

  async setNextFollowTimeField(orgId: number, enabled: boolean): Promise<void> {
    await this.db
      .insert(clueField)
      .values({
        organizationId: orgId,
        scope: 2,
        fieldName: NEXT_FOLLOW,
        fieldLabel: '下次跟进时间',
        fieldType: 5,
        showType: 6,
        isRequired: 0,
        isShow: enabled ? 1 : 0,
        builtIn: true,
        sortNo: 0,
      })
      .onConflictDoUpdate({
        target: [clueField.organizationId, clueField.scope, clueField.fieldName],
        set: { isShow: enabled ? 1 : 0 },
      });
  }

  // ---- dictionaries: follow-up ways, statuses, phases, channel sources, lost-order reasons ----

  async dict(orgId: number, kind: DictKindName, onlyEnabled = false, db: DbOrTx = this.db): Promise<DictRow[]> {
    const rows = await db
      .select()
      .from(clueDict)
      .where(and(eq(clueDict.organizationId, orgId), eq(clueDict.kind, DictKind[kind])))
      .orderBy(asc(clueDict.sortNo), asc(clueDict.id));
    return onlyEnabled ? rows.filter((r) => r.status === 1) : rows;
  }

  /** Every dictionary item of the organisation (all kinds) in one query: id → name lookups of the lists. */
  async dictAll(orgId: number, db: DbOrTx = this.db): Promise<DictRow[]> {
    return db.select().from(clueDict).where(eq(clueDict.organizationId, orgId));
  }

  async dictItem(orgId: number, kind: DictKindName, id: number, db: DbOrTx = this.db): Promise<DictRow | undefined> {
    const [row] = await db
      .select()
      .from(clueDict)
      .where(and(eq(clueDict.id, id), eq(clueDict.organizationId, orgId), eq(clueDict.kind, DictKind[kind])));
    return row;
  }

  /** Throws 400 naming the list when the id is not one of the organisation's items. */
  async checkDictId(
    orgId: number,
    kind: DictKindName,
    id: number | null | undefined,
    db: DbOrTx = this.db,
  ): Promise<void> {
    if (id === null || id === undefined) return;
    if (!(await this.dictItem(orgId, kind, id, db))) throw badRequest(`${DictKindLabel[kind]}不存在`);
  }

  async addDict(
    orgId: number,
    kind: DictKindName,
    input: { name: string; remark?: string; status?: number },
  ): Promise<DictRow> {
    const rows = await this.dict(orgId, kind);
    if (rows.some((r) => r.name === input.name)) throw conflict(`${DictKindLabel[kind]}“${input.name}”已存在`);
    const [row] = await this.db
      .insert(clueDict)
      .values({
        organizationId: orgId,
        kind: DictKind[kind],
        name: input.name,
        remark: input.remark,
        status: input.status ?? 1,
        sortNo: rows.length + 1,
      })
      .returning();
    return row;
  }

  async updateDict(
    orgId: number,
    kind: DictKindName,
    id: number,
    input: { name?: string; remark?: string | null; status?: number },
  ): Promise<DictRow> {
    const cur = must(await this.dictItem(orgId, kind, id));
    if (input.name && (await this.dict(orgId, kind)).some((r) => r.id !== id && r.name === input.name))
      throw conflict(`${DictKindLabel[kind]}“${input.name}”已存在`);
    const set = updateSet({ name: input.name, remark: input.remark, status: input.status });
    if (!set) return cur;
    const [row] = await this.db
      .update(clueDict)
      .set(set)
      .where(and(eq(clueDict.id, id), eq(clueDict.organizationId, orgId)))
      .returning();
    return row;
  }

  async deleteDict(orgId: number, kind: DictKindName, id: number): Promise<void> {
    must(await this.dictItem(orgId, kind, id));
    await this.db.delete(clueDict).where(and(eq(clueDict.id, id), eq(clueDict.organizationId, orgId)));
  }

  async sortDict(orgId: number, kind: DictKindName, ids: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [i, id] of ids.entries())
        must(
          (
            await tx
              .update(clueDict)
              .set({ sortNo: i + 1 })
              .where(and(eq(clueDict.id, id), eq(clueDict.organizationId, orgId), eq(clueDict.kind, DictKind[kind])))
              .returning({ id: clueDict.id })
          )[0],
        );
    });
  }

  // ---- tags ----

  async tagGroups(orgId: number) {
    return this.db
      .select()
      .from(tagGroup)
      .where(eq(tagGroup.organizationId, orgId))
      .orderBy(asc(tagGroup.sortNo), asc(tagGroup.id));
  }

  async tags(orgId: number, db: DbOrTx = this.db) {
    return db.select().from(tag).where(eq(tag.organizationId, orgId)).orderBy(asc(tag.sortNo), asc(tag.id));
  }

  /** Groups with their tags nested (tagGroupAndTag). */
  async tagGroupAndTag(orgId: number) {
    const [groups, tags] = await Promise.all([this.tagGroups(orgId), this.tags(orgId)]);
    return groups.map((g) => ({
      id: g.id,
      groupName: g.name,
      color: g.color,
      chooseType: g.chooseType,
      sortNo: g.sortNo,
      tagList: tags
        .filter((t) => t.groupId === g.id)
        .map((t) => ({ id: t.id, tagName: t.name, groupId: g.id, sortNo: t.sortNo })),
    }));
  }

  async addTagGroup(orgId: number, input: { name: string; color?: string; chooseType?: number }) {
    const groups = await this.tagGroups(orgId);
    if (groups.some((g) => g.name === input.name)) throw conflict(`标签组“${input.name}”已存在`);
    const [row] = await this.db
      .insert(tagGroup)
      .values({
        organizationId: orgId,
        name: input.name,
        color: input.color,
        chooseType: input.chooseType,
        sortNo: groups.length + 1,
      })
      .returning();
    return row;
  }

  async updateTagGroup(orgId: number, id: number, input: { name?: string; color?: string; chooseType?: number }) {
    const groups = await this.tagGroups(orgId);
    const cur = must(groups.find((g) => g.id === id));
    if (input.name && groups.some((g) => g.id !== id && g.name === input.name))
      throw conflict(`标签组“${input.name}”已存在`);
    const set = updateSet(input);
    if (!set) return cur;
    const [row] = await this.db
      .update(tagGroup)
      .set(set)
      .where(and(eq(tagGroup.id, id), eq(tagGroup.organizationId, orgId)))
      .returning();
    return row;
  }

  async deleteTagGroup(orgId: number, id: number) {
    must((await this.tagGroups(orgId)).find((g) => g.id === id));
    await this.db.transaction(async (tx) => {
      await tx.delete(tag).where(and(eq(tag.groupId, id), eq(tag.organizationId, orgId)));
      await tx.delete(tagGroup).where(and(eq(tagGroup.id, id), eq(tagGroup.organizationId, orgId)));
    });
  }

  async addTag(orgId: number, input: { groupId: number; name: string }) {
    must(
      (await this.tagGroups(orgId)).find((g) => g.id === input.groupId),
      '标签组不存在',
    );
    const tags = (await this.tags(orgId)).filter((t) => t.groupId === input.groupId);
    if (tags.some((t) => t.name === input.name)) throw conflict(`标签“${input.name}”已存在`);
    const [row] = await this.db
      .insert(tag)
      .values({ organizationId: orgId, groupId: input.groupId, name: input.name, sortNo: tags.length + 1 })
      .returning();
    return row;
  }

  async updateTag(orgId: number, id: number, input: { name?: string; groupId?: number }) {
    const tags = await this.tags(orgId);
    const cur = must(tags.find((t) => t.id === id));
    const groupId = input.groupId ?? cur.groupId;
    if (input.groupId)
      must(
        (await this.tagGroups(orgId)).find((g) => g.id === input.groupId),
        '标签组不存在',
      );
    if (input.name && tags.some((t) => t.id !== id && t.groupId === groupId && t.name === input.name))
      throw conflict(`标签“${input.name}”已存在`);
    const set = updateSet(input);
    if (!set) return cur;
    const [row] = await this.db
      .update(tag)
      .set(set)
      .where(and(eq(tag.id, id), eq(tag.organizationId, orgId)))
      .returning();
    return row;
  }

  async deleteTag(orgId: number, id: number) {
    must((await this.tags(orgId)).find((t) => t.id === id));
    await this.db.delete(tag).where(and(eq(tag.id, id), eq(tag.organizationId, orgId)));
  }

  /** Throws 400 when any tag id is not the organisation's. */
  async checkTagIds(orgId: number, ids: number[], db: DbOrTx = this.db): Promise<void> {
    if (!ids.length) return;
    const rows = await db
      .select({ id: tag.id })
      .from(tag)
      .where(and(eq(tag.organizationId, orgId), inArray(tag.id, ids)));
    if (rows.length !== new Set(ids).size) throw badRequest('标签不存在');
  }

  // ---- duplicate rules (clueFieldRepeat) ----

  async repeatRules(orgId: number, db: DbOrTx = this.db) {
    const rows = await db
      .select()
      .from(clueRepeatRule)
      .where(eq(clueRepeatRule.organizationId, orgId))
      .orderBy(asc(clueRepeatRule.id));
    return rows.map((r) => ({ id: r.id, fieldNames: r.fieldNames, enabled: r.enabled, range: r.range }));
  }

  /** Replaces the organisation's rules. Fields may be phone, name, company or a custom field. */
  async saveRepeatRules(orgId: number, rules: { fieldNames: string[]; enabled: number; range?: number }[]) {
    const custom = new Set((await this.customDefs(orgId)).map((d) => d.fieldName));
    for (const r of rules)
      for (const f of r.fieldNames)
        if (!['phone', 'name', 'company'].includes(f) && !custom.has(f)) throw badRequest(`查重字段不支持：${f}`);
    await this.db.transaction(async (tx) => {
      await tx.delete(clueRepeatRule).where(eq(clueRepeatRule.organizationId, orgId));
      if (rules.length)
        await tx.insert(clueRepeatRule).values(
          rules.map((r) => ({
            organizationId: orgId,
            fieldNames: [...new Set(r.fieldNames)],
            enabled: r.enabled,
            range: r.range ?? 1,
          })),
        );
    });
    return this.repeatRules(orgId);
  }

  /** Enabled rules; an organisation without rules checks the phone number. */
  async activeRepeatRules(orgId: number, db: DbOrTx = this.db): Promise<{ fieldNames: string[]; range: number }[]> {
    const rows = await this.repeatRules(orgId, db);
    if (!rows.length) return [{ fieldNames: ['phone'], range: 1 }];
    return rows.filter((r) => r.enabled === 1);
  }

  // ---- per-role field access and masking ----

  async fieldRoles(orgId: number, roleId?: number) {
    return this.db
      .select()
      .from(clueFieldRole)
      .where(and(eq(clueFieldRole.organizationId, orgId), roleId ? eq(clueFieldRole.roleId, roleId) : undefined));
  }

  /** Field name → access of a role; fields without a row are editable and unmasked. */
  async accessFor(orgId: number, roleId: number | null): Promise<Map<string, FieldAccess>> {
    if (!roleId) return new Map();
    const rows = await this.fieldRoles(orgId, roleId);
    return new Map(rows.map((r) => [r.fieldName, { access: r.access, masked: r.masked }]));
  }

  async saveFieldRoles(
    orgId: number,
    roleId: number,
    items: { fieldName: string; access: number; masked?: boolean }[],
  ) {
    const custom = new Set((await this.fields(orgId)).map((d) => d.fieldName));
    for (const it of items)
      if (!STANDARD_BY_NAME.has(it.fieldName) && !custom.has(it.fieldName))
        throw badRequest(`字段不存在：${it.fieldName}`);
    await this.db.transaction(async (tx) => {
      await tx
        .delete(clueFieldRole)
        .where(and(eq(clueFieldRole.organizationId, orgId), eq(clueFieldRole.roleId, roleId)));
      const rows = items.filter((i) => i.access !== 2 || i.masked);
      if (rows.length)
        await tx.insert(clueFieldRole).values(
          rows.map((i) => ({
            organizationId: orgId,
            roleId,
            fieldName: i.fieldName,
            access: i.access,
            masked: i.masked ?? false,
          })),
        );
    });
  }

  // ---- user column settings ----

  async userTable(orgId: number, userId: number, type: number) {
    const [row] = await this.db
      .select()
      .from(clueUserTable)
      .where(
        and(eq(clueUserTable.userId, userId), eq(clueUserTable.type, type), eq(clueUserTable.organizationId, orgId)),
      );
    return row?.columns ?? DEFAULT_COLUMNS.map((fieldName) => ({ fieldName }));
  }

  async setUserTable(
    orgId: number,
    userId: number,
    type: number,
    columns: { fieldName: string; width?: number; fixed?: string | null }[],
  ) {
    const custom = new Set((await this.fields(orgId)).map((d) => d.fieldName));
    for (const c of columns)
      if (!STANDARD_BY_NAME.has(c.fieldName) && !custom.has(c.fieldName))
        throw badRequest(`字段不存在：${c.fieldName}`);
    await this.db
      .insert(clueUserTable)
      .values({ organizationId: orgId, userId, type, columns })
      .onConflictDoUpdate({
        target: [clueUserTable.userId, clueUserTable.type],
        set: { columns, updatedAt: new Date() },
      });
    return columns;
  }

  async resetUserTable(orgId: number, userId: number, type: number) {
    await this.db
      .delete(clueUserTable)
      .where(
        and(eq(clueUserTable.userId, userId), eq(clueUserTable.type, type), eq(clueUserTable.organizationId, orgId)),
      );
    return DEFAULT_COLUMNS.map((fieldName) => ({ fieldName }));
  }

  /** Every field a list can show (standard then custom) with the user's choice and order marked. */
  async columnsFor(orgId: number, userId: number, type: number, access: Map<string, FieldAccess>) {
    const [chosen, custom] = await Promise.all([this.userTable(orgId, userId, type), this.customDefs(orgId)]);
    const all = [
      ...STANDARD_FIELDS.map((f) => ({
        fieldName: f.fieldName,
        fieldLabel: f.fieldLabel,
        fieldType: f.fieldType,
        isCustom: 0,
      })),
      ...custom.map((f) => ({ fieldName: f.fieldName, fieldLabel: f.fieldLabel, fieldType: f.fieldType, isCustom: 1 })),
    ].filter((f) => access.get(f.fieldName)?.access !== 0);
    const order = new Map(chosen.map((c, i) => [c.fieldName, { i, c }]));
    return all
      .map((f) => ({
        ...f,
        isChecked: order.has(f.fieldName) ? 1 : 0,
        sortNum: order.get(f.fieldName)?.i ?? 999,
        width: order.get(f.fieldName)?.c.width ?? null,
      }))
      .sort((a, b) => a.sortNum - b.sortNum);
  }

  /** Demo settings for a new organisation. */
  async seedDefaults(orgId: number): Promise<void> {
    const kinds: [DictKindName, string[]][] = [
      ['followWay', ['电话', '微信', '面谈', '短信', '邮件']],
      ['followStatus', ['未跟进', '跟进中', '有意向', '已成交', '无效']],
      ['followPhase', ['初步接触', '需求确认', '方案报价', '商务谈判', '赢单']],
      ['channelSource', ['官网表单', '抖音广告', '百度推广', '老客户介绍', '展会', '电话营销']],
      ['lostReason', ['价格太高', '选择了竞品', '暂无需求', '联系不上', '预算不足']],
    ];
    for (const [kind, names] of kinds) {
      const [{ n }] = await this.db
        .select({ n: max(clueDict.id) })
        .from(clueDict)
        .where(and(eq(clueDict.organizationId, orgId), eq(clueDict.kind, DictKind[kind])));
      if (n) continue;
      await this.db
        .insert(clueDict)
        .values(names.map((name, i) => ({ organizationId: orgId, kind: DictKind[kind], name, sortNo: i + 1 })));
    }
  }
}

function defaultShowType(fieldType: number): number {
  return ({ 1: 1, 2: 2, 3: 1, 4: 6, 5: 6, 6: 3, 7: 5, 8: 7, 9: 1, 10: 1 } as Record<number, number>)[fieldType] ?? 1;
}

function normalizeOptions(items: NonNullable<FieldInput['groupList']>): FieldGroupItem[] {
  return items.map((o, i) => ({
    ...o,
    fieldValue: String(o.fieldValue ?? o.fieldLabel),
    itemSortNum: o.itemSortNum ?? i + 1,
  }));
}

function checkFieldInput(input: FieldInput): void {
  if (!(input.fieldType in FieldType)) throw badRequest('fieldType：字段类型不存在');
  if ((input.fieldType === 6 || input.fieldType === 7) && !(input.groupList ?? []).length)
    throw badRequest('groupList：选项字段至少需要一个选项');
  if (input.fieldType === 8 && !(input.cascadeData ?? []).length) throw badRequest('cascadeData：级联字段需要级联数据');
  const values = (input.groupList ?? []).map((o) => String(o.fieldValue ?? o.fieldLabel));
  if (new Set(values).size !== values.length) throw badRequest('groupList：选项值不能重复');
}
