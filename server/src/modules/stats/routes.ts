/** /clue/rxfxstastic, /callStatistics, /crmStatisticV2 …: the calls of contract.stats. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { scopeDepts, scopeUsers } from './scope';

export function statsRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.stats;
  implement(app, c.getDeptInfo, { sign: 'stats:view' }, ({ session }) => scopeDepts(db, session));
  implement(app, c.getAnalyzeUserInfo, { sign: 'stats:view' }, async ({ session, body }) => {
    const users = await scopeUsers(db, session);
    return users
      .filter((u) => !body.deptId || u.deptId === body.deptId)
      .map(({ id, realName, deptId, status }) => ({ id, realName, deptId, status }));
  });
}
