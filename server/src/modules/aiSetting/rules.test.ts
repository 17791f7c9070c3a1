import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/org';
import { orgScope, patchSetting } from './settingRow';
import { A, expectForbidden, expectNoSession, useAiSettingApp } from './testKit';

describe('risk rules (/api/clue/getRiskDetailInConfig, saveRiskConfig) and what the analysis reads (rulesFor)', () => {
  const t = useAiSettingApp();
  const svc = () => t().ctx.services.aiSetting;
  const d = () => svc().defaults;
  const getRisk = async (token: string) => ok(await t().call(contract.aiSetting.getRiskConfig, undefined, { token }));
  const saveRisk = (token: string, body: object) => t().call(contract.aiSetting.saveRiskConfig, body, { token });

  it('answers code 10 without a session and 403 to a seat for the save', async () => {
    const org = await t().newOrg();
    await expectNoSession(t(), [
      { url: `${A}/api/clue/getRiskDetailInConfig` },
      { url: `${A}/api/clue/saveRiskConfig` },
    ]);
    await expectForbidden(t(), org.seat.token, [{ url: `${A}/api/clue/saveRiskConfig`, body: { abuse: false } }]);
    expect((await getRisk(org.seat.token)).abuse).toBe(d().abuse);
  });

  it('starts from the analyser defaults: every built-in rule on, with its words and pattern', async () => {
    const org = await t().newOrg();
    const cfg = await getRisk(org.admin.token);
    expect(cfg.thresholds).toEqual({
      fastCharsPerMinute: d().thresholds.fastCharsPerMinute,
      talkTooMuchPercent: Math.round(d().thresholds.talkTooMuchRatio * 100),
      churnRiskAlert: d().thresholds.churnRiskAlert,
      // the 待确认 band of yes/no labels (issue 23)
      confirmLowPercent: Math.round((d().thresholds.confirmLow ?? 0) * 100),
      confirmHighPercent: Math.round((d().thresholds.confirmHigh ?? 0) * 100),
    });
    expect(cfg.wordRules).toEqual(d().wordRules.map((r) => ({ name: r.name, words: r.words, enabled: true })));
    expect(cfg.regexRules).toEqual(
      d().regexRules.map((r) => ({ name: r.name, pattern: r.pattern, flags: r.flags ?? '', enabled: true })),
    );
  });

  it('saves switches, words, patterns and thresholds; refuses a bad pattern or an unknown rule', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const word = d().wordRules[0];
    const regex = d().regexRules[0];
    expect(word && regex).toBeTruthy();
    refused(await saveRisk(tok, { regexRules: [{ name: regex.name, pattern: '(未闭合' }] }), 400, '');
    refused(
      await saveRisk(tok, { regexRules: [{ name: regex.name, flags: 'gg' }] }),
      400,
      '正则标志只能是 i、m、s、u 且不重复',
    );
    refused(
      await saveRisk(tok, { wordRules: [{ name: '没有这条', enabled: false }] }),
      400,
      '没有名为「没有这条」的违禁词规则',
    );
    refused(await saveRisk(tok, { thresholds: { fastCharsPerMinute: 50 } }), 400, '语速过快阈值不能小于 100 字/分钟');
    refused(await saveRisk(tok, { thresholds: { talkTooMuchPercent: 101 } }), 400, '说话过多阈值不能大于 100%');
    expect(await getRisk(tok)).toEqual(await getRisk((await t().newOrg()).admin.token)); // nothing written

    const saved = ok(
      await saveRisk(tok, {
        thresholds: { fastCharsPerMinute: 320 },
        abuse: false,
        wordRules: [{ name: word.name, words: ['稳赚不赔', ' 包过 '] }],
        regexRules: [{ name: regex.name, enabled: false }],
      }),
    );
    expect(saved.thresholds.fastCharsPerMinute).toBe(320);
    expect(saved.thresholds.churnRiskAlert).toBe(d().thresholds.churnRiskAlert);
    expect(saved.abuse).toBe(false);
    expect(saved.wordRules[0]).toEqual({ name: word.name, words: ['稳赚不赔', '包过'], enabled: true });
    expect(saved.regexRules[0]).toMatchObject({ name: regex.name, pattern: regex.pattern, enabled: false });
    // a later save of another part keeps these
    const again = ok(await saveRisk(tok, { wordRules: [{ name: word.name, enabled: false }] }));
    expect(again.wordRules[0]).toEqual({ name: word.name, words: ['稳赚不赔', '包过'], enabled: false });
    expect(again.thresholds.fastCharsPerMinute).toBe(320);
    expect(again.regexRules[0].enabled).toBe(false);
    expect((await getRisk((await t().newOrg()).admin.token)).abuse).toBe(d().abuse);
  });

  it('rulesFor: the defaults merged with risk rules, AI tags, intention phrases, AI fields and hot words', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const fresh = await svc().rulesFor(org.orgId);
    expect(fresh.wordRules).toEqual(d().wordRules);
    expect(fresh.fields.map((f) => f.key)).toEqual(d().fields.map((f) => f.key));

    const word = d().wordRules[0];
    const regex = d().regexRules[0];
    ok(
      await saveRisk(tok, {
        thresholds: { talkTooMuchPercent: 80, churnRiskAlert: 60 },
        wordRules: [{ name: word.name, words: ['稳赚不赔'] }],
        regexRules: [{ name: regex.name, enabled: false }],
        abuse: false,
      }),
    );
    const g = ok(await t().call(contract.aiSetting.tagSave, { kind: 'group', name: '需求' }, { token: tok })).id;
    const tag = ok(
      await t().call(
        contract.aiSetting.tagSave,
        { kind: 'tag', groupId: g, name: '试听', keywords: ['体验课'], speaker: 'customer', show: false },
        { token: tok },
      ),
    ).id;
    ok(
      await t().call(
        contract.aiSetting.saveIntentionRules,
        { items: [{ value: 1, phrases: ['马上报名'] }] },
        { token: tok },
      ),
    );
    ok(await t().call(contract.aiSetting.hotWordSave, { words: ['小鹅通'] }, { token: tok }));
    const fields = ok(await t().call(contract.aiSetting.fieldList, undefined, { token: tok }));
    if (fields[0])
      ok(await t().call(contract.aiSetting.fieldUpdate, { id: fields[0].id, enabled: false }, { token: tok }));
    ok(
      await t().call(
        contract.aiSetting.fieldSave,
        { key: 'school', name: '就读学校', hints: ['学校'] },
        { token: tok },
      ),
    );

    const rules = await svc().rulesFor(org.orgId);
    expect(rules.wordRules[0]).toMatchObject({ name: word.name, words: ['稳赚不赔'] });
    expect(rules.wordRules).toHaveLength(d().wordRules.length);
    expect(rules.regexRules.map((r) => r.name)).not.toContain(regex.name);
    expect(rules.regexRules).toHaveLength(d().regexRules.length - 1);
    expect(rules.abuse).toBe(false);
    expect(rules.thresholds).toEqual({
      fastCharsPerMinute: d().thresholds.fastCharsPerMinute,
      talkTooMuchRatio: 0.8,
      churnRiskAlert: 60,
      confirmLow: d().thresholds.confirmLow,
      confirmHigh: d().thresholds.confirmHigh,
    });
    expect(rules.customTags).toContainEqual({ id: tag, name: '试听', keywords: ['体验课'], speaker: 'customer' });
    expect(rules.intentionPhrases.strong).toEqual([...new Set([...(d().intentionPhrases.strong ?? []), '马上报名'])]);
    expect(rules.hotWords).toContain('小鹅通');
    expect(rules.fields.map((f) => f.key)).toEqual([
      ...d()
        .fields.slice(1)
        .map((f) => f.key),
      'school',
    ]);
    expect(rules.fields.at(-1)).toEqual({ key: 'school', name: '就读学校', hints: ['学校'], description: undefined });
    expect((await svc().showSet(org.orgId)).hiddenTagIds).toEqual([tag]);

    // another organisation still has the defaults
    const other = await t().newOrg();
    expect((await svc().rulesFor(other.orgId)).wordRules).toEqual(d().wordRules);
  });

  it('keeps an organisation’s reads for a few seconds and drops them on every save', async () => {
    const org = await t().newOrg();
    const tok = org.admin.token;
    const before = await svc().rulesFor(org.orgId);
    expect(before.abuse).toBe(d().abuse);
    // a change that does not go through the module is not seen while the entry lives …
    await patchSetting(t().database.db, orgScope(org.orgId), { risk: { abuse: !d().abuse } });
    expect((await svc().rulesFor(org.orgId)).abuse).toBe(d().abuse);
    expect(await svc().rulesFor(org.orgId)).toBe(before);
    // … a save through the calls drops it at once
    ok(await saveRisk(tok, { thresholds: { churnRiskAlert: 55 } }));
    const after = await svc().rulesFor(org.orgId);
    expect(after.abuse).toBe(!d().abuse);
    expect(after.thresholds.churnRiskAlert).toBe(55);

    expect(await svc().isOpen(org.orgId)).toBe(false);
    ok(await t().call(contract.aiSetting.setAiOpen, {}, { token: tok }));
    expect(await svc().isOpen(org.orgId)).toBe(true);

    ok(await t().call(contract.aiSetting.hotWordSave, { words: ['续费'] }, { token: tok }));
    expect((await svc().rulesFor(org.orgId)).hotWords).toContain('续费');
    ok(
      await t().call(
        contract.aiSetting.saveMsgPush,
        { items: [{ msgType: 'ai_label', enabled: false, toOwner: true, toManager: false }] },
        { token: tok },
      ),
    );
    expect((await svc().msgPushFor(org.orgId)).find((i) => i.msgType === 'ai_label')?.enabled).toBe(false);
  });
});
