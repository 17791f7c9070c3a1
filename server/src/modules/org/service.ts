import { DataScope, UNRESTRICTED_ROUTES } from '@crm/core';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { type Scope, scoped } from '../../platform/scope';
import { DEFAULT_ROLES } from './defaults';
import { walkDepts } from './hierarchy';
import { appUser, department, organization, role } from './schema';

export type OrganizationRow = typeof organization.$inferSelect;
export type UserRow = typeof appUser.$inferSelect;
export type RoleRow = typeof role.$inferSelect;

export interface NewOrganization {
  name: string;
  contactName?: string;
  contactPhone?: string;
  industry?: string;
  parentId?: number;
  balance?: number;
  admin: { username: string; realName: string; phone?: string | null; passwordHash: string };
}

/** Creates an organisation with its root department, the built-in roles and its super admin. */
export async function createOrganization(tx: DbOrTx, input: NewOrganization) {
  const [org] = await tx
    .insert(organization)
    .values({
      name: input.name,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      industry: input.industry,
      parentId: input.parentId,
      balance: input.balance ?? 0,
    })
    .returning();
  const [rootDept] = await tx.insert(department).values({ organizationId: org.id, name: input.name }).returning();
  const roles = await tx
    .insert(role)
    .values(DEFAULT_ROLES.map((r) => ({ ...r, organizationId: org.id, builtIn: true })))
    .returning();
  const [admin] = await tx
    .insert(appUser)
    .values({
      organizationId: org.id,
      username: input.admin.username,
      realName: input.admin.realName,
      phone: input.admin.phone ?? null,
      passwordHash: input.admin.passwordHash,
      roleId: roles[0].id,
      deptId: rootDept.id,
      isSuperAdmin: true,
    })
    .returning();
  await tx.update(department).set({ leaderUserId: admin.id }).where(eq(department.id, rootDept.id));
  return { org, rootDept, roles, admin };
}

/** A user by login name or phone (login accepts either). */
export function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  return firstUser(db, or(eq(appUser.username, account), eq(appUser.phone, account)));
}

export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return firstUser(db, eq(appUser.phone, phone));
}

export function getUser(db: DbOrTx, orgId: number, userId: number): Promise<UserRow | undefined> {
  return firstUser(db, and(eq(appUser.id, userId), eq(appUser.organizationId, orgId)));
}

async function firstUser(db: DbOrTx, where: SQL | undefined): Promise<UserRow | undefined> {
  const [row] = await db.select().from(appUser).where(where).limit(1);
  return row;
}

export async function getOrganization(db: DbOrTx, orgId: number): Promise<OrganizationRow | undefined> {
  let stmt = organizationStatements.get(db);
  if (!stmt) {
    stmt = prepareGetOrganization(db);
    organizationStatements.set(db, stmt);
  }
  const [row] = await stmt.execute({ orgId });
  return row;
}

// Read on most requests (user info, settings): prepared once per database handle (see sessionUser below).
const organizationStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareGetOrganization>>();
function prepareGetOrganization(db: DbOrTx) {
  return db
    .select()
    .from(organization)
    .where(eq(organization.id, sql.placeholder('orgId')))
    .limit(1)
    .prepare('org_get_organization');
}

export async function setPassword(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(appUser).set({ passwordHash, updatedAt: new Date() }).where(eq(appUser.id, userId));
}

export async function touchLogin(db: Db, userId: number): Promise<void> {
  await db.update(appUser).set({ lastLoginAt: new Date() }).where(eq(appUser.id, userId));
}

export interface SessionUser {
  user: UserRow;
  role: RoleRow | null;
  /** The user's organisation, as the session needs it (user info, version, the organisation's status). */
  organization: SessionOrganization;
  /** For a department-scoped role (data scope 2): the users of the user's department and below; else null. */
  deptUserIds: number[] | null;
}

type DeptUserIds = number[] | null;

export interface SessionOrganization {
  name: string;
  parentId: number | null;
  versionId: number;
  versionName: string;
  status: number;
}

/**
 * What a user may do and see now, from its session user (as a session of theirs would): for links that act with
 * someone's rights without their session (a shared board). Null when the user or organisation is disabled.
 */
