import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, useTestApp } from '../../test/harness';

const R = '/api/robot';
const B = '/api/backend';
const A = '/api/analysis';

describe('clueField: business field settings', () => {
  const t = useTestApp();

  it('adds, lists, updates, sorts and deletes custom fields of every kind', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const kinds = [
      { fieldLabel: '微信号', fieldType: 1 },
      { fieldLabel: '需求描述', fieldType: 2 },
      { fieldLabel: '预算', fieldType: 3, rules: { min: 0 } },
      { fieldLabel: '到访日期', fieldType: 4 },
      { fieldLabel: '预约时间', fieldType: 5 },
      { fieldLabel: '意向', fieldType: 6, groupList: [{ fieldLabel: '高' }, { fieldLabel: '低' }] },
      { fieldLabel: '兴趣', fieldType: 7, groupList: [{ fieldLabel: '编程' }, { fieldLabel: '美术' }] },
      {
        fieldLabel: '校区',
        fieldType: 8,
        cascadeData: [{ value: 'hz', label: '杭州', children: [{ value: 'xh', label: '西湖校区' }] }],
      },
      { fieldLabel: '备用手机', fieldType: 9 },
      { fieldLabel: '邮箱', fieldType: 10, fieldTopic: '联系方式' },
    ];
    const ids: number[] = [];
    for (const k of kinds) {
      const res = await t().call(contract.clueField.fields.add, k, tok);
      expect(res.code, res.msg).toBe(1);
      expect(res.data.fieldName).toMatch(/^cf_\d+$/);
      ids.push(res.data.id!);
    }
    const list = await t().call(contract.clueField.fields.list, undefined, tok);
    expect(list.data.filter((f: any) => f.isCustom === 1)).toHaveLength(10);
    expect(list.data.find((f: any) => f.fieldName === 'phone')!.isRequired).toBe(1);
    const v2 = await t().call(contract.clueField.fields.topics, undefined, tok);
    expect(v2.data.map((g: any) => g.groupName)).toEqual(['基本信息', '联系方式']);
    const dup = await t().call(contract.clueField.fields.add, { fieldLabel: '预算', fieldType: 1 }, tok);
    expect(dup.status).toBe(409);
    let res: ApiResponse = await t().call(
      contract.clueField.fields.update,
      { id: ids[0], fieldLabel: '微信', isRequired: 1 },
      tok,
    );
    expect(res.data.fieldLabel).toBe('微信');
    res = await t().call(contract.clueField.fields.update, { id: ids[0], fieldType: 3 }, tok);
    expect(res.msg).toBe('字段类型创建后不能修改');
    res = await t().call(contract.clueField.fields.sort, { ids: [...ids].reverse() }, tok);
    expect(res.code).toBe(1);
    const sorted = await t().call(contract.clueField.fields.list, undefined, tok);
    expect(sorted.data.filter((f: any) => f.isCustom === 1)[0].id).toBe(ids[9]);
    res = await t().call(contract.clueField.fields.delete, { id: ids[1] }, tok);
    expect(res.code).toBe(1);
    res = await t().call(contract.clueField.fields.setNextFollowTimeField, { enabled: true }, tok);
    expect(res.code).toBe(1);
    const withNext = await t().call(contract.clueField.fields.list, undefined, tok);
    expect(
      withNext.data.some((f: any) => f.fieldName === 'nextFollowTime' && f.fieldType === 5 && f.isRequired === 0),
    ).toBe(true);
  });

  it('validates field definitions and permissions', async () => {
    const org = await t().newOrg();
    let res: ApiResponse = await t().call(
      contract.clueField.fields.add,
      { fieldLabel: '', fieldType: 1 },
      { token: org.admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.msg).toContain('请输入字段名称');
    res = await t().call(
      contract.clueField.fields.add,
      { fieldLabel: '意向', fieldType: 6 },
      { token: org.admin.token },
    );
    expect(res.msg).toContain('选项字段至少需要一个选项');
    res = await t().call(contract.clueField.fields.add, { fieldLabel: 'x', fieldType: 99 }, { token: org.admin.token });
    expect(res.msg).toContain('字段类型不存在');
    res = await t().call(
      contract.clueField.fields.add,
      { fieldLabel: '意向', fieldType: 1 },
      { token: org.seat.token },
    );
    expect(res.status).toBe(403);
    res = await t().call(contract.clueField.fields.list);
    expect(res.code).toBe(10);
    const own = await t().call(
      contract.clueField.fields.add,
      { fieldLabel: '微信号', fieldType: 1 },
      { token: org.admin.token },
    );
    const other = await t().newOrg();
    res = await t().call(
      contract.clueField.fields.update,
      { id: own.data.id, fieldLabel: '改' },
      { token: other.admin.token },
    );
    expect(res.status).toBe(404);
    res = await t().call(contract.clueField.fields.delete, { id: own.data.id }, { token: other.admin.token });
    expect(res.status).toBe(404);
    res = await t().call(contract.clueField.fieldAccess.get, { roleId: 999999 }, { token: org.admin.token });
    expect(res.status).toBe(404);
  });

  it('keeps order and product fields apart (queryOrderOrganizationField)', async () => {
    const org = await t().newOrg();
    await t().call(
      contract.clueField.orderFields.add,
      { type: 1, fieldLabel: '合同编号', fieldType: 1 },
      { token: org.admin.token },
    );
    await t().call(
      contract.clueField.orderFields.add,
      { type: 3, fieldLabel: '规格', fieldType: 1 },
      { token: org.admin.token },
    );
    const o = await t().call(contract.clueField.orderFields.list, { type: 1 }, { token: org.seat.token });
    expect(o.data.lists.map((f: any) => f.fieldLabel)).toEqual(['合同编号']);
    const p = await t().call(contract.clueField.orderFields.list, { type: 3 }, { token: org.seat.token });
    expect(p.data.lists.map((f: any) => f.fieldLabel)).toEqual(['规格']);
    const bad = await t().callRaw(contract.clueField.orderFields.list, { type: 2 }, { token: org.seat.token });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('只能是1（订单）或3（产品）');
    const clueFields = await t().call(contract.clueField.fields.list, undefined, { token: org.admin.token });
    expect(clueFields.data.some((f: any) => f.fieldLabel === '合同编号')).toBe(false);
  });

  it('manages follow-up ways, statuses, phases, lost-order reasons and channel sources', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    for (const [prefix, base, name] of [
      ['/clue/followWay', R, '电话'],
      ['/clue/followStatus', R, '跟进中'],
      ['/clue/followPhase', R, '需求确认'],
      ['/clue/lostReason', R, '价格太高'],
      ['/channelSourceSet', B, '抖音广告'],
    ]) {
      const a = await t().post(`${base}${prefix}/add`, { name }, tok);
      expect(a.code, `${prefix} ${a.msg}`).toBe(1);
      const b = await t().post(`${base}${prefix}/add`, { name: `${name}2` }, tok);
      const dup = await t().post(`${base}${prefix}/add`, { name }, tok);
      expect(dup.status).toBe(409);
      const empty = await t().post(`${base}${prefix}/add`, { name: '' }, tok);
      expect(empty.status).toBe(400);
      expect(empty.msg).toContain('请输入名称');
      await t().post(`${base}${prefix}/update`, { id: a.data.id, status: 2 }, tok);
      await t().post(`${base}${prefix}/sort`, { ids: [b.data.id, a.data.id] }, tok);
      const l = await t().post(`${base}${prefix}/list`, {}, { token: org.seat.token });
      expect(l.data.map((x: any) => x.name)).toEqual([`${name}2`, name]);
      expect(l.data[1].status).toBe(2);
      const other = await t().newOrg();
      const foreign = await t().post(`${base}${prefix}/delete`, { id: a.data.id }, { token: other.admin.token });
      expect(foreign.status).toBe(404);
      const seat = await t().post(`${base}${prefix}/add`, { name: '坐席加' }, { token: org.seat.token });
      expect(seat.status).toBe(403);
      await t().post(`${base}${prefix}/delete`, { id: b.data.id }, tok);
    }
    const ch = await t().call(contract.clueField.enabledDicts.channelSource, undefined, { token: org.seat.token });
    expect(ch.data).toEqual([]); // the only one left is disabled
    const lost = await t().call(contract.clueField.enabledDicts.lostReason, undefined, { token: org.seat.token });
    expect(lost.data).toEqual([]);
    const ch2 = await t().call(contract.clue.channelSource, undefined, { token: org.seat.token });
    expect(ch2.code).toBe(1);
  });

  it('manages tag groups and tags (tagGroupAndTag on both bases)', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const g = await t().call(contract.clueField.tagGroups.add, { name: '意向程度', chooseType: 1 }, tok);
    expect(g.code, g.msg).toBe(1);
    const tg = await t().call(contract.clueField.tags.add, { groupId: g.data.id, name: '高意向' }, tok);
    await t().call(contract.clueField.tags.add, { groupId: g.data.id, name: '低意向' }, tok);
    const dup = await t().call(contract.clueField.tags.add, { groupId: g.data.id, name: '高意向' }, tok);
    expect(dup.status).toBe(409);
    const other = await t().newOrg();
    const foreign = await t().call(
      contract.clueField.tags.add,
      { groupId: g.data.id, name: 'x' },
      { token: other.admin.token },
    );
    expect(foreign.status).toBe(404);
    await t().call(contract.clueField.tags.update, { id: tg.data.id, name: '强意向' }, tok);
    for (const res of [
      await t().call(contract.clueField.tagGroups.withTags, undefined, { token: org.seat.token }),
      await t().call(contract.clueField.tagGroups.withTagsPost, undefined, { token: org.seat.token }),
      await t().call(contract.clueField.tagGroups.list, undefined, { token: org.seat.token }),
    ]) {
      expect(res.data[0].groupName).toBe('意向程度');
      expect(res.data[0].tagList.map((x: any) => x.tagName)).toEqual(['强意向', '低意向']);
    }
    const tags = await t().call(contract.clueField.tags.list, { groupId: g.data.id }, { token: org.seat.token });
    expect(tags.data).toHaveLength(2);
    // a lead may carry the tag, not another organisation's
    const ok = await t().call(
      contract.clue.add,
      { phone: '13700000001', tagIds: [tg.data.id] },
      { token: org.seat.token },
    );
    expect(ok.data.tagNames).toEqual(['强意向']);
    const bad = await t().call(
      contract.clue.add,
      { phone: '13700000002', tagIds: [tg.data.id] },
      { token: other.seat.token },
    );
    expect(bad.msg).toBe('标签不存在');
    await t().call(contract.clueField.tags.delete, { id: tg.data.id }, tok);
    const del = await t().call(contract.clueField.tagGroups.delete, { id: g.data.id }, tok);
    expect(del.code).toBe(1);
    expect((await t().call(contract.clueField.tags.list, {}, tok)).data).toEqual([]);
  });

  it('applies duplicate rules (clueFieldRepeat)', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    let res: ApiResponse = await t().call(contract.clueField.repeatRules.get, undefined, tok);
    expect(res.data).toEqual([]);
    res = await t().call(
      contract.clueField.repeatRules.save,
      { rules: [{ fieldNames: ['name', 'company'], enabled: 1 }] },
      tok,
    );
    expect(res.data[0].fieldNames).toEqual(['name', 'company']);
    res = await t().call(contract.clueField.repeatRules.save, { rules: [{ fieldNames: ['nope'], enabled: 1 }] }, tok);
    expect(res.status).toBe(400);
    expect(res.msg).toContain('查重字段不支持');
    await t().call(contract.clue.add, { phone: '13600000001', name: '周杰', company: '星辰' }, tok);
    // same phone no longer a duplicate, same name+company is
    res = await t().call(contract.clue.add, { phone: '13600000001', name: '周杰', company: '别家' }, tok);
    expect(res.code, res.msg).toBe(1);
    res = await t().call(contract.clue.add, { phone: '13600000003', name: '周杰', company: '星辰' }, tok);
    expect(res.status).toBe(409);
    expect(res.msg).toContain('客户名称+公司名称重复');
    res = await t().call(contract.clueField.repeatRules.save, { rules: [] }, { token: org.seat.token });
    expect(res.status).toBe(403);
  });

  it('deleting a field: its key is never given to a new field, and duplicate rules drop it', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const old = await t().call(contract.clueField.fields.add, { fieldLabel: '旧预算', fieldType: 1 }, tok);
    const key = old.data.fieldName;
    const lead = await t().call(contract.clue.add, { phone: '13600000011', custom: { [key]: '五万' } }, tok);
    expect(lead.code, lead.msg).toBe(1);
    let res = await t().call(
      contract.clueField.repeatRules.save,
      {
        rules: [
          { fieldNames: [key], enabled: 1 },
          { fieldNames: ['name', key], enabled: 1 },
        ],
      },
      tok,
    );
    expect(res.code, res.msg).toBe(1);
    expect((await t().call(contract.clueField.fields.delete, { id: old.data.id }, tok)).code).toBe(1);
    res = await t().call(contract.clueField.repeatRules.get, undefined, tok);
    expect(res.data.map((r: any) => r.fieldNames)).toEqual([['name']]);
    const fresh = await t().call(contract.clueField.fields.add, { fieldLabel: '新备注', fieldType: 1 }, tok);
    expect(fresh.data.fieldName).not.toBe(key);
    const d = await t().call(contract.clue.detail, { clueId: lead.data.id }, tok);
    expect(JSON.stringify(d.data)).not.toContain('五万');
  });

  it("stores each user's columns (userCustomField and the analysis variants)", async () => {
    const org = await t().newOrg();
    const tok = { token: org.seat.token };
    const def = await t().call(contract.clueField.columns.byType, { type: 1 }, tok);
    expect(
      def.data
        .filter((c: any) => c.isChecked)
        .map((c: any) => c.fieldName)
        .slice(0, 3),
    ).toEqual(['name', 'phone', 'company']);
    let res: ApiResponse = await t().call(
      contract.clueField.columns.set,
      { type: 1, columns: [{ fieldName: 'company' }, { fieldName: 'name', width: 120 }] },
      tok,
    );
    expect(res.code, res.msg).toBe(1);
    res = await t().call(contract.clueField.columns.byTypeApi, { type: 1 }, tok);
    expect(res.data.filter((c: any) => c.isChecked).map((c: any) => c.fieldName)).toEqual(['company', 'name']);
    res = await t().call(contract.clueField.columns.list, { type: 1 }, { token: org.otherSeat.token });
    expect(res.data.filter((c: any) => c.isChecked)[0].fieldName).toBe('name');
    res = await t().call(contract.clueField.columns.save, { type: 1, columns: [{ fieldName: 'bogus' }] }, tok);
    expect(res.status).toBe(400);
    expect(res.msg).toContain('字段不存在');
    res = await t().call(contract.clueField.columns.setDefault, { type: 1 }, tok);
    expect(res.data.filter((c: any) => c.isChecked)[0].fieldName).toBe('name');
    res = await t().call(contract.clueField.columns.reset, { type: 1 }, tok);
    expect(res.code).toBe(1);
    res = await t().call(contract.clueField.columns.byType, { type: 1 });
    expect(res.code).toBe(10);
  });

  it('stores the columns of the call-analysis list (type 10) among its own columns, not lead fields', async () => {
    const org = await t().newOrg();
    const tok = { token: org.seat.token };
    const checked = (r: any) => r.data.filter((c: any) => c.isChecked).map((c: any) => c.fieldName);
    let res: ApiResponse = await t().call(contract.clueField.columns.byType, { type: 10 }, tok);
    expect(checked(res).slice(0, 3)).toEqual(['callTime', 'durationText', 'ownerName']);
    expect(res.data.find((c: any) => c.fieldName === 'summary')!.fieldLabel).toBe('通话小结');
    expect(res.data.some((c: any) => c.fieldName === 'company')).toBe(false);
    res = await t().call(
      contract.clueField.columns.set,
      { type: 10, columns: [{ fieldName: 'intention' }, { fieldName: 'summary' }] },
      tok,
    );
    expect(res.code, res.msg).toBe(1);
    res = await t().call(contract.clueField.columns.byType, { type: 10 }, tok);
    expect(checked(res)).toEqual(['intention', 'summary']);
    res = await t().call(contract.clueField.columns.set, { type: 10, columns: [{ fieldName: 'company' }] }, tok);
    expect(res.status).toBe(400);
    expect(res.msg).toContain('字段不存在：company');
    // the lead list of the same user is untouched
    res = await t().call(contract.clueField.columns.byType, { type: 1 }, tok);
    expect(checked(res)[0]).toBe('name');
  });
  const roleId = async (token: string, sign: string) => {
    const res = await t().call(contract.roles.list, { pageSize: 100 }, { token });
    return res.data.lists.find((r: any) => r.roleSign === sign)!.id as number;
  };

  it("renames a tag group; refuses another organisation's tag groups and tags and changes nothing", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const tok = { token: org.admin.token };
    const g = await t().call(contract.clueField.tagGroups.add, { name: '来源', chooseType: 2 }, tok);
    const tg = await t().call(contract.clueField.tags.add, { groupId: g.data.id, name: '展会' }, tok);
    const res = await t().call(
      contract.clueField.tagGroups.update,
      { id: g.data.id, name: '客户来源', color: '#f00' },
      tok,
    );
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toMatchObject({ id: g.data.id, name: '客户来源', color: '#f00', chooseType: 2 });
    const dup = await t().call(contract.clueField.tagGroups.add, { name: '意向' }, tok);
    const clash = await t().call(contract.clueField.tagGroups.update, { id: dup.data.id, name: '客户来源' }, tok);
    expect(clash.status).toBe(409);

    const foreign = { token: other.admin.token };
    for (const [path, body] of [
      ['/clue/tagGroup/update', { id: g.data.id, name: '改' }],
      ['/clue/tagGroup/delete', { id: g.data.id }],
      ['/clue/tags/update', { id: tg.data.id, name: '改' }],
      ['/clue/tags/delete', { id: tg.data.id }],
    ] as const) {
      const r = await t().post(`${R}${path}`, body, foreign);
      expect(`${path} ${r.status} ${r.msg}`).toBe(`${path} 404 数据不存在`);
    }
    const own = await t().call(contract.clueField.tagGroups.add, { name: '别家' }, foreign);
    const moved = await t().call(contract.clueField.tags.update, { id: tg.data.id, groupId: own.data.id }, tok);
    expect(moved.status).toBe(404);
    expect(moved.msg).toBe('标签组不存在');
    const after = await t().call(contract.clueField.tagGroups.list, undefined, tok);
    const group = after.data.find((x: any) => x.id === g.data.id);
    expect(group!.groupName).toBe('客户来源');
    expect(group!.tagList.map((x: any) => x.tagName)).toEqual(['展会']);
  });

  it("updates and deletes order fields; another organisation's are refused and unchanged", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const tok = { token: org.admin.token };
    const f = await t().call(
      contract.clueField.orderFields.add,
      { type: 1, fieldLabel: '合同编号', fieldType: 1 },
      tok,
    );
    expect(f.code, f.msg).toBe(1);
    const g = await t().call(
      contract.clueField.orderFields.add,
      { type: 1, fieldLabel: '签约日期', fieldType: 4 },
      tok,
    );
    let res: ApiResponse = await t().call(
      contract.clueField.orderFields.update,
      { id: f.data.id, fieldLabel: '合同号', isRequired: 1 },
      tok,
    );
    expect(res.code, res.msg).toBe(1);
    expect(res.data).toMatchObject({ id: f.data.id, fieldLabel: '合同号', isRequired: 1 });
    for (const [path, body] of [
      ['/clueOrderField/update', { id: g.data.id, fieldLabel: '改' }],
      ['/clueOrderField/delete', { id: g.data.id }],
    ] as const) {
      const r = await t().post(`${R}${path}`, body, { token: other.admin.token });
      expect(`${path} ${r.status} ${r.msg}`).toBe(`${path} 404 数据不存在`);
    }
    res = await t().call(contract.clueField.orderFields.delete, { id: f.data.id }, tok);
    expect(res.code, res.msg).toBe(1);
    const left = await t().call(contract.clueField.orderFields.list, { type: 1 }, tok);
    expect(left.data.lists.map((x: any) => [x.id, x.fieldLabel])).toEqual([[g.data.id, '签约日期']]);
    res = await t().call(contract.clueField.orderFields.delete, { id: g.data.id }, { token: org.seat.token });
    expect(res.status).toBe(403);
  });

  it("role field access and phone masking: read back; another organisation's role is refused", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const tok = { token: org.admin.token };
    const seatRole = await roleId(org.admin.token, 'seat');
    const saved = await t().call(
      contract.clueField.fieldAccess.save,
      { roleId: seatRole, items: [{ fieldName: 'company', access: 1, masked: 1 }] },
      tok,
    );
    expect(saved.code, saved.msg).toBe(1);
    const auth = await t().call(contract.clueField.fieldAccess.get, { roleId: seatRole }, tok);
    expect(auth.code, auth.msg).toBe(1);
    expect(auth.data.find((f: any) => f.fieldName === 'company')).toMatchObject({ access: 1, masked: 1 });
    expect(auth.data.find((f: any) => f.fieldName === 'name')).toMatchObject({ access: 2, masked: 0 });
    const mask = await t().call(contract.clueField.mask.save, { roleId: seatRole, masked: true }, tok);
    expect(mask.code, mask.msg).toBe(1);
    const q = await t().call(contract.clueField.mask.get, undefined, { token: org.seat.token });
    expect(q.code, q.msg).toBe(1);
    expect(q.data).toMatchObject({ maskType: 1, roles: [{ roleId: seatRole, masked: 1 }] });

    const foreign = { token: other.admin.token };
    for (const [path, body] of [
      ['/customFieldShow/getRoleFieldAuth', { roleId: seatRole }],
      ['/customFieldShow/saveRoleFieldAuth', { roleId: seatRole, items: [] }],
      ['/maskConfig/saveMaskConfig', { roleId: seatRole, masked: 0 }],
    ] as const) {
      const r = await t().post(`${R}${path}`, body, foreign);
      expect(`${path} ${r.status}`).toBe(`${path} 404`);
      expect(r.msg).toBe('角色不存在');
    }
    const still = await t().call(contract.clueField.fieldAccess.get, { roleId: seatRole }, tok);
    expect(still.data.find((f: any) => f.fieldName === 'phone')!.masked).toBe(1);
    expect(still.data.find((f: any) => f.fieldName === 'company')!.access).toBe(1);
    expect((await t().call(contract.clueField.mask.get, undefined, foreign)).data.roles).toEqual([]);
  });

  it("saves a user's columns (userCustomField/save)", async () => {
    const org = await t().newOrg();
    const tok = { token: org.seat.token };
    const res = await t().call(
      contract.clueField.columns.save,
      { type: 2, columns: [{ fieldName: 'phone', width: 160, fixed: 'left' }, { fieldName: 'name' }] },
      tok,
    );
    expect(res.code, res.msg).toBe(1);
    const cols = await t().call(contract.clueField.columns.list, { type: 2 }, tok);
    expect(cols.data.filter((c: any) => c.isChecked).map((c: any) => c.fieldName)).toEqual(['phone', 'name']);
    const others = await t().call(contract.clueField.columns.list, { type: 2 }, { token: org.otherSeat.token });
    expect(others.data.filter((c: any) => c.isChecked)[0].fieldName).toBe('name');
  });

  it("sort refuses another organisation's ids and reorders nothing", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const tok = { token: org.admin.token };
    const a = await t().call(contract.clueField.fields.add, { fieldLabel: '微信号', fieldType: 1 }, tok);
    const b = await t().call(contract.clueField.fields.add, { fieldLabel: 'QQ号', fieldType: 1 }, tok);
    const w1 = await t().call(contract.clueField.dicts.followWay.add, { name: '电话' }, tok);
    const w2 = await t().call(contract.clueField.dicts.followWay.add, { name: '上门' }, tok);
    const foreign = { token: other.admin.token };
    const mine = await t().call(contract.clueField.fields.add, { fieldLabel: '抖音号', fieldType: 1 }, foreign);
    const myWay = await t().call(contract.clueField.dicts.followWay.add, { name: '微信' }, foreign);
    for (const [path, ids] of [
      ['/customFieldShow/sort', [b.data.id, mine.data.id, a.data.id]],
      ['/clue/followWay/sort', [w2.data.id, myWay.data.id, w1.data.id]],
    ] as const) {
      const r = await t().post(`${R}${path}`, { ids }, foreign);
      expect.soft(`${path} ${r.status}`).toBe(`${path} 404`);
    }
    const fields = await t().call(contract.clueField.fields.list, undefined, tok);
    expect(fields.data.filter((f: any) => f.isCustom === 1).map((f: any) => f.id)).toEqual([a.data.id, b.data.id]);
    const ways = await t().call(contract.clueField.dicts.followWay.list, {}, tok);
    expect(ways.data.map((w: any) => w.id)).toEqual([w1.data.id, w2.data.id]);
  });

  it("update of a follow-up way, status, phase, lost reason or channel source refuses another organisation's id", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    for (const [base, prefix] of [
      [R, '/clue/followWay'],
      [R, '/clue/followStatus'],
      [R, '/clue/followPhase'],
      [R, '/clue/lostReason'],
      [B, '/channelSourceSet'],
    ]) {
      const a = await t().post(`${base}${prefix}/add`, { name: '原名' }, { token: org.admin.token });
      const r = await t().post(
        `${base}${prefix}/update`,
        { id: a.data.id, name: '改名' },
        { token: other.admin.token },
      );
      expect(`${prefix} ${r.status} ${r.msg}`).toBe(`${prefix} 404 数据不存在`);
      const l = await t().post(`${base}${prefix}/list`, {}, { token: org.admin.token });
      expect(l.data.map((x: any) => x.name)).toEqual(['原名']);
    }
  });

  it('validation: a missing required field is named in the message', async () => {
    const org = await t().newOrg();
    const tok = { token: org.admin.token };
    const cases: [string, object, string][] = [
      [`${R}/customFieldShow/update`, {}, '必须是数字'],
      [`${R}/customFieldShow/delete`, {}, '必须是数字'],
      [`${R}/customFieldShow/sort`, {}, ''],
      [`${R}/customFieldShow/setNextFollowTimeField`, {}, '必须是布尔值'],
      [`${R}/customFieldShow/getRoleFieldAuth`, {}, '必须是数字'],
      [`${R}/customFieldShow/saveRoleFieldAuth`, { items: [] }, '必须是数字'],
      [`${R}/clueOrderField/add`, { type: 1, fieldType: 1 }, '请输入字段名称'],
      [`${R}/clueOrderField/update`, {}, '必须是数字'],
      [`${R}/clueOrderField/delete`, {}, '必须是数字'],
      [`${R}/clue/tagGroup/add`, {}, '请输入标签名称'],
      [`${R}/clue/tagGroup/update`, {}, '必须是数字'],
      [`${R}/clue/tagGroup/delete`, {}, '必须是数字'],
      [`${R}/clue/tags/add`, { name: '高' }, '必须是数字'],
      [`${R}/clue/tags/update`, {}, '必须是数字'],
      [`${R}/clue/tags/delete`, {}, '必须是数字'],
      [`${R}/clue/clueFieldRepeat/save`, {}, ''],
      [`${R}/maskConfig/saveMaskConfig`, { masked: 1 }, '必须是数字'],
      [`${R}/userCustomField/save`, { type: 1 }, ''],
      [`${A}/asr/V1/setClueUserCustomTable`, { type: 1 }, ''],
    ];
    for (const prefix of ['/clue/followWay', '/clue/followStatus', '/clue/followPhase', '/clue/lostReason'])
      cases.push(
        [`${R}${prefix}/add`, {}, '请输入名称'],
        [`${R}${prefix}/update`, {}, '必须是数字'],
        [`${R}${prefix}/delete`, {}, '必须是数字'],
        [`${R}${prefix}/sort`, {}, ''],
      );
    cases.push(
      [`${B}/channelSourceSet/add`, {}, '请输入名称'],
      [`${B}/channelSourceSet/update`, {}, '必须是数字'],
      [`${B}/channelSourceSet/delete`, {}, '必须是数字'],
      [`${B}/channelSourceSet/sort`, {}, ''],
    );
    for (const [path, body, msg] of cases) {
      const res = await t().post(path, body, tok);
      expect(`${path} ${res.status}`).toBe(`${path} 400`);
      expect(res.msg, path).toContain(msg);
    }
  });

  it('no session: code 10 for every call', async () => {
    const paths = [
      ...[
        '/customFieldShow/list',
        '/customFieldShowV2/list',
        '/customFieldShow/add',
        '/customFieldShow/update',
        '/customFieldShow/delete',
        '/customFieldShow/sort',
        '/customFieldShow/setNextFollowTimeField',
        '/customFieldShow/getRoleFieldAuth',
        '/customFieldShow/saveRoleFieldAuth',
        '/clueOrderField/queryOrderOrganizationField',
        '/clueOrderField/add',
        '/clueOrderField/update',
        '/clueOrderField/delete',
        '/clue/tagGroup/list',
        '/clue/tagGroup/add',
        '/clue/tagGroup/update',
        '/clue/tagGroup/delete',
        '/clue/tags/list',
        '/clue/tags/add',
        '/clue/tags/update',
        '/clue/tags/delete',
        '/clue/clueFieldRepeat/get',
        '/clue/clueFieldRepeat/save',
        '/maskConfig/queryMaskConfig',
        '/maskConfig/saveMaskConfig',
        '/userCustomField/list',
        '/userCustomField/save',
        '/userCustomField/reset',
        ...['followWay', 'followStatus', 'followPhase', 'lostReason'].flatMap((k) =>
          ['list', 'add', 'update', 'delete', 'sort'].map((c) => `/clue/${k}/${c}`),
        ),
      ].map((p) => `${R}${p}`),
      ...['list', 'add', 'update', 'delete', 'sort'].map((c) => `${B}/channelSourceSet/${c}`),
      ...[
        '/asr/V1/setClueUserCustomTable',
        '/asr/V1/customTableDefault',
        '/asr/V1/getClueUserCustomByType',
        '/api/clue/getClueUserCustomByType',
        '/api/clue/tagGroupAndTag',
        '/api/clue/getChannelSourceListNew',
        '/api/clue/getLostOrderReasonByOrg',
        '/api/clue/queryMaskConfig',
      ].map((p) => `${A}${p}`),
    ];
    for (const path of paths) {
      const res = await t().post(path, {});
      expect(`${path} ${res.status} ${res.code}`).toBe(`${path} 401 10`);
    }
    const get = await t().call(contract.clueField.tagGroups.withTags);
    expect(get.code).toBe(10);
  });
});
