import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/org';
import { B, expectForbidden, expectNoSession, useAiSettingApp } from './testKit';

describe('AI open (/organization/getAiOpen, setAiOpen) and the AI-demand questionnaire (/collectAiDemand)', () => {
  const t = useAiSettingApp();
  const balance = (orgId: number) => t().ctx.services.costCenter.balance(orgId, 'ai_analyze');

  it('answers code 10 without a session and 403 without org:edit', async () => {
    const org = await t().newOrg();
    await expectNoSession(t(), [
      { url: `${B}/organization/getAiOpen` },
      { url: `${B}/organization/setAiOpen` },
      { url: `${B}/collectAiDemand/getCollectAiDemandOptions` },
      { url: `${B}/collectAiDemand/saveCollectAiDemandOptions` },
    ]);
    // a manager holds every sign but org:edit
    await expectForbidden(t(), org.manager.token, [
      { url: `${B}/organization/setAiOpen`, body: {} },
      { url: `${B}/collectAiDemand/saveCollectAiDemandOptions`, body: { answers: {} } },
    ]);
    expect(ok(await t().call(contract.aiSetting.getAiOpen, undefined, { token: org.seat.token })).open).toBe(false);
  });

  it('opens AI once: the first opening grants the trial pack, opening again changes nothing', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const set = (body: object) => t().call(contract.aiSetting.setAiOpen, body, { token: org.admin.token });
    expect(await t().ctx.services.aiSetting.isOpen(org.orgId)).toBe(false);
    refused(await set({ open: 'yes' }), 400, '是否开通须为是或否');

    const opened = ok(await set({}));
    expect(opened).toMatchObject({ open: true, openedByName: '管理员', trialGranted: true });
    expect(opened.openedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await balance(org.orgId)).remaining).toBe(300);
    expect(await t().ctx.services.aiSetting.isOpen(org.orgId)).toBe(true);

    expect(ok(await set({ open: true }))).toEqual(opened);
    expect((await balance(org.orgId)).remaining).toBe(300);

    // closed and opened again: no second trial pack
    expect(ok(await set({ open: false }))).toMatchObject({ open: false, openedAt: null, trialGranted: true });
    expect(await t().ctx.services.aiSetting.isOpen(org.orgId)).toBe(false);
    expect(ok(await set({ open: true })).open).toBe(true);
    expect((await balance(org.orgId)).remaining).toBe(300);

    // another organisation is untouched
    expect(ok(await t().call(contract.aiSetting.getAiOpen, undefined, { token: other.admin.token }))).toEqual({
      open: false,
      openedAt: null,
      openedByName: null,
      trialGranted: false,
    });
    expect((await balance(other.orgId)).remaining).toBe(0);
  });

  it('the questionnaire: options in code, answers validated against them and kept per organisation', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const get = async (tok: string) => ok(await t().call(contract.aiSetting.getDemand, undefined, { token: tok }));
    const empty = await get(org.seat.token);
    expect(empty.questions.map((q: { key: string }) => q.key)).toEqual([
      'industry',
      'teamSize',
      'dailyCalls',
      'goals',
      'sources',
    ]);
    expect(empty.questions.find((q: { key: string }) => q.key === 'goals')).toMatchObject({ multiple: true });
    expect(empty).toMatchObject({ answers: {}, remark: null, savedAt: null });

    const answers = {
      industry: ['education'],
      teamSize: ['11-50'],
      dailyCalls: ['500-2000'],
      goals: ['intention', 'compliance', 'churn'],
      sources: ['phone', 'upload'],
    };
    const save = (body: object) => t().callRaw(contract.aiSetting.saveDemand, body, { token: org.admin.token });
    refused(await save({ answers: { ...answers, industry: ['mars'] } }), 400, '所属行业的选项不正确');
    refused(await save({ answers: { ...answers, industry: ['education', 'finance'] } }), 400, '所属行业只能选一项');
    refused(await save({ answers: { ...answers, teamSize: undefined } }), 400, '请选择销售团队规模');
    refused(await save({ answers: { ...answers, goals: [] } }), 400, '请选择希望 AI 分析什么');
    refused(await save({ answers, remark: '长'.repeat(501) }), 400, '其他需求最多 500 个字');

    const saved = ok(await save({ answers, remark: '希望重点看违规话术' }));
    expect(saved).toMatchObject({ answers, remark: '希望重点看违规话术' });
    expect(saved.savedAt).toMatch(/^\d{4}-/);
    expect((await get(org.seat.token)).answers).toEqual(answers);
    expect((await get(other.admin.token)).answers).toEqual({});
  });
});
