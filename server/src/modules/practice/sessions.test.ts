import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAi, uploadCall, waitFor } from '../../test/analysis';
import { type FakeReply, type FakeServer, fakeServer } from '../../test/fakeHttp';
import { useTestApp } from '../../test/harness';
import { expectForbidden, expectNoSession, ok, refused } from '../../test/org';
import { pipelineIdle } from '../../test/pipeline';
import { doneOf, newScript, say } from './practiceTest';
import { readSecret } from './secret';
import { NO_CALLS_NOTICE } from './sessions';

// every interval a test waits on is short here (read by the module at setup)
process.env.PRACTICE_HEARTBEAT_SECONDS = '1';
process.env.PRACTICE_TIMEOUT_SECONDS = '3';
process.env.PRACTICE_LLM_TIMEOUT_MS = '800';

const sse = (pieces: string[]) =>
  `${pieces.map((p) => `data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`).join('')}data: [DONE]\n\n`;

describe('/chatScriptTrainingSession (practice sessions)', () => {
  const t = useTestApp();
  const c = contract.chatScriptTrainingSession;
  let fake: FakeServer;
  let reply: () => Promise<FakeReply> | FakeReply;
  beforeAll(async () => {
    fake = await fakeServer(() => reply());
  });
  afterAll(() => fake.close());

  it('answers code 10 without a session, 403 without the practice signs, and validates', async () => {
    const org = await t().newOrg();
    await expectNoSession(
      t(),
      ['start', 'say', 'heartbeat', 'end', 'review', 'getTempSecret', 'pagelist', 'progress', 'quota', 'setQuota'].map(
        (p) => ({ path: `/chatScriptTrainingSession/${p}` }),
      ),
    );
    await expectForbidden(t(), org.seat.token, [
      { path: '/chatScriptTrainingSession/setQuota', body: { companyMonthlyQuota: 1, userMonthlyQuota: 1 } },
    ]);
    refused(await t().callRaw(c.start, {}, { token: org.seat.token }), 400, /脚本/);
    refused(await t().callRaw(c.say, { sessionId: 1, text: ' ' }, { token: org.seat.token }), 400, '请输入要说的话');
    refused(await t().callRaw(c.heartbeat, { sessionId: 'x' }, { token: org.seat.token }), 400, /陪练会话/);
    refused(
      await t().callRaw(c.setQuota, { companyMonthlyQuota: -1, userMonthlyQuota: 0 }, { token: org.admin.token }),
      400,
      '公司每月额度不能小于 0 分钟',
    );
    refused(await t().callRaw(c.pagelist, { status: 9 }, { token: org.seat.token }), 400, /状态只能是/);
  });

  it('built-in customer without calls: the persona speaks, the review scores by the SOP matcher, the manager sees it', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const scriptId = await newScript(t(), org);
    const started = ok(await t().call(c.start, { scriptId }, { token: org.seat.token }));
    expect(started).toMatchObject({
      engine: 'builtin',
      heartbeatSeconds: 1,
      timeoutSeconds: 3,
      notice: NO_CALLS_NOTICE,
    });
    expect(started.opening).toMatchObject({ speaker: 'customer', source: 'script', stage: 'opening' });
    const id = started.sessionId;

    const first = doneOf(await say(t(), org.seat.token, id, '您好，我是星辰培训的课程顾问小王'));
    expect(first.agent).toMatchObject({ speaker: 'agent', seq: 1 });
    expect(first.customer).toMatchObject({ speaker: 'customer', source: 'script', seq: 2 });
    await say(t(), org.seat.token, id, '这个课程的价格是三千元一期，保证效果');
    const third = doneOf(await say(t(), org.seat.token, id, '那我们加个微信，约个时间详细聊'));
    // the hidden objections of the persona come up at the price and close stages
    const lines = ok(await t().call(c.review, { sessionId: id }, { token: org.seat.token })).turns;
    expect(lines.filter((l) => l.speaker === 'customer').map((l) => l.text)).toContain('你们比别家贵');
    expect(third.customer.text).not.toBe(first.customer.text);

    ok(await t().call(c.heartbeat, { sessionId: id }, { token: org.seat.token }));
    refused(await t().call(c.heartbeat, { sessionId: id }, { token: other.seat.token }), 404, '陪练会话不存在');
    refused(await t().call(c.end, { sessionId: id }, { token: org.otherSeat.token }), 404);
    expect(ok(await t().call(c.pagelist, {}, { token: org.seat.token })).lists[0]).toMatchObject({ id, status: 1 });

    const ended = ok(await t().call(c.end, { sessionId: id }, { token: org.seat.token }));
    const review = ok(await t().call(c.review, { sessionId: id }, { token: org.seat.token }));
    expect(review).toMatchObject({ status: 2, statusName: '已结束', fullScore: 100, passScore: 60 });
    const byName = Object.fromEntries(review.points.map((p) => [p.name, p]));
    expect(byName.自我介绍).toMatchObject({ hit: true, earned: 30, evidence: '您好，我是星辰培训的课程顾问小王' });
    expect(byName.报价).toMatchObject({ hit: true, earned: 20 });
    expect(byName.约下次).toMatchObject({ hit: true, how: 'keyword' });
    expect(byName.询问需求).toMatchObject({ hit: false, earned: 0 });
    expect(byName.询问需求.suggestion).toContain('想了解一下您目前的需求');
    expect(review.forbidden).toEqual([
      { word: '保证效果', sentence: '这个课程的价格是三千元一期，保证效果', penalty: 5 },
    ]);
    expect(review.totalScore).toBe(65);
    expect(ended).toEqual({ sessionId: id, totalScore: 65, passed: true });
    expect(review.stages.find((s) => s.stage === 'needs')).toMatchObject({ score: 30, earned: 0 });

    // ended: no more lines; the seat's log, the manager's log and progress; nobody else's
    refused(
      await t().post(
        '/api/backend/chatScriptTrainingSession/say',
        { sessionId: id, text: '还在吗' },
        { token: org.seat.token },
      ),
      400,
      '本次陪练已结束',
    );
    const log = ok(await t().call(c.pagelist, { passed: 1 }, { token: org.manager.token }));
    expect(log.lists.map((r) => r.id)).toEqual([id]);
    expect(log.lists[0]).toMatchObject({ totalScore: 65, passed: true, statusName: '已结束', userName: '坐席甲' });
    expect(ok(await t().call(c.pagelist, {}, { token: org.otherSeat.token })).total).toBe(0);
    refused(await t().call(c.review, { sessionId: id }, { token: org.otherSeat.token }), 404);
    refused(await t().call(c.review, { sessionId: id }, { token: other.admin.token }), 404);
    expect(ok(await t().call(c.pagelist, {}, { token: other.admin.token })).total).toBe(0);
    const progress = ok(await t().call(c.progress, {}, { token: org.manager.token }));
    expect(progress).toEqual([
      expect.objectContaining({
        userId: org.seat.userId,
        points: [expect.objectContaining({ sessionId: id, score: 65 })],
      }),
    ]);
    expect(ok(await t().call(c.progress, {}, { token: other.admin.token }))).toEqual([]);
  });

  it("built-in customer with analysed calls: answers with the organisation's customers' sentences at the stage", async () => {
    const org = await t().newOrg();
    const scriptId = await newScript(t(), org);
    await openAi(t(), org.admin.token);
    const recordId = await uploadCall(t(), org.seat.token, [
      ['A', '您好，我是星辰教育的课程顾问小王，请问是李先生吗？'],
      ['C', '是我，你们是哪里的，找我什么事？'],
      ['A', '想了解一下您目前孩子的学习情况，有没有补课的需求？'],
      ['C', '我们家孩子数学一直跟不上，主要是基础差。'],
      ['A', '我们的课程一期是三千九百八十元，这周报名有优惠。'],
      ['C', '三千九有点贵了，能不能再便宜一点？'],
      ['A', '理解您的顾虑，我们可以先试听一节课。'],
      ['C', '那我再考虑考虑，跟孩子他妈商量一下。'],
    ]);
    await waitFor(t(), org.seat.token, recordId);
    await pipelineIdle(t().ctx);
    const started = ok(await t().call(c.start, { scriptId }, { token: org.seat.token }));
    expect(started.notice).toBeNull();
    expect(started.opening).toMatchObject({
      source: 'builtin',
      recordingId: recordId,
      text: '是我，你们是哪里的，找我什么事？',
    });
    const line = doneOf(
      await say(t(), org.seat.token, started.sessionId, '这个课程的价格是三千元，现在报名有优惠'),
    ).customer;
    expect(line).toMatchObject({ source: 'builtin', recordingId: recordId });
    expect(['三千九有点贵了，能不能再便宜一点？', '那我再考虑考虑，跟孩子他妈商量一下。']).toContain(line.text);
  });

  it('a session without heartbeat ends itself (status 3) and is reviewed', async () => {
    const org = await t().newOrg();
    const scriptId = await newScript(t(), org);
    const id = ok(await t().call(c.start, { scriptId }, { token: org.seat.token })).sessionId;
    await say(t(), org.seat.token, id, '您好，我是课程顾问小王');
    const until = Date.now() + 15_000;
    let row = ok(await t().call(c.pagelist, {}, { token: org.seat.token })).lists[0];
    while (row.status === 1 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      row = ok(await t().call(c.pagelist, {}, { token: org.seat.token })).lists[0];
    }
    expect(row).toMatchObject({ id, status: 3, statusName: '超时结束' });
    expect(row.totalScore).toBeGreaterThan(0);
    expect(ok(await t().call(c.heartbeat, { sessionId: id }, { token: org.seat.token }))).toEqual({
      status: 3,
      remainingSeconds: 0,
    });
  });

  it('with an LLM configured: the persona prompt, streamed pieces; a broken or slow model falls back, visibly', async () => {
    const org = await t().newOrg();
    const scriptId = await newScript(t(), org);
    ok(
      await t().call(
        contract.aiSetting.modelSave,
        { name: '本地模型', baseUrl: `${fake.url}/v1`, apiKey: 'k', model: 'qwen', active: true } as never,
        { token: org.admin.token },
      ),
    );
    reply = () => ({ text: sse(['你们这个', '培训多少钱', '一个人？']) });
    const started = ok(await t().call(c.start, { scriptId }, { token: org.seat.token }));
    expect(started).toMatchObject({ engine: 'llm', notice: null });
    const id = started.sessionId;
    fake.requests.length = 0;
    const events = await say(t(), org.seat.token, id, '您好，我是课程顾问，想了解一下贵公司的培训需求');
    expect(events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text)).toEqual([
      '你们这个',
      '培训多少钱',
      '一个人？',
    ]);
    expect(doneOf(events).customer).toMatchObject({
      text: '你们这个培训多少钱一个人？',
      source: 'llm',
      fallback: null,
    });
    const sent = JSON.parse(fake.requests[0].body);
    expect(sent).toMatchObject({ model: 'qwen', stream: true });
    expect(sent.messages[0].content).toContain('制造业');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '您好，我是课程顾问，想了解一下贵公司的培训需求' });

    reply = () => ({ status: 500, text: 'boom' });
    const broken = await say(t(), org.seat.token, id, '价格是三千元');
    expect(broken.find((e) => e.type === 'fallback')).toMatchObject({
      reason: expect.stringContaining('模型服务内部错误'),
    });
    expect(doneOf(broken).customer).toMatchObject({
      source: 'script',
      fallback: expect.stringContaining('内置 AI 客户'),
    });

    reply = () => new Promise((r) => setTimeout(() => r({ text: sse(['太慢了']) }), 2000));
    const slow = await say(t(), org.seat.token, id, '我们加个微信吧');
    expect(slow.find((e) => e.type === 'fallback')).toMatchObject({ reason: expect.stringContaining('超时') });
    expect(doneOf(slow).customer.source).not.toBe('llm');
    ok(await t().call(c.end, { sessionId: id }, { token: org.seat.token }));
  });

  it('quota: monthly quotas, the pack ledger, an operator grant; a spent quota refuses a new session only', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    const scriptId = await newScript(t(), org);
    const q = ok(
      await t().call(c.setQuota, { companyMonthlyQuota: 100, userMonthlyQuota: 1 }, { token: org.admin.token }),
    );
    expect(q).toMatchObject({
      companyMonthlyQuota: 100,
      userMonthlyQuota: 1,
      userMonthlyUsageAmount: 0,
      exhausted: null,
    });
    expect(ok(await t().call(c.quota, undefined, { token: other.admin.token }))).toMatchObject({
      companyMonthlyQuota: 0,
    });
    const first = ok(await t().call(c.start, { scriptId }, { token: org.seat.token }));
    // the running session is never cut: it talks on though its minute is the whole monthly quota
    expect(first.quota).toMatchObject({
      userMonthlyUsageAmount: 1,
      exhausted: '您本月的 AI 陪练额度已用完，请联系管理员调整额度',
    });
    doneOf(await say(t(), org.seat.token, first.sessionId, '您好，我是课程顾问'));
    refused(
      await t().call(c.start, { scriptId }, { token: org.seat.token }),
      400,
      '您本月的 AI 陪练额度已用完，请联系管理员调整额度',
    );
    ok(await t().call(c.end, { sessionId: first.sessionId }, { token: org.seat.token }));
    // another seat has its own monthly quota
    ok(await t().call(c.start, { scriptId }, { token: org.otherSeat.token }));

    // the pack ledger: the trial granted at the first start, charged by the minute at the end
    const after = ok(await t().call(c.quota, undefined, { token: org.seat.token }));
    expect(after).toMatchObject({ companyTotalQuota: 60, companyTotalUsageAmount: 1, balance: 59 });
    expect(after.intervalExpireDate).toMatch(/^\d{4}-/);
    const op = await t().newOperator();
    ok(await op.call(c.addPack, { organizationId: org.orgId, units: 100, days: 30 }));
    expect(ok(await t().call(c.quota, undefined, { token: org.seat.token }))).toMatchObject({
      companyTotalQuota: 160,
      balance: 159,
    });
    refused(
      await op.callRaw(c.addPack, { organizationId: org.orgId, units: 0, days: 30 }),
      400,
      '分钟数不能小于 1 分钟',
    );
    refused(
      await t().call(c.addPack, { organizationId: org.orgId, units: 1, days: 1 }, { token: org.admin.token }),
      403,
    );

    // the voice credential: for the seat's own running session only, signed and short-lived
    const running = ok(await t().call(c.start, { scriptId }, { token: org.admin.token })).sessionId;
    const secret = ok(await t().call(c.getTempSecret, { sessionId: running }, { token: org.admin.token }));
    const claims = readSecret(t().ctx.config.secretsKey, secret.secret);
    expect(claims).toMatchObject({ orgId: org.orgId, userId: org.admin.userId, sessionId: running });
    expect(readSecret(t().ctx.config.secretsKey, `${secret.secret}x`)).toBeNull();
    expect(readSecret(t().ctx.config.secretsKey, secret.secret, claims!.exp + 1)).toBeNull();
    refused(
      await t().call(c.getTempSecret, { sessionId: first.sessionId }, { token: org.seat.token }),
      400,
      '本次陪练已结束',
    );
    refused(await t().call(c.getTempSecret, { sessionId: running }, { token: other.admin.token }), 404);
    refused(await t().callRaw(c.getTempSecret, {}, { token: org.admin.token }), 400, /陪练会话/);
  });
});