export function currentRights(
  su: SessionUser,
): { signs: Set<string>; isSuperAdmin: boolean; visibleUserIds: number[] | null } | null {
  const { user, role: r, organization: o } = su;
  if (user.status !== 1 || o.status !== 1) return null;
  const dataScope = user.isSuperAdmin ? DataScope.ALL : (r?.dataScope ?? DataScope.OWN);
  let visibleUserIds: number[] | null = null;
  if (dataScope === DataScope.OWN) visibleUserIds = [user.id];
  else if (dataScope === DataScope.DEPT)
    visibleUserIds = [...new Set([user.id, ...(su.deptUserIds ?? []).map(Number)])];
  return { signs: new Set(r?.functionSigns ?? []), isSuperAdmin: user.isSuperAdmin, visibleUserIds };
}

/** The user, role and organisation behind a session, in one query. */
export async function sessionUser(db: Db, orgId: number, userId: number): Promise<SessionUser | undefined> {
  const [row] = await sessionUserStatement(db).execute({ userId, orgId });
  return row;
}

// Every request loads its session user: a named prepared statement is built once and planned once per connection
// (about 4 times the throughput of building and parsing the wide join each time; see bench/auth.bench.ts).
const NO_EXTRA = {};
const sessionUserStatements = new WeakMap<Db, ReturnType<typeof prepareSessionUser<typeof NO_EXTRA>>>();
function sessionUserStatement(db: Db) {
  let stmt = sessionUserStatements.get(db);
  if (!stmt) {
    stmt = prepareSessionUser(db, 'org_session_user', NO_EXTRA);
    sessionUserStatements.set(db, stmt);
  }
  return stmt;
}

/**
 * The session-user query as a named prepared statement (placeholders userId, orgId), with extra columns of the
 * caller's: the account module adds whether the session is still alive, so that each request reads its session
 * with one round trip instead of two.
 */
export function prepareSessionUser<E extends Record<string, SQL>>(db: Db, name: string, extra: E) {
  return db
    .select({
      user: appUser,
      role,
      organization: {
        name: organization.name,
        parentId: organization.parentId,
        versionId: organization.versionId,
        versionName: organization.versionName,
        status: organization.status,
      },
      deptUserIds: sql<DeptUserIds>`case when not ${appUser.isSuperAdmin} and ${role.dataScope} = 2 and ${appUser.deptId} is not null then array(
        ${walkDepts(appUser.organizationId, sql`d.id = ${appUser.deptId}`, 'down')}
        select u.id from app_user u where u.organization_id = ${appUser.organizationId} and u.dept_id in (select id from tree)
      ) end`,
      ...extra,
    })
    .from(appUser)
    .innerJoin(organization, eq(organization.id, appUser.organizationId))
    .leftJoin(role, eq(role.id, appUser.roleId))
    .where(and(eq(appUser.id, sql.placeholder('userId')), eq(appUser.organizationId, sql.placeholder('orgId'))))
    .limit(1)
    .prepare(name);
}

/** Users of the given departments: the data-scope set of a department-scoped role. */
export async function usersInDepts(db: DbOrTx, orgId: number, deptIds: number[]): Promise<number[]> {
  if (!deptIds.length) return [];
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.organizationId, orgId), sql`${appUser.deptId} = any(${sql.param(deptIds)}::int[])`));
  return rows.map((r) => r.id);
}

/**
 * How many users of the organisation (whatever the caller's data scope) are in each department, position or role (the
 * column of app_user that names it): of the given ids, or of all.
 */
export async function userCountsBy(
  db: DbOrTx,
  s: Scope,
  column: typeof appUser.deptId | typeof appUser.positionId | typeof appUser.roleId,
  ids?: number[],
): Promise<Map<number, number>> {
  if (ids && !ids.length) return new Map();
  const rows = await db
    .select({ id: column, n: count() })
    .from(appUser)
    .where(and(scoped(s, appUser), ids ? inArray(column, ids) : undefined))
    .groupBy(column);
  return new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.n] as const])));
}

/** The permitted routes of a user: ['1'] (unrestricted) for a super admin. */
export function permittedRoutes(user: UserRow, r: RoleRow | null): string[] {
  if (user.isSuperAdmin) return UNRESTRICTED_ROUTES;
  return r?.routes ?? [];
}

/** Ids of the enabled users of an organisation, or of those among the given ids (the notice module's recipients). */
export async function activeUserIds(db: DbOrTx, orgId: number, among?: number[]): Promise<number[]> {
  if (among && !among.length) return [];
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(
      and(
        eq(appUser.organizationId, orgId),
        eq(appUser.status, 1),
        among ? sql`${appUser.id} = any(${sql.param(among)}::int[])` : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
