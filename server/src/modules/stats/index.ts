/**
 * Statistics and reports (plan group G-1): figures read from the leads and telephony modules through the read
 * models they publish (clue/leadFacts.ts, telephony/callFacts.ts), scoped by the session's data scope.
 *
 *   scope.ts    who a filter counts (data scope ∩ department ∩ users), the scope's departments and users
 *   schema.ts   rollups: work per user and day, the lead snapshot, how fresh each is
 *   rollup.ts   their incremental refresh (job stats.rollup, every 5 minutes)
 *   work.ts     calls, answered, talk time, leads taken, follow-ups by user, department or day
 *   matrix.ts   leads by follow-up status (stage, source) and owner or department
 *   intention.ts customers per intention level (the latest analysed call of each lead, from insight's read model)
 *   targets.ts  each user's monthly target of new leads, and the period's target against the leads taken
 *   overview.ts the overview of a period (data statistics, sales overview)
 *   reports.ts  daily, weekly and monthly reports (job stats.report), their settings
 *   exports.ts  the tables as .xlsx
 *   routes.ts   the calls of contract.stats
 */
import type { Module } from '../../platform/context';
import type { Db } from '../../platform/db';
import { REPORT_CRON, REPORT_JOB, runDueReports } from './reports';
import { ROLLUP_CRON, ROLLUP_JOB, refreshAll, refreshOrg } from './rollup';
import { statsRoutes } from './routes';

declare module '../../platform/context' {
  interface Services {
    stats: { refresh(orgId: number): Promise<void> };
  }
}

export const statsModule: Module = {
  name: 'stats',
  setup(ctx) {
    const db: Db = ctx.db;
    ctx.services.stats = { refresh: (orgId) => refreshOrg(db, orgId) };
    ctx.jobs.register(ROLLUP_JOB, () => refreshAll(db), {
      queue: { retryLimit: 1, expireInSeconds: 1800, heartbeatSeconds: 120 },
    });
    ctx.jobs.schedule(ROLLUP_JOB, ROLLUP_CRON);
    ctx.jobs.register(REPORT_JOB, () => runDueReports(ctx), { queue: { retryLimit: 2, expireInSeconds: 3600 } });
    ctx.jobs.schedule(REPORT_JOB, REPORT_CRON);
    statsRoutes(ctx);
  },
};
