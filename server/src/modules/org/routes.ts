/**
 * Organisation administration calls (spec part 2, section 7.2), all under /api/backend, one routes file per
 * sub-domain; their paths, requests and answers are the contract's (packages/core/src/contract/users.ts, roles.ts,
 * depts.ts, organization.ts).
 */
import type { AppContext } from '../../platform/context';
import { deptRoutes } from './deptRoutes';
import { organizationRoutes } from './organizationRoutes';
import { roleRoutes } from './roleRoutes';
import { userRoutes } from './userRoutes';
import type { UserService } from './users';

export function orgRoutes(ctx: AppContext, users: UserService): void {
  userRoutes(ctx, users);
  roleRoutes(ctx);
  deptRoutes(ctx);
  organizationRoutes(ctx);
}
