import type { StatsQuery } from '../../components/charts';

/**
 * The click-through of a figure to the list behind it, with the same filters: the lead list (/main/customerManage)
 * for lead counts, the call records (/main/outCall, tab 通话记录) for call counts. The lists apply the same data
 * scope, so a filter left out (every user of the scope) stays the same set.
 */

export type RowKind = 'user' | 'dept' | 'sum';

/** The owners a row stands for: one user, a department's users, or the users the filter chose (none: all). */
export function ownersOf(
  q: StatsQuery,
  users: { id: number; deptId: number | null }[],
  kind: RowKind,
  id: number,
): number[] | undefined {
  if (kind === 'user') return [id];
  const chosen = q.userIds?.length ? new Set(q.userIds) : null;
  if (kind === 'sum') return chosen ? [...chosen] : undefined;
  return users.filter((u) => (!chosen || chosen.has(u.id)) && (u.deptId ?? 0) === id).map((u) => u.id);
}

export function leadsLink(q: StatsQuery, owners: number[] | undefined, followStatusId?: number): string {
  const p = new URLSearchParams({ createTime: `${q.startDate}至${q.endDate}` });
  if (owners) p.set('ownerIds', owners.join(','));
  else if (q.deptId) p.set('deptIds', String(q.deptId));
  if (followStatusId) p.set('followStatusIds', String(followStatusId));
  return `/main/customerManage?${p}`;
}

export function callsLink(q: StatsQuery, userId: number, status?: 2 | 3): string {
  const p = new URLSearchParams({
    tab: 'calls',
    userId: String(userId),
    startTime: `${q.startDate} 00:00:00`,
    endTime: `${q.endDate} 23:59:59`,
  });
  if (status) p.set('status', String(status));
  return `/main/outCall?${p}`;
}
