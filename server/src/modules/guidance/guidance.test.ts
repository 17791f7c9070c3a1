import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import type { GuidanceCard } from '@crm/core/contract/guidance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeFunAsr, pcmOf, recordedSteps } from '../../test/fakeFunasr';
import { createTestApp, type TestApp, type TestOrg, useTestApp } from '../../test/harness';
import { expectNoSession, ok, refused } from '../../test/org';
import { NO_ENGINE_NOTICE } from './asr';
import { audioUrl, openAudio, until } from './guidanceTest';
import { EXHAUSTED } from './meter';

const CUSTOMER = ['你们这个课程价格太贵了吧', '好的我再看看'];
const AGENT = ['您好我是星辰教育的课程顾问小王', '我们保证收益每年翻倍，绝对不亏'];

const fake = await fakeFunAsr((start) =>
  recordedSteps(String(start.wav_name).endsWith('customer') ? CUSTOMER : AGENT, 600),
);

describe('/aiGuidance (real-time guidance)', () => {
  const t = useTestApp({
    GUIDANCE_ASR: 'funasr',
    GUIDANCE_FUNASR_URL: fake.url,
    GUIDANCE_IDLE_SECONDS: '4',
  });
  const c = contract.aiGuidance;
  let port = 0;
  const pushed: { topic: string; card: GuidanceCard }[] = [];
  beforeAll(async () => {
    await t().built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t().built.app.server.address() as AddressInfo).port;
    const push = t().ctx.push;
    const publish = push.publish.bind(push);
    push.publish = async (topic, message) => {
      if (message.type === 'guidance_card') pushed.push({ topic, card: message });
      return publish(topic, message);
    };
  });
  afterAll(() => fake.close());

  const grant = (org: TestOrg) =>
    t().ctx.services.costCenter.grant(org.orgId, 'guidance', {
      units: 30,
      days: 30,
      name: '实时指导 30 分钟',
      source: 'grant',
    });

  async function prepare(org: TestOrg) {
    await grant(org);
    ok(
      await t().call(
        contract.knowledge.save,
        {
          base: 2,
          kind: 4,
          title: '客户嫌课程价格贵',
          content: '先认同客户的感受，再说明课程包含一对一辅导和不满意全额退款，分期付款每月只需三百元。',
        },
        { token: org.admin.token },
      ),
    );
    ok(
      await t().call(
        contract.sop.createSopRule,
        {
          name: '课程销售流程',
          items: [
            { name: '自我介绍', keywords: ['我是', '顾问'], examples: [] },
            { name: '询问需求', keywords: ['需求', '孩子几年级'], examples: ['想了解一下孩子目前的学习情况'] },
          ],
        } as never,
        { token: org.admin.token },
      ),
    );
  }

  it('answers code 10 without a session and validates', async () => {
    const org = await t().newOrg();
    await expectNoSession(
      t(),
      ['status', 'start', 'end', 'pagelist', 'detail', 'markCard'].map((p) => ({ path: `/aiGuidance/${p}` })),
    );
    refused(await t().callRaw(c.start, { guideType: 3 }, { token: org.seat.token }), 400, /指导类型只能是 1、2/);
    refused(
      await t().callRaw(c.start, { guideType: 1, sampleRate: 44100 }, { token: org.seat.token }),
      400,
      /采样率只能是 8000、16000/,
    );
    refused(await t().callRaw(c.end, {}, { token: org.seat.token }), 400, /指导会话/);
    refused(await t().callRaw(c.markCard, { cardId: 1, state: 0 }, { token: org.seat.token }), 400, /卡片状态只能是/);
    refused(await t().callRaw(c.pagelist, { status: 9 }, { token: org.seat.token }), 400, /状态只能是/);
    refused(await t().callRaw(c.detail, { sessionId: 'x' }, { token: org.seat.token }), 400, /指导会话/);
  });

  it('guides a call: audio at real-time pace, partials, cards pushed, SOP, warnings, marked, recorded', async () => {
    const org = await t().newOrg();
    const other = await t().newOrg();
    await prepare(org);
    const status = ok(await t().call(c.status, undefined, { token: org.seat.token }));
    expect(status).toMatchObject({ engine: 'funasr', notice: null });

    const started = ok(
      await t().call(c.start, { guideType: 2, sampleRate: 16000, title: '线上会议' }, { token: org.seat.token }),
    );
    expect(started.engine).toBe('funasr');
    expect(started.sop.items.map((i) => [i.name, i.done])).toEqual([
      ['自我介绍', false],
      ['询问需求', false],
    ]);
    const id = started.sessionId;

    // another user, another organisation, a bad token: the socket is refused
    await expect(openAudio(audioUrl(port, id, 'agent', org.otherSeat.token))).rejects.toThrow('HTTP 404');
    await expect(openAudio(audioUrl(port, id, 'agent', other.admin.token))).rejects.toThrow('HTTP 404');
    await expect(openAudio(audioUrl(port, id, 'agent', 'nope'))).rejects.toThrow('HTTP 401');

    const agent = await openAudio(audioUrl(port, id, 'agent', org.seat.token));
    const customer = await openAudio(audioUrl(port, id, 'customer', org.seat.token));
    // 3 s of audio each, sent at once: the server forwards it at the pace it is spoken (the fake refuses 1.5 s ahead)
    const sentAt = Date.now();
    agent.send(pcmOf(3000));
    customer.send(pcmOf(3000));
    await until(() => customer.events.filter((e) => e.type === 'sentence').length === 2, 10_000, 'customer sentences');
    await until(() => agent.events.filter((e) => e.type === 'sentence').length === 2, 10_000, 'agent sentences');
    // the second sentences need 1,200 ms of audio and the server runs at most 300 ms ahead: about 900 ms (unpaced, a
    // few ms); the pacer's clock starts before `sentAt`, hence the margin
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(750);
    for (const conn of fake.connections.slice(-2)) {
      expect(conn.problems).toEqual([]);
      expect(conn.start).toMatchObject({ mode: '2pass', audio_fs: 16000, chunk_size: [5, 10, 5], is_speaking: true });
    }
    const partials = customer.events.filter((e) => e.type === 'partial');
    expect(partials.map((p) => p.type === 'partial' && p.text)).toContain(CUSTOMER[0]);

    const cards = await until(() => {
      const mine = pushed.filter((p) => p.card.sessionId === id);
      return mine.length >= 3 && mine;
    });
    for (const p of cards) expect(p.topic).toBe(`crm/${org.orgId}/user/${org.seat.userId}`);
    const answer = cards.find((p) => p.card.kind === 'answer')!.card;
    expect(answer).toMatchObject({ title: `客户异议：${CUSTOMER[0]}`, speaker: 'customer', state: 0 });
    expect(answer.sources[0]).toMatchObject({ type: 'knowledge', title: '客户嫌课程价格贵' });
    expect(answer.content).toContain('分期付款');
    const sop = cards.find((p) => p.card.kind === 'sop')!.card;
    expect(sop).toMatchObject({ title: '下一步：询问需求', content: '可以这样说：想了解一下孩子目前的学习情况' });
    const warning = cards.find((p) => p.card.kind === 'warning')!.card;
    expect(warning.title).toContain('承诺');
    expect(warning.sentence).toBe(AGENT[1]);

    // marking: the owner only
    refused(await t().call(c.markCard, { cardId: answer.id, state: 1 }, { token: other.admin.token }), 404);
    refused(await t().call(c.markCard, { cardId: answer.id, state: 1 }, { token: org.otherSeat.token }), 404);
    expect(ok(await t().call(c.markCard, { cardId: answer.id, state: 1 }, { token: org.seat.token }))).toEqual({
      id: answer.id,
      state: 1,
      stateName: '已采用',
    });
    ok(await t().call(c.markCard, { cardId: sop.id, state: 2 }, { token: org.seat.token }));

    agent.end();
    await agent.closed;
    const ended = ok(await t().call(c.end, { sessionId: id }, { token: org.seat.token }));
    expect(ended).toMatchObject({ sessionId: id, chargedMinutes: 1 });
    await customer.closed;
    expect(fake.connections.slice(-2).every((x) => x.ended)).toBe(true);

    const detail = ok(await t().call(c.detail, { sessionId: id }, { token: org.seat.token }));
    expect(detail).toMatchObject({
      status: 2,
      statusName: '已结束',
      guideTypeName: '线上会议指导',
      sentenceCount: 4,
      usedCount: 1,
    });
    expect(detail.warningCount).toBe(detail.cards.filter((x) => x.kind === 'warning').length);
    expect(detail.sentences.map((s) => `${s.speaker}:${s.text}`).sort()).toEqual(
      [...CUSTOMER.map((x) => `customer:${x}`), ...AGENT.map((x) => `agent:${x}`)].sort(),
    );
    expect(detail.cards.find((x) => x.id === answer.id)).toMatchObject({ state: 1, stateName: '已采用' });
    expect(detail.cards.find((x) => x.id === sop.id)).toMatchObject({ state: 2, stateName: '已忽略' });
    expect(detail.sop.items.find((i) => i.name === '自我介绍')?.done).toBe(true);

    // the record list: the seat's own, the manager's department, nobody else's
    expect(ok(await t().call(c.pagelist, {}, { token: org.seat.token })).lists[0]).toMatchObject({
      id,
      cardCount: detail.cards.length,
      userName: '坐席甲',
    });
    expect(ok(await t().call(c.pagelist, {}, { token: org.manager.token })).total).toBe(1);
    expect(ok(await t().call(c.pagelist, {}, { token: org.otherSeat.token })).total).toBe(0);
    expect(ok(await t().call(c.pagelist, {}, { token: other.admin.token })).total).toBe(0);
    refused(await t().call(c.detail, { sessionId: id }, { token: org.otherSeat.token }), 404, '指导会话不存在');
    refused(await t().call(c.detail, { sessionId: id }, { token: other.admin.token }), 404);
    refused(await t().call(c.end, { sessionId: id }, { token: other.admin.token }), 404);
    // a second end changes nothing
    expect(ok(await t().call(c.end, { sessionId: id }, { token: org.seat.token })).chargedMinutes).toBe(1);

    // metered: one minute out of the guidance packs
    const cost = contract.guidanceCostCenter;
    const records = ok(await t().call(cost.getAiGuidanceRecordList, {}, { token: org.admin.token }));
    expect(records.lists.map((r) => [r.units, r.remark])).toEqual([[1, `AI 实时指导 #${id}`]]);
    expect(ok(await t().call(cost.getAiGuidanceRecordListSum, {}, { token: org.admin.token }))).toMatchObject({
      units: 1,
      count: 1,
    });
  });

  it('ends a session whose audio stopped (the browser went away)', async () => {
    const org = await t().newOrg();
    await grant(org);
    const id = ok(await t().call(c.start, { guideType: 1 }, { token: org.seat.token })).sessionId;
    const agent = await openAudio(audioUrl(port, id, 'agent', org.seat.token));
    agent.send(pcmOf(200));
    agent.ws.terminate();
    const detail = await until(
      async () => {
        const d = ok(await t().call(c.detail, { sessionId: id }, { token: org.seat.token }));
        return d.status === 3 && d;
      },
      15_000,
      'expiry',
    );
    expect(detail).toMatchObject({ statusName: '断开结束', chargedMinutes: 1 });
  });

  it('the guidance account of the cost centre: balance, packs, records, sum; exhausted refuses a new start', async () => {
    const org = await t().newOrg();
    const cost = contract.guidanceCostCenter;
    await expectNoSession(
      t(),
      [
        'getRealTimeGuidanceBalance',
        'aiGuidancePackDetailsPageList',
        'getAiGuidanceRecordList',
        'getAiGuidanceRecordListSum',
      ].map((p) => ({ path: `/organizationCostCenter/${p}` })),
    );
    refused(await t().callRaw(cost.getAiGuidanceRecordListSum, { startTime: 'x' }, { token: org.admin.token }), 400);
    refused(await t().call(cost.aiGuidancePackDetailsPageList, {}, { token: org.seat.token }), 403);
    const before = ok(await t().call(cost.getRealTimeGuidanceBalance, undefined, { token: org.seat.token }));
    expect(before).toMatchObject({ balance: 0, openAiCharging: 1 });
    // no packs: a new session is refused, saying so
    refused(await t().call(c.start, { guideType: 1 }, { token: org.seat.token }), 400, EXHAUSTED);
    expect(ok(await t().call(c.status, undefined, { token: org.seat.token })).exhausted).toBe(EXHAUSTED);
    await grant(org);
    expect(ok(await t().call(cost.getRealTimeGuidanceBalance, undefined, { token: org.seat.token })).balance).toBe(30);
    const packs = ok(await t().call(cost.aiGuidancePackDetailsPageList, {}, { token: org.admin.token }));
    expect(packs.lists.map((p) => [p.name, p.leftUnits])).toEqual([['实时指导 30 分钟', 30]]);
    expect(ok(await t().call(cost.getAiGuidanceRecordListSum, {}, { token: org.admin.token }))).toEqual({
      units: 0,
      costFen: 0,
      count: 0,
    });
    // the other organisation's packs and records are not seen
    const other = await t().newOrg();
    expect(ok(await t().call(cost.aiGuidancePackDetailsPageList, {}, { token: other.admin.token })).total).toBe(0);
  });
});

describe('/aiGuidance without a streaming engine', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ GUIDANCE_ASR: '' });
  });
  afterAll(() => app.close());
  it('says so and refuses to start', async () => {
    const org = await app.newOrg();
    expect(ok(await app.call(contract.aiGuidance.status, undefined, { token: org.seat.token }))).toMatchObject({
      engine: null,
      notice: NO_ENGINE_NOTICE,
    });
    refused(
      await app.call(contract.aiGuidance.start, { guideType: 2 }, { token: org.seat.token }),
      400,
      NO_ENGINE_NOTICE,
    );
  });
});
