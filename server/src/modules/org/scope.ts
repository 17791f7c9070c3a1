import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { appUser, department, position, role } from './schema';
import { deptSubtree, getUser, type RoleRow, type UserRow } from './service';

/**
 * Lookups of the administration calls, scoped by the session: another organisation's id (or, for users, one
 * outside the caller's data scope) reads as absent, so the answer is 404 数据不存在-style, never its data.
 */

/** The session's data scope as a condition on app_user.id (undefined = every user of the organisation). */
export function visibleUsersWhere(s: Session): SQL | undefined {
  return s.visibleUserIds === null ? undefined : inArray(appUser.id, s.visibleUserIds);
}

export function canSeeUser(s: Session, userId: number): boolean {
  return s.visibleUserIds === null || s.visibleUserIds.includes(userId);
}

/** A user of the organisation that the caller's data scope covers. */
export async function userInScope(db: DbOrTx, s: Session, userId: number): Promise<UserRow> {
  const user = await getUser(db, s.orgId, userId);
  if (!user || !canSeeUser(s, userId)) throw notFound('用户不存在');
  return user;
}

/** Only the super admin may change the super admin's account. */
export function guardSuperAdminTarget(s: Session, target: UserRow): void {
  if (target.isSuperAdmin && !s.isSuperAdmin) throw forbidden('只有超级管理员可以修改超级管理员账号');
}

export async function roleOfOrg(db: DbOrTx, orgId: number, roleId: number): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.id, roleId), eq(role.organizationId, orgId)))
    .limit(1);
  if (!row) throw notFound('角色不存在');
  return row;
}

/**
 * A role may be given only by someone holding all of its function signs and at least its data scope (no privilege
 * escalation).
 */
export async function assignableRole(db: DbOrTx, s: Session, roleId: number): Promise<RoleRow> {
  const row = await roleOfOrg(db, s.orgId, roleId);
  if (
    !s.isSuperAdmin &&
    (row.roleSign === 'super_admin' ||
      row.dataScope > s.dataScope ||
      row.functionSigns.some((sign) => !s.signs.has(sign)))
  )
    throw forbidden('不能分配超出自身权限的角色');
  return row;
}

export async function deptOfOrg(db: DbOrTx, orgId: number, deptId: number) {
  const [row] = await db
    .select()
    .from(department)
    .where(and(eq(department.id, deptId), eq(department.organizationId, orgId)))
    .limit(1);
  if (!row) throw notFound('部门不存在');
  return row;
}

/**
 * The departments the caller may manage and place users in: for a limited data scope only their own department and
 * those below it (nobody widens their own scope by moving people or departments under theirs); null (every
 * department) for an organisation-wide scope.
 */
export async function ownDepts(db: DbOrTx, s: Session): Promise<Set<number> | null> {
  if (s.visibleUserIds === null) return null;
  return new Set(s.deptId ? await deptSubtree(db, s.orgId, s.deptId) : []);
}

/** A department the caller may place users in: any for organisation-wide scope, else their own subtree. */
export async function assignableDept(db: DbOrTx, s: Session, deptId: number) {
  const row = await deptOfOrg(db, s.orgId, deptId);
  const own = await ownDepts(db, s);
  if (own && !own.has(deptId)) throw forbidden('只能选择本部门及下级部门');
  return row;
}

export async function positionOfOrg(db: DbOrTx, orgId: number, positionId: number) {
  const [row] = await db
    .select()
    .from(position)
    .where(and(eq(position.id, positionId), eq(position.organizationId, orgId)))
    .limit(1);
  if (!row) throw notFound('岗位不存在');
  return row;
}
