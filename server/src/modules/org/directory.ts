import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { appUser, department, role } from './schema';
import type { UserRow } from './service';

/**
 * The users of an organisation as other modules show them: names for owners and for who did something, departments
 * for filters. Read-only.
 */
export interface OrgUser {
  id: number;
  username: string;
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
      username: appUser.username,
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

/**
 * Several users of the organisation by id, in one query (ids of other organisations are skipped): the one lookup of
 * users' names (lists that show who did something) and departments.
 */
export async function orgUsersByIds(db: DbOrTx, orgId: number, ids: number[]): Promise<Map<number, OrgUser>> {
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
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

/** How many users of the organisation are enabled and disabled (its seats: the seat fee counts the enabled). */
export async function userCountsByStatus(db: DbOrTx, orgId: number): Promise<{ enabled: number; disabled: number }> {
  const [row] = await db
    .select({
      enabled: sql<number>`count(*) filter (where ${appUser.status} = 1)::int`,
      disabled: sql<number>`count(*) filter (where ${appUser.status} <> 1)::int`,
    })
    .from(appUser)
    .where(eq(appUser.organizationId, orgId));
  return { enabled: Number(row.enabled), disabled: Number(row.disabled) };
}

/** A page of the organisation's users by id, of one status or all (the seat list of the cost centre). */
export async function orgUserPage(
  db: DbOrTx,
  orgId: number,
  f: { status?: number | null; pageNum: number; pageSize: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(eq(appUser.organizationId, orgId), f.status ? eq(appUser.status, f.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(appUser)
      .where(where)
      .orderBy(appUser.id)
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize),
    db.select({ total: count() }).from(appUser).where(where),
  ]);
  return { rows, total };
}
