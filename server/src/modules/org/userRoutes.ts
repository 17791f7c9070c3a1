/** /userController (用户管理): the calls of contract.users, served by the UserService of users.ts. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { UserService } from './users';

export function userRoutes(ctx: AppContext, users: UserService): void {
  const { app } = ctx;
  const c = contract.users;
  implement(app, c.list, { sign: 'user:view' }, ({ session, body }) => users.list(session, body));
  implement(app, c.save, { sign: 'user:edit', audit: '新增用户' }, ({ session, body }) => users.create(session, body));
  implement(app, c.update, { sign: 'user:edit', audit: '编辑用户' }, ({ session, body }) =>
    users.update(session, body),
  );
  implement(app, c.updateStatus, { sign: 'user:edit', audit: '启用/禁用用户' }, ({ session, body }) =>
    users.updateStatus(session, body),
  );
  implement(app, c.changePassword, { sign: 'user:edit', audit: '修改用户密码' }, ({ session, body }) =>
    users.changePassword(session, body),
  );
  // The super-admin calls check the caller in the service: only the super admin may make them.
  implement(app, c.verifySuperAdmin, {}, ({ session, body }) => users.verifySuperAdmin(session, body));
  implement(app, c.changeSuperAdmin, { audit: '转让超级管理员' }, ({ session, body }) =>
    users.changeSuperAdmin(session, body),
  );
  implement(app, c.listWithoutSuperAdmin, { sign: 'user:view' }, ({ session, body }) =>
    users.list(session, body, { excludeSuperAdmin: true }),
  );
  implement(app, c.setSalesChampion, { sign: 'user:edit', audit: '设置销冠' }, ({ session, body }) =>
    users.setSalesChampion(session, body, true),
  );
  implement(app, c.cancelSalesChampion, { sign: 'user:edit', audit: '取消销冠' }, ({ session, body }) =>
    users.setSalesChampion(session, body, false),
  );
  implement(app, c.getUserList, {}, ({ session, query }) => users.simpleList(session, query));
  implement(app, c.getWorkStatus, {}, ({ session, body }) => users.getWorkStatus(session, body));
  implement(app, c.updateWorkStatus, { audit: '修改工作状态' }, ({ session, body }) =>
    users.updateWorkStatus(session, body),
  );
  implement(app, c.updateUserWorkStatus, { sign: 'user:edit', audit: '修改员工工作状态' }, ({ session, body }) =>
    users.updateUserWorkStatus(session, body),
  );
}
