import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { saas } from './templates/industries/saas';

const c = contract.industryTemplate;

describe('/industryTemplate', () => {
  const t = useTestApp();

  it('answers code 10 without a session and 403 to a seat', async () => {
    const org = await t().newOrg();
    const paths = ['list', 'detail', 'apply', 'undo'].map((x) => `/industryTemplate/${x}`);
    await expectNoSession(
      t(),
      paths.map((path) => ({ path })),
    );
    await expectForbidden(
      t(),
      org.seat.token,
      paths.map((path) => ({ path, body: { code: 'saas' } })),
    );
  });

  it('lists six industries and previews what applying would do', async () => {
    const org = await t().newOrg();
    const list = ok(await t().call(c.list, undefined, { token: org.admin.token }));
    expect(list.map((x) => x.code)).toEqual(['education', 'home', 'finance', 'insurance', 'saas', 'property']);
    expect(list[0]).toMatchObject({ name: '教育培训', appliedAt: null });
    expect(list[0].counts).toMatchObject({ tags: 4, sop: 1, words: 1, regex: 2, scripts: 2, knowledge: 5 });
    const d = ok(await t().call(c.detail, { code: 'saas' }, { token: org.admin.token }));
    expect(d.items.filter((i) => i.part === 'scripts')).toHaveLength(2);
    expect(d.items.every((i) => i.state === '新建')).toBe(true);
    refused(await t().call(c.detail, { code: 'mining' }, { token: org.admin.token }), 404, '行业模板不存在');
    refused(await t().callRaw(c.detail, {}, { token: org.admin.token }), 400, '请选择行业模板');
  });

  it('apply twice creates nothing twice; merge adds what is missing; undo removes and restores', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const token = org.admin.token;
    // an existing list of the same name: merged into, then restored by undo
    ok(
      await t().call(
        contract.quality.saveProhibitionWord,
        { name: 'SaaS-不实承诺', words: ['永久免费', '自定义词'] },
        { token },
      ),
    );
    const first = ok(await t().call(c.apply, { code: 'saas', mode: 'skip' }, { token }));
    expect(first).toMatchObject({ created: 4 + 1 + 2 + 2 + 5, merged: 0, skipped: 1 });
    const again = ok(await t().call(c.apply, { code: 'saas', mode: 'skip' }, { token }));
    expect(again).toMatchObject({ applicationId: null, created: 0, merged: 0, skipped: 15 });
    // the practice scripts, in the practice module: the persona, scoring points worth 100, the forbidden words
    const scripts = ok(await t().call(contract.chatScript.pagelist, {}, { token }));
    const names = saas.scripts.map((x) => x.name);
    expect(scripts.lists.map((x) => x.name)).toEqual(expect.arrayContaining(names));
    const script = scripts.lists.find((x) => x.name === names[0])!;
    expect(script).toMatchObject({ totalScore: 100, passScore: 60, persona: { industry: saas.name } });
    expect(script.scoringPoints.map((p) => p.name)).toEqual(saas.scripts[0].points);
    expect(script.forbiddenWords).toEqual(expect.arrayContaining(saas.words[0].words));
    // what landed, in the owning modules
    const tags = ok(await t().call(contract.aiSetting.tagGroupAndTag, undefined, { token }));
    expect(tags.find((g) => g.name === 'SaaS 软件')?.tags?.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['预约演示', '询问价格']),
    );
    const sop = ok(await t().call(contract.sop.getSopRuleList, {}, { token }));
    expect(sop.lists.map((r) => r.name)).toContain('SaaS-需求挖掘与演示邀约');
    const entries = ok(await t().call(contract.knowledge.list, { base: 2 }, { token }));
    expect(entries.lists.map((e) => e.title)).toContain('订阅价格');
    const found = ok(
      await t().call(contract.knowledge.search, { question: '订阅价格多少' }, { token: org.seat.token }),
    );
    expect(found.passages[0].title).toBe('订阅价格');

    const merge = ok(await t().call(c.apply, { code: 'saas', parts: ['words'], mode: 'merge' }, { token }));
    expect(merge).toMatchObject({ created: 0, merged: 1 });
    const lists = ok(await t().call(contract.quality.prohibitionWordList, { all: true }, { token }));
    expect(lists.lists.find((l) => l.name === 'SaaS-不实承诺')?.words).toEqual(
      expect.arrayContaining(['永久免费', '自定义词', '绝对安全']),
    );
    // a script of the same name: merge adds the template's scoring points, undo takes them away again
    ok(await t().call(contract.chatScript.delete, { ids: [script.id] }, { token }));
    const own = ok(
      await t().call(
        contract.chatScript.save,
        {
          name: names[0],
          persona: { industry: '软件', objections: [] },
          stages: ['opening'],
          scoringPoints: [{ name: '自己的评分点', stage: 'opening', keywords: ['您好'], score: 10 }],
          passScore: 6,
        },
        { token },
      ),
    );
    const scriptMerge = ok(await t().call(c.apply, { code: 'saas', parts: ['scripts'], mode: 'merge' }, { token }));
    expect(scriptMerge).toMatchObject({ created: 0, merged: 1, skipped: 1 });
    const merged = ok(await t().call(contract.chatScript.detail, { id: own.id }, { token }));
    expect(merged.scoringPoints.map((p) => p.name)).toEqual(['自己的评分点', ...saas.scripts[0].points]);
    expect(ok(await t().call(c.undo, undefined, { token }))).toMatchObject({ removed: 0, restored: 1 });
    const unmerged = ok(await t().call(contract.chatScript.detail, { id: own.id }, { token }));
    expect(unmerged.scoringPoints.map((p) => p.name)).toEqual(['自己的评分点']);
    // another organisation's undo touches nothing here
    refused(await t().call(c.undo, undefined, { token: other.admin.token }), 404, '没有可撤销的模板应用');
    // undo the merge: the list is as it was
    expect(ok(await t().call(c.undo, undefined, { token }))).toMatchObject({ removed: 0, restored: 1 });
    const restored = ok(await t().call(contract.quality.prohibitionWordList, { all: true }, { token }));
    expect(restored.lists.find((l) => l.name === 'SaaS-不实承诺')?.words).toEqual(['永久免费', '自定义词']);
    // undo the first application: what it created is gone
    expect(ok(await t().call(c.undo, undefined, { token }))).toMatchObject({ removed: 14, restored: 0 });
    const left = ok(await t().call(contract.chatScript.pagelist, {}, { token })).lists.map((x) => x.name);
    expect(left).toEqual([names[0]]); // the organisation's own script stays
    expect(ok(await t().call(contract.knowledge.list, { base: 2 }, { token })).lists.map((e) => e.title)).not.toContain(
      '订阅价格',
    );
    const after = ok(await t().call(contract.aiSetting.tagGroupAndTag, undefined, { token }));
    expect(after.some((g) => g.name === 'SaaS 软件')).toBe(false);
    expect(ok(await t().call(contract.sop.getSopRuleList, {}, { token })).lists.map((r) => r.name)).not.toContain(
      'SaaS-需求挖掘与演示邀约',
    );
    refused(await t().call(c.undo, undefined, { token }), 404, '没有可撤销的模板应用');
    refused(await t().callRaw(c.apply, { code: 'saas', parts: ['x'] }, { token }), 400, '');
    refused(await t().callRaw(c.apply, { code: 'saas', mode: 'replace' }, { token }), 400, '');
    refused(await t().call(c.apply, { code: 'mining' }, { token }), 404, '行业模板不存在');
  });
});
