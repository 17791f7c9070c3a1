import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MSG } from '../../platform/password';
import { TEST_PASSWORD, type TestOrg, useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';

let seq = 0;
const uniqueName = () => `u${Date.now().toString(36)}${seq++}`;
const uniquePhone = () => `16${String(Date.now() % 1e8).padStart(8, '0')}${seq++ % 10}`;

describe('/userController', () => {
  const t = useTestApp();

  const roleId = async (org: TestOrg, sign: string) => {
    const roles = ok(await t().call(contract.roles.list, { pageSize: 100 }, { token: org.admin.token }));
    return roles.lists.find((r: any) => r.roleSign === sign)!.id as number;
  };
  const newUser = async (org: TestOrg, extra: Record<string, unknown> = {}) => {
    const body = {
      username: uniqueName(),
      realName: '新同事',
      phone: uniquePhone(),
      password: 'abc12345',
      roleId: await roleId(org, 'seat'),
      deptId: org.deptId,
      ...extra,
    };
    const data = ok(await t().call(contract.users.save, body, { token: org.admin.token }));
    return { id: data.id as number, ...body };
  };

  it('answers code 10 without a session and 403 to a seat without the sign', async () => {
    const org = await t().newOrg();
    await expectNoSession(t(), [
      { path: '/userController/list' },
      { path: '/userController/save' },
      { path: '/userController/update' },
      { path: '/userController/updateStatus' },
      { path: '/userController/changePassword' },
      { path: '/userController/verifySuperAdmin' },
      { path: '/userController/changeSuperAdmin' },
      { path: '/userController/listWithoutSuperAdmin' },
      { path: '/userController/setSalesChampion' },
      { path: '/userController/cancelSalesChampion' },
      { method: 'GET', path: '/userController/getUserList' },
      { path: '/userController/getWorkStatus' },
      { path: '/userController/updateWorkStatus' },
      { path: '/userController/updateUserWorkStatus' },
    ]);
    await expectForbidden(t(), org.seat.token, [
      { path: '/userController/list' },
      { path: '/userController/save' },
      { path: '/userController/update', body: { id: org.seat.userId, realName: 'x' } },
      { path: '/userController/updateStatus', body: { id: org.otherSeat.userId, status: 2 } },
      { path: '/userController/changePassword', body: { id: org.otherSeat.userId, password: 'abc12345' } },
      { path: '/userController/listWithoutSuperAdmin' },
      { path: '/userController/setSalesChampion', body: { id: org.seat.userId } },
      { path: '/userController/cancelSalesChampion', body: { id: org.seat.userId } },
      { path: '/userController/updateUserWorkStatus', body: { userId: org.otherSeat.userId, workStatus: 1 } },
      { path: '/userController/verifySuperAdmin', body: { password: TEST_PASSWORD } },
      { path: '/userController/changeSuperAdmin', body: { userId: org.seat.userId, password: TEST_PASSWORD } },
    ]);
  });

  it('list: paging, filters (keyword, dept with sub-departments, role, status) and data scope', async () => {
    const org = await t().newOrg();
    const all = ok(await t().call(contract.users.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token }));
    expect(all.total).toBe(4);
    expect(all.pageSize).toBe(10);
    expect(all.lists[0].isSuperAdmin).toBe(true);
    const seat = all.lists.find((u: any) => u.id === org.seat.userId);
    expect(seat).toMatchObject({
      username: org.seat.username,
      deptName: '销售一部',
      roleSign: 'seat',
      organizationId: org.orgId,
      status: 1,
    });
    expect(seat!.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const list = async (body: object, token = org.admin.token) =>
      ok(await t().call(contract.users.list, body, { token }))
        .lists.map((u: any) => u.id)
        .sort();
    expect(await list({ keyword: '坐席' })).toEqual([org.seat.userId, org.otherSeat.userId].sort());
    expect(await list({ keyword: org.manager.username })).toEqual([org.manager.userId]);
    expect((await list({ deptId: org.rootDeptId })).length).toBe(4);
    expect(await list({ deptId: org.deptId })).toEqual([org.manager.userId, org.seat.userId].sort());
    expect(await list({ roleId: await roleId(org, 'seat') })).toEqual([org.seat.userId, org.otherSeat.userId].sort());
    expect(await list({ status: 2 })).toEqual([]);
    expect(await list({ keyword: '', deptId: null, status: '' })).toHaveLength(4);
    // a department manager sees the department and below only
    expect(await list({}, org.manager.token)).toEqual([org.manager.userId, org.seat.userId].sort());

    refused(await t().call(contract.users.list, { pageSize: 7 }, { token: org.admin.token }), 400, '每页条数');
    refused(await t().call(contract.users.list, { status: 5 }, { token: org.admin.token }), 400, '状态只能是 1、2');
  });

  it('save: creates a user who can sign in; validates uniqueness, password and references', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const u = await newUser(org, { email: 'a@b.cn', seatNo: '8001' });
    const login = await t().login(u.username, 'abc12345');
    expect(login.userId).toBe(u.id);
    // by phone too
    expect((await t().login(u.phone, 'abc12345')).userId).toBe(u.id);

    const base = { realName: '甲', password: 'abc12345', roleId: await roleId(org, 'seat'), deptId: org.deptId };
    const save = (body: object) => t().callRaw(contract.users.save, body, { token: org.admin.token });
    refused(await save({ ...base, username: u.username }), 409, '登录账号已存在');
    refused(await save({ ...base, username: uniqueName(), phone: u.phone }), 409, '手机号已被其他账号使用');
    refused(await save({ ...base, username: u.phone }), 409, '登录账号已存在');
    refused(await save({ ...base, username: uniqueName(), password: 'short' }), 400, `${PASSWORD_RULE_MSG}`);
    refused(await save({ ...base, username: 'ab' }), 400, '登录账号为 4-32 位');
    refused(await save({ ...base, username: uniqueName(), realName: '' }), 400, '请输入姓名');
    refused(await save({ ...base, username: uniqueName(), phone: '123' }), 400, '请输入正确的 11 位手机号');
    refused(await save({ ...base, username: uniqueName(), roleId: undefined }), 400, '角色');
    // another organisation's role, department or position
    refused(await save({ ...base, username: uniqueName(), roleId: await roleId(other, 'seat') }), 404, '角色不存在');
    refused(await save({ ...base, username: uniqueName(), deptId: other.deptId }), 404, '部门不存在');
    refused(await save({ ...base, username: uniqueName(), positionId: 999999 }), 404, '岗位不存在');
  });

  it('save: a manager may only place users in the own department and give roles within the own rights', async () => {
    const org = await t().newOrg();
    const body = {
      username: uniqueName(),
      realName: '乙',
      password: 'abc12345',
      roleId: await roleId(org, 'seat'),
      deptId: org.otherDeptId,
    };
    refused(await t().call(contract.users.save, body, { token: org.manager.token }), 403, '只能选择本部门及下级部门');
    refused(
      await t().call(
        contract.users.save,
        { ...body, deptId: org.deptId, roleId: await roleId(org, 'super_admin') },
        { token: org.manager.token },
      ),
      403,
      '不能分配超出自身权限的角色',
    );
    ok(await t().call(contract.users.save, { ...body, deptId: org.deptId }, { token: org.manager.token }));
  });

  it('update: edits within the organisation and data scope only', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const u = await newUser(org);
    ok(
      await t().call(
        contract.users.update,
        { id: u.id, realName: '改名了', deptId: org.otherDeptId },
        { token: org.admin.token },
      ),
    );
    const info = ok(await t().call(contract.users.list, { keyword: '改名了' }, { token: org.admin.token }));
    expect(info.lists[0]).toMatchObject({ id: u.id, realName: '改名了', deptId: org.otherDeptId });

    refused(
      await t().call(contract.users.update, { id: other.seat.userId, realName: 'x' }, { token: org.admin.token }),
      404,
      '用户不存在',
    );
    refused(
      await t().call(contract.users.update, { id: org.otherSeat.userId, realName: 'x' }, { token: org.manager.token }),
      404,
    );
    refused(
      await t().call(contract.users.update, { id: u.id, phone: org.seat.username }, { token: org.admin.token }),
      400,
      '',
    );
    refused(await t().callRaw(contract.users.update, { realName: 'x' }, { token: org.admin.token }), 400, '');
  });

  it('updateStatus: disabling signs the user out; the own account and the super admin cannot be disabled', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const u = await newUser(org);
    const session = await t().login(u.username, 'abc12345');
    ok(await t().call(contract.users.updateStatus, { id: u.id, status: 2 }, { token: org.admin.token }));
    refused(await t().call(contract.account.userInfo, undefined, { token: session.token }), 401);
    const login = await t().call(
      contract.account.login,
      { account: u.username, password: 'abc12345' },
      { ip: '10.77.0.1' },
    );
    expect(login.msg).toContain('禁用');
    ok(await t().call(contract.users.updateStatus, { id: u.id, status: 1 }, { token: org.admin.token }));
    await t().login(u.username, 'abc12345');

    refused(
      await t().call(contract.users.updateStatus, { id: org.admin.userId, status: 2 }, { token: org.admin.token }),
      400,
      '不能禁用自己的账号',
    );
    refused(
      await t().call(contract.users.updateStatus, { id: u.id, status: 3 }, { token: org.admin.token }),
      400,
      '状态只能是 1、2',
    );
    refused(
      await t().call(contract.users.updateStatus, { id: other.seat.userId, status: 2 }, { token: org.admin.token }),
      404,
    );

    // an organisation-wide user administrator (not super admin) still cannot disable the super admin
    const role = ok(
      await t().call(
        contract.roles.save,
        { name: `人事${seq++}`, dataScope: 3, functionSigns: ['user:view', 'user:edit'], routes: ['/user'] },
        { token: org.admin.token },
      ),
    );
    const hr = await newUser(org, { roleId: role.id });
    const hrToken = (await t().login(hr.username, 'abc12345')).token;
    refused(
      await t().call(contract.users.updateStatus, { id: org.admin.userId, status: 2 }, { token: hrToken }),
      400,
      '不能禁用超级管理员',
    );
    refused(
      await t().call(contract.users.changePassword, { id: org.admin.userId, password: 'abc12345' }, { token: hrToken }),
      403,
      '超级管理员',
    );
  });

  it('changePassword: the administrator sets a password; the user is signed out and signs in with the new one', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const u = await newUser(org);
    const session = await t().login(u.username, 'abc12345');
    ok(await t().call(contract.users.changePassword, { id: u.id, password: 'newpass99' }, { token: org.admin.token }));
    refused(await t().call(contract.account.userInfo, undefined, { token: session.token }), 401);
    await t().login(u.username, 'newpass99');
    refused(
      await t().call(contract.users.changePassword, { id: u.id, password: '123' }, { token: org.admin.token }),
      400,
      `${PASSWORD_RULE_MSG}`,
    );
    refused(
      await t().call(
        contract.users.changePassword,
        { id: other.seat.userId, password: 'abc12345' },
        { token: org.admin.token },
      ),
      404,
    );
  });

  it('verifySuperAdmin and changeSuperAdmin: transfer by the super admin only, with a password check', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    refused(
      await t().call(contract.users.verifySuperAdmin, { password: 'wrong123' }, { token: org.admin.token }),
      400,
      '密码错误',
    );
    refused(await t().callRaw(contract.users.verifySuperAdmin, {}, { token: org.admin.token }), 400, '请输入密码');
    refused(
      await t().call(contract.users.verifySuperAdmin, { password: TEST_PASSWORD }, { token: org.manager.token }),
      403,
      '无权限访问',
    );
    const v = ok(
      await t().call(contract.users.verifySuperAdmin, { password: TEST_PASSWORD }, { token: org.admin.token }),
    );
    expect(v.verifyToken).toBeTruthy();

    refused(
      await t().call(
        contract.users.changeSuperAdmin,
        { userId: other.seat.userId, verifyToken: v.verifyToken },
        { token: org.admin.token },
      ),
      404,
    );
    refused(
      await t().call(
        contract.users.changeSuperAdmin,
        { userId: org.manager.userId, password: 'wrong123' },
        { token: org.admin.token },
      ),
      400,
      '密码错误',
    );
    refused(
      await t().call(
        contract.users.changeSuperAdmin,
        { userId: org.manager.userId, verifyToken: 'x.y.z' },
        { token: org.admin.token },
      ),
      400,
      '身份验证已失效',
    );
    refused(await t().call(contract.users.changeSuperAdmin, { userId: 'abc' }, { token: org.admin.token }), 400, '');
    refused(
      await t().call(
        contract.users.changeSuperAdmin,
        { userId: org.admin.userId, password: TEST_PASSWORD },
        { token: org.admin.token },
      ),
      400,
      '不能转让给自己',
    );

    const without = ok(await t().call(contract.users.listWithoutSuperAdmin, {}, { token: org.admin.token }));
    expect(without.lists.map((u: any) => u.id)).not.toContain(org.admin.userId);
    expect(without.total).toBe(3);

    ok(
      await t().call(
        contract.users.changeSuperAdmin,
        { userId: org.manager.userId, verifyToken: v.verifyToken },
        { token: org.admin.token },
      ),
    );
    const mgrInfo = ok(await t().call(contract.account.userInfo, undefined, { token: org.manager.token }));
    expect(mgrInfo.isSuperAdmin).toBe(true);
    expect(mgrInfo.routes).toEqual(['1']);
    const adminInfo = ok(await t().call(contract.account.userInfo, undefined, { token: org.admin.token }));
    expect(adminInfo.isSuperAdmin).toBe(false);
    expect(adminInfo.roleSign).toBe('manager');
    refused(
      await t().call(
        contract.users.changeSuperAdmin,
        { userId: org.seat.userId, password: TEST_PASSWORD },
        { token: org.admin.token },
      ),
      403,
    );
  });

  it('setSalesChampion and cancelSalesChampion', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    expect(
      ok(await t().call(contract.users.setSalesChampion, { id: org.seat.userId }, { token: org.admin.token }))
        .isSalesChampion,
    ).toBe(true);
    let list = ok(await t().call(contract.users.list, { keyword: org.seat.username }, { token: org.admin.token }));
    expect(list.lists[0].isSalesChampion).toBe(true);
    ok(await t().call(contract.users.cancelSalesChampion, { id: org.seat.userId }, { token: org.admin.token }));
    list = ok(await t().call(contract.users.list, { keyword: org.seat.username }, { token: org.admin.token }));
    expect(list.lists[0].isSalesChampion).toBe(false);
    refused(
      await t().call(contract.users.setSalesChampion, { id: other.seat.userId }, { token: org.admin.token }),
      404,
    );
    refused(await t().callRaw(contract.users.setSalesChampion, {}, { token: org.admin.token }), 400, '');
  });

  it('getUserList follows the data scope', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const ids = async (token: string, query?: Record<string, unknown>) =>
      ok(await t().call(contract.users.getUserList, query, { token }))
        .map((u: any) => u.id)
        .sort();
    expect(await ids(org.admin.token)).toHaveLength(4);
    expect(await ids(org.manager.token)).toEqual([org.manager.userId, org.seat.userId].sort());
    expect(await ids(org.seat.token)).toEqual([org.seat.userId]);
    expect(await ids(org.admin.token, { deptId: org.otherDeptId })).toEqual([org.otherSeat.userId]);
    expect(await ids(org.admin.token, { deptId: other.deptId })).toEqual([]);
    const one = ok(await t().call(contract.users.getUserList, undefined, { token: org.seat.token }))[0];
    expect(Object.keys(one).sort()).toEqual(['deptId', 'id', 'realName', 'status', 'username']);
    refused(await t().call(contract.users.getUserList, { deptId: 'abc' }, { token: org.admin.token }), 400, '');
  });

  it('work status: read and update for oneself; another user with user:edit', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    ok(await t().call(contract.users.updateWorkStatus, { workStatus: 2 }, { token: org.seat.token }));
    expect(ok(await t().call(contract.users.getWorkStatus, {}, { token: org.seat.token }))).toMatchObject({
      userId: org.seat.userId,
      workStatus: 2,
      workStatusName: '忙碌',
    });
    refused(
      await t().call(contract.users.updateWorkStatus, { workStatus: 9 }, { token: org.seat.token }),
      400,
      '工作状态只能是 1、2、3、4',
    );

    ok(
      await t().call(
        contract.users.updateUserWorkStatus,
        { userId: org.seat.userId, workStatus: 3 },
        { token: org.manager.token },
      ),
    );
    expect(
      ok(await t().call(contract.users.getWorkStatus, { userId: org.seat.userId }, { token: org.manager.token }))
        .workStatus,
    ).toBe(3);
    refused(
      await t().call(
        contract.users.updateUserWorkStatus,
        { userId: org.otherSeat.userId, workStatus: 1 },
        { token: org.manager.token },
      ),
      404,
    );
    refused(
      await t().call(
        contract.users.updateUserWorkStatus,
        { userId: other.seat.userId, workStatus: 1 },
        { token: org.admin.token },
      ),
      404,
    );
    refused(
      await t().call(contract.users.getWorkStatus, { userId: other.seat.userId }, { token: org.admin.token }),
      404,
    );
    refused(
      await t().call(contract.users.getWorkStatus, { userId: org.otherSeat.userId }, { token: org.seat.token }),
      404,
    );
  });
  it("cancelSalesChampion refuses another organisation's user and changes nothing; ids are required", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    ok(await t().call(contract.users.setSalesChampion, { id: other.seat.userId }, { token: other.admin.token }));
    refused(
      await t().call(contract.users.cancelSalesChampion, { id: other.seat.userId }, { token: org.admin.token }),
      404,
    );
    const list = ok(
      await t().call(contract.users.list, { keyword: other.seat.username }, { token: other.admin.token }),
    );
    expect(list.lists[0].isSalesChampion).toBe(true);
    refused(await t().callRaw(contract.users.cancelSalesChampion, {}, { token: org.admin.token }), 400, '用户不正确');
    refused(
      await t().callRaw(contract.users.updateUserWorkStatus, { workStatus: 1 }, { token: org.admin.token }),
      400,
      '用户不正确',
    );
  });
});
