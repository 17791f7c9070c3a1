import { AI_MESSAGE_TYPES } from '@crm/core';
import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/org';
import { A, B, expectForbidden, expectNoSession, R, useAiSettingApp } from './testKit';

describe('AI fields, what shows, message push, intention rules and hot words', () => {
  const t = useAiSettingApp();
  const defaults = () => t().ctx.services.aiSetting.defaults;

  it('answers code 10 without a session, and 403 to a seat for the changes', async () => {
    const org = await t().newOrg();
    await expectNoSession(t(), [
      { method: 'GET', url: `${A}/asr/V1/getOrgAIFieldList` },
      { url: `${A}/api/clue/getAiTagShowSet` },
      { url: `${A}/api/clue/setAiTagShowSet` },
      { method: 'GET', url: `${R}/intention/getApiNameValeList` },
      ...['getRules', 'saveRules'].map((c) => ({ url: `${R}/intention/${c}` })),
      ...['list', 'save', 'delete'].map((c) => ({ url: `${R}/hotWord/${c}` })),
      ...['list', 'save', 'update', 'delete'].map((c) => ({ url: `${B}/aiField/${c}` })),
      ...['get', 'save'].map((c) => ({ url: `${B}/msgPush/${c}` })),
    ]);
    await expectForbidden(t(), org.seat.token, [
      { url: `${A}/api/clue/setAiTagShowSet`, body: { items: [{ key: 'summary', show: false }] } },
      { url: `${R}/intention/saveRules`, body: { items: [{ value: 1, phrases: ['报名'] }] } },
      { url: `${R}/hotWord/save`, body: { words: ['续费'] } },
      { url: `${R}/hotWord/delete`, body: { words: ['续费'] } },
      { url: `${B}/aiField/save`, body: { key: 'budget2', name: '预算' } },
      { url: `${B}/aiField/update`, body: { id: 1, name: '预算' } },
      { url: `${B}/aiField/delete`, body: { id: 1 } },
      {
        url: `${B}/msgPush/save`,
        body: { items: [{ msgType: 'ai_label', enabled: false, toOwner: true, toManager: false }] },
      },
    ]);
  });

  it('AI fields: the defaults on first read, once; add, change, switch off and delete', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const list = async () => ok(await t().call(contract.aiSetting.fieldList, undefined, { token: tok }));
    const shown = async () => ok(await t().call(contract.aiSetting.orgFields, undefined, { token: org.seat.token }));
    const first = await list();
    expect(first.map((f: { key: string }) => f.key)).toEqual(defaults().fields.map((f) => f.key));

    const save = (body: object) => t().callRaw(contract.aiSetting.fieldSave, body, { token: tok });
    refused(await save({ key: '1abc', name: '预算' }), 400, '字段标识须以字母开头');
    refused(await save({ key: 'intent_x', name: '' }), 400, '请输入字段名称');
    refused(await save({ key: 'intent_x', name: '意向', hints: Array(31).fill('x') }), 400, '提示词最多 30 个');
    const id = ok(
      await save({ key: 'schoolName', name: '就读学校', description: '孩子就读的学校', hints: ['学校', '几年级'] }),
    ).id;
    refused(await save({ key: 'schoolName', name: '学校二' }), 409, '字段标识「schoolName」已存在');
    if (first[0]) refused(await save({ key: first[0].key, name: '重复' }), 409, `字段标识「${first[0].key}」已存在`);
    expect((await list()).at(-1)).toMatchObject({
      id,
      key: 'schoolName',
      name: '就读学校',
      description: '孩子就读的学校',
      hints: ['学校', '几年级'],
      enabled: true,
    });

    const update = (body: object) => t().callRaw(contract.aiSetting.fieldUpdate, body, { token: tok });
    ok(await update({ id, enabled: false, description: '' }));
    expect((await list()).find((f: { id: number }) => f.id === id)).toMatchObject({
      enabled: false,
      description: null,
    });
    expect((await shown()).some((f: { id: number }) => f.id === id)).toBe(false);
    refused(await update({ id, sort: -1 }), 400, '排序号不能小于 0');

    for (const f of await list()) ok(await t().call(contract.aiSetting.fieldDelete, { id: f.id }, { token: tok }));
    expect(await list()).toEqual([]); // deleted defaults do not come back
    refused(await t().call(contract.aiSetting.fieldDelete, { id }, { token: tok }), 404, 'AI 字段不存在');
  });

  it('AI fields of another organisation are invisible and unchangeable', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const id = ok(
      await t().call(contract.aiSetting.fieldSave, { key: 'school', name: '就读学校' }, { token: org.admin.token }),
    ).id;
    const tok = other.admin.token;
    expect(
      (ok(await t().call(contract.aiSetting.fieldList, undefined, { token: tok })) as { id: number }[]).some(
        (f) => f.id === id,
      ),
    ).toBe(false);
    refused(await t().call(contract.aiSetting.fieldUpdate, { id, name: '改' }, { token: tok }), 404);
    refused(await t().call(contract.aiSetting.fieldDelete, { id }, { token: tok }), 404);
    const mine = ok(await t().call(contract.aiSetting.fieldList, undefined, { token: org.admin.token }));
    expect(mine.find((f: { id: number }) => f.id === id)!.name).toBe('就读学校');
  });

  it('show set: every part shown until switched off; per organisation', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const get = async (tok: string) =>
      ok(await t().call(contract.aiSetting.getShowSet, undefined, { token: tok })).items;
    expect((await get(org.seat.token)).every((i: { show: boolean }) => i.show)).toBe(true);
    expect((await get(org.seat.token)).find((i: { key: string }) => i.key === 'figures')!.name).toBe('对话指标');
    const set = (body: object) => t().callRaw(contract.aiSetting.setShowSet, body, { token: org.admin.token });
    refused(await set({ items: [{ key: 'weather', show: false }] }), 400, '展示项只能是');
    refused(await set({ items: [] }), 400, '请至少设置一项');
    const items = ok(
      await set({
        items: [
          { key: 'figures', show: false },
          { key: 'keywords', show: false },
        ],
      }),
    ).items;
    expect(items.filter((i: { show: boolean }) => !i.show).map((i: { key: string }) => i.key)).toEqual([
      'keywords',
      'figures',
    ]);
    expect((await get(other.admin.token)).every((i: { show: boolean }) => i.show)).toBe(true);
    expect(await t().ctx.services.aiSetting.showSet(org.orgId)).toMatchObject({
      show: { figures: false, keywords: false, summary: true },
    });
  });

  it('message push: the defaults, a save of some types, thresholds only where they apply', async () => {
    const org = await t().newOrg();
    const get = async (tok: string) =>
      ok(await t().call(contract.aiSetting.getMsgPush, undefined, { token: tok })).items;
    const items = await get(org.seat.token);
    expect(items.map((i: { msgType: string }) => i.msgType)).toEqual([...AI_MESSAGE_TYPES]);
    const by = (list: { msgType: string }[], type: string) => list.find((i) => i.msgType === type);
    expect(by(items, 'ai_intention_degree')).toMatchObject({
      name: '意向度提醒',
      enabled: true,
      toOwner: true,
      toManager: false,
      threshold: 70,
      thresholdName: '意向度不低于',
    });
    expect(by(items, 'ai_model')).toMatchObject({ enabled: true, toOwner: false, toManager: true, threshold: null });
    expect(by(items, 'ai_chat_key')).toMatchObject({ enabled: false });

    const save = (body: object) => t().callRaw(contract.aiSetting.saveMsgPush, body, { token: org.admin.token });
    const row = { msgType: 'ai_churn_risk', enabled: true, toOwner: false, toManager: true, threshold: 150 };
    refused(await save({ items: [row] }), 400, '阈值不能大于 100');
    refused(await save({ items: [{ ...row, msgType: 'ai_weather' }] }), 400, '消息类型不正确');
    refused(await save({ items: [{ ...row, toOwner: undefined }] }), 400, '推送给负责人须为是或否');
    const saved = ok(
      await save({
        items: [
          { ...row, threshold: 85 },
          { msgType: 'ai_risk', enabled: false, toOwner: true, toManager: false, threshold: 30 },
          { msgType: 'ai_intention_degree', enabled: true, toOwner: true, toManager: true },
        ],
      }),
    ).items;
    expect(by(saved, 'ai_churn_risk')).toMatchObject({ toOwner: false, toManager: true, threshold: 85 });
    expect(by(saved, 'ai_risk')).toMatchObject({ enabled: false, threshold: null });
    expect(by(saved, 'ai_intention_degree')).toMatchObject({ toManager: true, threshold: 70 });
    expect(by(await get((await t().newOrg()).admin.token), 'ai_risk')).toMatchObject({ enabled: true });
    const forPipeline = await t().ctx.services.aiSetting.msgPushFor(org.orgId);
    expect(forPipeline.find((i) => i.msgType === 'ai_churn_risk')).toEqual({
      msgType: 'ai_churn_risk',
      enabled: true,
      toOwner: false,
      toManager: true,
      threshold: 85,
    });
  });

  it('intention rules: the six labels by name and value, the built-in phrases and the organisation’s own', async () => {
    const org = await t().newOrg();
    expect(ok(await t().call(contract.aiSetting.intentionNameValues, undefined, { token: org.seat.token }))).toEqual([
      { name: '强意向', value: 1 },
      { name: '一般意向', value: 2 },
      { name: '无意向', value: 3 },
      { name: '信息不符', value: 4 },
      { name: '潜在投诉', value: 5 },
      { name: '无效号码', value: 6 },
    ]);
    const rules = ok(await t().call(contract.aiSetting.getIntentionRules, undefined, { token: org.seat.token })).items;
    expect(rules[0]).toMatchObject({
      value: 1,
      name: '强意向',
      key: 'strong',
      phrases: [],
      defaultPhrases: defaults().intentionPhrases.strong ?? [],
    });
    const save = (body: object) => t().callRaw(contract.aiSetting.saveIntentionRules, body, { token: org.admin.token });
    refused(await save({ items: [{ value: 9, phrases: [] }] }), 400, '意向等级只能是 1、2、3、4、5、6');
    refused(await save({ items: [{ value: 1, phrases: ['一'.repeat(31)] }] }), 400, '话术最多 30 个字');
    const saved = ok(await save({ items: [{ value: 1, phrases: ['马上报名', '怎么付款', '马上报名'] }] })).items;
    expect(saved[0].phrases).toEqual(['马上报名', '怎么付款']);
    const other = await t().newOrg();
    expect(
      ok(await t().call(contract.aiSetting.getIntentionRules, undefined, { token: other.admin.token })).items[0]
        .phrases,
    ).toEqual([]);
  });

  it('hot words: one store with /asrConfig; add, remove, per organisation', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const tok = org.admin.token;
    expect(ok(await t().call(contract.aiSetting.hotWordList, undefined, { token: org.seat.token }))).toEqual({
      hotWords: [],
    });
    expect(
      ok(await t().call(contract.aiSetting.hotWordSave, { words: ['小鹅通', ' 续费 '] }, { token: tok })).hotWords,
    ).toEqual(['小鹅通', '续费']);
    expect(
      ok(await t().call(contract.aiSetting.hotWordSave, { words: ['续费', '体验课'] }, { token: tok })).hotWords,
    ).toEqual(['小鹅通', '续费', '体验课']);
    expect(ok(await t().call(contract.asr.getConfig, undefined, { token: tok })).hotWords).toEqual([
      '小鹅通',
      '续费',
      '体验课',
    ]);
    expect(ok(await t().call(contract.aiSetting.hotWordDelete, { words: ['续费'] }, { token: tok })).hotWords).toEqual([
      '小鹅通',
      '体验课',
    ]);
    refused(await t().call(contract.aiSetting.hotWordSave, { words: [] }, { token: tok }), 400, '请输入热词');
    refused(
      await t().call(contract.aiSetting.hotWordSave, { words: ['一'.repeat(21)] }, { token: tok }),
      400,
      '热词最多 20 个字',
    );
    const many = Array.from({ length: 199 }, (_, i) => `词${i}`);
    refused(
      await t().call(contract.aiSetting.hotWordSave, { words: many }, { token: tok }),
      400,
      '热词最多 200 个（已有 2 个）',
    );
    expect(ok(await t().call(contract.aiSetting.hotWordList, undefined, { token: other.admin.token }))).toEqual({
      hotWords: [],
    });
    ok(await t().call(contract.aiSetting.hotWordDelete, { words: ['小鹅通'] }, { token: other.admin.token }));
    expect(ok(await t().call(contract.aiSetting.hotWordList, undefined, { token: tok })).hotWords).toEqual([
      '小鹅通',
      '体验课',
    ]);
  });
});
