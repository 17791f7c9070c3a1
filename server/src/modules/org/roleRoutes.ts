/** /roleController (角色) and /menuController (菜单与权限): the calls of contract.roles and contract.menus. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import {
  defaultTreeByRole,
  organizationIsMain,
  organizationTree,
  secondaryOrganizations,
  treeByRole,
  userRolePermissions,
} from './menus';
import { createRole, listRoles, removeRoles, updateRole } from './roles';

export function roleRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const r = contract.roles;
  implement(app, r.list, { sign: ['role:edit', 'user:view'] }, ({ session, body }) => listRoles(db, session, body));
  implement(app, r.save, { sign: 'role:edit', audit: '新增角色' }, ({ session, body }) =>
    createRole(db, session, body),
  );
  implement(app, r.update, { sign: 'role:edit', audit: '编辑角色' }, ({ session, body }) =>
    updateRole(db, session, body),
  );
  implement(app, r.remove, { sign: 'role:edit', audit: '删除角色' }, ({ session, body }) =>
    removeRoles(db, session, [body.id]),
  );
  implement(app, r.del, { sign: 'role:edit', audit: '批量删除角色' }, ({ session, body }) =>
    removeRoles(db, session, body.ids),
  );

  const m = contract.menus;
  implement(app, m.getTreeByRoleId, { sign: 'role:edit' }, ({ session, body }) => treeByRole(db, session, body.roleId));
  implement(app, m.getTreeByOrganizationId, { sign: 'role:edit' }, () => organizationTree());
  implement(app, m.getDefaultTreeByRoleId, { sign: 'role:edit' }, ({ session, body }) =>
    defaultTreeByRole(db, session, body.roleId),
  );
  implement(app, m.getOrganizationIsMain, {}, ({ session }) => organizationIsMain(db, session));
  implement(app, m.getsecondaryOrganizationList, {}, ({ session }) => secondaryOrganizations(db, session));
  implement(app, m.getUserRolePermissions, {}, ({ session }) => userRolePermissions(db, session));
}
