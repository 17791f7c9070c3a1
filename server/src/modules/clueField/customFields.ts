import {
  type FieldInput,
  FieldType,
  type FieldUpdate,
  type FieldDef as FieldView,
  ShowType,
} from '@crm/core/contract/clueField';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { findScoped } from '../../platform/scope';
import { updateSet } from '../../platform/update';
import type { FieldAccess } from './fieldAccess';
import { type FieldDef, FieldError, STANDARD_FIELDS, validateCustomValues } from './fields';
import { clueField, clueFieldRole, clueRepeatRule } from './schema';
import { inOrg, orgWide, sortRows, updateInOrg } from './tenant';

/**
 * Custom field definitions of an organisation: lead fields (scope 2, /customFieldShow), order fields (1) and product
 * fields (3, /clueOrderField); and the built-in switch of the 'next follow-up time' field.
 */

export type FieldRow = typeof clueField.$inferSelect;

/** Lead fields; 1 order, 3 product (queryOrderOrganizationField type). */
export const LEAD_FIELDS = 2;
export const NEXT_FOLLOW = 'nextFollowTime';

export async function fieldRows(db: DbOrTx, orgId: number, scope = LEAD_FIELDS): Promise<FieldRow[]> {
  return db
    .select()
    .from(clueField)
    .where(and(inOrg(orgId, clueField), eq(clueField.scope, scope)))
    .orderBy(asc(clueField.sortNo), asc(clueField.id));
}

/** The definitions values are validated against (custom fields of leads, without the built-in switch rows). */
export async function customDefs(db: DbOrTx, orgId: number): Promise<FieldDef[]> {
  return (await fieldRows(db, orgId, LEAD_FIELDS)).filter((f) => !f.builtIn);
}

/** A lead's custom values checked against the definitions; a wrong value is a 400 naming the field. */
export async function validateCustom(
  db: DbOrTx,
  orgId: number,
  input: Record<string, unknown>,
  mode: 'create' | 'update',
): Promise<Record<string, unknown>> {
  try {
    return validateCustomValues(await customDefs(db, orgId), input, mode);
  } catch (e) {
    if (e instanceof FieldError) throw badRequest(e.message);
    throw e;
  }
}

/** One definition as the forms read it; `access` is the caller's role's (editable and unmasked without one). */
export function fieldView(
  f: Pick<FieldRow, 'fieldName' | 'fieldLabel' | 'fieldType'> &
    Partial<
      Pick<
        FieldRow,
        'id' | 'fieldTopic' | 'showType' | 'isRequired' | 'isShow' | 'groupList' | 'cascadeData' | 'rules' | 'sortNo'
      >
    > & { isCustom?: number },
  access?: FieldAccess,
): FieldView {
  const showType = f.showType ?? 1;
  return {
    id: f.id ?? null,
    fieldName: f.fieldName,
    fieldLabel: f.fieldLabel,
    fieldTopic: f.fieldTopic ?? '基本信息',
    fieldType: f.fieldType,
    fieldTypeName: FieldType[f.fieldType as keyof typeof FieldType] ?? '',
    showType,
    showTypeName: ShowType[showType as keyof typeof ShowType] ?? '',
    isRequired: f.isRequired ?? 0,
    isShow: f.isShow ?? 1,
    isCustom: f.isCustom ?? 1,
    groupList: f.groupList ?? [],
    cascadeData: f.cascadeData ?? [],
    rules: f.rules ?? {},
    sortNo: f.sortNo ?? 0,
    access: access?.access ?? 2,
    masked: access?.masked ? 1 : 0,
  };
}

/** The order and product fields (type 1, 3). */
export async function orderFieldList(db: DbOrTx, orgId: number, type: number): Promise<{ lists: FieldView[] }> {
  return { lists: (await fieldRows(db, orgId, type)).map((f) => fieldView(f)) };
}

