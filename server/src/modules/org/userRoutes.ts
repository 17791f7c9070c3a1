import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import { userTopic } from '../../platform/push';
import {
  clearableText,
  codeField,
  idField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  optionalText,
  passwordField,
  phoneField,
  usernameField,
} from '../../platform/validation';
import type { UserService } from './users';

const status = codeField('状态', [1, 2] as const);
const workStatus = codeField('工作状态', [1, 2, 3, 4] as const);
const optionalPhone = z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneField.optional());
const email = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().max(100, '邮箱最多 100 个字').email('请输入正确的邮箱').optional(),
);
/** On update '' or null clears the email; absent leaves it. */
const clearableEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(100, '邮箱最多 100 个字').email('请输入正确的邮箱').nullable().optional(),
);

const UserFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  deptId: optionalId('部门'),
  roleId: optionalId('角色'),
  positionId: optionalId('岗位'),
  status: optionalCode('状态', [1, 2] as const),
});

const UserFields = {
  username: usernameField,
  realName: nameField('姓名'),
  phone: optionalPhone,
  email,
  roleId: idField('角色'),
  deptId: idField('部门'),
  positionId: optionalId('岗位'),
  seatNo: optionalText('坐席工号', 30),
};

/** /userController: user administration (see routes.ts for the list of paths). */
export function userRoutes(ctx: AppContext, users: UserService): void {
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post('/userController/list', { body: UserFilter, sign: 'user:view', summary: '用户列表' }, ({ session, body }) =>
      users.list(session, body),
    );

    r.post(
      '/userController/save',
      { body: z.object({ ...UserFields, password: passwordField }), sign: 'user:edit', audit: '新增用户' },
      ({ session, body }) => users.create(session, body),
    );

    r.post(
      '/userController/update',
      {
        body: z.object({
          id: idField('用户'),
          username: UserFields.username.optional(),
          realName: UserFields.realName.optional(),
          phone: UserFields.phone,
          email: clearableEmail,
          roleId: optionalId('角色'),
          deptId: optionalId('部门'),
          positionId: UserFields.positionId,
          seatNo: clearableText('坐席工号', 30),
        }),
        sign: 'user:edit',
        audit: '编辑用户',
      },
      ({ session, body }) => users.update(session, body),
    );

    r.post(
      '/userController/updateStatus',
      { body: z.object({ id: idField('用户'), status }), sign: 'user:edit', audit: '启用/禁用用户' },
      ({ session, body }) => users.updateStatus(session, body),
    );

    r.post(
      '/userController/changePassword',
      { body: z.object({ id: idField('用户'), password: passwordField }), sign: 'user:edit', audit: '修改用户密码' },
      ({ session, body }) => users.changePassword(session, body),
    );

    r.post(
      '/userController/verifySuperAdmin',
      {
        body: z.object({ password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64) }),
        summary: '验证超级管理员密码',
      },
      ({ session, body }) => users.verifySuperAdmin(session, body),
    );

    r.post(
      '/userController/changeSuperAdmin',
      {
        body: z.object({
          userId: idField('新超级管理员'),
          password: z.string().max(64).optional(),
          verifyToken: z.string().max(2000).optional(),
        }),
        audit: '转让超级管理员',
      },
      ({ session, body }) => users.changeSuperAdmin(session, body),
    );

    r.post(
      '/userController/listWithoutSuperAdmin',
      { body: UserFilter, sign: 'user:view', summary: '用户列表（不含超级管理员）' },
      ({ session, body }) => users.list(session, { ...body, excludeSuperAdmin: true }),
    );

    r.post(
      '/userController/setSalesChampion',
      { body: z.object({ id: idField('用户') }), sign: 'user:edit', audit: '设置销冠' },
      ({ session, body }) => users.setSalesChampion(session, body, true),
    );
    r.post(
      '/userController/cancelSalesChampion',
      { body: z.object({ id: idField('用户') }), sign: 'user:edit', audit: '取消销冠' },
      ({ session, body }) => users.setSalesChampion(session, body, false),
    );

    r.get(
      '/userController/getUserList',
      {
        query: z.object({
          keyword: keywordField,
          deptId: optionalId('部门'),
          status: optionalCode('状态', [1, 2] as const),
        }),
        summary: '用户下拉列表（按数据权限）',
      },
      ({ session, query }) => users.simpleList(session, query),
    );

    r.post(
      '/userController/getWorkStatus',
      { body: z.object({ userId: optionalId('用户') }), summary: '工作状态' },
      ({ session, body }) => users.getWorkStatus(session, body.userId),
    );

    r.post(
      '/userController/updateWorkStatus',
      { body: z.object({ workStatus }), audit: '修改工作状态' },
      ({ session, body }) => users.updateWorkStatus(session, session.userId, body.workStatus),
    );

    r.post(
      '/userController/updateUserWorkStatus',
      { body: z.object({ userId: idField('用户'), workStatus }), sign: 'user:edit', audit: '修改员工工作状态' },
      async ({ session, body }) => {
        const result = await users.updateWorkStatus(session, body.userId, body.workStatus);
        // The seat's open pages learn of the change at once.
        await ctx.push
          .publish(userTopic(session.orgId, body.userId), { msgType: 'work_status', data: result })
          .catch(() => {});
        return result;
      },
    );
  });
}
