import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { appUser, department, role } from './schema';

/**
 * The users of an organisation as the lead screens need them (names for owners, departments for filters).
 * Read-only, for other modules (leads) that show owners and departments.
 */
export interface OrgUser {
  id: number;
  realName: string;
  deptId: number | null;
  deptName: string | null;
  status: number;
}

/** The users that match `where`, as OrgUser (with their department's name). */
function selectOrgUsers(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: appUser.id,
      realName: appUser.realName,
      deptId: appUser.deptId,
      deptName: department.name,
      status: appUser.status,
    })
    .from(appUser)
    .leftJoin(department, eq(department.id, appUser.deptId))
    .where(where);
}

export async function orgUsers(db: DbOrTx, orgId: number): Promise<OrgUser[]> {
  return selectOrgUsers(db, eq(appUser.organizationId, orgId)).orderBy(appUser.id);
}

/** Several users of the organisation by id, in one query (ids of other organisations are skipped). */
export async function orgUsersByIds(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, OrgUser>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await selectOrgUsers(db, and(eq(appUser.organizationId, orgId), inArray(appUser.id, unique)));
  return new Map(rows.map((u) => [u.id, u]));
}

export async function orgUser(db: DbOrTx, orgId: number, userId: number): Promise<OrgUser | undefined> {
  const [row] = await selectOrgUsers(db, and(eq(appUser.organizationId, orgId), eq(appUser.id, userId)));
  return row;
}

/** Names of some departments of the organisation by id (ids of other organisations are skipped). */
export async function deptNamesByIds(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: department.id, name: department.name })
    .from(department)
    .where(and(eq(department.organizationId, orgId), inArray(department.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Work status (1 在线, 2 忙碌, 3 小休, 4 离线) of some enabled users of the organisation: automatic assignment. */
export async function workStatusesOf(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: appUser.id, workStatus: appUser.workStatus })
    .from(appUser)
    .where(and(eq(appUser.organizationId, orgId), eq(appUser.status, 1), inArray(appUser.id, unique)));
  return new Map(rows.map((r) => [r.id, r.workStatus]));
}

/** The users of an organisation whose role is one of `roleSigns` (e.g. who is told about the organisation's account). */
export async function usersWithRoles(db: DbOrTx, orgId: number, roleSigns: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(and(eq(appUser.organizationId, orgId), inArray(role.roleSign, roleSigns)));
  return rows.map((r) => r.id);
}

/** Ids of the organisation's sales champions (销冠, /userController/setSalesChampion): the deals board shows them. */
export async function salesChampionIds(db: DbOrTx, orgId: number): Promise<number[]> {
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.organizationId, orgId), eq(appUser.isSalesChampion, true)));
  return rows.map((r) => r.id);
}
