// `npm run bench -- guidance`: real-time guidance end to end, on PostgreSQL (a fresh database crm_guidance_bench on
// DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432). 50 seats each guide one call at the same time: two
// audio WebSockets per call (agent, customer) stream PCM in 100 ms frames at real-time pace to the API, which forwards
// it to a local fake FunASR server (server/src/test/fakeFunasr.ts) replaying a recorded 2pass sequence; every finished
// sentence is checked (knowledge search and best-call replies for the customer's objections, the analyser's checkers
// and the SOP for the agent's) and its cards pushed over MQTT to the seat's browser, here an mqtt.js subscriber.
//   card_p95_ms   from the fake server sending a final ("2pass-offline") sentence to its first card in the subscriber
// BENCH_GUIDANCE_CALLS changes the number of concurrent calls.
import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import type { GuidanceCard } from '@crm/core/contract/guidance';
import mqtt from 'mqtt';
import { audioUrl, openAudio } from '../server/src/modules/guidance/guidanceTest';
import { appUser } from '../server/src/modules/org/schema';
import { fakeFunAsr, pcmOf, recordedSteps } from '../server/src/test/fakeFunasr';
import { BENCH_PASSWORD, benchOrganization, withBenchApp } from './app';
import { percentile, report } from './report';

const G = 'guidance';
const CUSTOMER = ['你们的价格太贵了', '效果靠谱吗', '我还要再考虑一下', '售后怎么保证'];
const AGENT = ['您好我是课程顾问小王', '我们保证收益翻倍', '想了解一下您的需求', '这个可以分期付款'];
const GAP_MS = 1000;

export default async function guidanceBench(): Promise<void> {
  const calls = Number(process.env.BENCH_GUIDANCE_CALLS ?? 50);
  const fake = await fakeFunAsr((start) =>
    recordedSteps(String(start.wav_name).endsWith('customer') ? CUSTOMER : AGENT, GAP_MS),
  );
  process.env.GUIDANCE_ASR = 'funasr';
  process.env.GUIDANCE_FUNASR_URL = fake.url;
  try {
    const ran = await withBenchApp('crm_guidance_bench', async ({ app, db, ctx }) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const base = `http://127.0.0.1:${port}/api/backend`;
      const post = async (path: string, body: unknown, token?: string) => {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
          body: JSON.stringify(body ?? {}),
        });
        const json = (await res.json()) as { code: number; msg: string; data: any };
        if (json.code !== 1) throw new Error(`${path}: ${json.msg}`);
        return json.data;
      };
      const made = await db.transaction(async (tx) => {
        const o = await benchOrganization(tx, '实时指导压测', 'guide');
        const seats = await tx
          .insert(appUser)
          .values(
            Array.from({ length: calls }, (_, i) => ({
              organizationId: o.org.id,
              username: `guide_seat_${o.tag}_${i}`,
              realName: `坐席${i + 1}`,
              passwordHash: o.hash,
              roleId: o.role('seat'),
              deptId: o.rootDept.id,
            })),
          )
          .returning();
        return { ...o, seats };
      });
      await ctx.services.costCenter.grant(made.org.id, 'guidance', {
        units: 100_000,
        days: 30,
        name: '压测',
        source: 'grant',
      });
      const admin = await post('/loginController/webLogin', { account: made.admin.username, password: BENCH_PASSWORD });
      for (const [title, content] of [
        ['客户嫌价格贵', '先认同客户，再讲清课程包含的一对一辅导，支持分期付款。'],
        ['客户担心效果', '介绍往期学员的提分案例，并说明不满意可以退款。'],
        ['客户要考虑', '约定下次沟通的时间，发送课程资料。'],
        ['售后保障', '课程有专属班主任跟进，随时答疑。'],
      ])
        await post('/baseKnowledgeInfo/save', { base: 2, kind: 4, title, content }, admin.token);

      const received: number[] = [];
      const seen = new Set<string>();
      const clients: mqtt.MqttClient[] = [];
      const sessions = await Promise.all(
        made.seats.map(async (seat, i) => {
          const login = await post(
            '/loginController/webLogin',
            { account: seat.username, password: BENCH_PASSWORD },
            undefined,
          );
          const { clientId } = await post(contract.notice.pushClient.path, {}, login.token);
          const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
            clientId,
            username: 'web',
            password: login.token,
            reconnectPeriod: 0,
          });
          clients.push(client);
          await client.subscribeAsync(`crm/${made.org.id}/user/${seat.id}`);
          client.on('message', (_topic, payload) => {
            const card = JSON.parse(payload.toString()) as GuidanceCard & { type: string };
            if (card.type !== 'guidance_card') return;
            const key = `${card.sessionId}|${card.sentence}`;
            if (seen.has(key)) return;
            seen.add(key);
            const sentAt = fake.connections
              .find(
                (c) =>
                  String(c.start?.wav_name).startsWith(`guidance-${card.sessionId}-`) &&
                  c.sent.some((s) => s.mode === '2pass-offline' && s.text === card.sentence),
              )
              ?.sent.find((s) => s.mode === '2pass-offline' && s.text === card.sentence)?.at;
            if (sentAt) received.push(Date.now() - sentAt);
          });
          const started = await post('/aiGuidance/start', { guideType: 1, title: `压测 ${i + 1}` }, login.token);
          return { token: login.token, sessionId: started.sessionId as number };
        }),
      );
      const durationMs = (CUSTOMER.length + 0.5) * GAP_MS;
      await Promise.all(
        sessions.flatMap((s) =>
          (['agent', 'customer'] as const).map(async (speaker) => {
            const audio = await openAudio(audioUrl(port, s.sessionId, speaker, s.token));
            const frame = pcmOf(100);
            for (let t = 0; t < durationMs; t += 100) {
              audio.send(frame);
              await new Promise((r) => setTimeout(r, 100));
            }
            audio.end();
            await audio.closed;
          }),
        ),
      );
      await new Promise((r) => setTimeout(r, 1000));
      for (const s of sessions) await post('/aiGuidance/end', { sessionId: s.sessionId }, s.token);
      await Promise.all(clients.map((c) => c.endAsync(true)));
      const problems = fake.connections.flatMap((c) => c.problems);
      if (problems.length) console.error(`guidance: the fake FunASR server saw: ${[...new Set(problems)].join('; ')}`);
      const expected = calls * (CUSTOMER.length + 1);
      report(G, 'cards_received', received.length, `of about ${expected}`);
      report(G, 'card_p50_ms', percentile(received, 50), 'ms');
      report(G, 'card_p95_ms', percentile(received, 95), 'ms');
    });
    if (!ran) console.log('guidance: PostgreSQL not reachable (set DATABASE_URL); guidance figures skipped');
  } finally {
    await fake.close();
  }
}
