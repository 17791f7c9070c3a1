import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/org';
import { A, B, expectForbidden, expectNoSession, useAiSettingApp } from './testKit';

describe('AI tags and tag groups (/aiTagOrganization, /asr/V1/aiTagGroupAndAiTag)', () => {
  const t = useAiSettingApp();
  const post = (path: string, body: object, token: string) =>
    t().post(`${B}/aiTagOrganization/${path}`, body, { token });

  it('answers code 10 without a session, and 403 to a seat (analysis:view only) for the changes', async () => {
    const org = await t().newOrg();
    await expectNoSession(t(), [
      { method: 'GET', url: `${A}/asr/V1/aiTagGroupAndAiTag` },
      ...['list', 'save', 'update', 'delete', 'setShow'].map((c) => ({ url: `${B}/aiTagOrganization/${c}` })),
    ]);
    await expectForbidden(t(), org.seat.token, [
      { url: `${B}/aiTagOrganization/save`, body: { kind: 'group', name: '需求' } },
      { url: `${B}/aiTagOrganization/update`, body: { kind: 'group', id: 1, name: '需求' } },
      { url: `${B}/aiTagOrganization/delete`, body: { kind: 'tag', id: 1 } },
      { url: `${B}/aiTagOrganization/setShow`, body: { ids: [1], show: false } },
    ]);
    // reading takes analysis:view, which a seat holds
    expect(ok(await post('list', {}, org.seat.token)).total).toBe(0);
    expect(ok(await t().call(contract.aiSetting.tagGroupAndTag, undefined, { token: org.seat.token }))).toEqual([]);
  });

  it('creates groups and tags, validates them and refuses duplicates', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    refused(await post('save', { kind: 'label', name: 'x' }, tok), 400, '类型只能是标签组或标签');
    refused(await post('save', { kind: 'group', name: ' ' }, tok), 400, '请输入名称');
    const group = ok(await post('save', { kind: 'group', name: '客户需求', sort: 1 }, tok)).id;
    refused(await post('save', { kind: 'group', name: '客户需求' }, tok), 409, '标签组「客户需求」已存在');

    const tag = {
      kind: 'tag',
      groupId: group,
      name: '价格敏感',
      keywords: ['贵', ' 便宜 ', '贵'],
      speaker: 'customer',
    };
    refused(await post('save', { ...tag, keywords: [] }, tok), 400, '请输入关键词');
    refused(await post('save', { ...tag, keywords: undefined }, tok), 400, '请输入关键词');
    refused(await post('save', { ...tag, groupId: undefined }, tok), 400, '请选择标签组');
    refused(await post('save', { ...tag, keywords: [''] }, tok), 400, '关键词不能为空');
    refused(await post('save', { ...tag, speaker: 'boss' }, tok), 400, '说话方只能是');
    refused(
      await post('save', { ...tag, name: '一二三四五六七八九十一二三四五六七八九十一' }, tok),
      400,
      '名称最多 20 个字',
    );
    refused(await post('save', { ...tag, groupId: 999999 }, tok), 404, 'AI 标签组不存在');
    const id = ok(await post('save', tag, tok)).id;
    refused(await post('save', tag, tok), 409, '该标签组下已有标签「价格敏感」');

    const list = ok(await post('list', { pageNum: 1, pageSize: 10 }, tok));
    expect(list.total).toBe(1);
    expect(list.lists[0]).toMatchObject({
      id,
      groupId: group,
      groupName: '客户需求',
      name: '价格敏感',
      keywords: ['贵', '便宜'],
      speaker: 'customer',
      speakerName: '客户',
      show: true,
    });
    expect(list.groups).toEqual([{ id: group, name: '客户需求', sort: 1, tagCount: 1 }]);
  });

  it('lists by group, keyword (name or keywords) and shown, and gives every group with its tags', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const g1 = ok(await post('save', { kind: 'group', name: '需求', sort: 2 }, tok)).id;
    const g2 = ok(await post('save', { kind: 'group', name: '动作', sort: 1 }, tok)).id;
    const a = ok(await post('save', { kind: 'tag', groupId: g1, name: '试听', keywords: ['体验课'] }, tok)).id;
    const b = ok(
      await post('save', { kind: 'tag', groupId: g2, name: '要资料', keywords: ['发我微信'], show: false }, tok),
    ).id;
    const ids = async (f: object) => ok(await post('list', f, tok)).lists.map((x: { id: number }) => x.id);
    expect(await ids({ groupId: g1 })).toEqual([a]);
    expect(await ids({ keyword: '微信' })).toEqual([b]);
    expect(await ids({ keyword: '试听' })).toEqual([a]);
    expect(await ids({ show: false })).toEqual([b]);
    refused(await post('list', { pageSize: 7 }, tok), 400, '每页条数只能是 10、20、50、100');

    const tree = ok(await t().call(contract.aiSetting.tagGroupAndTag, undefined, { token: org.seat.token }));
    expect(tree.map((g: { name: string }) => g.name)).toEqual(['动作', '需求']);
    expect(tree[0]).toMatchObject({ id: g2, tagCount: 1, tags: [{ id: b, name: '要资料', show: false }] });
  });

  it('updates, shows or hides, and deletes; a group goes only when empty', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const g1 = ok(await post('save', { kind: 'group', name: '甲组' }, tok)).id;
    const g2 = ok(await post('save', { kind: 'group', name: '乙组' }, tok)).id;
    const id = ok(await post('save', { kind: 'tag', groupId: g1, name: '标签一', keywords: ['一'] }, tok)).id;
    ok(await post('update', { kind: 'tag', id, groupId: g2, name: '标签二', speaker: 'agent' }, tok));
    ok(await post('update', { kind: 'group', id: g2, name: '乙组改' }, tok));
    ok(await post('update', { kind: 'tag', id }, tok)); // nothing to change: a no-op
    refused(await post('update', { kind: 'group', id: g2, name: '甲组' }, tok), 409, '标签组「甲组」已存在');
    refused(await post('update', { kind: 'tag', id, groupId: 999999 }, tok), 404, 'AI 标签组不存在');
    expect(ok(await post('list', {}, tok)).lists[0]).toMatchObject({
      groupName: '乙组改',
      name: '标签二',
      speaker: 'agent',
    });

    expect(ok(await post('setShow', { ids: [id], show: false }, tok)).count).toBe(1);
    refused(await post('setShow', { ids: [], show: false }, tok), 400, '请选择标签');
    refused(await post('setShow', { ids: [id], show: 'no' }, tok), 400, '是否展示须为是或否');
    expect(ok(await post('list', {}, tok)).lists[0].show).toBe(false);

    refused(await post('delete', { kind: 'group', id: g2 }, tok), 409, '标签组下还有 1 个标签');
    ok(await post('delete', { kind: 'tag', id }, tok));
    ok(await post('delete', { kind: 'group', id: g2 }, tok));
    refused(await post('delete', { kind: 'tag', id }, tok), 404, 'AI 标签不存在');
    expect(ok(await post('list', {}, tok)).groups.map((g: { id: number }) => g.id)).toEqual([g1]);
  });

  it("another organisation's tags and groups are invisible and unchangeable", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const g = ok(await post('save', { kind: 'group', name: '需求' }, org.admin.token)).id;
    const id = ok(
      await post('save', { kind: 'tag', groupId: g, name: '试听', keywords: ['试听'] }, org.admin.token),
    ).id;
    const tok = other.admin.token;
    expect(ok(await post('list', {}, tok))).toMatchObject({ total: 0, groups: [] });
    expect(ok(await t().call(contract.aiSetting.tagGroupAndTag, undefined, { token: tok }))).toEqual([]);
    refused(await post('save', { kind: 'tag', groupId: g, name: '抢', keywords: ['抢'] }, tok), 404);
    refused(await post('update', { kind: 'tag', id, name: '改' }, tok), 404);
    refused(await post('update', { kind: 'group', id: g, name: '改' }, tok), 404);
    refused(await post('delete', { kind: 'tag', id }, tok), 404);
    refused(await post('delete', { kind: 'group', id: g }, tok), 404);
    expect(ok(await post('setShow', { ids: [id], show: false }, tok)).count).toBe(0);
    expect(ok(await post('list', {}, org.admin.token)).lists[0]).toMatchObject({ name: '试听', show: true });
  });
});
