import { contract } from '@crm/core/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { B, expectForbidden, expectNoSession, ok, refused } from '../../test/org';

describe('/operationLog', () => {
  const t = useTestApp();

  it('answers code 10 without a session and 403 without log:view', async () => {
    const org = await t().newOrg();
    await expectNoSession(t(), [{ path: '/operationLog/list' }, { path: '/operationLog/export' }]);
    await expectForbidden(t(), org.seat.token, [{ path: '/operationLog/list' }, { path: '/operationLog/export' }]);
  });

  it('writes through audited routes appear with who, what and when; filters; other organisations are not seen', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    ok(await t().call(contract.positions.save, { name: '审计岗位' }, { token: org.admin.token }));
    ok(
      await t().call(
        contract.users.changePassword,
        { id: org.seat.userId, password: 'abc12345' },
        { token: org.admin.token },
      ),
    );
    ok(await t().call(contract.users.updateWorkStatus, { workStatus: 1 }, { token: org.manager.token }));
    ok(await t().call(contract.positions.save, { name: '别家岗位' }, { token: other.admin.token }));

    const all = ok(
      await t().call(contract.operationLog.list, { pageNum: 1, pageSize: 10 }, { token: org.admin.token }),
    );
    const actions = all.lists.map((l: any) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['新增岗位', '修改用户密码', '修改工作状态']));
    expect(all.lists.some((l: any) => l.detail?.body?.name === '别家岗位')).toBe(false);
    const pwd = all.lists.find((l: any) => l.action === '修改用户密码');
    expect(pwd).toMatchObject({
      userId: org.admin.userId,
      username: org.admin.username,
      realName: '管理员',
      path: '/api/backend/userController/changePassword',
      pathName: contract.users.changePassword.summary,
    });
    // every row says what was done in Chinese (the contract's summary), never a bare path
    for (const l of all.lists) expect(l.pathName).toMatch(/^[^/]*[\u4e00-\u9fa5]/);
    expect(pwd!.detail).toMatchObject({ body: { password: '******' } });
    expect(pwd!.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const byUser = ok(
      await t().call(contract.operationLog.list, { userId: org.manager.userId }, { token: org.admin.token }),
    );
    expect(byUser.lists.every((l: any) => l.userId === org.manager.userId)).toBe(true);
    expect(byUser.total).toBeGreaterThan(0);
    expect(
      ok(await t().call(contract.operationLog.list, { keyword: '岗位' }, { token: org.admin.token })).lists.map(
        (l: any) => l.action,
      ),
    ).toEqual(['新增岗位']);
    expect(
      ok(
        await t().call(
          contract.operationLog.list,
          { startTime: '2000-01-01 00:00:00', endTime: '2000-12-31 23:59:59' },
          { token: org.admin.token },
        ),
      ).total,
    ).toBe(0);
    expect(
      ok(await t().call(contract.operationLog.list, { startTime: '2000-01-01 00:00:00' }, { token: org.admin.token }))
        .total,
    ).toBe(all.total);
    // the manager holds log:view too; it is an organisation-wide log
    expect(ok(await t().call(contract.operationLog.list, {}, { token: org.manager.token })).total).toBe(all.total);

    refused(
      await t().call(contract.operationLog.list, { startTime: '2024-13-01 00:00:00' }, { token: org.admin.token }),
      400,
      '时间格式应为 YYYY-MM-DD HH:mm:ss',
    );
    refused(
      await t().call(
        contract.operationLog.list,
        { startTime: '2024-02-01 00:00:00', endTime: '2024-01-01 00:00:00' },
        { token: org.admin.token },
      ),
      400,
      '结束时间不能早于开始时间',
    );
    refused(await t().call(contract.operationLog.list, { userId: 'x' }, { token: org.admin.token }), 400, '');
  });

  it('export returns an .xlsx of the filtered rows', async () => {
    const org = await t().newOrg();
    for (const name of ['岗位甲', '岗位乙', '岗位丙'])
      ok(await t().call(contract.positions.save, { name }, { token: org.admin.token }));
    ok(await t().call(contract.users.updateWorkStatus, { workStatus: 2 }, { token: org.seat.token }));
    const res = await t().built.app.inject({
      method: 'POST',
      url: `${B}/operationLog/export`,
      payload: { keyword: '新增岗位' },
      headers: { authorization: org.admin.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('操作日志_'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const sheet = wb.getWorksheet('操作日志')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('操作时间');
    const rows = sheet.getSheetValues().slice(2).filter(Boolean) as any[];
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r[4] === '新增岗位' && r[2] === org.admin.username)).toBe(true);
    expect(rows.map((r) => JSON.parse(r[8]).body.name).sort()).toEqual(['岗位丙', '岗位乙', '岗位甲'].sort());

    // the export itself is logged
    const logged = ok(await t().call(contract.operationLog.list, { keyword: '导出' }, { token: org.admin.token }));
    expect(logged.lists[0].action).toBe('导出操作日志');
    refused(await t().call(contract.operationLog.export, { endTime: 'x' }, { token: org.admin.token }), 400, '');
  });
});
