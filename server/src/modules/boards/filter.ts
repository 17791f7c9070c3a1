import { type DatePresetKey, formatDateTime, parseDateTime, presetRange } from '@crm/core';
import type { BoardFilter } from '@crm/core/contract/boards';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { deptSubtree, usersInDepts } from '../org/service';

/** A board's time range: instants for timestamps, Shanghai days for dates and the trend's axis. */
export interface Range {
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
}

/** The longest range a board answers: a trend has a point per day. */
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const shanghaiDay = (d: Date) => formatDateTime(d)!.slice(0, 10);

/** The filter's range, or the preset's when it gives none. */
export function rangeOf(f: Pick<BoardFilter, 'startTime' | 'endTime'>, preset: DatePresetKey = 'thisMonth'): Range {
  const [a, b] = presetRange(preset);
  const from = f.startTime ?? parseDateTime(a)!;
  const to = f.endTime ?? parseDateTime(b)!;
  if (from > to) throw badRequest('开始时间不能晚于结束时间');
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY_MS) throw badRequest(`统计时间最长 ${MAX_DAYS} 天`);
  return { from, to, fromDay: shanghaiDay(from), toDay: shanghaiDay(to) };
}

/** Every day of the range, first to last ('YYYY-MM-DD'). */
export function daysOf(r: Range): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${r.fromDay}T00:00:00Z`); t <= Date.parse(`${r.toDay}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * The session's data scope narrowed by the filter's department (and those below it) and user: the figures of a
 * board are those of `visibleUserIds`. A department of another organisation is not found; a user outside the scope
 * narrows it to nobody.
 */
export async function narrow(db: DbOrTx, s: Scope, f: Pick<BoardFilter, 'deptId' | 'userId'>): Promise<Scope> {
  let ids = s.visibleUserIds;
  if (f.deptId) {
    const depts = await deptSubtree(db, s.orgId, f.deptId);
    if (!depts.length) throw notFound('部门不存在');
    const inDepts = await usersInDepts(db, s.orgId, depts);
    ids = ids === null ? inDepts : ids.filter((id) => inDepts.includes(id));
  }
  if (f.userId) ids = ids === null || ids.includes(f.userId) ? [f.userId] : [];
  return { orgId: s.orgId, visibleUserIds: ids };
}

/** Per cent with one decimal; null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
