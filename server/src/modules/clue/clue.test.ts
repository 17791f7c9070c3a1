import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, type TestOrg, useTestApp } from '../../test/harness';
import { customRoleUser } from '../../test/org';
import { getUser } from '../org';

const R = '/api/robot';
const A = '/api/analysis';
let phoneSeq = 13000000000 + Math.floor(Math.random() * 9e8);
const phone = () => String(phoneSeq++);

describe('clue: leads and customers', () => {
  const t = useTestApp();
  const add = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await t().call(
      contract.clue.add,
      { name: '张伟', company: '杭州星辰科技有限公司', phone: phone(), ...body },
      { token },
    );
    expect(res.code, res.msg).toBe(1);
    return res.data;
  };
  const list = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await t().call(contract.clue.list, { pageNum: 1, pageSize: 100, ...body }, { token });
    expect(res.code, res.msg).toBe(1);
    return res.data;
  };
  const ok = (res: { code: number; msg: string; data: any }) => {
    expect(res.code, res.msg).toBe(1);
    return res.data;
  };
  /** The built-in seat role: the role of the organisation's seat. */
  const seatRoleId = async (org: TestOrg) => (await getUser(t().database.db, org.orgId, org.seat.userId))!.roleId!;

  it('adds a lead owned by the caller and reads it back with names', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token, { stage: 3, gender: 1, areaCodes: ['44', '4403'], remark: '展会获取' });
    expect(c.ownerId).toBe(org.seat.userId);
    expect(c.ownerName).toBe('坐席甲');
    expect(c.stageName).toBe('已邀约');
    expect(c.areaName).toBe('广东省/深圳市');
    expect(c.importWay).toBe(8);
    const d = await t().call(contract.clue.detail, { clueId: c.id }, { token: org.seat.token });
    expect(d.data.name).toBe('张伟');
    expect(d.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('validates the input with Chinese messages naming the field', async () => {
    const org = await t().newOrg();
    let res = await t().call(contract.clue.add, { name: '李娜' }, { token: org.seat.token });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('请输入手机号');
    res = await t().call(contract.clue.add, { phone: 'abc' }, { token: org.seat.token });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('“abc”不是电话号码：只能有数字，国际号码以 + 开头');
    for (const [typed, msg] of [
      ['1380013800', '手机号“1380013800”应为 11 位数字（现为 10 位）'],
      ['1380013', '手机号“1380013”应为 11 位数字（现为 7 位）'],
      ['88886666', '固定电话“88886666”缺少区号，如 010-12345678'],
    ]) {
      res = await t().call(contract.clue.add, { phone: typed }, { token: org.seat.token });
      expect([res.status, res.msg]).toEqual([400, msg]);
    }
    res = await t().call(contract.clue.add, { phone: phone(), phones: ['400-12'] }, { token: org.seat.token });
    expect([res.status, res.msg]).toEqual([400, '其他电话：400/800 号码“400-12”应为 10 位数字（现为 5 位）']);
    // landlines with area codes, 400/800 and international numbers are stored normalised
    for (const [typed, stored] of [
      ['0571-8888 6666', '057188886666'],
      ['400 800 1234', '4008001234'],
      ['+44 20 7946 0958', '+442079460958'],
    ]) {
      res = await t().call(contract.clue.add, { phone: typed }, { token: org.seat.token });
      expect(res.code, res.msg).toBe(1);
      const got = await t().call(contract.clue.detail, { clueId: res.data.id }, { token: org.admin.token });
      expect(got.data.phone).toBe(stored);
    }
    res = await t().call(contract.clue.add, { phone: phone(), stage: 12 }, { token: org.seat.token });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('客户阶段');
    res = await t().call(contract.clue.add, { phone: phone(), areaCodes: ['99'] }, { token: org.seat.token });
    expect(res.msg).toContain('所在地区不存在');
    res = await t().call(contract.clue.add, { phone: phone(), custom: { cf_99: 'x' } }, { token: org.seat.token });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('自定义字段不存在');
  });

  it('filters by custom fields: select, multi-select, cascade, number range and text', async () => {
    const org = await t().newOrg();
    const field = async (body: Record<string, unknown>) => {
      const res = await t().callRaw(contract.clueField.fields.add, body, { token: org.admin.token });
      expect(res.code, res.msg).toBe(1);
      return res.data.fieldName as string;
    };
    const level = await field({
      fieldLabel: '意向',
      fieldType: 6,
      groupList: [{ fieldLabel: '高' }, { fieldLabel: '中' }, { fieldLabel: '低' }],
    });
    const hobby = await field({
      fieldLabel: '兴趣',
      fieldType: 7,
      groupList: [{ fieldLabel: '编程' }, { fieldLabel: '美术' }, { fieldLabel: '音乐' }],
    });
    const campus = await field({
      fieldLabel: '校区',
      fieldType: 8,
      cascadeData: [
        {
          value: 'hz',
          label: '杭州',
          children: [
            { value: 'xh', label: '西湖校区' },
            { value: 'bj', label: '滨江校区' },
          ],
        },
        // a top-level value that also stands one level down
        { value: 'bj', label: '北京', children: [{ value: 'cy', label: '朝阳校区' }] },
      ],
    });
    const budget = await field({ fieldLabel: '预算', fieldType: 3 });
    const wechat = await field({ fieldLabel: '微信号', fieldType: 1 });
    const a = await add(org.seat.token, {
      name: '甲',
      custom: { [level]: '高', [hobby]: ['编程', '美术'], [campus]: ['hz', 'xh'], [budget]: 5000, [wechat]: 'wx_abc' },
    });
    const b = await add(org.seat.token, {
      name: '乙',
      custom: { [level]: '低', [hobby]: ['音乐'], [campus]: ['hz', 'bj'], [budget]: 100 },
    });
    await add(org.seat.token, { name: '丙' });
    const names = async (fieldName: string, value: unknown) =>
      (await list(org.admin.token, { customFilters: [{ fieldName, value }] })).lists.map((c: any) => c.id).sort();
    expect(await names(level, ['高'])).toEqual([a.id]);
    expect(await names(level, ['高', '低'])).toEqual([a.id, b.id].sort());
    expect(await names(hobby, ['美术', '音乐'])).toEqual([a.id, b.id].sort());
    expect(await names(hobby, ['音乐'])).toEqual([b.id]);
    expect(await names(campus, ['hz'])).toEqual([a.id, b.id].sort());
    expect(await names(campus, ['hz', 'xh'])).toEqual([a.id]);
    expect(await names(campus, ['bj'])).toEqual([]); // 乙's path is 杭州/滨江校区: bj is not where it starts
    expect(await names(level, [])).toHaveLength(3); // nothing chosen: no condition
    expect(await names(budget, [1000, null])).toEqual([a.id]);
    expect(await names(budget, [null, 1000])).toEqual([b.id]);
    expect(await names(wechat, 'ABC')).toEqual([a.id]);
    const res = await t().call(
      contract.clue.list,
      { pageNum: 1, pageSize: 10, customFilters: [{ fieldName: 'cf_404', value: 'x' }] },
      { token: org.admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.msg).toContain('自定义字段不存在');
  });

  it('validates custom field values against their definitions on add and edit', async () => {
    const org = await t().newOrg();
    const f = await t().call(
      contract.clueField.fields.add,
      {
        fieldLabel: '意向课程',
        fieldType: 6,
        isRequired: 1,
        groupList: [{ fieldLabel: '少儿编程' }, { fieldLabel: '英语' }],
      },
      { token: org.admin.token },
    );
    expect(f.code, f.msg).toBe(1);
    const budget = await t().call(
      contract.clueField.fields.add,
      { fieldLabel: '预算', fieldType: 3, rules: { min: 0, max: 100000 } },
      { token: org.admin.token },
    );
    let res = await t().call(contract.clue.add, { phone: phone() }, { token: org.seat.token });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('意向课程不能为空');
    res = await t().call(
      contract.clue.add,
      { phone: phone(), custom: { [f.data.fieldName]: '9' } },
      { token: org.seat.token },
    );
    expect(res.msg).toContain('选项“9”不存在');
    res = await t().call(
      contract.clue.add,
      { phone: phone(), custom: { [f.data.fieldName]: '少儿编程', [budget.data.fieldName]: -1 } },
      { token: org.seat.token },
    );
    expect(res.msg).toContain('不能小于最小值');
    const ok = await add(org.seat.token, { custom: { [f.data.fieldName]: '少儿编程', [budget.data.fieldName]: 5000 } });
    expect(ok.customText[f.data.fieldName]).toBe('少儿编程');
    res = await t().call(
      contract.clue.edit,
      { clueId: ok.id, custom: { [budget.data.fieldName]: 'abc' } },
      { token: org.seat.token },
    );
    expect(res.msg).toContain('预算必须是数字');
    res = await t().call(
      contract.clue.edit,
      { clueId: ok.id, custom: { [budget.data.fieldName]: 8000 } },
      { token: org.seat.token },
    );
    expect(res.data.custom[budget.data.fieldName]).toBe(8000);
    expect(res.data.custom[f.data.fieldName]).toBe('少儿编程');
  });

  it('no session: code 10', async () => {
    for (const [m, p] of [
      ['POST', `${R}/organizationClue/list`],
      ['POST', `${R}/organizationClue/add`],
      ['POST', `${R}/interactive/getCustomerInteractionAllList`],
      ['GET', `${R}/clue/board/getAreaList`],
      ['GET', `${R}/cluePlatformImport/getClueImportWayList`],
      ['POST', `${A}/api/clue/list`],
      ['POST', `${A}/api/clue/getTabDataList`],
    ]) {
      const res = await t().request(m, p, m === 'POST' ? {} : undefined);
      expect(res.code, p).toBe(10);
    }
  });

  it('refuses duplicates by phone (default rule) and names where the lead is', async () => {
    const org = await t().newOrg();
    const p = phone();
    await add(org.seat.token, { phone: p });
    const res = await t().call(contract.clue.add, { phone: p }, { token: org.otherSeat.token });
    expect(res.status).toBe(409);
    expect(res.msg).toContain('手机号重复');
    expect(res.msg).toContain('坐席甲');
    // another organisation may hold the same number
    const other = await t().newOrg();
    await add(other.seat.token, { phone: p });
  });

  it('keeps each role to its data scope: seat own, manager department, admin all, never another org', async () => {
    const org = await t().newOrg();
    const mine = await add(org.seat.token, { name: '王强' });
    const theirs = await add(org.otherSeat.token, { name: '赵敏' });
    const mgr = await add(org.manager.token, { name: '陈经理客户' });
    const ids = (d: any) => d.lists.map((c: any) => c.id);
    expect(ids(await list(org.seat.token))).toEqual([mine.id]);
    expect(ids(await list(org.otherSeat.token))).toEqual([theirs.id]);
    expect(ids(await list(org.manager.token)).sort()).toEqual([mine.id, mgr.id].sort());
    expect((await list(org.admin.token)).total).toBe(3);
    let res: ApiResponse = await t().call(contract.clue.detail, { clueId: theirs.id }, { token: org.seat.token });
    expect(res.status).toBe(404);
    res = await t().call(contract.clue.edit, { clueId: theirs.id, name: 'x' }, { token: org.seat.token });
    expect(res.status).toBe(404);
    res = await t().call(contract.clue.detail, { clueId: theirs.id }, { token: org.manager.token });
    expect(res.status).toBe(404);
    const other = await t().newOrg();
    res = await t().call(contract.clue.detail, { clueId: mine.id }, { token: other.admin.token });
    expect(res.status).toBe(404);
    expect((await list(other.admin.token)).total).toBe(0);
    res = await t().call(contract.clue.seatPage, { pageNum: 1, pageSize: 10 }, { token: org.manager.token });
    expect(ids(res.data)).toEqual([mgr.id]);
    // department filter
    expect(ids(await list(org.admin.token, { deptIds: [org.otherDeptId] }))).toEqual([theirs.id]);
  });

  it('stores, compares and searches phone numbers in one form however they are written', async () => {
    const org = await t().newOrg();
    const a = await add(org.admin.token, {
      phone: '86-138-0013-8016',
      phones: ['０１０－１２３４５６７８', '+86 139 0013 8016'],
    });
    expect(a.phone).toBe('13800138016');
    expect(a.phones).toEqual(['01012345678', '13900138016']);
    const b = await add(org.admin.token, { phone: '+86 138 0013 8017' });
    expect(b.phone).toBe('13800138017');
    // the same number in another form is a duplicate (phone is the default duplicate rule)
    const dup = await t().call(contract.clue.add, { phone: '１３８ ００１３ ８０１６' }, { token: org.admin.token });
    expect(dup.status, dup.msg).toBe(409);
    const edited = ok(
      await t().call(contract.clue.edit, { clueId: b.id, phone: '0086 (138) 0013-8018' }, { token: org.admin.token }),
    );
    expect(edited.phone).toBe('13800138018');
    const ids = async (body: Record<string, unknown>) =>
      (await list(org.admin.token, body)).lists.map((c: any) => c.id);
    expect(await ids({ keyword: '86-138-0013-8016' })).toEqual([a.id]);
    expect(await ids({ keyword: '+86 138 0013 8018' })).toEqual([b.id]);
    expect(await ids({ keyword: '+86 138 0013' })).toHaveLength(2);
    expect(await ids({ phone: '１３８００１３８０１８' })).toEqual([b.id]);
    expect(await ids({ keyword: '010-1234 5678' })).toEqual([a.id]);
  });

  it('searches by phone prefix, name and company and filters by fields and dates', async () => {
    const org = await t().newOrg();
    const a = await add(org.admin.token, {
      name: '欧阳娜娜',
      company: '成都锦江文化传媒有限公司',
      phone: '15912345678',
      stage: 2,
    });
    const b = await add(org.admin.token, {
      name: '张伟',
      company: '杭州西湖贸易有限公司',
      phone: '18600001111',
      stage: 5,
    });
    const ids = async (body: Record<string, unknown>) =>
      (await list(org.admin.token, body)).lists.map((c: any) => c.id);
    expect(await ids({ keyword: '159123' })).toEqual([a.id]);
    expect(await ids({ keyword: '18600001111' })).toEqual([b.id]);
    expect(await ids({ keyword: '娜娜' })).toEqual([a.id]);
    expect(await ids({ keyword: '西湖' })).toEqual([b.id]);
    expect(await ids({ keyword: '张' })).toEqual([b.id]);
    expect(await ids({ stages: [5] })).toEqual([b.id]);
    expect((await ids({ createTime: '今天' })).length).toBe(2);
    expect(await ids({ createTime: '2001-01-01至2001-01-31' })).toEqual([]);
    expect(await ids({ callStatus: [1], duration: { option: 1, level: 1 } })).toHaveLength(2);
    expect(await ids({ sortField: 'id', sortOrder: 'asc' })).toEqual([a.id, b.id]);
    const res = await t().call(contract.clue.list, { pageNum: 1, pageSize: 7 }, { token: org.admin.token });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('每页条数');
    const bad = await t().call(
      contract.clue.list,
      { pageNum: 1, pageSize: 10, createTime: '昨天到今天' },
      { token: org.admin.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('创建时间格式不正确');
  });

  it('edits with a field change log, and refuses fields the role may only read', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token, { name: '刘洋', stage: 1 });
    const res = await t().call(
      contract.clue.edit,
      { clueId: c.id, name: '刘洋洋', stage: 2 },
      { token: org.seat.token },
    );
    expect(res.code, res.msg).toBe(1);
    expect(res.data.name).toBe('刘洋洋');
    const log = await t().call(
      contract.interaction.fieldChangeLog,
      { clueId: c.id, pageNum: 1, pageSize: 10 },
      { token: org.seat.token },
    );
    expect(log.data.total).toBe(1);
    expect(log.data.lists[0].changes).toEqual(
      expect.arrayContaining([
        { fieldName: 'name', fieldLabel: '客户名称', before: '刘洋', after: '刘洋洋' },
        { fieldName: 'stage', fieldLabel: '客户阶段', before: '待跟进', after: '有效' },
      ]),
    );
    const seatRole = await seatRoleId(org);
    const save = await t().call(
      contract.clueField.fieldAccess.save,
      {
        roleId: seatRole,
        items: [
          { fieldName: 'company', access: 1 },
          { fieldName: 'remark', access: 0 },
        ],
      },
      { token: org.admin.token },
    );
    expect(save.code, save.msg).toBe(1);
    const denied = await t().call(contract.clue.edit, { clueId: c.id, company: '新公司' }, { token: org.seat.token });
    expect(denied.status).toBe(403);
    expect(denied.msg).toBe('无权修改字段：公司名称');
    const d = await t().call(contract.clue.detail, { clueId: c.id }, { token: org.seat.token });
    expect(d.data).not.toHaveProperty('remark');
    expect(d.data).toHaveProperty('company');
  });

  it('masks phones for a masked role: the API never sends the full number', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token, { phone: '13912345678' });
    const seatRole = await seatRoleId(org);
    const res = await t().call(
      contract.clueField.mask.save,
      { roleId: seatRole, masked: 1 },
      { token: org.admin.token },
    );
    expect(res.code, res.msg).toBe(1);
    expect(res.data.roles).toEqual([{ roleId: seatRole, masked: 1 }]);
    const l = await list(org.seat.token);
    expect(l.lists[0].phone).toBe('139****5678');
    expect(JSON.stringify(l)).not.toContain('13912345678');
    const half = await t().call(contract.clue.halfMask, { clueId: c.id }, { token: org.seat.token });
    expect(half.data.phone).toBe('139****5678');
    expect((await list(org.admin.token)).lists[0].phone).toBe('13912345678');
    const q = await t().call(contract.clueField.mask.getForAnalysis, undefined, { token: org.seat.token });
    expect(q.data.roles[0].masked).toBe(1);
  });

  it('writes follow-ups and lists the interaction records', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token);
    const ways = await t().call(contract.clueField.dicts.followWay.add, { name: '电话' }, { token: org.admin.token });
    const st = await t().call(
      contract.clueField.dicts.followStatus.add,
      { name: '有意向' },
      { token: org.admin.token },
    );
    const res = await t().call(
      contract.interaction.addFollow,
      {
        clueId: c.id,
        followWayId: ways.data.id,
        followStatusId: st.data.id,
        nextFollowTime: '2030-01-02 10:00:00',
        content: '客户约了下周到店',
      },
      { token: org.seat.token },
    );
    expect(res.code, res.msg).toBe(1);
    expect(res.data.followWayName).toBe('电话');
    const bad = await t().call(
      contract.interaction.addFollow,
      { clueId: c.id, content: '' },
      { token: org.seat.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('请输入跟进内容');
    const otherOrg = await t().newOrg();
    const foreignWay = await t().call(
      contract.clueField.dicts.followWay.add,
      { name: '微信' },
      { token: otherOrg.admin.token },
    );
    const wrong = await t().call(
      contract.interaction.addFollow,
      { clueId: c.id, followWayId: foreignWay.data.id, content: 'x' },
      { token: org.seat.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe('跟进方式不存在');
    const d = await t().call(contract.clue.detail, { clueId: c.id }, { token: org.seat.token });
    expect(d.data.nextFollowTime).toBe('2030-01-02 10:00:00');
    expect(d.data.followStatusName).toBe('有意向');
    expect(d.data.lastFollowTime).toBeTruthy();
    const it1 = await t().call(
      contract.interaction.list,
      { clueId: c.id, pageNum: 1, pageSize: 10 },
      { token: org.seat.token },
    );
    expect(it1.data.lists.map((x: any) => x.type)).toEqual(['follow', 'create']);
    expect(it1.data.lists[0].content).toBe('客户约了下周到店');
    const only = await t().call(
      contract.interaction.list,
      { clueId: c.id, pageNum: 1, pageSize: 10, types: ['create'] },
      { token: org.seat.token },
    );
    expect(only.data.total).toBe(1);
    const foreign = await t().call(
      contract.interaction.list,
      { clueId: c.id, pageNum: 1, pageSize: 10 },
      { token: org.otherSeat.token },
    );
    expect(foreign.status).toBe(404);
    // other modules append to the log
    await t().ctx.services.clue.addInteraction(org.orgId, c.id, {
      type: 'message',
      title: '微信消息',
      content: '你好',
    });
    const it2 = await t().call(
      contract.interaction.list,
      { clueId: c.id, pageNum: 1, pageSize: 10 },
      { token: org.seat.token },
    );
    expect(it2.data.total).toBeGreaterThanOrEqual(3);
  });

  it('deletes to the recycle bin, restores and purges', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token);
    let res = await t().call(contract.clue.delete, { clueIds: [c.id] }, { token: org.seat.token });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('无权限访问');
    res = await t().call(contract.clue.delete, { clueIds: [] }, { token: org.admin.token });
    expect(res.msg).toContain('请选择客户');
    const other = await t().newOrg();
    res = await t().call(contract.clue.delete, { clueIds: [c.id] }, { token: other.admin.token });
    expect(res.status).toBe(404);
    res = await t().call(contract.clue.delete, { clueIds: [c.id] }, { token: org.admin.token });
    expect(res.data.count).toBe(1);
    expect((await list(org.seat.token)).total).toBe(0);
    const bin = await t().call(contract.clue.recycleBin, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(bin.data.lists.map((x: any) => x.id)).toEqual([c.id]);
    expect(bin.data.lists[0].deletedByName).toBe('管理员');
    const binOther = await t().call(
      contract.clue.recycleBin,
      { pageNum: 1, pageSize: 10 },
      { token: org.otherSeat.token },
    );
    expect(binOther.data.total).toBe(0);
    res = await t().call(contract.clue.restore, { clueIds: [c.id] }, { token: org.manager.token });
    expect(res.code, res.msg).toBe(1);
    expect((await list(org.seat.token)).total).toBe(1);
    await t().call(contract.clue.delete, { clueIds: [c.id] }, { token: org.admin.token });
    res = await t().call(contract.clue.purge, { clueIds: [c.id] }, { token: org.admin.token });
    expect(res.data.count).toBe(1);
    res = await t().call(contract.clue.restore, { clueIds: [c.id] }, { token: org.admin.token });
    expect(res.status).toBe(404);
  });

  it('blacklists, locks, turns into a customer and changes the follow-up person', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token);
    const c2 = await add(org.seat.token);
    let res = await t().call(
      contract.clue.setBlacklist,
      { clueIds: [c.id], black: 1, reason: '骚扰电话' },
      { token: org.seat.token },
    );
    expect(res.code, res.msg).toBe(1);
    expect((await list(org.seat.token)).lists.map((x: any) => x.id)).toEqual([c2.id]);
    const black = await t().call(contract.clue.blacklist, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(black.data.lists[0].blacklistReason).toBe('骚扰电话');
    res = await t().call(contract.clue.blacklistRemove, { clueIds: [c.id] }, { token: org.seat.token });
    expect((await list(org.seat.token)).total).toBe(2);
    res = await t().call(contract.clue.blacklistAdd, { clueIds: [c.id] }, { token: org.otherSeat.token });
    expect(res.status).toBe(404);

    res = await t().call(contract.clue.lock, { clueIds: [c.id], lockStatus: 1 }, { token: org.seat.token });
    expect(res.code).toBe(1);
    res = await t().call(contract.clue.delete, { clueIds: [c.id] }, { token: org.admin.token });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('已锁定');
    res = await t().callRaw(contract.clue.lock, { clueIds: [c.id], lockStatus: 3 }, { token: org.seat.token });
    expect(res.status).toBe(400);
    await t().call(contract.clue.lock, { clueIds: [c.id], lockStatus: 0 }, { token: org.seat.token });

    res = await t().call(contract.clue.turnToCustomer, { clueIds: [c.id] }, { token: org.seat.token });
    expect(res.data.count).toBe(1);
    expect((await list(org.seat.token, { type: 2 })).lists.map((x: any) => x.id)).toEqual([c.id]);
    res = await t().call(contract.clue.turnToCustomer, { clueIds: [c.id] }, { token: org.seat.token });
    expect(res.msg).toBe('所选数据已经是客户');

    res = await t().call(
      contract.clue.changeOwner,
      { clueIds: [c2.id], ownerId: org.otherSeat.userId },
      { token: org.seat.token },
    );
    expect(res.status).toBe(403);
    res = await t().call(
      contract.clue.changeOwner,
      { clueIds: [c2.id], ownerId: org.otherSeat.userId },
      { token: org.manager.token },
    );
    expect(res.status).toBe(403);
    res = await t().call(
      contract.clue.changeOwner,
      { clueIds: [c2.id], ownerId: org.manager.userId },
      { token: org.manager.token },
    );
    expect(res.code, res.msg).toBe(1);
    expect((await list(org.seat.token)).lists.map((x: any) => x.id)).toEqual([c.id]);
    const log = await t().call(
      contract.interaction.list,
      { clueId: c2.id, pageNum: 1, pageSize: 10 },
      { token: org.manager.token },
    );
    expect(log.data.lists[0].type).toBe('transfer');
    expect(log.data.lists[0].transferModeName).toBe('变更跟进人');
  });

  it('adds collaborators who then see the lead', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token);
    let res: ApiResponse = await t().call(
      contract.interaction.addCollaborators,
      { clueId: c.id, userIds: [org.otherSeat.userId] },
      { token: org.seat.token },
    );
    expect(res.code, res.msg).toBe(1);
    expect((await list(org.otherSeat.token)).lists.map((x: any) => x.id)).toEqual([c.id]);
    res = await t().call(contract.interaction.collaborators, { clueId: c.id }, { token: org.seat.token });
    expect(res.data[0].userName).toBe('坐席乙');
    res = await t().call(
      contract.interaction.addCollaborators,
      { clueId: c.id, userIds: [org.seat.userId] },
      { token: org.seat.token },
    );
    expect(res.status).toBe(400);
    const other = await t().newOrg();
    res = await t().call(
      contract.interaction.addCollaborators,
      { clueId: c.id, userIds: [other.seat.userId] },
      { token: org.seat.token },
    );
    expect(res.status).toBe(400);
    res = await t().call(
      contract.interaction.removeCollaborators,
      { clueId: c.id, userIds: [org.otherSeat.userId] },
      { token: org.seat.token },
    );
    expect(res.data.collaboratorIds).toEqual([]);
    expect((await list(org.otherSeat.token)).total).toBe(0);
  });

  it('steps to the previous and next lead of the same list', async () => {
    const org = await t().newOrg();
    const a = await add(org.admin.token);
    const b = await add(org.admin.token);
    const c = await add(org.admin.token);
    const res = await t().call(contract.clue.neighbours, { clueId: b.id }, { token: org.admin.token });
    expect(res.data).toEqual({ prevId: c.id, nextId: a.id });
    const asc = await t().call(
      contract.clue.neighbours,
      { clueId: a.id, sortField: 'id', sortOrder: 'asc' },
      { token: org.admin.token },
    );
    expect(asc.data).toEqual({ prevId: null, nextId: b.id });
  });

  it('answers the shared lookups: area tree, import ways, tabs, locations, users', async () => {
    const org = await t().newOrg();
    await add(org.seat.token, { areaCodes: ['33', '3301', '330106'] });
    const area = await t().call(contract.clue.areaList, undefined, { token: org.seat.token });
    expect(area.code).toBe(1);
    expect(area.data.length).toBeGreaterThanOrEqual(31);
    const zj = area.data.find((p: any) => p.text === '浙江省');
    expect(zj!.children!.find((c: any) => c.text === '杭州市')!.children!.some((d: any) => d.text === '西湖区')).toBe(
      true,
    );
    for (const path of [`${R}/cluePlatformImport/getClueImportWayList`, `${A}/api/clue/getClueImportWayList`]) {
      const ways = await t().get(path, { token: org.seat.token });
      expect(ways.data).toHaveLength(16);
      expect(ways.data[0]).toEqual({ importWayId: 1, importWayName: '模板导入' });
    }
    const tabs = await t().call(contract.clue.tabData, {}, { token: org.seat.token });
    expect(tabs.data.find((x: any) => x.tabId === 'all')!.count).toBe(1);
    expect(tabs.data.find((x: any) => x.tabId === 'customer')!.count).toBe(0);
    const loc = await t().call(contract.clue.analysisLocation, undefined, { token: org.seat.token });
    expect(loc.data[0]).toMatchObject({ value: '33', text: '浙江省', count: 1 });
    const loc2 = await t().call(contract.clue.location, undefined, { token: org.otherSeat.token });
    expect(loc2.data).toEqual([]);
    const users = await t().call(contract.clue.users, undefined, { token: org.manager.token });
    expect(users.data.map((u: any) => u.realName).sort()).toEqual(['坐席甲', '经理'].sort());
    const l = await t().call(contract.clue.analysisList, { pageNum: 1, pageSize: 10 }, { token: org.seat.token });
    expect(l.data.total).toBe(1);
    expect(l.data.totalExact).toBe(true);
    const fileName = await t().call(contract.clue.importFileName, undefined, { token: org.admin.token });
    expect(fileName.data.fileName).toBe('线索导入模板.xlsx');
  });
  it("refuses another organisation's lead ids on every call and changes nothing", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const c = await add(org.seat.token, { name: '孙立', stage: 2 });
    const black = await add(org.seat.token, { name: '黑名单客户' });
    const binned = await add(org.seat.token, { name: '回收站客户' });
    expect(
      (await t().call(contract.clue.blacklistAdd, { clueIds: [black.id], reason: '骚扰' }, { token: org.seat.token }))
        .code,
    ).toBe(1);
    expect((await t().call(contract.clue.delete, { clueIds: [binned.id] }, { token: org.admin.token })).code).toBe(1);
    ok(
      await t().call(
        contract.interaction.addCollaborators,
        { clueId: c.id, userIds: [org.otherSeat.userId] },
        { token: org.seat.token },
      ),
    );
    const page = { pageNum: 1, pageSize: 10 };
    const logOf = async () =>
      ok(await t().call(contract.interaction.list, { clueId: c.id, ...page }, { token: org.seat.token })).lists.map(
        (x: any) => [x.type, x.id],
      );
    const logBefore = await logOf();
    const calls: [string, object][] = [
      ['/organizationClue/detail', { clueId: c.id }],
      ['/organizationClue/neighbours', { clueId: c.id }],
      ['/organizationClue/edit', { clueId: c.id, name: '改名' }],
      ['/organizationClue/delete', { clueIds: [c.id] }],
      ['/organizationClue/setClueCustomBlackById', { clueIds: [c.id], black: 1 }],
      ['/organizationClue/lockClue', { clueIds: [c.id], lockStatus: 1 }],
      ['/organizationClue/turnClueToCustomer', { clueIds: [c.id] }],
      ['/organizationClue/changeFollowUser', { clueIds: [c.id], ownerId: other.seat.userId }],
      ['/clueRecycleBin/restore', { clueIds: [binned.id] }],
      ['/clueRecycleBin/delete', { clueIds: [binned.id] }],
      ['/clueReader/add', { clueIds: [c.id] }],
      ['/clueReader/remove', { clueIds: [black.id] }],
      ['/clue/collaborator/list', { clueId: c.id }],
      ['/clue/collaborator/add', { clueId: c.id, userIds: [other.seat.userId] }],
      ['/clue/collaborator/delete', { clueId: c.id, userIds: [org.otherSeat.userId] }],
      ['/interactive/getCustomerInteractionAllList', { clueId: c.id, ...page }],
      ['/interactive/addFollowRecord', { clueId: c.id, content: '别家写的跟进' }],
      ['/interactive/getFieldChangeLog', { clueId: c.id, ...page }],
    ];
    for (const [path, body] of calls) {
      const res = await t().post(`${R}${path}`, body, { token: other.admin.token });
      expect.soft(`${path} ${res.status} ${res.msg}`).toMatch(new RegExp(`^${path} 404 `));
    }
    const half = await t().call(contract.clue.halfMask, { clueId: c.id }, { token: other.admin.token });
    expect(half.status).toBe(404);
    expect(JSON.stringify(half.data ?? null)).not.toContain(c.phone);

    // nothing changed: the lead, its log, collaborators, blacklist and recycle bin are as they were
    const d = ok(await t().call(contract.clue.detail, { clueId: c.id }, { token: org.seat.token }));
    expect(d).toMatchObject({ name: '孙立', type: 1, lockStatus: 0, ownerId: org.seat.userId });
    expect(await logOf()).toEqual(logBefore);
    const collab = ok(await t().call(contract.interaction.collaborators, { clueId: c.id }, { token: org.seat.token }));
    expect(collab.map((x: any) => x.userId)).toEqual([org.otherSeat.userId]);
    const blacklist = ok(await t().call(contract.clue.blacklist, page, { token: org.seat.token }));
    expect(blacklist.lists.map((x: any) => x.id)).toEqual([black.id]);
    const bin = ok(await t().call(contract.clue.recycleBin, page, { token: org.admin.token }));
    expect(bin.lists.map((x: any) => x.id)).toEqual([binned.id]);
    expect((await list(org.seat.token)).lists.map((x: any) => x.id)).toEqual([c.id]);
  });

  it('changeFollowUser refuses an owner of another organisation; nothing moves', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const c = await add(org.seat.token);
    const res = await t().call(
      contract.clue.changeOwner,
      { clueIds: [c.id], ownerId: other.seat.userId },
      { token: org.admin.token },
    );
    expect([400, 403, 404]).toContain(res.status);
    expect(res.msg).toContain('跟进人');
    const d = ok(await t().call(contract.clue.detail, { clueId: c.id }, { token: org.seat.token }));
    expect(d.ownerId).toBe(org.seat.userId);
  });

  it('clueReader/add puts leads on the blacklist with a reason', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token);
    const res = await t().call(
      contract.clue.blacklistAdd,
      { clueIds: [c.id], reason: '空号' },
      { token: org.seat.token },
    );
    expect(res.code, res.msg).toBe(1);
    const black = ok(await t().call(contract.clue.blacklist, { pageNum: 1, pageSize: 10 }, { token: org.seat.token }));
    expect(black.lists.map((x: any) => [x.id, x.blacklistReason])).toEqual([[c.id, '空号']]);
    expect((await list(org.seat.token)).total).toBe(0);
    const seatDenied = await t().call(contract.clue.blacklistAdd, { clueIds: [c.id] }, { token: org.otherSeat.token });
    expect(seatDenied.status).toBe(404);
  });

  it('collaborators added at the same time are all kept, in the table and in the lead (data scope reads the lead)', async () => {
    const org = await t().newOrg();
    const c = await add(org.seat.token);
    const addOne = (userId: number) =>
      t().call(contract.interaction.addCollaborators, { clueId: c.id, userIds: [userId] }, { token: org.admin.token });
    const res = await Promise.all([addOne(org.otherSeat.userId), addOne(org.manager.userId)]);
    expect(res.map((r) => r.code)).toEqual([1, 1]);
    const d = await t().call(contract.clue.detail, { clueId: c.id }, { token: org.admin.token });
    expect([...d.data.collaboratorIds].sort()).toEqual([org.otherSeat.userId, org.manager.userId].sort());
    const seen = await t().call(contract.clue.detail, { clueId: c.id }, { token: org.otherSeat.token });
    expect(seen.code, seen.msg).toBe(1);
  });

  it('list filters are bounded: too many ids or custom filters answer 400', async () => {
    const org = await t().newOrg();
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    let res = await t().call(
      contract.clue.list,
      { pageNum: 1, pageSize: 10, deptIds: many },
      { token: org.admin.token },
    );
    expect(`${res.status} ${res.msg}`).toBe('400 一次最多选择200项');
    const filters = Array.from({ length: 51 }, () => ({ fieldName: 'cf_1', value: 'x' }));
    res = await t().call(
      contract.clue.list,
      { pageNum: 1, pageSize: 10, customFilters: filters },
      { token: org.admin.token },
    );
    expect(`${res.status} ${res.msg}`).toBe('400 自定义字段筛选最多50个');
  });

  it('a custom call-duration range is bounded to 0-7 days: beyond it answers 400, never 500', async () => {
    const org = await t().newOrg();
    const msg = '400 通话时长应在 0-604800 秒之间（最长 7 天）';
    for (const duration of [
      { option: 2, min: 3000000 },
      { option: 2, max: '3000000秒' },
      { option: 2, min: -5 },
      { option: 2, min: 1e300 },
    ]) {
      for (const path of ['/organizationClue/list', '/organizationClue/export']) {
        const res = await t().post(`${R}${path}`, { pageNum: 1, pageSize: 10, duration }, { token: org.admin.token });
        expect(`${path} ${res.status} ${res.msg}`).toBe(`${path} ${msg}`);
      }
    }
    const longest = await t().call(
      contract.clue.list,
      { pageNum: 1, pageSize: 10, duration: { option: 2, min: '0秒', max: 604800 } },
      { token: org.admin.token },
    );
    expect(longest.code, longest.msg).toBe(1);
  });

  it('creating a lead for someone else is an assignment: it takes clue:assign as well as the data scope', async () => {
    const org = await t().newOrg();
    const adder = await customRoleUser(t(), org, { functionSigns: ['clue:view', 'clue:add'], dataScope: 2 });
    const res = await t().call(
      contract.clue.add,
      { name: '李雷', phone: phone(), ownerId: org.seat.userId },
      { token: adder.token },
    );
    expect(`${res.status} ${res.msg}`).toBe('403 无权限把客户分配给其他员工');
    expect((await add(adder.token, { ownerId: adder.userId })).ownerId).toBe(adder.userId);
    // the manager holds clue:assign: within its department it may, outside it not
    expect((await add(org.manager.token, { ownerId: org.seat.userId })).ownerId).toBe(org.seat.userId);
    const outside = await t().call(
      contract.clue.add,
      { name: '韩梅梅', phone: phone(), ownerId: org.otherSeat.userId },
      { token: org.manager.token },
    );
    expect(`${outside.status} ${outside.msg}`).toBe('403 不能把客户分配给数据权限以外的员工');
  });

  it('validation: a missing required field is named in the message', async () => {
    const org = await t().newOrg();
    const cases: [string, object, string][] = [
      [`${R}/organizationClue/detail`, {}, '必须是数字'],
      [`${R}/organizationClue/neighbours`, {}, '必须是数字'],
      [`${R}/organizationClue/edit`, { name: 'x' }, '必须是数字'],
      [`${R}/organizationClue/delete`, {}, '请选择客户'],
      [`${R}/organizationClue/setClueCustomBlackById`, {}, '请选择客户'],
      [`${R}/organizationClue/lockClue`, {}, '请选择客户'],
      [`${R}/organizationClue/lockClue`, { clueIds: [1] }, '只能是0或1'],
      [`${R}/organizationClue/turnClueToCustomer`, {}, '请选择客户'],
      [`${R}/organizationClue/changeFollowUser`, {}, '请选择客户'],
      [`${R}/organizationClue/changeFollowUser`, { clueIds: [1] }, '必须是数字'],
      [`${R}/clueRecycleBin/restore`, {}, '请选择客户'],
      [`${R}/clueRecycleBin/delete`, {}, '请选择客户'],
      [`${R}/clueReader/add`, {}, '请选择客户'],
      [`${R}/clueReader/remove`, {}, '请选择客户'],
      [`${R}/clue/collaborator/list`, {}, '必须是数字'],
      [`${R}/clue/collaborator/add`, { userIds: [1] }, '必须是数字'],
      [`${R}/clue/collaborator/add`, { clueId: 1, userIds: [] }, '请选择协作人'],
      [`${R}/clue/collaborator/delete`, { userIds: [1] }, '必须是数字'],
      [`${R}/interactive/getCustomerInteractionAllList`, {}, '必须是数字'],
      [`${R}/interactive/addFollowRecord`, { content: 'x' }, '必须是数字'],
      [`${R}/interactive/addFollowRecord`, { clueId: 1 }, '请输入跟进内容'],
      [`${R}/interactive/getFieldChangeLog`, {}, '必须是数字'],
      [`${A}/api/clue/queryHalfMaskCode`, {}, '必须是数字'],
    ];
    for (const [path, body, msg] of cases) {
      const res = await t().post(path, body, { token: org.admin.token });
      expect(`${path} ${res.status}`).toBe(`${path} 400`);
      expect(res.msg, path).toContain(msg);
    }
  });

  it('no session: code 10 for every other call', async () => {
    for (const [m, p] of [
      ...[
        'seatCluePage',
        'detail',
        'neighbours',
        'edit',
        'delete',
        'setClueCustomBlackById',
        'lockClue',
        'turnClueToCustomer',
        'changeFollowUser',
        'location',
        'channelSource',
      ].map((c) => ['POST', `${R}/organizationClue/${c}`]),
      ['GET', `${R}/organizationClue/getImportFileName`],
      ...['/clueRecycleBin/list', '/clueRecycleBin/restore', '/clueRecycleBin/delete'].map((c) => ['POST', `${R}${c}`]),
      ...['/clueReader/list', '/clueReader/add', '/clueReader/remove'].map((c) => ['POST', `${R}${c}`]),
      ...['list', 'add', 'delete'].map((c) => ['POST', `${R}/clue/collaborator/${c}`]),
      ['POST', `${R}/interactive/addFollowRecord`],
      ['POST', `${R}/interactive/getFieldChangeLog`],
      ...['getClueLocationListNew', 'getUserList', 'queryHalfMaskCode'].map((c) => ['POST', `${A}/api/clue/${c}`]),
      ['GET', `${A}/api/clue/getClueImportWayList`],
    ]) {
      const res = await t().request(m, p, m === 'POST' ? {} : undefined);
      expect(`${p} ${res.status} ${res.code}`).toBe(`${p} 401 10`);
    }
  });
  it("add and edit refuse another organisation's owner, channel source and follow-up settings; nothing is written", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const foreign = { token: other.admin.token };
    const dict = async (path: string) =>
      (await t().post(path, { name: `别家${path.split('/').at(-2)}` }, foreign)).data.id as number;
    const refs: [string, number][] = [
      ['ownerId', other.seat.userId],
      ['channelSourceId', await dict('/api/backend/channelSourceSet/add')],
      ['followStatusId', await dict(`${R}/clue/followStatus/add`)],
      ['followPhaseId', await dict(`${R}/clue/followPhase/add`)],
      ['lostReasonId', await dict(`${R}/clue/lostReason/add`)],
    ];
    const c = await add(org.admin.token, { name: '原名' });
    for (const [field, id] of refs) {
      const added = await t().call(
        contract.clue.add,
        { phone: phone(), name: '不该写入', [field]: id },
        { token: org.admin.token },
      );
      expect.soft(`add ${field} ${added.code}`).toMatch(/^add \S+ (400|403|404)$/);
      const edited = await t().call(
        contract.clue.edit,
        { clueId: c.id, name: '不该改名', [field]: id },
        { token: org.admin.token },
      );
      expect.soft(`edit ${field} ${edited.code}`).toMatch(/^edit \S+ (400|403|404)$/);
    }
    const all = await list(org.admin.token);
    expect(all.lists.map((x: any) => x.name)).toEqual(['原名']);
  });
});
