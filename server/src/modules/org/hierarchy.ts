import { DataScope } from '@crm/core';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { appUser, department, role } from './schema';

/**
 * The department tree, walked in one place: down from a department (a department-scoped role's users, the
 * department filters), up from a user's department (SOP rules of the departments above, who manages a user).
 */

type Ref = number | SQL | SQL.Aliased | { getSQL(): SQL };

/**
 * `with recursive tree(id, parent_id, leader_user_id)`: the start department(s) and every department below them
 * (down) or above them (up), of one organisation. UNION, not UNION ALL: should the tree ever hold a cycle, the walk
 * stops instead of running forever. The caller appends the select that reads `tree`.
 */
export function walkDepts(orgId: Ref, start: SQL, direction: 'down' | 'up'): SQL {
  const step = direction === 'down' ? sql`d.parent_id = tree.id` : sql`d.id = tree.parent_id`;
  return sql`with recursive tree as (
      select d.id, d.parent_id, d.leader_user_id from department d where ${start} and d.organization_id = ${orgId}
      union
      select d.id, d.parent_id, d.leader_user_id from department d join tree on ${step} where d.organization_id = ${orgId}
    )`;
}

/** The department of a user, as the start of a walk up. */
const deptOfUser = (orgId: number, userId: number) =>
  sql`d.id = (select u.dept_id from app_user u where u.id = ${userId} and u.organization_id = ${orgId})`;

/** Ids of a department and every department below it. */
export async function deptSubtree(db: DbOrTx, orgId: number, deptId: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(
    sql`${walkDepts(orgId, sql`d.id = ${deptId}`, 'down')} select id from tree`,
  );
  return res.rows.map((r) => Number(r.id));
}

/** Ids of a user's department and every department above it (none for a user without a department). */
export async function deptChainOfUser(db: DbOrTx, orgId: number, userId: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(
    sql`${walkDepts(orgId, deptOfUser(orgId, userId), 'up')} select id from tree`,
  );
  return res.rows.map((r) => Number(r.id));
}

/**
 * Who manages a user: the leaders of the user's department and of the departments above it, and the users whose role
 * sees a department (data scope 2) in that chain; not the user.
 */
export async function managersOf(db: DbOrTx, orgId: number, userId: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    ${walkDepts(orgId, deptOfUser(orgId, userId), 'up')}
    select leader_user_id as id from tree where leader_user_id is not null
    union
    select u.id from app_user u join role r on r.id = u.role_id
      where u.organization_id = ${orgId} and r.data_scope = 2 and u.dept_id in (select id from tree)`);
  return res.rows.map((r) => Number(r.id)).filter((id) => id !== userId);
}

/** Every department of the organisation, flat, in the tree's order (the filters' department trees). */
export function departmentList(
  db: DbOrTx,
  orgId: number,
): Promise<{ id: number; parentId: number | null; name: string }[]> {
  return db
    .select({ id: department.id, parentId: department.parentId, name: department.name })
    .from(department)
    .where(eq(department.organizationId, orgId))
    .orderBy(asc(department.sortNo), asc(department.id));
}

/**
 * Who oversees a user for a function: the enabled users holding its sign (or the super administrator) whose data
 * scope covers the user (the whole organisation, or a department subtree holding the user's department); not the
 * user.
 */
export async function overseersOf(db: DbOrTx, orgId: number, userId: number, sign: string): Promise<number[]> {
  const [user] = await db
    .select({ deptId: appUser.deptId })
    .from(appUser)
    .where(and(eq(appUser.id, userId), eq(appUser.organizationId, orgId)));
  const candidates = await db
    .select({ id: appUser.id, deptId: appUser.deptId, superAdmin: appUser.isSuperAdmin, scope: role.dataScope })
    .from(appUser)
    .leftJoin(role, eq(role.id, appUser.roleId))
    .where(
      and(
        eq(appUser.organizationId, orgId),
        eq(appUser.status, 1),
        sql`(${appUser.isSuperAdmin} or ${sign} = any(${role.functionSigns}))`,
      ),
    );
  const out: number[] = [];
  for (const c of candidates) {
    if (c.id === userId) continue;
    if (c.superAdmin || c.scope === DataScope.ALL) out.push(c.id);
    else if (
      c.scope === DataScope.DEPT &&
      c.deptId &&
      user?.deptId &&
      (await deptSubtree(db, orgId, c.deptId)).includes(user.deptId)
    )
      out.push(c.id);
  }
  return out;
}
