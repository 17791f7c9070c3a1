import { type DatePresetKey, presetDays } from '@crm/core';
import type { BoardFilter } from '@crm/core/contract/boards';
import { STATS_MAX_DAYS } from '@crm/core/contract/stats';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { deptSubtree, orgUsersByIds, usersInDepts } from '../org';

/** A board's time range: instants for timestamps, Shanghai days for dates and the trend's axis. */
export interface Range {
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
}

const DAY_MS = 86_400_000;

/** The filter's range, or the preset's when it gives none. */
export function rangeOf(f: Pick<BoardFilter, 'startDate' | 'endDate'>, preset: DatePresetKey = 'thisMonth'): Range {
  const [a, b] = presetDays(preset);
  const fromDay = f.startDate ?? a;
  const toDay = f.endDate ?? b;
  if (fromDay > toDay) throw badRequest('结束日期不能早于开始日期');
  if (Date.parse(toDay) - Date.parse(fromDay) >= STATS_MAX_DAYS * DAY_MS)
    throw badRequest(`统计时间最长 ${STATS_MAX_DAYS} 天`);
  return {
    from: new Date(`${fromDay}T00:00:00+08:00`),
    to: new Date(Date.parse(`${toDay}T00:00:00+08:00`) + DAY_MS - 1),
    fromDay,
    toDay,
  };
}

/** Every day of the range up to today, first to last ('YYYY-MM-DD'): a trend has no points in the future. */
export function daysOf(r: Range): string[] {
  const days: string[] = [];
  const last = Math.min(Date.parse(`${r.toDay}T00:00:00Z`), Date.parse(`${presetDays('today')[0]}T00:00:00Z`));
  for (let t = Date.parse(`${r.fromDay}T00:00:00Z`); t <= last; t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The session's data scope narrowed by the filter's department (and those below it) and users, as the statistics
 * screens narrow it: the figures of a board are those of `visibleUserIds`. A department or user of another
 * organisation is not found; one outside the scope narrows it to nobody.
 */
export async function narrow(db: DbOrTx, s: Scope, f: Pick<BoardFilter, 'deptId' | 'userIds'>): Promise<Scope> {
  let ids = s.visibleUserIds;
  if (f.deptId) {
    const depts = await deptSubtree(db, s.orgId, f.deptId);
    if (!depts.length) throw notFound('部门不存在');
    const inDepts = await usersInDepts(db, s.orgId, depts);
    ids = ids === null ? inDepts : ids.filter((id) => inDepts.includes(id));
  }
  if (f.userIds?.length) {
    const known = new Set((await orgUsersByIds(db, s.orgId, f.userIds)).keys());
    if (f.userIds.some((id) => !known.has(id))) throw notFound('员工不存在');
    ids = f.userIds.filter((id) => ids === null || ids.includes(id));
  }
  return { orgId: s.orgId, visibleUserIds: ids };
}

/** Per cent with one decimal; null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
