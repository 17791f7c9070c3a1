// The speech assistant's calls (/hkzs/*): built-in answers retrieved from the organisation's analysed calls, history,
// ratings, copies, usage, export, speech input; tenancy and validation of each.
import { contract } from '@crm/core/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addLead, openAi, uploadCall, waitFor } from '../../test/analysis';
import { type TestOrg, useTestApp } from '../../test/harness';
import { customRoleUser, expectForbidden, expectNoSession, ok, refused } from '../../test/org';

type Line = [who: 'A' | 'C', text: string];
const GOOD_CALL: Line[] = [
  ['A', '您好，我是星辰教育的课程顾问小王，请问是李先生吗？'],
  ['C', '是的，你说。'],
  ['A', '您上周咨询的少儿编程课，想跟您介绍一下课程安排。'],
  ['C', '我挺感兴趣的，价格多少？什么时候可以报名？'],
  ['A', '一期是三千九百八十元，这周报名有八折优惠，名额有限。'],
  ['C', '价格有点贵，别家更便宜。'],
  ['A', '我们是小班教学，老师都是专业的，效果不满意可以退费。'],
  ['C', '好的，那我今天就报名，你把合同和付款方式发给我吧。'],
  ['A', '好的，我马上把付款链接发给您。'],
];

describe('/hkzs (话术助手)', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let callId: number;
  let clueId: number;

  const chat = (body: object, token = org.seat.token) => t().call(contract.assistant.chat, body as any, { token });

  beforeAll(async () => {
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
    clueId = await addLead(t(), org.seat.token, '李先生');
    callId = await uploadCall(t(), org.seat.token, GOOD_CALL, { clueId });
    expect((await waitFor(t(), org.seat.token, callId)).data.analysisStatus).toBe(3);
  });

  it('answers code 10 without a session and 403 without the sign', async () => {
    await expectNoSession(
      t(),
      ['chat', 'history', 'rate', 'copy', 'usage', 'transcribe', 'export'].map((c) => ({ path: `/hkzs/${c}` })),
    );
  });

  it('帮你回 and 帮你谈: what the agent said right after a similar customer sentence in a strong call', async () => {
    for (const type of [1, 4] as const) {
      const a = ok(await chat({ type, text: '这个价格多少钱？什么时候能报名' }));
      expect(a).toMatchObject({ type, engine: 'builtin', fallbackReason: null });
      const fromCall = a.suggestions.find((s) => s.source === 'call');
      expect(fromCall, JSON.stringify(a)).toMatchObject({
        text: '一期是三千九百八十元，这周报名有八折优惠，名额有限。',
        recordingId: callId,
        customerSaid: '我挺感兴趣的，价格多少？什么时候可以报名？',
        sourceName: '优秀通话',
      });
      expect(fromCall!.origin).toMatch(/坐席甲的通话（(强意向|已成交)）· 相似度 \d+%/);
      expect(a.note).toContain('未使用大模型');
    }
    // nothing similar: an honest empty answer
    const none = ok(await chat({ type: 1, text: '今天天气怎么样' }));
    expect(none.suggestions).toEqual([]);
    expect(none.note).toContain('暂无');
  });

  it('润色 rewrites by rules and shows similar sentences of good calls; 开场白 uses the lead', async () => {
    const p = ok(await chat({ type: 3, text: '嗯那个，你们这个课程效果，我也不知道' }));
    expect(p.suggestions[0]).toMatchObject({ source: 'rule', text: '您这边这个课程效果，我也我帮您确认一下。' });
    expect(p.suggestions[0].origin).toContain('去掉口头语');
    const o = ok(await chat({ type: 2, clueId }));
    expect(o.suggestions[0].text).toMatch(/^李先生您好，我是坐席甲/);
    expect(o.suggestions.some((s) => s.source === 'call' && s.recordingId === callId)).toBe(true);
  });

  it('a moment of a call: the sentence picked is answered; another organisation cannot pick it', async () => {
    const a = ok(await chat({ type: 1, recordingId: callId, segmentIndex: 5 }));
    expect(a.query).toBe('价格有点贵，别家更便宜。');
    expect(a.suggestions[0].text).toBe('我们是小班教学，老师都是专业的，效果不满意可以退费。');
    refused(await chat({ type: 1, recordingId: callId, segmentIndex: 99 }), 400, '句子序号超出范围（共 9 句）');
    refused(await chat({ type: 1, recordingId: callId, segmentIndex: 1 }, other.seat.token), 404);
    refused(await chat({ type: 2, clueId }, other.seat.token), 404);
    expect(ok(await t().call(contract.assistant.history, {}, { token: other.seat.token })).total).toBe(0);
  });

  it('validates the type and the input with clear messages', async () => {
    const raw = (body: object) => t().callRaw(contract.assistant.chat, body, { token: org.seat.token });
    refused(await raw({ type: 5, text: 'x' }), 400, '话术类型只能是 4、1、3、2');
    refused(await raw({ type: 1 }), 400, '请输入客户说的话或选择通话中的一句');
    refused(await raw({ type: 3, text: '  ' }), 400, '请输入要润色的话术');
    refused(await raw({ type: 2 }), 400, '请选择客户或输入客户情况');
    refused(await raw({ type: 1, segmentIndex: 2 }), 400, '请选择通话录音');
    refused(await raw({ type: 1, text: 'x'.repeat(501) }), 400, '内容最多 500 个字');
  });

  it('history: own records newest first, filter by type, keyword and time; a manager sees the seat', async () => {
    const mine = ok(await t().call(contract.assistant.history, { pageSize: 100 }, { token: org.seat.token }));
    expect(mine.total).toBeGreaterThanOrEqual(6);
    expect(mine.lists[0].userId).toBe(org.seat.userId);
    const polish = ok(await t().call(contract.assistant.history, { type: 3 }, { token: org.seat.token }));
    expect(polish.lists.map((r) => r.typeName)).toEqual(['润色']);
    expect(ok(await t().call(contract.assistant.history, { keyword: '天气' }, { token: org.seat.token })).total).toBe(
      1,
    );
    const past = { startTime: '2000-01-01 00:00:00', endTime: '2000-01-02 00:00:00' };
    expect(ok(await t().call(contract.assistant.history, past, { token: org.seat.token })).total).toBe(0);
    expect(ok(await t().call(contract.assistant.history, {}, { token: org.otherSeat.token })).total).toBe(0);
    expect(ok(await t().call(contract.assistant.history, {}, { token: org.manager.token })).total).toBe(mine.total);
    refused(
      await t().callRaw(contract.assistant.history, { type: 9 }, { token: org.seat.token }),
      400,
      '话术类型只能是 4、1、3、2',
    );
  });

  it('rate and copy: kept on the suggestion; a useful rating ranks the origin higher; other organisation refused', async () => {
    const a = ok(await chat({ type: 1, text: '价格多少？什么时候可以报名' }));
    const s = a.suggestions.find((x) => x.source === 'call')!;
    refused(await t().call(contract.assistant.rate, { id: s.id, rating: 1 }, { token: other.seat.token }), 404);
    refused(await t().call(contract.assistant.copy, { id: s.id }, { token: other.seat.token }), 404);
    const before = ok(await t().call(contract.assistant.history, { pageSize: 100 }, { token: org.seat.token }));
    expect(before.lists.flatMap((r) => r.suggestions).find((x) => x.id === s.id)).toMatchObject({
      rating: 0,
      copies: 0,
    });
    ok(await t().call(contract.assistant.rate, { id: s.id, rating: 1 }, { token: org.seat.token }));
    expect(ok(await t().call(contract.assistant.copy, { id: s.id }, { token: org.seat.token }))).toEqual({
      id: s.id,
      copies: 1,
    });
    const again = ok(await chat({ type: 1, text: '价格多少？什么时候可以报名' }));
    const same = again.suggestions.find((x) => x.text === s.text)!;
    expect(same.score).toBeGreaterThan(s.score);
    // a rating changed to 没用 takes the useful one back
    ok(await t().call(contract.assistant.rate, { id: s.id, rating: 2 }, { token: org.seat.token }));
    const third = ok(await chat({ type: 1, text: '价格多少？什么时候可以报名' }));
    expect(third.suggestions.find((x) => x.text === s.text)!.score).toBeLessThan(s.score);
    const h = ok(await t().call(contract.assistant.history, { pageSize: 100 }, { token: org.seat.token }));
    expect(h.lists.flatMap((r) => r.suggestions).find((x) => x.id === s.id)).toMatchObject({ rating: 2, copies: 1 });
    refused(
      await t().callRaw(contract.assistant.rate, { id: s.id, rating: 3 }, { token: org.seat.token }),
      400,
      '评价只能是 1、2',
    );
    refused(await t().callRaw(contract.assistant.copy, {}, { token: org.seat.token }), 400, '');
  });

  it('usage counts each use per user and month; export writes the records', async () => {
    const u = ok(await t().call(contract.assistant.usage, undefined, { token: org.seat.token }));
    expect(u.month).toMatch(/^\d{4}-\d\d$/);
    expect(u.myUses).toBeGreaterThanOrEqual(9);
    expect(u.orgUses).toBe(u.myUses);
    expect(ok(await t().call(contract.assistant.usage, undefined, { token: other.seat.token })).orgUses).toBe(0); // refused uses are not counted
    const res = await t().request('POST', '/api/backend/hkzs/export', { type: 3 }, { token: org.seat.token });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    refused(await t().callRaw(contract.assistant.export, { startTime: '昨天' }, { token: org.seat.token }), 400);
  });

  it('transcribe: validates the audio; without an engine says so', async () => {
    const raw = (body: object) => t().callRaw(contract.assistant.transcribe, body, { token: org.seat.token });
    refused(await raw({ format: 'exe', audio: 'AAAAAAAAAAAAAAAAAAAA' }), 400, '音频格式只能是');
    refused(await raw({ format: 'webm', audio: '' }), 400, '录音太短');
    refused(await raw({ format: 'webm', audio: '<script>alert(1)</script>' }), 400, '录音数据不正确');
  });

  it('a role without assistant:use is refused', async () => {
    const u = await customRoleUser(t(), org, { functionSigns: ['clue:view'] });
    await expectForbidden(t(), u.token, [
      { path: '/hkzs/chat', body: { type: 1, text: '价格多少' } },
      { path: '/hkzs/history', body: {} },
    ]);
  });
});
