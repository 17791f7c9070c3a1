import { contract } from '@crm/core/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOrg, type TestUser, useTestApp } from '../../test/harness';
import { importCsv } from '../../test/importCsv';
import { customRoleUser, ok, refused } from '../../test/org';

const R = '/api/robot';
let phoneSeq = 16200000000 + Math.floor(Math.random() * 8e8);
const phone = () => String(phoneSeq++);

describe('/clue/autoassign: automatic assignment rules', { timeout: 90_000 }, () => {
  const t = useTestApp();
  const post = (path: string, body: unknown, user: TestUser, query?: Record<string, unknown>) =>
    t().post(`${R}/clue/autoassign${path}`, body, { token: user.token, query });
  const save = async (org: TestOrg, body: object) =>
    ok(
      await post(
        '/addAutoAssignRule',
        { name: '规则', mode: 1, members: [{ userId: org.seat.userId }], ...body },
        org.admin,
      ),
    ).id as number;
  const owners = async (org: TestOrg, importRecordId?: number) => {
    const r = await t().ctx.db.execute<{ owner_id: number; receive_type: number }>(
      sql`select owner_id, receive_type from clue where organization_id = ${org.orgId} and deleted_at is null
          ${importRecordId ? sql`and import_record_id = ${importRecordId}` : sql``} order by id`,
    );
    return r.rows;
  };

  it('answers code 10 without a session, 403 to a seat, 404 for another organisation', async () => {
    const org = await t().newOrg();
    for (const p of [
      '/getAutoAssignRuleById?id=1',
      '/editRuleSort',
      '/addAutoAssignRule',
      '/getToAutoAssignUserList',
      '/delAutoAssignRule?id=1',
      '/setAutoAssignRuleStatus',
    ]) {
      const res = await t().post(`${R}/clue/autoassign${p}`, {});
      expect(`${p} ${res.status} ${res.code}`).toBe(`${p} 401 10`);
    }
    for (const p of ['/getAutoAssignRuleList', '/getImportTips'])
      expect((await t().get(`${R}/clue/autoassign${p}`)).code).toBe(10);
    refused(await post('/addAutoAssignRule', { name: 'x', mode: 1, members: [] }, org.seat), 403, '无权限访问');
    const id = await save(org, { name: '全部线索' });
    const other = await t().newOrg();
    refused(await post('/getAutoAssignRuleById', {}, other.admin, { id }), 404, '规则不存在');
    refused(await post('/setAutoAssignRuleStatus', { id, status: 2 }, other.admin), 404);
    refused(await post('/delAutoAssignRule', {}, other.admin, { id }), 404);
    refused(
      await post(
        '/addAutoAssignRule',
        { id, name: '改名', mode: 1, members: [{ userId: other.seat.userId }] },
        other.admin,
      ),
      404,
    );
    expect(ok(await post('/getAutoAssignRuleById', {}, org.admin, { id }))).toMatchObject({
      name: '全部线索',
      status: 1,
    });
  });

  it('create, edit, validate, enable, disable, order and delete', async () => {
    const org = await t().newOrg();
    refused(
      await post('/addAutoAssignRule', { name: '', mode: 1, members: [{ userId: org.seat.userId }] }, org.admin),
      400,
      '请输入规则名称',
    );
    refused(
      await post('/addAutoAssignRule', { name: 'a', mode: 3, members: [{ userId: org.seat.userId }] }, org.admin),
      400,
      '分配方式',
    );
    refused(await post('/addAutoAssignRule', { name: 'a', mode: 1, members: [] }, org.admin), 400, '请选择接收人');
    refused(
      await post(
        '/addAutoAssignRule',
        { name: 'a', mode: 2, members: [{ userId: org.seat.userId, weight: 0 }] },
        org.admin,
      ),
      400,
      '权重不能小于 1',
    );
    const stranger = await t().newOrg();
    refused(
      await post('/addAutoAssignRule', { name: 'a', mode: 1, members: [{ userId: stranger.seat.userId }] }, org.admin),
      400,
      '接收人不存在',
    );
    const a = await save(org, { name: 'A', importWays: [1] });
    const b = await save(org, {
      name: 'B',
      mode: 2,
      members: [
        { userId: org.seat.userId, weight: 3, dailyCap: 10 },
        { userId: org.otherSeat.userId, weight: 1 },
      ],
    });
    ok(
      await post(
        '/addAutoAssignRule',
        { id: a, name: 'A2', importWays: [1, 14], mode: 1, members: [{ userId: org.otherSeat.userId }] },
        org.admin,
      ),
    );
    let list = ok(await t().call(contract.autoAssign.list, undefined, { token: org.admin.token }));
    expect(list.map((r: any) => r.name)).toEqual(['A2', 'B']);
    expect(list[0]).toMatchObject({
      importWayNames: ['模板导入', '公海导入'],
      conditionText: '导入方式：模板导入、公海导入',
    });
    expect(list[1]).toMatchObject({ modeName: '按权重分配', conditionText: '全部新线索' });
    expect(list[1].members[0]).toMatchObject({ realName: expect.any(String), weight: 3, dailyCap: 10, total: 0 });
    ok(await post('/editRuleSort', { ids: [b, a] }, org.admin));
    ok(await post('/setAutoAssignRuleStatus', { id: a, status: 2 }, org.admin));
    list = ok(await t().call(contract.autoAssign.list, undefined, { token: org.admin.token }));
    expect(list.map((r: any) => [r.id, r.statusName])).toEqual([
      [b, '启用'],
      [a, '停用'],
    ]);
    refused(await post('/setAutoAssignRuleStatus', { id: a, status: 5 }, org.admin), 400, '状态只能是');
    ok(await post('/delAutoAssignRule', {}, org.admin, { id: a }));
    expect(ok(await t().call(contract.autoAssign.list, undefined, { token: org.admin.token }))).toHaveLength(1);
    const users = ok(await post('/getToAutoAssignUserList', {}, org.admin));
    expect(users.find((u: any) => u.userId === org.seat.userId)).toMatchObject({ workStatusName: expect.any(String) });
  });

  it('an import: the first enabled matching rule in order takes the rows; getImportTips says which', async () => {
    const org = await t().newOrg();
    const first = await save(org, {
      name: '模板导入给坐席乙',
      importWays: [1],
      members: [{ userId: org.otherSeat.userId }],
    });
    await save(org, { name: '全部给坐席甲', members: [{ userId: org.seat.userId }] });
    const tips = ok(await t().call(contract.autoAssign.importTips, { importWay: 1 }, { token: org.admin.token }));
    expect(tips).toMatchObject({ ruleId: first, ruleName: '模板导入给坐席乙' });
    expect(tips.tip).toContain('模板导入给坐席乙');
    const rec = await importCsv(t(), org.admin.token, `姓名,电话\n冯涛,${phone()}\n何丽,${phone()}\n`, {
      autoAssign: true,
    });
    expect(rec).toMatchObject({ status: 2, imported: 2 });
    expect(await owners(org, rec.recordId)).toEqual([
      { owner_id: org.otherSeat.userId, receive_type: 4 },
      { owner_id: org.otherSeat.userId, receive_type: 4 },
    ]);
    // the order decides: the catch-all rule first now
    const list = ok(await t().call(contract.autoAssign.list, undefined, { token: org.admin.token }));
    ok(await post('/editRuleSort', { ids: [list[1].id, list[0].id] }, org.admin));
    const rec2 = await importCsv(t(), org.admin.token, `姓名,电话\n唐敏,${phone()}\n`, { autoAssign: true });
    expect((await owners(org, rec2.recordId))[0].owner_id).toBe(org.seat.userId);
    // the move is recorded as 新线索自动分配 / 自动分配
    const monitor = ok(
      await t().call(
        contract.leadLog.clueMonitorPageList,
        { action: 'auto', pageNum: 1, pageSize: 10 },
        { token: org.admin.token },
      ),
    );
    expect(monitor.total).toBe(3);
    expect(monitor.lists[0]).toMatchObject({
      receiveTypeName: '新线索自动分配',
      transferModeName: '自动分配',
      operatorName: '系统',
    });
    // without autoAssign the import's owner stays the chosen one
    const rec3 = await importCsv(t(), org.admin.token, `姓名,电话\n韩雪,${phone()}\n`, { ownerId: org.manager.userId });
    expect((await owners(org, rec3.recordId))[0].owner_id).toBe(org.manager.userId);
  });

  it('manual creation by a manager follows the rules; a seat keeps its own lead; off-work users are skipped', async () => {
    const org = await t().newOrg();
    await save(org, {
      name: '手动创建轮流',
      importWays: [8],
      skipOffWork: 1,
      members: [{ userId: org.seat.userId }, { userId: org.otherSeat.userId }],
    });
    // the other seat is off work (离线 by default), the seat is at work
    ok(await t().call(contract.users.updateWorkStatus, { workStatus: 1 }, { token: org.seat.token }));
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(ok(await t().call(contract.clue.add, { name: '新客户', phone: phone() }, { token: org.admin.token })));
    expect(made.map((c) => c.ownerId)).toEqual([org.seat.userId, org.seat.userId, org.seat.userId]);
    expect(made[0].receiveTypeName).toBe('新线索自动分配');
    ok(await t().call(contract.users.updateWorkStatus, { workStatus: 1 }, { token: org.otherSeat.token }));
    const next = ok(await t().call(contract.clue.add, { name: '新客户', phone: phone() }, { token: org.admin.token }));
    expect(next.ownerId).toBe(org.otherSeat.userId);
    const own = ok(await t().call(contract.clue.add, { name: '自建客户', phone: phone() }, { token: org.seat.token }));
    expect(own.ownerId).toBe(org.seat.userId);
    // an owner chosen by hand wins over the rules
    const chosen = ok(
      await t().call(
        contract.clue.add,
        { name: '指定', phone: phone(), ownerId: org.manager.userId },
        { token: org.admin.token },
      ),
    );
    expect(chosen.ownerId).toBe(org.manager.userId);
  });

  it('weighted rule with daily caps over parallel creations: shares follow the weights, caps hold', async () => {
    const org = await t().newOrg();
    const extra = await customRoleUser(t(), org, { functionSigns: ['clue:view'], dataScope: 1 });
    await save(org, {
      name: '按权重',
      mode: 2,
      members: [
        { userId: org.seat.userId, weight: 3 },
        { userId: org.otherSeat.userId, weight: 1 },
        { userId: extra.userId, weight: 4, dailyCap: 2 },
      ],
    });
    await Promise.all(
      Array.from({ length: 18 }, () =>
        t().call(contract.clue.add, { name: '并发', phone: phone() }, { token: org.admin.token }),
      ),
    );
    const counts = new Map<number, number>();
    for (const r of await owners(org)) counts.set(r.owner_id, (counts.get(r.owner_id) ?? 0) + 1);
    expect(counts.get(extra.userId)).toBe(2);
    expect(counts.get(org.seat.userId)).toBe(12);
    expect(counts.get(org.otherSeat.userId)).toBe(4);
  });
  it('region and custom-field conditions: checked on save, shown by their names', async () => {
    const org = await t().newOrg();
    const field = ok(
      await t().call(
        contract.clueField.fields.add,
        {
          fieldLabel: '客户等级',
          fieldType: 6,
          groupList: [
            { fieldValue: '1', fieldLabel: 'A级' },
            { fieldValue: '2', fieldLabel: 'B级' },
          ],
        },
        { token: org.admin.token },
      ),
    );
    refused(
      await post(
        '/addAutoAssignRule',
        { name: 'x', mode: 1, areaCodes: ['99'], members: [{ userId: org.seat.userId }] },
        org.admin,
      ),
      400,
      '地区不存在：99',
    );
    refused(
      await post(
        '/addAutoAssignRule',
        {
          name: 'x',
          mode: 1,
          customConditions: [{ fieldName: 'nope', values: ['A'] }],
          members: [{ userId: org.seat.userId }],
        },
        org.admin,
      ),
      400,
      '自定义字段不存在：nope',
    );
    const id = await save(org, {
      name: '广东A级',
      areaCodes: ['44', '1101'],
      customConditions: [{ fieldName: field.fieldName, values: ['1'] }],
    });
    const rule = ok(await post('/getAutoAssignRuleById', {}, org.admin, { id }));
    expect(rule).toMatchObject({
      areaCodes: ['44', '1101'],
      customConditions: [{ fieldName: field.fieldName, values: ['1'] }],
      conditionText: '地区：广东省、北京市；客户等级：A级',
    });
  });
});
