import { DataScopeLabel, formatDateTime, RoleSign, UNRESTRICTED_ROUTES } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ALL_ROUTE_PATHS } from '@crm/core/contract/roles';
import { and, desc, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { scoped, updateScoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern, uniqueViolation } from '../../platform/validation';
import { appUser, role } from './schema';
import { findRole } from './scope';
import { type RoleRow, userCountsBy } from './service';

/** Roles (/roleController): function signs, data scope and permitted routes of an organisation's users. */

type Calls = typeof contract.roles;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type RoleView = Answer<'list'>['lists'][number];

export { ALL_ROUTE_PATHS };

/** The route paths a role's routes stand for (['1'] = every route). */
export function expandRoutes(routes: string[]): string[] {
  return routes[0] === UNRESTRICTED_ROUTES[0] ? ALL_ROUTE_PATHS : routes;
}

export function roleView(r: RoleRow, userCount = 0): RoleView {
  return {
    id: r.id,
    name: r.name,
    roleName: r.name,
    roleSign: r.roleSign,
    dataScope: r.dataScope,
    dataScopeName: DataScopeLabel[r.dataScope as 1 | 2 | 3] ?? '',
    functionSigns: r.functionSigns,
    routes: r.routes,
    remark: r.remark,
    builtIn: r.builtIn,
    userCount,
    createdAt: formatDateTime(r.createdAt),
  };
}

export async function listRoles(db: Db, s: Session, q: Body<'list'>): Promise<Answer<'list'>> {
  const where = and(scoped(s, role), q.keyword ? ilike(role.name, likePattern(q.keyword)) : undefined);
  const { rows, total } = await pageRows(db, role, where, [desc(role.builtIn), role.id], q);
  const counts = await userCountsBy(
    db,
    s,
    appUser.roleId,
    rows.map((r) => r.id),
  );
  return page(
    rows.map((r) => roleView(r, counts.get(r.id) ?? 0)),
    total,
    q,
  );
}

/**
 * Nobody may grant function signs they do not hold themselves, nor a data scope wider than their own
 * (1 本人 < 2 本部门及下级 < 3 全部); the super admin holds all.
 */
function guardGrant(s: Session, input: { functionSigns?: string[]; dataScope?: number }) {
  if (s.isSuperAdmin) return;
  if (input.functionSigns?.some((sign) => !s.signs.has(sign))) throw forbidden('不能授予超出自身权限的功能权限');
  if (input.dataScope !== undefined && input.dataScope > s.dataScope) throw forbidden('不能授予超出自身范围的数据权限');
}

export async function createRole(db: Db, s: Session, input: Body<'save'>): Promise<Answer<'save'>> {
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

export async function updateRole(db: Db, s: Session, input: Body<'update'>): Promise<Answer<'update'>> {
  const current = await findRole(db, s, input.id);
  if (current.roleSign === RoleSign.SUPER_ADMIN) throw badRequest('超级管理员角色不可修改');
  if (current.id === s.roleId && !s.isSuperAdmin) throw forbidden('不能修改自己所属的角色');
  guardGrant(s, input);
  try {
    await updateScoped(db, s, role, input);
  } catch (e) {
    if (uniqueViolation(e) !== null) throw conflict('角色名称已存在');
    throw e;
  }
  return { id: input.id };
}

/** Removes custom roles that no user holds; built-in roles and roles in use are refused. */
export async function removeRoles(db: Db, s: Session, ids: number[]): Promise<Answer<'del'>> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(role)
      .where(and(scoped(s, role), inArray(role.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('角色不存在');
    const builtIn = rows.find((r) => r.builtIn);
    if (builtIn) throw badRequest(`系统内置角色「${builtIn.name}」不能删除`);
    const counts = await userCountsBy(tx, s, appUser.roleId, ids);
    const used = rows.find((r) => (counts.get(r.id) ?? 0) > 0);
    if (used) throw badRequest(`角色「${used.name}」下还有 ${counts.get(used.id)} 个用户，不能删除`);
    await tx.delete(role).where(and(scoped(s, role), inArray(role.id, ids)));
    return { ids };
  });
}
