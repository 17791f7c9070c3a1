import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { newScript, scriptInput, sopItems } from './practiceTest';

describe('/chatScript (practice scripts)', () => {
  const t = useTestApp();
  const c = contract.chatScript;

  it('answers code 10 without a session and 403 to a seat for the writes', async () => {
    const org = await t().newOrg();
    await expectNoSession(
      t(),
      ['pagelist', 'save', 'update', 'delete', 'detail', 'sopItems'].map((p) => ({ path: `/chatScript/${p}` })),
    );
    await expectForbidden(t(), org.seat.token, [
      { path: '/chatScript/save', body: scriptInput([1, 2, 3]) },
      { path: '/chatScript/update', body: { id: 1, ...scriptInput([1, 2, 3]) } },
      { path: '/chatScript/delete', body: { ids: [1] } },
      { path: '/chatScript/sopItems' },
    ]);
  });

  it('save validates the persona, stages, scoring points and pass line, and SOP items of the organisation only', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const items = await sopItems(t(), org);
    const foreign = await sopItems(t(), other);
    const post = (body: object) => t().callRaw(c.save, body, { token: org.admin.token });
    refused(await post({ ...scriptInput(items), name: ' ' }), 400, '请输入脚本名称');
    refused(await post({ ...scriptInput(items), stages: [] }), 400, '请至少选择一个对话阶段');
    refused(await post({ ...scriptInput(items), stages: ['opening', 'opening'] }), 400, '对话阶段不能重复');
    refused(await post({ ...scriptInput(items), stages: ['hello'] }), 400, /阶段只能是/);
    refused(await post({ ...scriptInput(items), scoringPoints: [] }), 400, '请至少添加一个评分点');
    refused(
      await post({ ...scriptInput(items), scoringPoints: [{ name: 'x', stage: 'opening', keywords: [], score: 10 }] }),
      400,
      /评分点须关联 SOP 话术节点或填写关键词/,
    );
    refused(await post({ ...scriptInput(items), passScore: 101 }), 400, '及格线不能大于 100');
    refused(await post({ ...scriptInput(items), persona: { objections: [] } }), 400, /请输入客户行业/);
    refused(await post(scriptInput(foreign)), 400, '评分点关联的 SOP 话术节点不存在或已删除');
    const id = ok(await t().call(c.save, scriptInput(items) as never, { token: org.admin.token })).id;
    const linkable = ok(await t().call(c.sopItems, undefined, { token: org.admin.token }));
    expect(linkable.map((i) => i.id)).toEqual(items);
    expect(ok(await t().call(c.sopItems, undefined, { token: other.admin.token })).map((i) => i.id)).toEqual(foreign);
    const d = ok(await t().call(c.detail, { id }, { token: org.seat.token }));
    expect(d).toMatchObject({ name: '培训课程电话销售', totalScore: 100, passScore: 60, status: 1, sessionCount: 0 });
    expect(d.scoringPoints[0]).toMatchObject({ sopItemId: items[0], sopItemName: '自我介绍' });
    expect(d.persona.objections).toEqual(['你们比别家贵', '我要跟老板商量']);
  });

  it("lists, updates and deletes; another organisation's id is 404 and changes nothing", async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const id = await newScript(t(), org);
    const items = await sopItems(t(), org);
    const list = ok(await t().call(c.pagelist, { keyword: '培训' }, { token: org.seat.token }));
    expect(list.lists.map((s) => s.id)).toEqual([id]);
    expect(ok(await t().call(c.pagelist, {}, { token: other.admin.token })).total).toBe(0);

    ok(
      await t().call(c.update, { id, ...scriptInput(items, { name: '改名后的脚本', passScore: 80 }) } as never, {
        token: org.admin.token,
      }),
    );
    expect(ok(await t().call(c.detail, { id }, { token: org.admin.token }))).toMatchObject({
      name: '改名后的脚本',
      passScore: 80,
    });
    refused(
      await t().callRaw(c.update, { id, ...scriptInput(items), passScore: -1 }, { token: org.admin.token }),
      400,
      /及格线/,
    );

    refused(await t().call(c.detail, { id }, { token: other.admin.token }), 404, '陪练脚本不存在');
    refused(
      await t().call(c.update, { id, ...scriptInput(items, { name: '别家改的' }) } as never, {
        token: other.admin.token,
      }),
      404,
    );
    expect(ok(await t().call(c.delete, { ids: [id] }, { token: other.admin.token })).count).toBe(0);
    expect(ok(await t().call(c.detail, { id }, { token: org.admin.token })).name).toBe('改名后的脚本');
    refused(await t().callRaw(c.delete, { ids: [] }, { token: org.admin.token }), 400, '请选择陪练脚本');
    refused(await t().callRaw(c.detail, {}, { token: org.admin.token }), 400, /脚本/);

    expect(ok(await t().call(c.delete, { ids: [id] }, { token: org.admin.token })).count).toBe(1);
    refused(await t().call(c.detail, { id }, { token: org.admin.token }), 404);
    expect(ok(await t().call(c.pagelist, {}, { token: org.admin.token })).total).toBe(0);
  });
});
