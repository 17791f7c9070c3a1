/**
 * The organisation module: who works in an organisation and what they may do. Its sub-domains, each with its
 * contract (packages/core/src/contract/<file>), its service and its routes:
 *
 *   users          /userController        contract users.ts         users.ts (UserService)     userRoutes.ts
 *   roles, menus   /roleController,       contract roles.ts         roles.ts, menus.ts         roleRoutes.ts
 *                  /menuController
 *   departments,   /organizationDept,     contract depts.ts         depts.ts, positions.ts     deptRoutes.ts
 *   positions      /organizationStation
 *   organisation,  /organization          contract organization.ts  settings.ts                organizationRoutes.ts
 *   its settings
 *   directory      (no calls)             read models for other modules and the session, exported below:
 *                                         service.ts (users, organisations, the session user), directory.ts
 *                                         (users with their names and departments), hierarchy.ts (the department
 *                                         tree walked down and up: subtrees, who manages a user),
 *                                         organizations.ts (the installation's organisations, the balance row)
 *
 * Also: schema.ts (tables), scope.ts (the organisation's rules on top of platform/scope.ts: what may be assigned
 * and managed, the super-admin guard), defaults.ts (the built-in roles of a new organisation), routes.ts (wires the
 * routes files).
 */
import type { Module } from '../../platform/context';
import { userTopic } from '../../platform/push';
import { orgRoutes } from './routes';
import { UserService } from './users';

// The public face: other modules import org only from here (and never its tables).
export { deptTree } from './depts';
export {
  deptNamesByIds,
  type OrgUser,
  orgUser,
  orgUserPage,
  orgUsers,
  orgUsersByIds,
  salesChampionIds,
  userCountsByStatus,
  usersWithRoles,
  workStatusesOf,
} from './directory';
export { departmentList, deptChainOfUser, deptSubtree, managersOf, overseersOf } from './hierarchy';
export {
  balanceOf,
  changeBalance,
  lockOrganization,
  organizationNames,
  organizationPage,
  userCountsByOrg,
} from './organizations';
export { findRole, userOfOrg } from './scope';
export {
  activeUserIds,
  createOrganization,
  currentRights,
  findUserByAccount,
  findUserByPhone,
  getOrganization,
  getUser,
  type NewOrganization,
  type OrganizationRow,
  permittedRoutes,
  prepareSessionUser,
  type RoleRow,
  type SessionOrganization,
  type SessionUser,
  sessionUser,
  setPassword,
  touchLogin,
  type UserRow,
  usersInDepts,
} from './service';
export { getOrgSetting, setOrgSetting } from './settings';

declare module '../../platform/context' {
  interface Services {
    users: UserService;
  }
}

export const orgModule: Module = {
  name: 'org',
  setup(ctx) {
    const users = new UserService(
      ctx.db,
      ctx.tokens,
      (userId, except) => ctx.services.account.revokeUserSessions(userId, except),
      ctx.limiter,
      (s, userId, status) => ctx.push.publish(userTopic(s.orgId, userId), { type: 'work_status', ...status }),
      // the user is disabled whatever becomes of the push: a broker failure is logged
      (orgId, userId) =>
        ctx.push.disconnectUser(orgId, userId).catch((err) => ctx.app.log.warn({ err }, 'push disconnect failed')),
    );
    ctx.services.users = users;
    orgRoutes(ctx, users);
  },
};
