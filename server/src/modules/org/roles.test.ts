import { ALL_FUNCTION_SIGNS, MAIN_ROUTES } from '@crm/core';
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { type TestOrg, useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';

let seq = 0;

describe('/roleController and /menuController', () => {
  const t = useTestApp();

  const roles = async (org: TestOrg) =>
    ok(await t().call(contract.roles.list, { pageSize: 100 }, { token: org.admin.token })).lists;
  const roleBySign = async (org: TestOrg, sign: string) => (await roles(org)).find((r: any) => r.roleSign === sign);
  const newRole = async (org: TestOrg, extra: object = {}) =>
    ok(
      await t().call(
        contract.roles.save,
        {
          name: `质检员${seq++}`,
          dataScope: 2,
          functionSigns: ['recording:view', 'analysis:view'],
          routes: ['/callAnalysis', '/staffCheck'],
          ...extra,
        },
        { token: org.admin.token },
      ),
    ).id as number;

  it('answers code 10 without a session and 403 without the sign', async () => {
    const org = await t().newOrg();
    const calls = [
      { path: '/roleController/list' },
      { path: '/roleController/save' },
      { path: '/roleController/update' },
      { path: '/roleController/remove' },
      { path: '/roleController/del' },
      { path: '/menuController/getTreeByRoleId' },
      { path: '/menuController/getTreeByOrganizationId' },
      { path: '/menuController/getDefaultTreeByRoleId' },
    ];
    await expectNoSession(t(), [
      ...calls,
      { path: '/menuController/getOrganizationIsMain' },
      { path: '/menuController/getsecondaryOrganizationList' },
      { method: 'GET', path: '/menuController/getUserRolePermissions' },
    ]);
    await expectForbidden(t(), org.seat.token, calls);
    // the manager role has user:view (so may read roles for the user form) but not role:edit
    ok(await t().call(contract.roles.list, {}, { token: org.manager.token }));
    await expectForbidden(t(), org.manager.token, calls.slice(1));
  });

  it('list: built-in roles with signs, data scope, routes and user counts', async () => {
    const org = await t().newOrg();
    const list = ok(await t().call(contract.roles.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token }));
    expect(list.total).toBe(3);
    const seat = list.lists.find((r: any) => r.roleSign === 'seat');
    expect(seat).toMatchObject({ name: '坐席', builtIn: true, dataScope: 1, dataScopeName: '本人', userCount: 2 });
    expect(seat!.functionSigns).toContain('clue:view');
    expect(seat!.routes).toContain('/customerManage');
    expect(ok(await t().call(contract.roles.list, { keyword: '坐' }, { token: org.admin.token })).total).toBe(1);
    refused(await t().call(contract.roles.list, { pageNum: 0 }, { token: org.admin.token }), 400, '页码最小为 1');
  });

  it('save: validates name, data scope, function signs and routes; names are unique', async () => {
    const org = await t().newOrg();
    const id = await newRole(org, { name: '质检员', functionSigns: 'recording:view,analysis:view' });
    const saved = (await roles(org)).find((r: any) => r.id === id);
    expect(saved).toMatchObject({
      roleSign: 'custom',
      builtIn: false,
      dataScope: 2,
      functionSigns: ['recording:view', 'analysis:view'],
      routes: ['/callAnalysis', '/staffCheck'],
    });

    const save = (body: object) =>
      t().call(
        contract.roles.save,
        { name: `r${seq++}`, dataScope: 1, functionSigns: [], routes: [], ...body },
        { token: org.admin.token },
      );
    refused(await save({ name: '质检员' }), 409, '角色名称已存在');
    refused(await save({ name: '' }), 400, '请输入角色名称');
    refused(await save({ dataScope: 4 }), 400, '数据权限只能是 1、2、3');
    refused(await save({ functionSigns: ['clue:fly'] }), 400, '功能权限不存在：clue:fly');
    refused(await save({ routes: ['/nowhere'] }), 400, '菜单路由不存在：/nowhere');
  });

  it('a non-super-admin cannot grant signs it does not hold', async () => {
    const org = await t().newOrg();
    const hrRole = await newRole(org, { dataScope: 3, functionSigns: ['role:edit', 'user:view'], routes: ['/role'] });
    const username = `hr${Date.now().toString(36)}${seq++}`;
    ok(
      await t().call(
        contract.users.save,
        { username, realName: '人事', password: 'abc12345', roleId: hrRole, deptId: org.rootDeptId },
        { token: org.admin.token },
      ),
    );
    const hr = await t().login(username, 'abc12345');
    refused(
      await t().call(
        contract.roles.save,
        { name: `越权${seq++}`, dataScope: 3, functionSigns: ['org:edit'], routes: [] },
        { token: hr.token },
      ),
      403,
      '不能授予超出自身权限的功能权限',
    );
    ok(
      await t().call(
        contract.roles.save,
        { name: `只读${seq++}`, dataScope: 1, functionSigns: ['user:view'], routes: [] },
        { token: hr.token },
      ),
    );
  });

  it('a non-super-admin cannot widen a data scope: in a role, in their own role, or by assigning a role', async () => {
    const org = await t().newOrg();
    // department scope (2) with role and user administration
    const hrRole = await newRole(org, {
      dataScope: 2,
      functionSigns: ['role:edit', 'user:view', 'user:edit'],
      routes: ['/role'],
    });
    const username = `hr${Date.now().toString(36)}${seq++}`;
    ok(
      await t().call(
        contract.users.save,
        { username, realName: '人事', password: 'abc12345', roleId: hrRole, deptId: org.deptId },
        { token: org.admin.token },
      ),
    );
    const hr = { token: (await t().login(username, 'abc12345')).token };
    const wider = '不能授予超出自身范围的数据权限';
    refused(
      await t().call(
        contract.roles.save,
        { name: `全部${seq++}`, dataScope: 3, functionSigns: ['user:view'], routes: [] },
        hr,
      ),
      403,
      wider,
    );
    const mine = ok(
      await t().call(
        contract.roles.save,
        { name: `本部门${seq++}`, dataScope: 2, functionSigns: ['user:view'], routes: [] },
        hr,
      ),
    ).id as number;
    refused(await t().call(contract.roles.update, { id: mine, dataScope: 3 }, hr), 403, wider);
    ok(await t().call(contract.roles.update, { id: mine, dataScope: 1 }, hr));
    // their own role: not even a narrowing or a new name
    for (const change of [{ dataScope: 3 }, { dataScope: 1 }, { name: '改名' }])
      refused(await t().call(contract.roles.update, { id: hrRole, ...change }, hr), 403, '不能修改自己所属的角色');
    // nor assign a role wider than their own, although they hold its function signs
    const wideRole = await newRole(org, { dataScope: 3, functionSigns: ['user:view'], routes: [] });
    const assign = '不能分配超出自身权限的角色';
    refused(
      await t().call(
        contract.users.save,
        { username: `w${username}`, realName: '全员', password: 'abc12345', roleId: wideRole, deptId: org.deptId },
        hr,
      ),
      403,
      assign,
    );
    refused(await t().call(contract.users.update, { id: org.seat.userId, roleId: wideRole }, hr), 403, assign);
    ok(await t().call(contract.users.update, { id: org.seat.userId, roleId: mine }, hr));
    // nothing widened
    const list = await roles(org);
    expect(list.find((r: any) => r.id === hrRole)!.dataScope).toBe(2);
    expect(list.find((r: any) => r.id === mine)!.dataScope).toBe(1);
    // the super admin is not limited
    ok(await t().call(contract.roles.update, { id: hrRole, dataScope: 3 }, { token: org.admin.token }));
  });

  it('update: changes a role; the super-admin role and other organisations are refused; changes apply at once', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const seat = await roleBySign(org, 'seat');
    ok(
      await t().call(
        contract.roles.update,
        { id: seat!.id, functionSigns: [...seat!.functionSigns, 'user:view'] },
        { token: org.admin.token },
      ),
    );
    // the seat now holds user:view
    ok(await t().call(contract.users.list, {}, { token: org.seat.token }));
    const perms = ok(await t().call(contract.menus.getUserRolePermissions, undefined, { token: org.seat.token }));
    expect(perms.functionSigns.split(',')).toContain('user:view');

    const sa = await roleBySign(org, 'super_admin');
    refused(
      await t().call(contract.roles.update, { id: sa!.id, name: 'x' }, { token: org.admin.token }),
      400,
      '超级管理员角色不可修改',
    );
    const otherSeat = await roleBySign(other, 'seat');
    refused(
      await t().call(contract.roles.update, { id: otherSeat!.id, name: 'x' }, { token: org.admin.token }),
      404,
      '角色不存在',
    );
    refused(
      await t().call(contract.roles.update, { id: seat!.id, dataScope: 0 }, { token: org.admin.token }),
      400,
      '数据权限',
    );
    const mgr = await roleBySign(org, 'manager');
    refused(
      await t().call(contract.roles.update, { id: mgr!.id, name: '坐席' }, { token: org.admin.token }),
      409,
      '角色名称已存在',
    );
  });

  it('remove and del: built-in roles and roles with users are refused', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const seat = await roleBySign(org, 'seat');
    refused(
      await t().call(contract.roles.remove, { id: seat!.id }, { token: org.admin.token }),
      400,
      '系统内置角色「坐席」不能删除',
    );
    const used = await newRole(org);
    const username = `r${Date.now().toString(36)}${seq++}`;
    ok(
      await t().call(
        contract.users.save,
        { username, realName: '甲', password: 'abc12345', roleId: used, deptId: org.deptId },
        { token: org.admin.token },
      ),
    );
    refused(
      await t().call(contract.roles.remove, { id: used }, { token: org.admin.token }),
      400,
      '下还有 1 个用户，不能删除',
    );

    const a = await newRole(org);
    ok(await t().call(contract.roles.remove, { id: a }, { token: org.admin.token }));
    const b = await newRole(org);
    const c = await newRole(org);
    ok(await t().call(contract.roles.del, { ids: [b, c] }, { token: org.admin.token }));
    expect((await roles(org)).map((r: any) => r.id)).not.toContain(b);

    const otherRole = await newRole(other);
    refused(await t().call(contract.roles.remove, { id: otherRole }, { token: org.admin.token }), 404, '角色不存在');
    refused(await t().call(contract.roles.del, { ids: [] }, { token: org.admin.token }), 400, '请选择角色');
    refused(await t().callRaw(contract.roles.remove, {}, { token: org.admin.token }), 400, '');
  });

  it('menu trees: by role (checked routes), by organisation (full) and the built-in defaults', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const full = ok(await t().call(contract.menus.getTreeByOrganizationId, undefined, { token: org.admin.token }));
    const leaves = full.tree.flatMap((g: any) => g.children.map((c: any) => c.id));
    expect(leaves.sort()).toEqual(MAIN_ROUTES.map((r) => r.path).sort());

    const custom = await newRole(org);
    const byRole = ok(await t().call(contract.menus.getTreeByRoleId, { roleId: custom }, { token: org.admin.token }));
    expect(byRole.checkedIds).toEqual(['/callAnalysis', '/staffCheck']);
    const sa = await roleBySign(org, 'super_admin');
    expect(
      ok(await t().call(contract.menus.getTreeByRoleId, { roleId: sa!.id }, { token: org.admin.token })).checkedIds,
    ).toHaveLength(MAIN_ROUTES.length);

    const seat = await roleBySign(org, 'seat');
    ok(
      await t().call(contract.roles.update, { id: seat!.id, routes: ['/customerManage'] }, { token: org.admin.token }),
    );
    const def = ok(
      await t().call(contract.menus.getDefaultTreeByRoleId, { roleId: seat!.id }, { token: org.admin.token }),
    );
    expect(def.checkedIds.length).toBeGreaterThan(1);
    expect(def.dataScope).toBe(1);
    refused(
      await t().call(contract.menus.getDefaultTreeByRoleId, { roleId: custom }, { token: org.admin.token }),
      400,
      '自定义角色没有默认菜单',
    );

    const otherSeat = await roleBySign(other, 'seat');
    refused(await t().call(contract.menus.getTreeByRoleId, { roleId: otherSeat!.id }, { token: org.admin.token }), 404);
    refused(
      await t().call(contract.menus.getDefaultTreeByRoleId, { roleId: otherSeat!.id }, { token: org.admin.token }),
      404,
    );
    refused(
      await t().call(contract.menus.getTreeByRoleId, { roleId: 'x' }, { token: org.admin.token }),
      400,
      '角色不正确',
    );
  });

  it('main and secondary organisations; the caller role permissions', async () => {
    const org = await t().newOrg();
    const branch = await t().newOrg();
    // make `branch` a secondary organisation of `org` (registration of branches is not part of this API)
    const { organization } = await import('./schema');
    const { eq } = await import('drizzle-orm');
    await t().database.db.update(organization).set({ parentId: org.orgId }).where(eq(organization.id, branch.orgId));

    expect(
      ok(await t().call(contract.menus.getOrganizationIsMain, undefined, { token: org.seat.token })),
    ).toMatchObject({ isMain: true, parentId: null });
    expect(
      ok(await t().call(contract.menus.getOrganizationIsMain, undefined, { token: branch.seat.token })),
    ).toMatchObject({
      isMain: false,
      mainOrganizationId: org.orgId,
    });
    const subs = ok(await t().call(contract.menus.getsecondaryOrganizationList, undefined, { token: org.admin.token }));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ id: branch.orgId, userCount: 4 });
    expect(
      ok(await t().call(contract.menus.getsecondaryOrganizationList, undefined, { token: branch.admin.token })),
    ).toEqual([]);

    const admin = ok(await t().call(contract.menus.getUserRolePermissions, undefined, { token: org.admin.token }));
    expect(admin.routes).toEqual(['1']);
    expect(admin.functionSigns.split(',').sort()).toEqual([...ALL_FUNCTION_SIGNS].sort());
    const seat = ok(await t().call(contract.menus.getUserRolePermissions, undefined, { token: branch.seat.token }));
    expect(seat.roleSign).toBe('seat');
    expect(seat.dataSign).toBe(1);
    expect(seat.routes).toContain('/customerManage');
    expect(seat.functionSigns).not.toContain('user:edit');
  });
  it("del refuses another organisation's role ids and deletes nothing", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const mine = await newRole(org);
    const theirs = await newRole(other);
    refused(await t().call(contract.roles.del, { ids: [mine, theirs] }, { token: org.admin.token }), 404);
    expect((await roles(org)).map((r: any) => r.id)).toContain(mine);
    expect((await roles(other)).map((r: any) => r.id)).toContain(theirs);
  });
});
