import { ALL_FUNCTION_SIGNS, formatDateTime, menuTree, RoleSign } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, must } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { DEFAULT_ROLES } from './defaults';
import { expandRoutes } from './roles';
import { appUser, organization } from './schema';
import { findRole } from './scope';
import { getOrganization, permittedRoutes, sessionUser } from './service';

/**
 * Menu trees (/menuController). The tree is the route table of @crm/core (groups of main routes); a role's
 * checked ids are the route paths it permits.
 */

type Answer<K extends keyof typeof contract.menus> = CallAnswer<(typeof contract.menus)[K]>;

export function organizationTree(): Answer<'getTreeByOrganizationId'> {
  return { tree: menuTree() };
}

export async function treeByRole(db: Db, s: Session, roleId: number): Promise<Answer<'getTreeByRoleId'>> {
  const r = await findRole(db, s, roleId);
  return { roleId: r.id, tree: menuTree(), checkedIds: expandRoutes(r.routes) };
}

/** The defaults a built-in role starts with (org/defaults.ts): what "restore defaults" puts back. */
export async function defaultTreeByRole(db: Db, s: Session, roleId: number): Promise<Answer<'getDefaultTreeByRoleId'>> {
  const r = await findRole(db, s, roleId);
  const def = DEFAULT_ROLES.find((d) => d.roleSign === r.roleSign);
  if (!def) throw badRequest('自定义角色没有默认菜单，请直接勾选');
  return {
    roleId: r.id,
    tree: menuTree(),
    checkedIds: expandRoutes(def.routes),
    functionSigns: def.functionSigns,
    dataScope: def.dataScope,
  };
}

export async function organizationIsMain(db: Db, s: Session): Promise<Answer<'getOrganizationIsMain'>> {
  const org = must(await getOrganization(db, s.orgId));
  return {
    organizationId: org.id,
    isMain: org.parentId === null,
    parentId: org.parentId,
    mainOrganizationId: org.parentId ?? org.id,
  };
}

/**
 * Secondary (branch) organisations of this organisation (organization.parent_id = this id), with their users
 * counted: the main organisation's view of its branches, across their organisations by design.
 */
export async function secondaryOrganizations(db: Db, s: Session): Promise<Answer<'getsecondaryOrganizationList'>> {
  const rows = await db.select().from(organization).where(eq(organization.parentId, s.orgId)).orderBy(organization.id);
  const counts = rows.length
    ? await db
        .select({ orgId: appUser.organizationId, n: count() })
        .from(appUser)
        .where(
          inArray(
            appUser.organizationId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(appUser.organizationId)
    : [];
  const byOrg = new Map(counts.map((c) => [c.orgId, c.n]));
  return rows.map((o) => ({
    id: o.id,
    organizationId: o.id,
    name: o.name,
    organizationName: o.name,
    parentId: o.parentId,
    status: o.status,
    versionId: o.versionId,
    versionName: o.versionName,
    userCount: byOrg.get(o.id) ?? 0,
    createdAt: formatDateTime(o.createdAt),
  }));
}

/** The caller's function signs (comma-separated) and permitted routes, read from the role. */
export async function userRolePermissions(db: Db, s: Session): Promise<Answer<'getUserRolePermissions'>> {
  const su = must(await sessionUser(db, s.orgId, s.userId));
  const signs = s.isSuperAdmin ? ALL_FUNCTION_SIGNS : (su.role?.functionSigns ?? []);
  return {
    userId: s.userId,
    roleId: su.role?.id ?? null,
    roleName: su.role?.name ?? null,
    roleSign: s.isSuperAdmin ? RoleSign.SUPER_ADMIN : (su.role?.roleSign ?? RoleSign.CUSTOM),
    dataSign: s.dataScope,
    functionSigns: signs.join(','),
    routes: permittedRoutes(su.user, su.role),
  };
}
