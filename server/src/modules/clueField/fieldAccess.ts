import type {
  FieldTopic,
  FieldDef as FieldView,
  MaskConfig,
  RoleFieldAccess,
  RoleFieldAccessInput,
} from '@crm/core/contract/clueField';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { findRole } from '../org';
import { customDefs, fieldRows, fieldView, nextFollowTimeOn } from './customFields';
import { STANDARD_BY_NAME, STANDARD_FIELDS } from './fields';
import { clueFieldRole } from './schema';
import { inOrg, orgWide } from './tenant';

/**
 * What a role may do with each lead field (hidden, read-only, editable; masked or not), the phone masking built on it,
 * and the form fields a session is shown.
 */

export interface FieldAccess {
  /** 0 hidden, 1 read-only, 2 editable. */
  access: number;
  masked: boolean;
}

export async function fieldRoleRows(db: DbOrTx, orgId: number, roleId?: number) {
  return db
    .select()
    .from(clueFieldRole)
    .where(and(inOrg(orgId, clueFieldRole), roleId ? eq(clueFieldRole.roleId, roleId) : undefined));
}

/** The organisation's role, or 404 角色不存在. */
const roleOf = (db: DbOrTx, orgId: number, roleId: number) => findRole(db, orgWide(orgId), roleId);

/** Field name → access of a role; fields without a row are editable and unmasked. */
export async function accessFor(db: DbOrTx, orgId: number, roleId: number | null): Promise<Map<string, FieldAccess>> {
  if (!roleId) return new Map();
  const rows = await fieldRoleRows(db, orgId, roleId);
  return new Map(rows.map((r) => [r.fieldName, { access: r.access, masked: r.masked }]));
}

/** The session's own access: the super admin's is unrestricted. */
export const sessionAccess = (db: DbOrTx, s: Session): Promise<Map<string, FieldAccess>> =>
  s.isSuperAdmin ? Promise.resolve(new Map()) : accessFor(db, s.orgId, s.roleId);

/** Replaces a role's settings; only what differs from editable and unmasked is stored. */
async function saveFieldRoles(
  db: Db,
  orgId: number,
  roleId: number,
  items: { fieldName: string; access: number; masked: boolean }[],
): Promise<void> {
  const custom = new Set((await fieldRows(db, orgId)).map((d) => d.fieldName));
  for (const it of items)
    if (!STANDARD_BY_NAME.has(it.fieldName) && !custom.has(it.fieldName))
      throw badRequest(`字段不存在：${it.fieldName}`);
  await db.transaction(async (tx) => {
    await tx.delete(clueFieldRole).where(and(inOrg(orgId, clueFieldRole), eq(clueFieldRole.roleId, roleId)));
    const rows = items.filter((i) => i.access !== 2 || i.masked);
    if (rows.length)
      await tx.insert(clueFieldRole).values(
        rows.map((i) => ({
          organizationId: orgId,
          roleId,
          fieldName: i.fieldName,
          access: i.access,
          masked: i.masked,
        })),
      );
  });
}

/** Every lead field (standard, then custom) with what the role may do with it. */
export async function roleFieldAccess(db: Db, orgId: number, roleId: number): Promise<RoleFieldAccess[]> {
  await roleOf(db, orgId, roleId);
  const [access, custom] = await Promise.all([accessFor(db, orgId, roleId), customDefs(db, orgId)]);
  return [...STANDARD_FIELDS, ...custom].map((f) => ({
    fieldName: f.fieldName,
    fieldLabel: f.fieldLabel,
    access: access.get(f.fieldName)?.access ?? 2,
    masked: access.get(f.fieldName)?.masked ? 1 : 0,
  }));
}

export async function saveRoleFieldAccess(
  db: Db,
  orgId: number,
  roleId: number,
  items: RoleFieldAccessInput[],
): Promise<void> {
  await roleOf(db, orgId, roleId);
  await saveFieldRoles(
    db,
    orgId,
    roleId,
    items.map((i) => ({ ...i, masked: Boolean(i.masked) })),
  );
}

/** Phone masking: the roles whose phone field is masked (the middle four digits hidden). */
export async function maskConfig(db: DbOrTx, orgId: number): Promise<MaskConfig> {
  const rows = await fieldRoleRows(db, orgId);
  return {
    maskType: 1,
    maskTypeName: '隐藏中间四位',
    roles: rows.filter((r) => r.fieldName === 'phone').map((r) => ({ roleId: r.roleId, masked: r.masked ? 1 : 0 })),
  };
}

/** Masks a role's phone field or not, its other field settings kept. */
export async function saveMaskConfig(
  db: Db,
  orgId: number,
  roleId: number,
  masked: boolean | 0 | 1,
): Promise<MaskConfig> {
  await roleOf(db, orgId, roleId);
  const items = [...(await accessFor(db, orgId, roleId))].map(([fieldName, a]) => ({ fieldName, ...a }));
  const phone = items.find((i) => i.fieldName === 'phone');
  if (phone) phone.masked = Boolean(masked);
  else items.push({ fieldName: 'phone', access: 2, masked: Boolean(masked) });
  await saveFieldRoles(db, orgId, roleId, items);
  return maskConfig(db, orgId);
}

/** The form's fields for the session: standard fields first, then custom, without those the role may not see. */
export async function formFields(db: DbOrTx, s: Session): Promise<FieldView[]> {
  const [rows, access] = await Promise.all([fieldRows(db, s.orgId), sessionAccess(db, s)]);
  const nextOn = nextFollowTimeOn(rows);
  const std = STANDARD_FIELDS.filter((f) => f.fieldName !== 'nextFollowTime' || nextOn).map((f) =>
    fieldView({ ...f, isCustom: 0, isShow: 1, isRequired: f.fieldName === 'phone' ? 1 : 0 }, access.get(f.fieldName)),
  );
  const custom = rows.filter((f) => !f.builtIn).map((f) => fieldView({ ...f, isCustom: 1 }, access.get(f.fieldName)));
  return [...std, ...custom].filter((f) => f.access !== 0);
}

/** The same fields grouped by topic (fieldTopic), in order of first appearance. */
export async function formFieldTopics(db: DbOrTx, s: Session): Promise<FieldTopic[]> {
  const groups = new Map<string, FieldView[]>();
  for (const f of await formFields(db, s)) groups.set(f.fieldTopic, [...(groups.get(f.fieldTopic) ?? []), f]);
  return [...groups].map(([groupName, fieldList]) => ({ groupName, fieldList }));
}
