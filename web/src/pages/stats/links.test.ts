import { describe, expect, it } from 'vitest';
import { draftFromQuery } from '../../features/lead/filters';
import { callsLink, leadsLink, ownersOf } from './links';

const q = { startDate: '2026-11-01', endDate: '2026-11-27' };
const users = [
  { id: 1, deptId: 10 },
  { id: 2, deptId: 10 },
  { id: 3, deptId: 20 },
];

describe('click-through links', () => {
  it('a count opens the lead list with the same owners, period and column', () => {
    const url = leadsLink(q, ownersOf(q, users, 'dept', 10), { dim: 3, id: 7 });
    const draft = draftFromQuery(url.slice(url.indexOf('?')));
    expect(url.startsWith('/main/customerManage?')).toBe(true);
    expect(draft).toEqual({ ownerIds: [1, 2], followStatusIds: [7], createTime: '2026-11-01至2026-11-27' });
    expect(draftFromQuery(leadsLink(q, [3], { dim: 1, id: 4 }).split('?')[1])).toMatchObject({ stages: [4] });
  });

  it('the sum row keeps the filter: chosen users, else the department, else the whole scope', () => {
    expect(ownersOf({ ...q, userIds: [2, 3] }, users, 'sum', 0)).toEqual([2, 3]);
    expect(ownersOf(q, users, 'sum', 0)).toBeUndefined();
    expect(leadsLink({ ...q, deptId: 20 }, undefined)).toContain('deptIds=20');
    expect(ownersOf({ ...q, userIds: [2, 3] }, users, 'dept', 10)).toEqual([2]);
  });

  it('a user’s call count opens their call records of the period and status', () => {
    const p = new URLSearchParams(callsLink(q, 3, 2).split('?')[1]);
    expect(Object.fromEntries(p)).toEqual({
      tab: 'calls',
      userId: '3',
      startTime: '2026-11-01 00:00:00',
      endTime: '2026-11-27 23:59:59',
      status: '2',
    });
  });
});
