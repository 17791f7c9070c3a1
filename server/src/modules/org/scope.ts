import type { DbOrTx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import { findScoped, type Scope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { deptSubtree } from './hierarchy';
import { appUser, department, position, role } from './schema';
import type { RoleRow, UserRow } from './service';

/**
 * The organisation's own rules on top of the platform's scope (platform/scope.ts): lookups of the administration
 * calls load their row with `findScoped`, so another organisation's id (or, for users, one outside the caller's data
 * scope) reads as absent (404), never its data; what may be assigned or managed is decided here.
 */

/** A user of the organisation that the caller's data scope covers. */
export function userInScope(db: DbOrTx, s: Session, userId: number): Promise<UserRow> {
  return findScoped(db, s, appUser, userId, { owner: appUser.id, missing: '用户不存在' });
}

/** A user of the organisation, whatever the caller's data scope (a department's leader). */
export function userOfOrg(db: DbOrTx, s: Session, userId: number): Promise<UserRow> {
  return findScoped(db, s, appUser, userId, { missing: '用户不存在' });
}

/** Only the super admin may change the super admin's account. */
export function guardSuperAdminTarget(s: Session, target: UserRow): void {
  if (target.isSuperAdmin && !s.isSuperAdmin) throw forbidden('只有超级管理员可以修改超级管理员账号');
}

/** A role of the organisation, or 404 角色不存在. */
export function findRole(db: DbOrTx, s: Scope, roleId: number): Promise<RoleRow> {
  return findScoped(db, s, role, roleId, { missing: '角色不存在' });
}

/**
 * A role may be given only by someone holding all of its function signs and at least its data scope (no privilege
 * escalation).
 */
export async function assignableRole(db: DbOrTx, s: Session, roleId: number): Promise<RoleRow> {
  const row = await findRole(db, s, roleId);
  if (
    !s.isSuperAdmin &&
    (row.roleSign === 'super_admin' ||
      row.dataScope > s.dataScope ||
      row.functionSigns.some((sign) => !s.signs.has(sign)))
  )
    throw forbidden('不能分配超出自身权限的角色');
  return row;
}

export function findDept(db: DbOrTx, s: Session, deptId: number) {
  return findScoped(db, s, department, deptId, { missing: '部门不存在' });
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
  const row = await findDept(db, s, deptId);
  const own = await ownDepts(db, s);
  if (own && !own.has(deptId)) throw forbidden('只能选择本部门及下级部门');
  return row;
}

export function findPosition(db: DbOrTx, s: Session, positionId: number) {
  return findScoped(db, s, position, positionId, { missing: '岗位不存在' });
}
