import { DataScopeLabel, formatDateTime, MAIN_ROUTES, RoleSign, UNRESTRICTED_ROUTES } from '@crm/core';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import type { Session } from '../../platform/session';
import { updateSet } from '../../platform/update';
import { likePattern, uniqueViolation } from '../../platform/validation';
import { appUser, role } from './schema';
import { roleOfOrg } from './scope';
import type { RoleRow } from './service';

export interface RoleInput {
  name: string;
  dataScope: 1 | 2 | 3;
  functionSigns: string[];
  routes: string[];
  /** null (from '' too) clears it on update. */
  remark?: string | null;
}

/** Every main-route path a role may be granted. */
export const ALL_ROUTE_PATHS = MAIN_ROUTES.map((r) => r.path);

/** The route paths a role's routes stand for (['1'] = every route). */
export function expandRoutes(routes: string[]): string[] {
  return routes[0] === UNRESTRICTED_ROUTES[0] ? ALL_ROUTE_PATHS : routes;
}

export function roleView(r: RoleRow, userCount = 0) {
  return {
    id: r.id,
    name: r.name,
    roleName: r.name,
    roleSign: r.roleSign,
    dataScope: r.dataScope,
    dataScopeName: DataScopeLabel[r.dataScope as 1 | 2 | 3] ?? '',
    /** Array for the role editor; the user-info call gives the comma-separated form. */
    functionSigns: r.functionSigns,
    routes: r.routes,
    remark: r.remark,
    builtIn: r.builtIn,
    userCount,
    createdAt: formatDateTime(r.createdAt),
  };
}

export async function listRoles(db: Db, s: Session, q: PageRequest & { keyword?: string }) {
  const where = and(eq(role.organizationId, s.orgId), q.keyword ? ilike(role.name, likePattern(q.keyword)) : undefined);
  const rows = await db
    .select()
    .from(role)
    .where(where)
    .orderBy(desc(role.builtIn), role.id)
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const [{ total }] = await db.select({ total: count() }).from(role).where(where);
  const counts = await userCounts(
    db,
    s.orgId,
    rows.map((r) => r.id),
  );
  return page(
    rows.map((r) => roleView(r, counts.get(r.id) ?? 0)),
    total,
    q,
  );
}

async function userCounts(db: DbOrTx, orgId: number, roleIds: number[]): Promise<Map<number, number>> {
  if (!roleIds.length) return new Map();
  const rows = await db
    .select({ roleId: appUser.roleId, n: count() })
    .from(appUser)
    .where(and(eq(appUser.organizationId, orgId), inArray(appUser.roleId, roleIds)))
    .groupBy(appUser.roleId);
  return new Map(rows.map((r) => [r.roleId!, r.n]));
}

/**
 * Nobody may grant function signs they do not hold themselves, nor a data scope wider than their own
 * (1 本人 < 2 本部门及下级 < 3 全部); the super admin holds all.
 */
function guardGrant(s: Session, input: Partial<Pick<RoleInput, 'functionSigns' | 'dataScope'>>) {
  if (s.isSuperAdmin) return;
  if (input.functionSigns?.some((sign) => !s.signs.has(sign))) throw forbidden('不能授予超出自身权限的功能权限');
  if (input.dataScope !== undefined && input.dataScope > s.dataScope) throw forbidden('不能授予超出自身范围的数据权限');
}

export async function createRole(db: Db, s: Session, input: RoleInput) {
  guardGrant(s, input);
  try {
    const [row] = await db
      .insert(role)
      .values({ ...input, organizationId: s.orgId, roleSign: RoleSign.CUSTOM, builtIn: false })
      .returning({ id: role.id });
    return { id: row.id };
  } catch (e) {
    if (uniqueViolation(e) !== null) throw conflict('角色名称已存在');
    throw e;
  }
}

export async function updateRole(db: Db, s: Session, input: Partial<RoleInput> & { id: number }) {
  const current = await roleOfOrg(db, s.orgId, input.id);
  if (current.roleSign === RoleSign.SUPER_ADMIN) throw badRequest('超级管理员角色不可修改');
  if (current.id === s.roleId && !s.isSuperAdmin) throw forbidden('不能修改自己所属的角色');
  guardGrant(s, input);
  const { id, ...fields } = input;
  const set = updateSet(fields);
  if (!set) return { id };
  try {
    await db
      .update(role)
      .set(set)
      .where(and(eq(role.id, id), eq(role.organizationId, s.orgId)));
  } catch (e) {
    if (uniqueViolation(e) !== null) throw conflict('角色名称已存在');
    throw e;
  }
  return { id };
}

/** Removes custom roles that no user holds; built-in roles and roles in use are refused. */
export async function removeRoles(db: Db, s: Session, ids: number[]) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(role)
      .where(and(eq(role.organizationId, s.orgId), inArray(role.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('角色不存在');
    const builtIn = rows.find((r) => r.builtIn);
    if (builtIn) throw badRequest(`系统内置角色「${builtIn.name}」不能删除`);
    const counts = await userCounts(tx, s.orgId, ids);
    const used = rows.find((r) => (counts.get(r.id) ?? 0) > 0);
    if (used) throw badRequest(`角色「${used.name}」下还有 ${counts.get(used.id)} 个用户，不能删除`);
    await tx.delete(role).where(and(eq(role.organizationId, s.orgId), inArray(role.id, ids)));
    return { ids };
  });
}
