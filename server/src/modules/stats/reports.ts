import { fenToYuan, formatDateTime, presetDays, secondsToHMS, shanghaiParts } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { type ReportType, ReportTypeName } from '@crm/core/contract/stats';
import { and, desc, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { addDays, today } from './days';
import { overview } from './overview';
import { refreshOrg } from './rollup';
import { statsReport, statsReportSetting } from './schema';
import { workFigures } from './work';

/**
 * Daily, weekly and monthly reports (/reportStatistics): computed by the job stats.report every morning at 08:00
 * (Shanghai) for the period just ended — yesterday; on Mondays also last week; on the 1st also last month — over the
 * whole organisation, stored with their figures, and sent as messages to the receivers the settings name.
 */
export const REPORT_JOB = 'stats.report';
export const REPORT_CRON = '0 8 * * *';
export const REPORT_MSG_TYPE = 'stats_report';

type Calls = typeof contract.reportStatistics;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** The whole organisation, as the job sees it. */
const orgWide = (orgId: number) =>
  ({
    ...unscoped(orgId, 'reports count every user of the organisation'),
    userId: 0,
    dataScope: 3,
  }) as unknown as Session;

/** The period a report of this type covers when made at `now`: the day, week or month just ended. */
export function lastPeriod(type: ReportType, now = new Date()): [string, string] {
  if (type === 1) {
    const d = addDays(today(now), -1);
    return [d, d];
  }
  return presetDays(type === 2 ? 'lastWeek' : 'lastMonth', now);
}

const summaryOf = (r: typeof statsReport.$inferSelect) => ({
  id: r.id,
  type: r.type,
  typeName: ReportTypeName[r.type as ReportType],
  startDate: r.startDate,
  endDate: r.endDate,
  createdAt: formatDateTime(r.createdAt),
});

export async function getSetting(db: Db, orgId: number): Promise<Answer<'getSetting'>> {
  const [row] = await db.select().from(statsReportSetting).where(eq(statsReportSetting.organizationId, orgId));
  const receiverIds = row?.receiverIds ?? [];
  const users = await orgUsersByIds(db, orgId, receiverIds);
  return {
    daily: row?.daily ?? false,
    weekly: row?.weekly ?? false,
    monthly: row?.monthly ?? false,
    receiverIds,
    receivers: receiverIds.flatMap((id) => {
      const u = users.get(id);
      return u ? [{ id, realName: u.realName }] : [];
    }),
  };
}

export async function saveSetting(db: Db, s: Session, input: CallBody<Calls['saveSetting']>) {
  const receiverIds = [...new Set(input.receiverIds)];
  const users = await orgUsersByIds(db, s.orgId, receiverIds);
  if (receiverIds.some((id) => !users.has(id))) throw notFound('接收人不存在');
  const values = {
    daily: input.daily,
    weekly: input.weekly,
    monthly: input.monthly,
    receiverIds,
    updatedAt: new Date(),
  };
  await db
    .insert(statsReportSetting)
    .values({ organizationId: s.orgId, ...values })
    .onConflictDoUpdate({ target: statsReportSetting.organizationId, set: values });
  return getSetting(db, s.orgId);
}

/** Computes the report of the period just ended, stores it (again, if made before) and messages its receivers. */
export async function makeReport(ctx: AppContext, orgId: number, type: ReportType, now = new Date()) {
  const { db } = ctx;
  const [startDate, endDate] = lastPeriod(type, now);
  const s = orgWide(orgId);
  await refreshOrg(db, orgId);
  const f = { startDate, endDate };
  const figures = await overview(db, s, f);
  const users = (await workFigures(db, s, f, 'user')).rows.sort((a, b) => b.calls - a.calls || a.id - b.id);
  const { receiverIds } = await getSetting(db, orgId);
  const data = { overview: figures, users };
  const [row] = await db
    .insert(statsReport)
    .values({ organizationId: orgId, type, startDate, endDate, data, receiverIds })
    .onConflictDoUpdate({
      target: [statsReport.organizationId, statsReport.type, statsReport.startDate],
      set: { endDate, data, receiverIds, createdAt: new Date() },
    })
    .returning();
  const name = ReportTypeName[type];
  const period = startDate === endDate ? startDate : `${startDate}至${endDate}`;
  const w = figures.work;
  await ctx.services.notice.notify(orgId, receiverIds, {
    title: `${name}（${period}）`,
    content:
      `新增客户 ${figures.newLeads}，外呼 ${w.calls}，接通 ${w.answered}（${w.answerRate}%），` +
      `通话 ${secondsToHMS(w.talkSeconds)}，跟进 ${w.followUps} 次，成交 ${figures.orders} 单 ¥${fenToYuan(figures.orderFen)}`,
    msgType: REPORT_MSG_TYPE,
    param: { reportId: row.id, type },
  });
  return summaryOf(row);
}

/** The job: each organisation's reports due this morning, as its settings say. */
export async function runDueReports(ctx: AppContext, now = new Date()) {
  const day = shanghaiParts(now)!;
  const rows = await ctx.db
    .select()
    .from(statsReportSetting)
    .where(
      or(eq(statsReportSetting.daily, true), eq(statsReportSetting.weekly, true), eq(statsReportSetting.monthly, true)),
    );
  for (const r of rows) {
    if (r.daily) await makeReport(ctx, r.organizationId, 1, now);
    if (r.weekly && day.weekday === 1) await makeReport(ctx, r.organizationId, 2, now);
    if (r.monthly && day.d === 1) await makeReport(ctx, r.organizationId, 3, now);
  }
}

/**
 * The reports of a type and one of them (the latest unless `id` names another). A report holds the whole
 * organisation's figures: it is read by those it was sent to and by users whose data scope is the organisation.
 */
export async function readReports(db: Db, s: Session, type: ReportType, id?: number): Promise<Answer<'get'>> {
  const rows = await db
    .select()
    .from(statsReport)
    .where(and(eq(statsReport.organizationId, s.orgId), eq(statsReport.type, type)))
    .orderBy(desc(statsReport.startDate))
    .limit(60);
  const readable = rows.filter((r) => s.visibleUserIds === null || r.receiverIds.includes(s.userId));
  const chosen = id ? readable.find((r) => r.id === id) : readable[0];
  if (id && !chosen) throw notFound('报告不存在');
  return {
    list: readable.map(summaryOf),
    report: chosen ? ({ ...summaryOf(chosen), ...chosen.data } as NonNullable<Answer<'get'>['report']>) : null,
  };
}