export async function addField(db: Db, orgId: number, scope: number, input: FieldInput): Promise<FieldView> {
  checkFieldInput(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727100, ${orgId})`);
    const existing = await fieldRows(tx, orgId, scope);
    if (
      existing.some((f) => f.fieldLabel === input.fieldLabel) ||
      (scope === LEAD_FIELDS && STANDARD_FIELDS.some((f) => f.fieldLabel === input.fieldLabel))
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
    return fieldView(row);
  });
}

/** Changes what is given (the type never); an update with nothing to change answers the field as it is. */
export async function updateField(db: Db, orgId: number, input: FieldUpdate): Promise<FieldView> {
  const row = await findScoped(db, orgWide(orgId), clueField, input.id);
  if (row.builtIn) throw badRequest('内置字段只能开启或关闭');
  if (input.fieldType !== undefined && input.fieldType !== row.fieldType) throw badRequest('字段类型创建后不能修改');
  checkFieldInput({
    fieldType: row.fieldType,
    groupList: input.groupList ?? row.groupList,
    cascadeData: input.cascadeData ?? row.cascadeData,
  });
  if (input.fieldLabel && input.fieldLabel !== row.fieldLabel) {
    const dup = (await fieldRows(db, orgId, row.scope)).some(
      (f) => f.id !== input.id && f.fieldLabel === input.fieldLabel,
    );
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
  if (!set) return fieldView(row);
  return fieldView(await updateInOrg(db, orgId, clueField, input.id, { ...set, updatedAt: new Date() }));
}

/** Deletes a field with its role settings; duplicate rules drop it (and a rule left empty goes). */
export async function deleteField(db: Db, orgId: number, id: number): Promise<void> {
  const row = await findScoped(db, orgWide(orgId), clueField, id);
  if (row.builtIn) throw badRequest('内置字段只能开启或关闭');
  await db.transaction(async (tx) => {
    await tx.delete(clueField).where(and(eq(clueField.id, id), inOrg(orgId, clueField)));
    await tx.delete(clueFieldRole).where(and(inOrg(orgId, clueFieldRole), eq(clueFieldRole.fieldName, row.fieldName)));
    // a duplicate rule naming the field would otherwise match on nothing, or on a later field's data
    await tx
      .update(clueRepeatRule)
      .set({ fieldNames: sql`array_remove(${clueRepeatRule.fieldNames}, ${row.fieldName})` })
      .where(and(inOrg(orgId, clueRepeatRule), sql`${row.fieldName} = any(${clueRepeatRule.fieldNames})`));
    await tx
      .delete(clueRepeatRule)
      .where(and(inOrg(orgId, clueRepeatRule), sql`cardinality(${clueRepeatRule.fieldNames}) = 0`));
  });
}

/** The new order, first to last; an id not of this organisation refuses the whole order (404), as for departments. */
export async function sortFields(db: Db, orgId: number, ids: number[]): Promise<void> {
  await sortRows(db, clueField, ids, inOrg(orgId, clueField));
}

/** The per-organisation 'next follow-up time' field (datetime, optional, shown) is on. */
export const nextFollowTimeOn = (rows: FieldRow[]): boolean =>
  rows.some((f) => f.builtIn && f.fieldName === NEXT_FOLLOW && f.isShow === 1);

export async function setNextFollowTimeField(db: DbOrTx, orgId: number, enabled: boolean): Promise<void> {
  await db
    .insert(clueField)
    .values({
      organizationId: orgId,
      scope: LEAD_FIELDS,
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

function defaultShowType(fieldType: number): number {
  return ({ 1: 1, 2: 2, 3: 1, 4: 6, 5: 6, 6: 3, 7: 5, 8: 7, 9: 1, 10: 1 } as Record<number, number>)[fieldType] ?? 1;
}

function normalizeOptions(items: NonNullable<FieldInput['groupList']>): FieldRow['groupList'] {
  return items.map((o, i) => ({
    ...o,
    fieldValue: String(o.fieldValue ?? o.fieldLabel),
    itemSortNum: o.itemSortNum ?? i + 1,
  }));
}

function checkFieldInput(input: Pick<FieldInput, 'fieldType' | 'groupList' | 'cascadeData'>): void {
  if (!(input.fieldType in FieldType)) throw badRequest('fieldType：字段类型不存在');
  if ((input.fieldType === 6 || input.fieldType === 7) && !(input.groupList ?? []).length)
    throw badRequest('groupList：选项字段至少需要一个选项');
  if (input.fieldType === 8 && !(input.cascadeData ?? []).length) throw badRequest('cascadeData：级联字段需要级联数据');
  const values = (input.groupList ?? []).map((o) => String(o.fieldValue ?? o.fieldLabel));
  if (new Set(values).size !== values.length) throw badRequest('groupList：选项值不能重复');
}
