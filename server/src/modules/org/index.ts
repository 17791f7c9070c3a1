import type { Module } from '../../platform/context';
import { orgRoutes } from './routes';
import { UserService } from './users';

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
    );
    ctx.services.users = users;
    orgRoutes(ctx, users);
  },
};
