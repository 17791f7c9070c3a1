import {
  CALL_ANALYSIS_COLUMNS,
  CALL_ANALYSIS_DEFAULT_COLUMNS,
  type Column,
  type ColumnChoice,
  type ColumnsInput,
  TABLE_TYPE,
} from '@crm/core/contract/clueField';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { customDefs, fieldRows } from './customFields';
import { sessionAccess } from './fieldAccess';
import { DEFAULT_COLUMNS, STANDARD_BY_NAME, STANDARD_FIELDS } from './fields';
import { clueUserTable } from './schema';
import { inOrg } from './tenant';

/**
 * A user's chosen and ordered columns of a list: the lead lists (type 1 my customers, 2 data import, 3 recycle bin, …)
 * choose among the organisation's lead fields; the call-analysis list (type 10) among its own fixed columns.
 */

const isAnalysis = (type: number) => type === TABLE_TYPE.callAnalysis;

const defaults = (type: number): ColumnChoice[] =>
  (isAnalysis(type) ? CALL_ANALYSIS_DEFAULT_COLUMNS : DEFAULT_COLUMNS).map((fieldName) => ({ fieldName }));

const ANALYSIS_FIELDS = Object.entries(CALL_ANALYSIS_COLUMNS).map(([fieldName, fieldLabel]) => ({
  fieldName,
  fieldLabel,
  fieldType: 1,
  isCustom: 0,
}));

/** Every field a lead list can show: standard then custom, without those the role may not see. */
async function leadFields(db: DbOrTx, s: Session) {
  const [custom, access] = await Promise.all([customDefs(db, s.orgId), sessionAccess(db, s)]);
  return [
    ...STANDARD_FIELDS.map((f) => ({
      fieldName: f.fieldName,
      fieldLabel: f.fieldLabel,
      fieldType: f.fieldType,
      isCustom: 0,
    })),
    ...custom.map((f) => ({ fieldName: f.fieldName, fieldLabel: f.fieldLabel, fieldType: f.fieldType, isCustom: 1 })),
  ].filter((f) => access.get(f.fieldName)?.access !== 0);
}

const mine = (s: Session, type: number) =>
  and(eq(clueUserTable.userId, s.userId), eq(clueUserTable.type, type), inOrg(s.orgId, clueUserTable));

async function chosenColumns(db: DbOrTx, s: Session, type: number): Promise<ColumnChoice[]> {
  const [row] = await db.select().from(clueUserTable).where(mine(s, type));
  return row?.columns ?? defaults(type);
}

/** Every field the list can show, the user's marked and in the user's order. */
export async function userColumns(db: DbOrTx, s: Session, type: number): Promise<Column[]> {
  const [chosen, all] = await Promise.all([
    chosenColumns(db, s, type),
    isAnalysis(type) ? ANALYSIS_FIELDS : leadFields(db, s),
  ]);
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

/** Stores the user's columns of one list, every one a field of the organisation. */
export async function setUserColumns(db: DbOrTx, s: Session, input: ColumnsInput): Promise<ColumnChoice[]> {
  const { type, columns } = input;
  const known = isAnalysis(type) ? (name: string) => name in CALL_ANALYSIS_COLUMNS : await leadFieldNames(db, s.orgId);
  for (const c of columns) if (!known(c.fieldName)) throw badRequest(`字段不存在：${c.fieldName}`);
  await db
    .insert(clueUserTable)
    .values({ organizationId: s.orgId, userId: s.userId, type, columns })
    .onConflictDoUpdate({
      target: [clueUserTable.userId, clueUserTable.type],
      set: { columns, updatedAt: new Date() },
    });
  return columns;
}

/** Back to the default columns of the list. */
export async function resetUserColumns(db: DbOrTx, s: Session, type: number): Promise<ColumnChoice[]> {
  await db.delete(clueUserTable).where(mine(s, type));
  return defaults(type);
}

async function leadFieldNames(db: DbOrTx, orgId: number): Promise<(name: string) => boolean> {
  const custom = new Set((await fieldRows(db, orgId)).map((d) => d.fieldName));
  return (name) => STANDARD_BY_NAME.has(name) || custom.has(name);
}
