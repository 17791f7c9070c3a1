import { contract } from '@crm/core/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { deptSubtree } from './hierarchy';
import { department } from './schema';

describe('/organizationDept and /organizationStation', () => {
  const t = useTestApp();

  const tree = async (org: TestOrg) => ok(await t().call(contract.depts.tree, undefined, { token: org.seat.token }));
  const find = (nodes: any[], id: number): any => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const hit = find(n.children, id);
      if (hit) return hit;
    }
    return null;
  };
  const addDept = async (org: TestOrg, parentId: number, name: string) =>
    ok(await t().call(contract.depts.save, { parentId, name }, { token: org.admin.token })).id as number;

  it('answers code 10 without a session and 403 without dept:edit', async () => {
    const org = await t().newOrg();
    const writes = [
      { path: '/organizationDept/save' },
      { path: '/organizationDept/update' },
      { path: '/organizationDept/delete' },
      { path: '/organizationDept/sort' },
      { path: '/organizationStation/save' },
      { path: '/organizationStation/update' },
      { path: '/organizationStation/delete' },
    ];
    await expectNoSession(t(), [...writes, { path: '/organizationDept/tree' }, { path: '/organizationStation/list' }]);
    await expectForbidden(t(), org.seat.token, writes);
  });

  it('tree: one root with the departments below it and user counts', async () => {
    const org = await t().newOrg();
    const roots = await tree(org);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({
      id: org.rootDeptId,
      parentId: null,
      userCount: 1,
      totalUserCount: 4,
      depth: 0,
      leaderUserId: org.admin.userId,
      leaderName: '管理员',
    });
    expect(find(roots, org.deptId)).toMatchObject({ name: '销售一部', userCount: 2, totalUserCount: 2, depth: 1 });
  });

  it('save and update: sibling names unique, parents of the organisation, no cycles', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const team = await addDept(org, org.deptId, '一组');
    expect(find(await tree(org), team)).toMatchObject({ parentId: org.deptId, depth: 2 });
    refused(
      await t().call(contract.depts.save, { parentId: org.deptId, name: '一组' }, { token: org.admin.token }),
      409,
      '同级部门中已有同名部门',
    );
    refused(
      await t().call(contract.depts.save, { parentId: other.deptId, name: '二组' }, { token: org.admin.token }),
      404,
      '部门不存在',
    );
    refused(
      await t().call(contract.depts.save, { parentId: org.deptId, name: '' }, { token: org.admin.token }),
      400,
      '请输入部门名称',
    );
    refused(await t().callRaw(contract.depts.save, { name: '三组' }, { token: org.admin.token }), 400, '');
    refused(
      await t().call(
        contract.depts.save,
        { parentId: org.deptId, name: '四组', leaderUserId: other.seat.userId },
        { token: org.admin.token },
      ),
      404,
      '用户不存在',
    );

    ok(
      await t().call(
        contract.depts.update,
        { id: team, name: '精英组', parentId: org.otherDeptId, leaderUserId: org.otherSeat.userId },
        { token: org.admin.token },
      ),
    );
    expect(find(await tree(org), team)).toMatchObject({
      name: '精英组',
      parentId: org.otherDeptId,
      leaderName: '坐席乙',
    });
    refused(
      await t().call(contract.depts.update, { id: org.otherDeptId, parentId: team }, { token: org.admin.token }),
      400,
      '上级部门不能是本部门或其下级部门',
    );
    refused(
      await t().call(contract.depts.update, { id: org.rootDeptId, parentId: team }, { token: org.admin.token }),
      400,
      '根部门不能设置上级部门',
    );
    refused(await t().call(contract.depts.update, { id: other.deptId, name: 'x' }, { token: org.admin.token }), 404);
    refused(
      await t().call(contract.depts.update, { id: team, sortNo: -1 }, { token: org.admin.token }),
      400,
      '排序号不能小于 0',
    );
  });

  it('delete: refused for the root, with children or with users', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const parent = await addDept(org, org.rootDeptId, '市场部');
    const child = await addDept(org, parent, '市场一组');
    refused(
      await t().call(contract.depts.delete, { id: org.rootDeptId }, { token: org.admin.token }),
      400,
      '根部门不能删除',
    );
    refused(
      await t().call(contract.depts.delete, { id: parent }, { token: org.admin.token }),
      400,
      '该部门下还有子部门，不能删除',
    );
    refused(
      await t().call(contract.depts.delete, { id: org.deptId }, { token: org.admin.token }),
      400,
      '该部门下还有 2 个用户，不能删除',
    );
    refused(await t().call(contract.depts.delete, { id: other.deptId }, { token: org.admin.token }), 404);
    refused(await t().call(contract.depts.delete, { id: 0 }, { token: org.admin.token }), 400, '请选择部门');
    ok(await t().call(contract.depts.delete, { id: child }, { token: org.admin.token }));
    ok(await t().call(contract.depts.delete, { id: parent }, { token: org.admin.token }));
    expect(find(await tree(org), parent)).toBeNull();
  });

  it('sort: reorders and moves departments; cycles and foreign ids are refused', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    ok(
      await t().call(
        contract.depts.sort,
        {
          list: [
            { id: org.otherDeptId, sortNo: 1 },
            { id: org.deptId, sortNo: 2 },
          ],
        },
        { token: org.admin.token },
      ),
    );
    expect((await tree(org))[0].children.map((c: any) => c.id)).toEqual([org.otherDeptId, org.deptId]);
    ok(
      await t().call(
        contract.depts.sort,
        { list: [{ id: org.otherDeptId, parentId: org.deptId, sortNo: 0 }] },
        { token: org.admin.token },
      ),
    );
    expect(find(await tree(org), org.otherDeptId).parentId).toBe(org.deptId);
    refused(
      await t().call(
        contract.depts.sort,
        { list: [{ id: org.deptId, parentId: org.otherDeptId, sortNo: 0 }] },
        { token: org.admin.token },
      ),
      400,
      '部门层级不能形成循环',
    );
    refused(
      await t().call(contract.depts.sort, { list: [{ id: other.deptId, sortNo: 0 }] }, { token: org.admin.token }),
      404,
    );
    refused(await t().call(contract.depts.sort, { list: [] }, { token: org.admin.token }), 400, '排序列表不能为空');
  });

  it('a department-scoped manager manages only their own department and those below it', async () => {
    const org = await t().newOrg();
    const mgr = { token: org.manager.token };
    const scope = '只能管理本部门及下级部门';
    const team = ok(await t().call(contract.depts.save, { parentId: org.deptId, name: '一组' }, mgr)).id as number;
    const empty = await addDept(org, org.rootDeptId, '空部门');
    // moving another department under their own would widen the manager's data scope
    refused(await t().call(contract.depts.update, { id: org.otherDeptId, parentId: org.deptId }, mgr), 403, scope);
    refused(
      await t().call(contract.depts.sort, { list: [{ id: org.otherDeptId, parentId: team, sortNo: 0 }] }, mgr),
      403,
      scope,
    );
    refused(await t().call(contract.depts.sort, { list: [{ id: org.otherDeptId, sortNo: 9 }] }, mgr), 403, scope);
    refused(await t().call(contract.depts.update, { id: org.otherDeptId, name: '改名' }, mgr), 403, scope);
    refused(await t().call(contract.depts.delete, { id: empty }, mgr), 403, scope);
    refused(await t().call(contract.depts.save, { parentId: org.otherDeptId, name: '二组' }, mgr), 403, scope);
    refused(await t().call(contract.depts.save, { parentId: org.rootDeptId, name: '三部' }, mgr), 403, scope);
    // nor move their own departments out of their subtree
    refused(await t().call(contract.depts.update, { id: team, parentId: org.otherDeptId }, mgr), 403, scope);
    // the leader must be a user of the subtree too
    const leaderScope = '部门负责人只能选择本部门及下级部门的用户';
    refused(
      await t().call(contract.depts.update, { id: team, leaderUserId: org.otherSeat.userId }, mgr),
      403,
      leaderScope,
    );
    refused(
      await t().call(contract.depts.save, { parentId: org.deptId, name: '四组', leaderUserId: org.admin.userId }, mgr),
      403,
      leaderScope,
    );
    const roots = await tree(org);
    expect(find(roots, org.otherDeptId)).toMatchObject({ parentId: org.rootDeptId, name: '销售二部', sortNo: 0 });
    expect(find(roots, team)).toMatchObject({ parentId: org.deptId, leaderUserId: null });
    expect(find(roots, empty)).not.toBeNull();
    const users = ok(await t().call(contract.users.list, { pageSize: 100 }, mgr)).lists.map((u: any) => u.id);
    expect(users).not.toContain(org.otherSeat.userId);

    // within the subtree everything works; the edit form sends the unchanged parent back
    ok(
      await t().call(
        contract.depts.update,
        { id: org.deptId, parentId: org.rootDeptId, name: '销售一部（华东）', leaderUserId: null },
        mgr,
      ),
    );
    ok(await t().call(contract.depts.update, { id: team, name: '一组甲', leaderUserId: org.seat.userId }, mgr));
    const sub = ok(await t().call(contract.depts.save, { parentId: team, name: '小组' }, mgr)).id as number;
    ok(await t().call(contract.depts.sort, { list: [{ id: sub, parentId: org.deptId, sortNo: 2 }] }, mgr));
    expect(find(await tree(org), sub)).toMatchObject({ parentId: org.deptId, sortNo: 2 });
    ok(await t().call(contract.depts.delete, { id: sub }, mgr));
    // an organisation-wide admin still moves any department
    ok(
      await t().call(contract.depts.update, { id: org.otherDeptId, parentId: org.deptId }, { token: org.admin.token }),
    );
  });

  it('a cycle in the table does not hang the subtree or the session queries', async () => {
    const org = await t().newOrg();
    const team = await addDept(org, org.deptId, '一组');
    // written past the service's checks: 销售一部 -> 一组 -> 销售一部
    await t().database.db.update(department).set({ parentId: team }).where(eq(department.id, org.deptId));
    expect((await deptSubtree(t().database.db, org.orgId, org.deptId)).sort((a, b) => a - b)).toEqual(
      [org.deptId, team].sort((a, b) => a - b),
    );
    // the manager (data scope 2) signs in and their session loads the department's users
    const manager = await t().login(org.manager.username);
    const info = ok(await t().call(contract.account.userInfo, undefined, { token: manager.token }));
    expect(info.dataSign).toBe(2);
    const users = ok(await t().call(contract.users.list, { pageSize: 100 }, { token: manager.token }));
    expect(users.lists.map((u: any) => u.id).sort((a: number, b: number) => a - b)).toEqual(
      [org.manager.userId, org.seat.userId].sort((a, b) => a - b),
    );
  });

  it('positions: list with user counts, save, update, delete', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const id = ok(
      await t().call(
        contract.positions.save,
        { name: '销售顾问', sortNo: 1, remark: '一线' },
        { token: org.admin.token },
      ),
    ).id;
    refused(
      await t().call(contract.positions.save, { name: '销售顾问' }, { token: org.admin.token }),
      409,
      '岗位名称已存在',
    );
    refused(await t().call(contract.positions.save, { name: '' }, { token: org.admin.token }), 400, '请输入岗位名称');
    ok(await t().call(contract.users.update, { id: org.seat.userId, positionId: id }, { token: org.admin.token }));

    const list = ok(await t().call(contract.positions.list, { pageNum: 1, pageSize: 10 }, { token: org.seat.token }));
    expect(list.total).toBe(1);
    expect(list.lists[0]).toMatchObject({ id, name: '销售顾问', remark: '一线', userCount: 1 });
    expect(ok(await t().call(contract.positions.list, {}, { token: other.admin.token })).total).toBe(0);
    refused(await t().call(contract.positions.list, { pageSize: 15 }, { token: org.admin.token }), 400, '每页条数');

    ok(await t().call(contract.positions.update, { id, name: '高级顾问' }, { token: org.admin.token }));
    expect(ok(await t().call(contract.positions.list, { keyword: '高级' }, { token: org.admin.token })).total).toBe(1);
    refused(
      await t().call(contract.positions.update, { id, name: 'x' }, { token: other.admin.token }),
      404,
      '岗位不存在',
    );
    refused(
      await t().call(contract.positions.delete, { id }, { token: org.admin.token }),
      400,
      '该岗位下还有 1 个用户，不能删除',
    );
    refused(await t().call(contract.positions.delete, { id }, { token: other.admin.token }), 404);
    const free = ok(await t().call(contract.positions.save, { name: '实习生' }, { token: org.admin.token })).id;
    ok(await t().call(contract.positions.delete, { id: free }, { token: org.admin.token }));
  });
  it('organizationStation/update without an id names the field', async () => {
    const org = await t().newOrg();
    refused(
      await t().callRaw(contract.positions.update, { name: '顾问' }, { token: org.admin.token }),
      400,
      '岗位不正确',
    );
  });
});
