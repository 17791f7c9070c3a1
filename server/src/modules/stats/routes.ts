/** /clue/rxfxstastic, /callStatistics, /organizationSalesStatistics, /crmStatisticV2: the calls of contract.stats. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { matrixSheet, sendMatrix, sendSheets, sendWork, targetSheet, workSheet } from './exports';
import { INTENTION_HEADS, intentionMatrix } from './intention';
import { headsOf, type LeadDim, leadMatrix } from './matrix';
import { overview } from './overview';
import { getSetting, makeReport, readReports, saveSetting } from './reports';
import { scopeDepts, scopeUsers } from './scope';
import { getTargetConfig, saveTargetConfig, targetFigures } from './targets';
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
  implement(app, c.getIntentionLevelListByOrg, view, () => INTENTION_HEADS);
  implement(app, c.getIntentionLevelCustomCountRes, view, ({ session, body }) =>
    intentionMatrix(db, session, body, false),
  );
  implement(app, c.getIntentionLevelCustomCountResByDept, view, ({ session, body }) =>
    intentionMatrix(db, session, body, true),
  );
  implement(app, c.getEmpPerformanceStaticConfig, view, ({ session, body }) =>
    getTargetConfig(db, session, body.month),
  );
  implement(
    app,
    c.saveEmpPerformanceStaticConfig,
    { sign: 'report:edit', audit: '设置员工目标线索数' },
    ({ session, body }) => saveTargetConfig(db, session, body),
  );
  implement(app, c.getTargetClueNumCountByUser, view, ({ session, body }) => targetFigures(db, session, body, false));
  implement(app, c.getTargetClueNumCountByDept, view, ({ session, body }) => targetFigures(db, session, body, true));
  // the staff screen's tables, a sheet each
  implement(app, c.exportUserOrDeptAnalysis, exporting, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出员工统计');
    const byDept = body.type === 2;
    const first = byDept ? '部门' : '员工';
    // one after the other: the first statistics call of an organisation builds its rollups
    const work = await workFigures(db, session, body, byDept ? 'dept' : 'user');
    const targets = await targetFigures(db, session, body, byDept);
    const follow = await leadMatrix(db, session, body, 'followStatus', byDept);
    const intention = await intentionMatrix(db, session, body, byDept);
    return sendSheets(reply, '员工统计', (x) => {
      workSheet(x, '员工统计', first, work.rows, work.sum);
      targetSheet(x, '目标完成', first, targets.rows, targets.sum);
      matrixSheet(x, '跟进状态客户数', first, follow);
      matrixSheet(x, '意向等级客户数', first, intention);
    });
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

  // overviews: the organisation's (within the scope), a user's own, and the whole scope's
  const o = contract.statsOverview;
  implement(app, o.overview, view, ({ session, body }) => overview(db, session, body));
  implement(app, o.survey, view, ({ session, body }) =>
    overview(db, session, { ...body, deptId: undefined, userIds: [session.userId] }),
  );
  implement(app, o.totalSurvey, view, ({ session, body }) => overview(db, session, body));

  // customers by stage, source or follow-up status
  const DIMS: Record<number, LeadDim> = { 1: 'stage', 2: 'source', 3: 'followStatus' };
  implement(app, o.customerList, view, ({ session, body }) =>
    leadMatrix(db, session, body, DIMS[body.dim], body.type === 2),
  );
  implement(app, o.customerExport, exporting, async ({ session, body, req, reply }) => {
    await app.audit(req, '导出客户统计');
    const m = await leadMatrix(db, session, body, DIMS[body.dim], body.type === 2);
    return sendMatrix(reply, '客户统计', body.type === 2 ? '部门' : '员工', m);
  });

  // reports
  const r = contract.reportStatistics;
  implement(app, r.get, view, ({ session, body }) => readReports(db, session, body.type, body.id));
  implement(app, r.getSetting, view, ({ session }) => getSetting(db, session.orgId));
  implement(app, r.saveSetting, { sign: 'report:edit', audit: '保存周报月报设置' }, ({ session, body }) =>
    saveSetting(db, session, body),
  );
  implement(app, r.generate, { sign: 'report:edit', audit: '生成报告' }, ({ session, body }) =>
    makeReport(ctx, session.orgId, body.type),
  );
}
