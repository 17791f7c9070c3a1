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
 *   directory      (no calls)             read helpers for other modules and the session: service.ts (users,
 *                                         organisations, department subtrees, the session user), directory.ts
 *                                         (users with their departments)
 *
 * Also: schema.ts (tables), scope.ts (the organisation's rules on top of platform/scope.ts: what may be assigned
 * and managed, the super-admin guard), defaults.ts (the built-in roles of a new organisation), routes.ts (wires the
 * routes files).
 */
import type { Module } from '../../platform/context';
import { userTopic } from '../../platform/push';
import { orgRoutes } from './routes';
import { UserService } from './users';

export { userNames } from './service';

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
