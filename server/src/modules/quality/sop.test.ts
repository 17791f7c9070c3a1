// SOP rules: the calls of /sop/ and their analysis-base twins, and a call's coverage after its analysis: items hit
// and missed with evidence, rules of other departments or disabled ones left out, earlier results kept in history.
import { contract } from '@crm/core/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { A, openAi, uploadCall } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { B, customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { sopCallResultHistory } from './schema';

type Line = ['A' | 'C', string];
const CALL: Line[] = [
  ['A', '您好，我是星辰教育的课程顾问小王'],
  ['C', '孩子成绩一般，想了解一下你们的课程'],
  ['A', '我们是一对一辅导，价格是每节课两百元'],
  ['A', '请问孩子现在几年级了'],
  ['C', '好的我考虑一下'],
];

const ITEMS = [
  { name: '开场白与自我介绍', keywords: ['课程顾问', '我这边是'] },
  { name: '挖掘需求', keywords: ['几年级', '哪方面'] },
  { name: '报价', regex: ['[0-9一二两三四五六七八九十百千]+元'] },
  { name: '约定下次跟进', keywords: ['明天再联系', '下周回访'] },
];
const RULE = { name: '标准流程', items: ITEMS };

describe('/sop rules and per-call coverage', () => {
  const t = useTestApp();
  const post = (path: string, body: object, token: string) => t().post(`${B}/sop/${path}`, body, { token });

  it('401 without a session; 403 without the sign; quality:view reads only', async () => {
    const org = await t().newOrg();
    const changes = [
      { path: '/sop/createSopRule', body: RULE },
      { path: '/sop/updateSopRule', body: { id: 1, ...RULE } },
      { path: '/sop/disableAndDeleteSopRule', body: { id: 1, operation: 2 } },
    ];
    const reads = [
      { path: '/sop/getSopCreateUserList' },
      { path: '/sop/getSopExecuteDeptList' },
      { path: '/sop/getSopRuleList' },
      { path: '/sop/getSopRuleListInQuality' },
      { path: '/sop/getOrganizationRegisterTime' },
      { path: '/sop/getOrganizationClueFollowStatusList' },
      { path: '/sop/getSopItemNameByOrg' },
    ];
    const byId = [
      { path: '/sop/selectSopAndItemInfoByRuleId', body: { id: 1 } },
      { path: '/sop/getSopItemInfoInQuality', body: { recordingId: 1 } },
    ];
    await expectNoSession(t(), [...changes, ...reads, ...byId]);
    for (const p of ['getSopRuleListInQuality', 'getSopItemInfoInQuality'])
      refused(await t().post(`${A}/asr/V1/${p}`, { recordingId: 1 }), 401);
    await expectForbidden(t(), org.seat.token, [...changes, ...reads, ...byId]);
    refused(await t().call(contract.sop.asrGetSopRuleListInQuality, {}, { token: org.seat.token }), 403);
    const viewer = await customRoleUser(t(), org, { functionSigns: ['quality:view'] });
    await expectForbidden(t(), viewer.token, changes);
    for (const r of reads) ok(await t().post(`${B}${r.path}`, {}, { token: viewer.token }));
    ok(await t().call(contract.sop.asrGetSopRuleListInQuality, {}, { token: viewer.token }));
  });

  it('createSopRule validates in Chinese: name, 1-30 items, a way to find each item, regex compiles', async () => {
    const org = await t().newOrg();
    const token = org.admin.token;
    refused(await post('createSopRule', { ...RULE, name: ' ' }, token), 400, '请输入规则名称');
    refused(await post('createSopRule', { ...RULE, items: [] }, token), 400, '请至少添加 1 个SOP环节');
    const many = Array.from({ length: 31 }, (_, i) => ({ name: `环节${i}`, keywords: ['好'] }));
    refused(await post('createSopRule', { ...RULE, items: many }, token), 400, '一条规则最多 30 个环节');
    refused(
      await post('createSopRule', { ...RULE, items: [{ name: '报价', keywords: [' '] }] }, token),
      400,
      '环节「报价」至少需要一个关键词、例句、正则表达式或大模型问题',
    );
    refused(
      await post('createSopRule', { ...RULE, items: [{ name: '报价', regex: ['([0-9]+元'] }] }, token),
      400,
      /正则表达式无法编译：环节「报价」/,
    );
    refused(
      await post('createSopRule', { ...RULE, items: [ITEMS[0], { ...ITEMS[1], name: ITEMS[0].name }] }, token),
      400,
      '环节名称「开场白与自我介绍」重复',
    );
    refused(await post('createSopRule', { ...RULE, deptIds: [999999] }, token), 400, '适用部门不存在');
    refused(await post('createSopRule', { ...RULE, followStatusIds: [999999] }, token), 400, '跟进阶段不存在');
    ok(await post('createSopRule', RULE, token));
    refused(await post('createSopRule', RULE, token), 409, 'SOP规则名称已存在');
  });

  it('create, list with filters, detail, update (items keep their ids), enable, disable, delete', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const token = org.admin.token;
    await t().ctx.services.clueField.seedDefaults(org.orgId);
    const statuses = ok(await post('getOrganizationClueFollowStatusList', {}, token));
    expect(statuses.map((s: any) => s.name)).toContain('跟进中');
    const stage = statuses.find((s: any) => s.name === '跟进中').id;
    const { id } = ok(await post('createSopRule', { ...RULE, deptIds: [org.deptId], followStatusIds: [stage] }, token));
    const second = ok(await post('createSopRule', { name: '售后回访', status: 2, items: [ITEMS[3]] }, token)).id;

    const list = ok(await post('getSopRuleList', {}, token));
    expect(list.total).toBe(2);
    const row = list.lists.find((r: any) => r.id === id);
    expect(row).toMatchObject({
      name: '标准流程',
      status: 1,
      statusName: '启用',
      depts: [{ id: org.deptId, name: '销售一部' }],
      followStatuses: [{ id: stage, name: '跟进中' }],
      itemCount: 4,
      itemNames: ITEMS.map((i) => i.name),
      createdBy: org.admin.userId,
      createdByName: expect.any(String),
    });
    expect(ok(await post('getSopRuleList', { name: '售后' }, token)).lists.map((r: any) => r.id)).toEqual([second]);
    expect(ok(await post('getSopRuleList', { status: 2 }, token)).lists.map((r: any) => r.id)).toEqual([second]);
    expect(ok(await post('getSopRuleList', { createdBy: org.seat.userId }, token)).total).toBe(0);
    refused(await post('getSopRuleList', { status: 5 }, token), 400, '状态只能是 1、2');
    expect(ok(await post('getSopCreateUserList', {}, token))).toEqual([
      { userId: org.admin.userId, name: expect.any(String) },
    ]);
    const depts = ok(await post('getSopExecuteDeptList', {}, token));
    expect(depts.map((d: any) => d.id)).toEqual(expect.arrayContaining([org.rootDeptId, org.deptId, org.otherDeptId]));
    expect(ok(await post('getOrganizationRegisterTime', {}, token)).registerTime).toMatch(/^\d{4}-\d\d-\d\d /);

    const detail = ok(await post('selectSopAndItemInfoByRuleId', { id }, token));
    expect(detail).toMatchObject({ id, deptIds: [org.deptId], followStatusIds: [stage] });
    expect(detail.items.map((i: any) => [i.name, i.sort, i.speaker, i.speakerName])).toEqual(
      ITEMS.map((i, k) => [i.name, k + 1, 'agent', '销售']),
    );
    expect(detail.items[2].regex).toEqual(ITEMS[2].regex);
    refused(await post('selectSopAndItemInfoByRuleId', { id: 'x' }, token), 400, 'SOP规则不正确');

    // reordered, one removed, one added: the kept items keep their ids
    const [open, needs] = detail.items;
    const edited = {
      id,
      name: '标准流程（新）',
      items: [needs, open, { name: '异议处理', keywords: ['您放心'] }],
    };
    ok(await post('updateSopRule', edited, token));
    const after = ok(await post('selectSopAndItemInfoByRuleId', { id }, token));
    expect(after.items.map((i: any) => [i.id, i.name, i.sort])).toEqual([
      [needs.id, '挖掘需求', 1],
      [open.id, '开场白与自我介绍', 2],
      [expect.any(Number), '异议处理', 3],
    ]);
    expect(after.deptIds).toEqual([]);
    refused(await post('updateSopRule', { ...edited, name: '售后回访' }, token), 409, 'SOP规则名称已存在');
    refused(await post('updateSopRule', { ...edited, items: [] }, token), 400, '请至少添加 1 个SOP环节');
    const names = ok(await post('getSopItemNameByOrg', { ruleId: id }, token));
    expect(names.map((n: any) => n.name)).toEqual(['挖掘需求', '开场白与自我介绍', '异议处理']);

    ok(await post('disableAndDeleteSopRule', { id, operation: 2 }, token));
    expect(ok(await post('selectSopAndItemInfoByRuleId', { id }, token)).statusName).toBe('停用');
    ok(await post('disableAndDeleteSopRule', { id, operation: 1 }, token));
    expect(ok(await post('selectSopAndItemInfoByRuleId', { id }, token)).status).toBe(1);
    refused(await post('disableAndDeleteSopRule', { id, operation: 4 }, token), 400, '操作只能是 1、2、3');

    // another organisation's rule is not found, for every call by id
    const foreign = other.admin.token;
    refused(await post('selectSopAndItemInfoByRuleId', { id }, foreign), 404, 'SOP规则不存在');
    refused(await post('updateSopRule', edited, foreign), 404, 'SOP规则不存在');
    refused(await post('disableAndDeleteSopRule', { id, operation: 3 }, foreign), 404, 'SOP规则不存在');
    expect(ok(await post('getSopRuleList', {}, foreign)).total).toBe(0);
    expect(ok(await post('getSopItemNameByOrg', {}, foreign))).toEqual([]);

    ok(await post('disableAndDeleteSopRule', { id, operation: 3 }, token));
    refused(await post('selectSopAndItemInfoByRuleId', { id }, token), 404, 'SOP规则不存在');
    expect(ok(await post('getSopRuleList', {}, token)).total).toBe(1);
  });

  describe('a call’s coverage', () => {
    let org: TestOrg;
    let other: TestOrg;
    let call: number;
    let ruleId: number;
    let aboveId: number;
    let otherDeptRule: number;
    let disabledRule: number;
    let stageRule: number;
    const coverage = (token: string, recordingId = call) => post('getSopItemInfoInQuality', { recordingId }, token);

    /** Polls until the call's results were written at or after `since` (the listener runs after the analysis). */
    async function resultsAfter(since: string | null) {
      const end = Date.now() + 30_000;
      for (;;) {
        const data = ok(await coverage(org.admin.token));
        if (data.rules.length && (since === null || data.rules[0].checkedAt > since)) return data;
        if (Date.now() > end) throw new Error('no SOP results');
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    beforeAll(async () => {
      org = await t().newOrg();
      other = await t().newOrg();
      await openAi(t(), org.admin.token);
      await t().ctx.services.clueField.seedDefaults(org.orgId);
      const token = org.admin.token;
      ruleId = ok(await post('createSopRule', RULE, token)).id;
      aboveId = ok(
        await post('createSopRule', { name: '上级部门规则', deptIds: [org.rootDeptId], items: [ITEMS[0]] }, token),
      ).id;
      otherDeptRule = ok(
        await post('createSopRule', { name: '二部规则', deptIds: [org.otherDeptId], items: [ITEMS[0]] }, token),
      ).id;
      disabledRule = ok(await post('createSopRule', { name: '停用规则', status: 2, items: [ITEMS[0]] }, token)).id;
      const stage = ok(await post('getOrganizationClueFollowStatusList', {}, token))[0].id;
      stageRule = ok(
        await post('createSopRule', { name: '阶段规则', followStatusIds: [stage], items: [ITEMS[0]] }, token),
      ).id;
      call = await uploadCall(t(), org.seat.token, CALL);
    });

    it('every applicable rule’s items hit or missed with the evidence sentence, time and order', async () => {
      const data = await resultsAfter(null);
      expect(data.recordingId).toBe(call);
      const ids = data.rules.map((r: any) => r.ruleId);
      // the owner's department or one above it; not another department, not disabled, not a stage without a lead
      expect(ids.sort()).toEqual([ruleId, aboveId].sort());
      expect(ids).not.toContain(otherDeptRule);
      expect(ids).not.toContain(disabledRule);
      expect(ids).not.toContain(stageRule);
      const rule = data.rules.find((r: any) => r.ruleId === ruleId);
      expect(rule).toMatchObject({
        ruleName: '标准流程',
        coverage: 0.75,
        hitCount: 3,
        missedCount: 1,
        inOrder: false,
        orderNames: ['开场白与自我介绍', '报价', '挖掘需求'],
      });
      expect(rule.items.map((i: any) => [i.name, i.hit, i.how, i.segment, i.startMs, i.position])).toEqual([
        ['开场白与自我介绍', true, 'keyword', 0, 0, 1],
        ['挖掘需求', true, 'keyword', 3, 15000, 3],
        ['报价', true, 'regex', 2, 10000, 2],
        ['约定下次跟进', false, null, null, null, null],
      ]);
      expect(rule.items[0]).toMatchObject({
        sentence: '您好，我是星辰教育的课程顾问小王',
        match: expect.stringContaining('课程顾问'),
        howName: '关键词',
        speaker: 'agent',
        speakerName: '销售',
        endMs: 4000,
      });
      expect(rule.items[2].sentence).toBe('我们是一对一辅导，价格是每节课两百元');
      // the analysis-base twin answers the same
      const twin = ok(
        await t().call(contract.sop.asrGetSopItemInfoInQuality, { recordingId: call }, { token: org.admin.token }),
      );
      expect(twin).toEqual(data);
    });

    it('getSopRuleListInQuality: the rules that applied to calls, by call time', async () => {
      await resultsAfter(null);
      const rules = ok(await post('getSopRuleListInQuality', {}, org.admin.token));
      expect(rules.map((r: any) => [r.ruleId, r.calls])).toEqual(
        [
          [ruleId, 1],
          [aboveId, 1],
        ].sort((a, b) => a[0] - b[0]),
      );
      expect(ok(await post('getSopRuleListInQuality', { endTime: '2000-01-01' }, org.admin.token))).toEqual([]);
      refused(await post('getSopRuleListInQuality', { startTime: 'x' }, org.admin.token), 400, 'YYYY-MM-DD');
      expect(ok(await post('getSopRuleListInQuality', {}, other.admin.token))).toEqual([]);
    });

    it('another organisation, or a seat outside the data scope, cannot read the call’s coverage', async () => {
      await resultsAfter(null);
      refused(await coverage(other.admin.token), 404, '录音不存在');
      refused(
        await t().call(contract.sop.asrGetSopItemInfoInQuality, { recordingId: call }, { token: other.admin.token }),
        404,
      );
      const own = await customRoleUser(t(), org, { functionSigns: ['quality:view'], dataScope: 1 });
      refused(await coverage(own.token), 404, '录音不存在');
      refused(await coverage(org.admin.token, 0), 400, '请选择录音');
    });

    it('after a rule change and re-analysis the new result replaces the current one; the earlier stays in history', async () => {
      const first = await resultsAfter(null);
      const token = org.admin.token;
      const detail = ok(await post('selectSopAndItemInfoByRuleId', { id: ruleId }, token));
      ok(
        await post(
          'updateSopRule',
          {
            id: ruleId,
            name: '标准流程二版',
            items: [...detail.items.slice(0, 3), { name: '邀约试听', keywords: ['试听'] }],
          },
          token,
        ),
      );
      ok(await post('disableAndDeleteSopRule', { id: aboveId, operation: 2 }, token));
      const checked = first.rules[0].checkedAt;
      await new Promise((r) => setTimeout(r, 1100)); // checkedAt is to the second
      ok(await t().call(contract.analysis.reanalyse, { recordingId: call }, { token }));
      const next = await resultsAfter(checked);
      expect(next.rules.map((r: any) => [r.ruleId, r.ruleName])).toEqual([[ruleId, '标准流程二版']]);
      expect(next.rules[0].items.map((i: any) => i.name)).toContain('邀约试听');
      const history = await t()
        .ctx.db.select()
        .from(sopCallResultHistory)
        .where(and(eq(sopCallResultHistory.organizationId, org.orgId), eq(sopCallResultHistory.recordingId, call)));
      expect(history.map((h) => [h.ruleId, h.ruleName]).sort()).toEqual(
        [
          [ruleId, '标准流程'],
          [aboveId, '上级部门规则'],
        ].sort(),
      );
      const old = history.find((h) => h.ruleId === ruleId)!;
      expect(old.result.items.map((i) => i.name)).toContain('约定下次跟进');
      expect(old.hitCount).toBe(3);
    });
  });
});
