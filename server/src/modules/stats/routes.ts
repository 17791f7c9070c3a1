/** /clue/rxfxstastic, /callStatistics, /organizationSalesStatistics, /crmStatisticV2: the calls of contract.stats. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendMatrix, sendWork } from './exports';
import { headsOf, leadMatrix } from './matrix';
import { scopeDepts, scopeUsers } from './scope';
import { pageOf, workFigures } from './work';

export function statsRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.stats;
  const view = { sign: 'stats:view' } as const;
  const exporting = { sign: 'stats:export', raw: true } as const;

  implement(app, c.getDeptInfo, view, ({ session }) => scopeDepts(db, session));
  implement(app, c.getAnalyzeUserInfo, view, async ({ session, body }) => {
    const users = await scopeUsers(db, session);
    return users
      .filter((u) => !body.deptId || u.deptId === body.deptId)
      .map(({ id, realName, deptId, status }) => ({ id, realName, deptId, status }));
  });

  // employee performance
  implement(app, c.getCalloutUserCountRes, view, ({ session, body }) => workFigures(db, session, body, 'user'));
  implement(app, c.getCalloutDeptCountRes, view, ({ session, body }) => workFigures(db, session, body, 'dept'));
  implement(app, c.getFollowStatusCustomCountRes, view, ({ session, body }) =>
    leadMatrix(db, session, body, 'followStatus', false),
  );
  implement(app, c.getFollowStatusCustomCountResByDept, view, ({ session, body }) =>
    leadMatrix(db, session, body, 'followStatus', true),
  );
  implement(app, c.exportUserOrDeptAnalysis, exporting, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出员工统计');
    const byUser = body.type === 1;
    const r = await workFigures(db, session, body, byUser ? 'user' : 'dept');
    return sendWork(reply, '员工统计', byUser ? '员工' : '部门', r.rows, r.sum);
  });

  // calls
  implement(app, c.callUserPage, view, async ({ session, body }) =>
    pageOf(await workFigures(db, session, body, 'user'), body.pageNum, body.pageSize),
  );
  implement(app, c.callDeptPage, view, async ({ session, body }) =>
    pageOf(await workFigures(db, session, body, 'dept'), body.pageNum, body.pageSize),
  );
  implement(app, c.callDayList, view, ({ session, body }) => workFigures(db, session, body, 'day'));
  implement(app, c.callExport, exporting, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出通话统计');
    const byUser = body.type === 1;
    const r = await workFigures(db, session, body, byUser ? 'user' : 'dept');
    return sendWork(reply, '通话统计', byUser ? '员工' : '部门', r.rows, r.sum);
  });

  // sales statistics by follow-up status: two sets of paths, one figure
  for (const [head, list, exp] of [
    [c.salesHead, c.salesList, c.salesExport],
    [c.crmHead, c.crmList, c.crmExport],
  ] as const) {
    implement(app, head, view, ({ session }) => headsOf(db, session.orgId, 'followStatus'));
    implement(app, list, view, ({ session, body }) => leadMatrix(db, session, body, 'followStatus', body.type === 2));
    implement(app, exp, exporting, async ({ session, body, req, reply }) => {
      await app.audit(req, '导出销售统计');
      const m = await leadMatrix(db, session, body, 'followStatus', body.type === 2);
      return sendMatrix(reply, '销售统计', body.type === 2 ? '部门' : '员工', m);
    });
  }
}
