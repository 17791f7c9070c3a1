// End to end through the analysis pipeline: a call uploaded with its transcript is checked against the organisation's
// lists and regex rules; the violations are on the analysis, the hits in callProhibitionPage and the counts, an
// ai_violation message is sent; a re-analysis replaces the hits; data scope and organisations are kept apart.
import { contract } from '@crm/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAi, panel, uploadCall, waitFor } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { customRoleUser, ok, refused } from '../../test/org';
import { PRIVATE_MOBILE_PATTERN } from './seed';

type Line = ['A' | 'C', string];
const CALL: Line[] = [
  ['A', '您好，我是星辰教育的课程顾问小王'],
  ['C', '孩子成绩一般，能考上吗'],
  ['A', '放心我们保录取的还有内部名额面包过期这种事不会有'],
  ['A', '您加我私人微信13912345678我单独给您优惠'],
  ['C', '那我考虑一下，如果不满意能退款吗'],
];
const OTHER_CALL: Line[] = [
  ['A', '您好，这期集训班是包过的'],
  ['C', '好的我想想'],
];

describe('hits of forbidden-word lists and regex rules', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let enrolList: number;
  let refundList: number;
  let mobileRule: number;
  let call: number;
  const page = (token: string, body: object = {}) =>
    t().call(contract.quality.callProhibitionPage, { pageSize: 50, ...body }, { token });
  const counts = (token: string, body: object = {}) => t().call(contract.quality.callProhibitionCount, body, { token });

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
    await openAi(t(), other.admin.token);
    const save = (body: object) => t().callRaw(contract.quality.saveProhibitionWord, body, { token: org.admin.token });
    enrolList = ok(await save({ name: '招生违规承诺', words: ['包过', '保录取', '内部名额'], matchMode: 'whole' })).id;
    refundList = ok(await save({ name: '退款诉求', words: ['退款'], side: 'both' })).id;
    mobileRule = ok(
      await t().callRaw(
        contract.quality.createOrgRegex,
        { name: '引导私下联系', pattern: PRIVATE_MOBILE_PATTERN },
        { token: org.admin.token },
      ),
    ).id;
    // the other organisation has the same words: its rules never check this organisation's calls
    ok(
      await t().call(
        contract.quality.saveProhibitionWord,
        { name: '别家词库', words: ['保录取'] },
        { token: other.admin.token },
      ),
    );
    call = await uploadCall(t(), org.seat.token, CALL);
    const { data } = await waitFor(t(), org.seat.token, call);
    expect(data.analysisStatus).toBe(3);
    const otherCall = await uploadCall(t(), org.otherSeat.token, OTHER_CALL);
    await waitFor(t(), org.otherSeat.token, otherCall);
  });

  it('the violations are on the call’s analysis: whole words, the regex, the customer side', async () => {
    const { data } = await panel(t(), org.seat.token, call);
    const ours = data.machine.violations.filter((v: any) => v.kind === 'prohibition' || v.kind === 'orgRegex');
    expect(ours).toEqual([
      expect.objectContaining({
        kind: 'prohibition',
        rule: '招生违规承诺',
        ruleId: enrolList,
        text: '保录取',
        segment: 2,
      }),
      expect.objectContaining({ kind: 'prohibition', rule: '招生违规承诺', text: '内部名额', segment: 2 }),
      expect.objectContaining({
        kind: 'orgRegex',
        rule: '引导私下联系',
        ruleId: mobileRule,
        segment: 3,
        startMs: 15000,
      }),
      expect.objectContaining({ kind: 'prohibition', rule: '退款诉求', ruleId: refundList, speaker: 'customer' }),
    ]);
    // 面包过期 holds 包过 inside a longer word: not a whole-word hit
    expect(ours.some((v: any) => v.text === '包过')).toBe(false);
    expect(data.machine.risk).toBe(true);
  });

  it('callProhibitionPage: every hit with its sentence, time and names', async () => {
    const res = ok(await page(org.admin.token));
    expect(res.total).toBe(5);
    const mobile = res.lists.find((h: any) => h.kind === 'orgRegex');
    expect(mobile).toMatchObject({
      recordingId: call,
      kindName: '正则规则',
      ruleId: mobileRule,
      ruleName: '引导私下联系',
      sentence: '您加我私人微信13912345678我单独给您优惠',
      segment: 3,
      startMs: 15000,
      speaker: 'agent',
      speakerName: '销售',
      ownerUserId: org.seat.userId,
      ownerName: '坐席甲',
      deptId: org.deptId,
      deptName: '销售一部',
      callTime: expect.any(String),
      fileName: expect.stringMatching(/^call-/),
    });
    expect(mobile!.words).toContain('13912345678');
    const enrol = res.lists.filter((h: any) => h.ruleId === enrolList && h.kind === 'prohibition');
    expect(enrol.map((h: any) => h.word).sort()).toEqual(['保录取', '内部名额', '包过'].sort());
    expect(enrol.find((h: any) => h.word === '包过')).toMatchObject({ ownerName: '坐席乙', deptName: '销售二部' });
  });

  it('callProhibitionPage filters: rule, kind, word, owner, department, date range; 400 in Chinese', async () => {
    const token = org.admin.token;
    const total = async (body: object) => ok(await page(token, body)).total;
    expect(await total({ kind: 'orgRegex' })).toBe(1);
    expect(await total({ kind: 'prohibition', ruleId: enrolList })).toBe(3);
    expect(await total({ kind: 'prohibition', ruleId: refundList })).toBe(1);
    expect(await total({ word: '内部' })).toBe(1);
    expect(await total({ ownerUserId: org.seat.userId })).toBe(4);
    expect(await total({ deptId: org.otherDeptId })).toBe(1);
    expect(await total({ deptId: org.rootDeptId })).toBe(5);
    expect(await total({ startTime: '2000-01-01 00:00:00', endTime: '2000-01-02 00:00:00' })).toBe(0);
    expect(await total({ startTime: '2000-01-01', endTime: '2999-01-01' })).toBe(5);
    refused(await page(token, { startTime: '昨天' }), 400, '时间格式应为 YYYY-MM-DD HH:mm:ss');
    refused(await page(token, { kind: 'sop' }), 400, '规则类型只能是');
    refused(await page(token, { pageSize: 7 }), 400, '每页条数只能是 10、20、50、100');
  });

  it('callProhibitionCount: per list and per word, with the same filters', async () => {
    const res = ok(await counts(org.admin.token));
    expect(res).toMatchObject({ total: 5, calls: 2 });
    expect(res.byRule).toHaveLength(3);
    expect(res.byRule[0]).toEqual({
      kind: 'prohibition',
      kindName: '违禁词',
      ruleId: enrolList,
      ruleName: '招生违规承诺',
      count: 3,
    });
    expect(res.byRule).toContainEqual(expect.objectContaining({ kind: 'prohibition', ruleId: refundList, count: 1 }));
    expect(res.byRule).toContainEqual(
      expect.objectContaining({ kind: 'orgRegex', ruleId: mobileRule, ruleName: '引导私下联系', count: 1 }),
    );
    expect(res.byWord).toContainEqual({
      kind: 'prohibition',
      ruleId: enrolList,
      ruleName: '招生违规承诺',
      word: '内部名额',
      count: 1,
    });
    expect(ok(await counts(org.admin.token, { deptId: org.deptId }))).toMatchObject({ total: 4, calls: 1 });
    refused(await counts(org.admin.token, { ruleId: 0 }), 400, '');
  });

  it('data scope of the recording’s owner: a manager sees the department, an own-scope reviewer nothing of others', async () => {
    expect(ok(await page(org.manager.token)).total).toBe(4);
    expect(ok(await counts(org.manager.token)).total).toBe(4);
    const reviewer = await customRoleUser(t(), org, { functionSigns: ['quality:view'], dataScope: 1 });
    expect(ok(await page(reviewer.token)).total).toBe(0);
    expect(ok(await counts(reviewer.token))).toMatchObject({ total: 0, calls: 0, byRule: [], byWord: [] });
  });

  it('another organisation sees none of the hits', async () => {
    expect(ok(await page(other.admin.token)).total).toBe(0);
    expect(ok(await page(other.admin.token, { ruleId: enrolList })).total).toBe(0);
    expect(ok(await counts(other.admin.token)).total).toBe(0);
  });

  it('an ai_violation message names the rule and the words', async () => {
    const msgs = ok(await t().call(contract.notice.messages, { kind: 'ai', pageSize: 100 }, { token: org.seat.token }));
    const contents = msgs.lists.filter((m: any) => m.msgType === 'ai_violation').map((m: any) => m.content);
    expect(contents.some((c: string) => c.includes('招生违规承诺') && c.includes('保录取'))).toBe(true);
    expect(contents.some((c: string) => c.includes('引导私下联系'))).toBe(true);
  });

  it('rules changed, call re-analysed: its hits are replaced, a renamed list shows its new name', async () => {
    const token = org.admin.token;
    ok(
      await t().call(
        contract.quality.saveProhibitionWord,
        { id: refundList, name: '退款诉求', words: ['退款'], side: 'both', status: 2 },
        { token },
      ),
    );
    ok(
      await t().call(
        contract.quality.saveProhibitionWord,
        { id: enrolList, name: '招生承诺', words: ['包过', '保录取', '内部名额'], matchMode: 'whole' },
        { token },
      ),
    );
    ok(await t().call(contract.analysis.reanalyse, { recordingId: call }, { token }));
    const end = Date.now() + 30_000;
    let n = -1;
    while (Date.now() < end) {
      n = ok(await page(token, { kind: 'prohibition', ruleId: refundList })).total;
      if (n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(n).toBe(0);
    await waitFor(t(), org.seat.token, call);
    const res = ok(await page(token));
    expect(res.total).toBe(4);
    const enrol = res.lists.filter((h: any) => h.kind === 'prohibition' && h.ruleId === enrolList);
    expect(enrol.map((h: any) => h.ruleName)).toEqual(['招生承诺', '招生承诺', '招生承诺']);
  });
});
