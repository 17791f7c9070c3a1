import { z } from 'zod';
import { ALL_FUNCTION_SIGNS } from '../permissions';
import { MAIN_ROUTES, type MenuNode } from '../routes';
import { UserInfo } from './account';
import { backend, IdAnswer } from './call';
import { clearableText, codeField, idField, idList, KeywordPage, nameField, optionalText, pageOf } from './fields';
import { OrganizationBase } from './organization';

/**
 * /roleController (角色管理) and /menuController (菜单与权限), under /api/backend. A role holds function signs, a data
 * scope and the route paths it permits; the menu tree is the route table of @crm/core.
 */

export const DATA_SCOPES = [1, 2, 3] as const;

/** Every main-route path a role may be granted. */
export const ALL_ROUTE_PATHS = MAIN_ROUTES.map((r) => r.path);

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

export const RoleInput = z.object({
  name: nameField('角色名称'),
  dataScope: codeField('数据权限', DATA_SCOPES),
  functionSigns,
  routes,
  remark: optionalText('备注', 200),
});

/** Fields left out stay as they are; remark: '' or null clears it. */
export const RoleUpdate = z.object({
  id: idField('角色'),
  name: RoleInput.shape.name.optional(),
  dataScope: RoleInput.shape.dataScope.optional(),
  functionSigns: functionSigns.optional(),
  routes: routes.optional(),
  remark: clearableText('备注', 200),
});

/** One role as the role list shows it. */
export const Role = z.object({
  id: z.number(),
  name: z.string(),
  /** The spec's name of `name`. */
  roleName: z.string(),
  roleSign: z.string(),
  dataScope: z.number(),
  dataScopeName: z.string(),
  /** Array for the role editor; the user-info call gives the comma-separated form. */
  functionSigns: z.array(z.string()),
  /** Permitted route paths; ['1'] = every route. */
  routes: z.array(z.string()),
  remark: z.string().nullable(),
  builtIn: z.boolean(),
  userCount: z.number(),
  createdAt: z.string().nullable(),
});

/** A node of the menu tree: a group of routes, or a route (its path as id). */
export const Menu: z.ZodType<MenuNode> = z
  .object({
    id: z.string(),
    name: z.string(),
    path: z.string().optional(),
    children: z.array(z.lazy(() => Menu)).optional(),
  })
  .meta({ id: 'Menu' });

/** A secondary (branch) organisation of the caller's organisation. */
export const SecondaryOrganization = OrganizationBase.extend({
  versionId: z.number(),
  versionName: z.string(),
  userCount: z.number(),
  createdAt: z.string().nullable(),
});

const byRole = z.object({ roleId: idField('角色') });
const RemovedAnswer = z.object({ ids: z.array(z.number()) });

export const roles = {
  list: backend.post('/roleController/list', '角色列表', { body: KeywordPage, answer: pageOf(Role) }),
  save: backend.post('/roleController/save', '新增角色', { body: RoleInput, answer: IdAnswer }),
  update: backend.post('/roleController/update', '编辑角色', { body: RoleUpdate, answer: IdAnswer }),
  remove: backend.post('/roleController/remove', '删除角色', {
    body: z.object({ id: idField('角色') }),
    answer: RemovedAnswer,
  }),
  del: backend.post('/roleController/del', '批量删除角色', {
    body: z.object({ ids: idList('角色') }),
    answer: RemovedAnswer,
  }),
};

export const menus = {
  getTreeByRoleId: backend.post('/menuController/getTreeByRoleId', '角色的菜单树', {
    body: byRole,
    answer: z.object({ roleId: z.number(), tree: z.array(Menu), checkedIds: z.array(z.string()) }),
  }),
  getTreeByOrganizationId: backend.post('/menuController/getTreeByOrganizationId', '机构的完整菜单树', {
    answer: z.object({ tree: z.array(Menu) }),
  }),
  getDefaultTreeByRoleId: backend.post('/menuController/getDefaultTreeByRoleId', '内置角色的默认菜单与权限', {
    body: byRole,
    answer: z.object({
      roleId: z.number(),
      tree: z.array(Menu),
      checkedIds: z.array(z.string()),
      functionSigns: z.array(z.string()),
      dataScope: z.number(),
    }),
  }),
  getOrganizationIsMain: backend.post('/menuController/getOrganizationIsMain', '是否主机构', {
    answer: z.object({
      organizationId: z.number(),
      isMain: z.boolean(),
      parentId: z.number().nullable(),
      mainOrganizationId: z.number(),
    }),
  }),
  getsecondaryOrganizationList: backend.post('/menuController/getsecondaryOrganizationList', '下级机构列表', {
    answer: z.array(SecondaryOrganization),
  }),
  /** The role's part of the user info (dataSign, comma-separated functionSigns, routes). */
  getUserRolePermissions: backend.get('/menuController/getUserRolePermissions', '当前用户的功能权限与菜单', {
    answer: UserInfo.pick({
      userId: true,
      roleId: true,
      roleName: true,
      roleSign: true,
      dataSign: true,
      functionSigns: true,
      routes: true,
    }),
  }),
};
