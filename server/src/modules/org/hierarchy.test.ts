import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { deptChainOfUser, deptSubtree, managersOf, orgUsersByIds, overseersOf } from './index';

/**
 * The department tree as org publishes it to other modules. The test organisation: the root department (led by the
 * super admin) with 销售一部 (the manager, data scope 2, and the seat) and 销售二部 (the other seat).
 */
describe('org read models: the department tree and user names', () => {
  const t = useTestApp();
  const db = () => t().ctx.db;

  it('walks down from a department and up from a user, within one organisation', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    expect((await deptSubtree(db(), org.orgId, org.rootDeptId)).sort()).toEqual(
      [org.rootDeptId, org.deptId, org.otherDeptId].sort(),
    );
    expect(await deptSubtree(db(), org.orgId, org.deptId)).toEqual([org.deptId]);
    expect(await deptSubtree(db(), other.orgId, org.rootDeptId)).toEqual([]);
    expect((await deptChainOfUser(db(), org.orgId, org.seat.userId)).sort()).toEqual(
      [org.rootDeptId, org.deptId].sort(),
    );
    expect(await deptChainOfUser(db(), other.orgId, org.seat.userId)).toEqual([]);
  });

  it('who manages a user: the leaders above and the department-scoped users of the chain, never the user', async () => {
    const org = await t().newOrg();
    expect((await managersOf(db(), org.orgId, org.seat.userId)).sort()).toEqual(
      [org.admin.userId, org.manager.userId].sort(),
    );
    expect(await managersOf(db(), org.orgId, org.otherSeat.userId)).toEqual([org.admin.userId]);
    expect(await managersOf(db(), org.orgId, org.admin.userId)).toEqual([]);
    expect(await overseersOf(db(), org.orgId, org.otherSeat.userId, 'no:such:sign')).toEqual([org.admin.userId]);
  });

  it('names users by id in one lookup: login and real name, department; other organisations skipped', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const names = await orgUsersByIds(db(), org.orgId, [
      org.seat.userId,
      org.seat.userId,
      other.seat.userId,
      Number.NaN,
    ]);
    expect([...names.keys()]).toEqual([org.seat.userId]);
    expect(names.get(org.seat.userId)).toMatchObject({
      username: org.seat.username,
      realName: '坐席甲',
      deptId: org.deptId,
      deptName: '销售一部',
      status: 1,
    });
  });
});
