import type { StatsQuery } from '../../components/charts';

/**
 * Where a board's figure clicks through to, with the board's filters: the lead list (/main/customerManage), the call
 * records (/main/outCall, tab 通话记录) and the deals board's own list of deals (?deals=1 opens it). Each list applies
 * the same data scope, so a filter left out (every user of the scope) is the same set.
 */

const owners = (q: StatsQuery, p: URLSearchParams, userId?: number) => {
  if (userId) p.set('ownerIds', String(userId));
  else if (q.userIds?.length) p.set('ownerIds', q.userIds.join(','));
  else if (q.deptId) p.set('deptIds', String(q.deptId));
};

export function leadsLink(
  q: StatsQuery,
  more: { userId?: number; channelSourceId?: number; importWay?: number; stage?: number } = {},
) {
  const p = new URLSearchParams({ createTime: `${q.startDate}至${q.endDate}` });
  owners(q, p, more.userId);
  if (more.channelSourceId !== undefined) p.set('channelSourceIds', String(more.channelSourceId));
  if (more.importWay !== undefined) p.set('importWays', String(more.importWay));
  if (more.stage) p.set('stages', String(more.stage));
  return `/main/customerManage?${p}`;
}

export function callsLink(q: StatsQuery, userId?: number, day?: string) {
  const p = new URLSearchParams({
    tab: 'calls',
    startTime: `${day ?? q.startDate} 00:00:00`,
    endTime: `${day ?? q.endDate} 23:59:59`,
  });
  if (userId) p.set('userId', String(userId));
  return `/main/outCall?${p}`;
}

/** The deals board showing one user's (or the filter's) deals of the period, its deals list open. */
export function dealsLink(q: StatsQuery, userId?: number, day?: string) {
  const p = new URLSearchParams({ startDate: day ?? q.startDate, endDate: day ?? q.endDate, deals: '1' });
  const users = userId ? [userId] : q.userIds;
  if (users?.length) p.set('userIds', users.join(','));
  if (!userId && q.deptId) p.set('deptId', String(q.deptId));
  return `/main/dealsBoard?${p}`;
}
