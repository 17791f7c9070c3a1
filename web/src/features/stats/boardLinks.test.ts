import { describe, expect, it } from 'vitest';
import { draftFromQuery } from '../lead/filters';
import { leadsLink } from './boardLinks';

const q = { startDate: '2026-11-01', endDate: '2026-11-27' };

describe('market board click-through', () => {
  it('a source or an import channel opens the lead list filtered by it, over the period and owners', () => {
    const bySource = draftFromQuery(leadsLink({ ...q, userIds: [5] }, { channelSourceId: 7 }).split('?')[1]);
    expect(bySource).toEqual({ ownerIds: [5], channelSourceIds: [7], createTime: '2026-11-01至2026-11-27' });
    const byWay = draftFromQuery(leadsLink({ ...q, deptId: 3 }, { importWay: 14 }).split('?')[1]);
    expect(byWay).toEqual({ deptIds: [3], importWays: [14], createTime: '2026-11-01至2026-11-27' });
  });
});
