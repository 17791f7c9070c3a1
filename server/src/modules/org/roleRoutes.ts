import { ALL_FUNCTION_SIGNS } from '@crm/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import {
  clearableText,
  codeField,
  idField,
  idList,
  keywordField,
  nameField,
  optionalText,
} from '../../platform/validation';
import {
  defaultTreeByRole,
  organizationIsMain,
  organizationTree,
  secondaryOrganizations,
  treeByRole,
  userRolePermissions,
} from './menus';
import { ALL_ROUTE_PATHS, createRole, listRoles, removeRoles, updateRole } from './roles';

/** A list given as an array or as comma-separated text (the spec's functionSigns form). */
const listOf = <T extends z.ZodType>(item: T, label: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : v,
    z.array(item, { error: `${label}须为列表` }).max(500, `${label}过多`),
  );

const signSet = new Set<string>(ALL_FUNCTION_SIGNS);
const routeSet = new Set(ALL_ROUTE_PATHS);
const functionSigns = listOf(
  z.string().refine((v) => signSet.has(v), { error: (i) => `功能权限不存在：${String(i.input)}` }),
  '功能权限',
).transform((v) => [...new Set(v)]);
const routes = listOf(
  z.string().refine((v) => routeSet.has(v), { error: (i) => `菜单路由不存在：${String(i.input)}` }),
  '菜单路由',
).transform((v) => [...new Set(v)]);

const RoleFields = {
  name: nameField('角色名称'),
  dataScope: codeField('数据权限', [1, 2, 3] as const),
  functionSigns,
  routes,
  remark: optionalText('备注', 200),
};

/** /roleController and /menuController. */
export function roleRoutes(ctx: AppContext): void {
  const { db } = ctx;
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post(
      '/roleController/list',
      {
        body: z.object({ ...pageQuery, keyword: keywordField }),
        sign: ['role:edit', 'user:view'],
        summary: '角色列表',
      },
      ({ session, body }) => listRoles(db, session, body),
    );
    r.post(
      '/roleController/save',
      { body: z.object(RoleFields), sign: 'role:edit', audit: '新增角色' },
      ({ session, body }) => createRole(db, session, body),
    );
    r.post(
      '/roleController/update',
      {
        body: z.object({
          id: idField('角色'),
          name: RoleFields.name.optional(),
          dataScope: RoleFields.dataScope.optional(),
          functionSigns: RoleFields.functionSigns.optional(),
          routes: RoleFields.routes.optional(),
          remark: clearableText('备注', 200),
        }),
        sign: 'role:edit',
        audit: '编辑角色',
      },
      ({ session, body }) => updateRole(db, session, body),
    );
    r.post(
      '/roleController/remove',
      { body: z.object({ id: idField('角色') }), sign: 'role:edit', audit: '删除角色' },
      ({ session, body }) => removeRoles(db, session, [body.id]),
    );
    r.post(
      '/roleController/del',
      { body: z.object({ ids: idList('角色') }), sign: 'role:edit', audit: '批量删除角色' },
      ({ session, body }) => removeRoles(db, session, body.ids),
    );

    const byRole = z.object({ roleId: idField('角色') });
    r.post(
      '/menuController/getTreeByRoleId',
      { body: byRole, sign: 'role:edit', summary: '角色的菜单树' },
      ({ session, body }) => treeByRole(db, session, body.roleId),
    );
    r.post('/menuController/getTreeByOrganizationId', { sign: 'role:edit', summary: '机构的完整菜单树' }, () =>
      organizationTree(),
    );
    r.post(
      '/menuController/getDefaultTreeByRoleId',
      { body: byRole, sign: 'role:edit', summary: '内置角色的默认菜单与权限' },
      ({ session, body }) => defaultTreeByRole(db, session, body.roleId),
    );
    r.post('/menuController/getOrganizationIsMain', { summary: '是否主机构' }, ({ session }) =>
      organizationIsMain(db, session),
    );
    r.post('/menuController/getsecondaryOrganizationList', { summary: '下级机构列表' }, ({ session }) =>
      secondaryOrganizations(db, session),
    );
    r.get('/menuController/getUserRolePermissions', { summary: '当前用户的功能权限与菜单' }, ({ session }) =>
      userRolePermissions(db, session),
    );
  });
}
