// `npm run bench -- calls`: calling on PostgreSQL (a fresh crm_tel_bench database on DATABASE_URL's server or
// postgres://postgres@127.0.0.1:5432).
// - calls.events_per_s: provider events applied by the telephony service (event row, record update, live push,
//   settlement of final records), 16 at a time, on 20,000 calls generated with generate_series; every call gets its
//   ringing, answer, hang-up and a repeated hang-up (idempotency), so 80,000 events.
// - calls.webhook_events_per_s: the same through the signed /pscccall/callback webhook over HTTP.
// - calls.dial_latency_p95_ms: /call/v1/callOut over HTTP, from the click until the originate reached the fake cloud
//   call centre (session, the checks before dialling, the record written first); calls.callout_answer_p95_ms until
//   the browser has its answer (the provider's reply and the record's 更新中 included).
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { appUser } from '../server/src/modules/org/schema';
import { createOrganization } from '../server/src/modules/org/service';
import type { Telephony } from '../server/src/modules/telephony/service';
import { startFakeCloud } from '../server/src/modules/telephony/testing/fakeCloud';
import { loadConfig } from '../server/src/platform/config';
import { openDatabase } from '../server/src/platform/db';
import { hashPassword } from '../server/src/platform/password';
import { freshDatabase } from './database';
import { load, percentile, report } from './report';

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const DIALS = Number(process.env.BENCH_DIALS ?? 300);
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 8000);
const DB_NAME = 'crm_tel_bench';
const APP_ID = 'bench';
const SECRET = 'bench-secret';

export default async function callsBench(): Promise<void> {
  const url = await freshDatabase(DB_NAME);
  if (!url) {
    console.log('calls: PostgreSQL not reachable (set DATABASE_URL); figures skipped');
    return;
  }
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'warn',
    SEED: 'false',
    WORKERS: 'bench-none',
    JOBS_SCHEMA: 'pgboss',
  });
  const database = await openDatabase({ databaseUrl: url, dataDir: ':memory:', poolSize: 20 });
  await database.migrate();
  const built = await buildApp(config, database, { logger: false, startJobs: true });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  process.env.PUBLIC_BASE_URL = base;
  // the fake call centre listens on 127.0.0.2 (testing/fakeCloud.ts): allowed by the outbound-address policy
  process.env.OUTBOUND_ALLOW = process.env.OUTBOUND_ALLOW || '127.0.0.2';
  const fake = await startFakeCloud({ appId: APP_ID, secret: SECRET, stepMs: 50 });
  const db = database.db;
  try {
    const password = 'bench@1234';
    const { org, admin } = await db.transaction((tx) =>
      createOrganization(tx, {
        name: '外呼压测机构',
        admin: { username: 'tel_bench', realName: '压测坐席', phone: '13900001111', passwordHash: '' },
      }),
    );
    await db
      .update(appUser)
      .set({ passwordHash: await hashPassword(password) })
      .where(sql`id = ${admin.id}`);
    const login = await fetch(`${base}/api/backend/loginController/webLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'tel_bench', password }),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const token = login.data.token;
    const post = async (path: string, body: unknown) => {
      const res = (await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as { code: number; msg: string; data: any };
      if (res.code !== 1) throw new Error(`${path}: ${res.msg}`);
      return res.data;
    };
    const line = await post('/api/robot/callDataConfig/saveLine', {
      name: '压测线路',
      numbers: ['02162180301'],
    });
    await post('/api/backend/aAgentsPool/add', { seatNos: ['8001'], lineId: line.id });
    await post('/api/backend/aAgentsPool/assign', { userId: admin.id });
    await post('/api/robot/callDataConfig/save', {
      provider: 'cloud',
      apiBaseUrl: fake.url,
      appId: APP_ID,
      appSecret: SECRET,
    });

    // ---- events on generated calls ----
    await db.execute(sql`
      insert into call_record (organization_id, call_id, provider, user_id, seat_no, line_id, phone, phase, status, dialed_at, created_at)
      select ${org.id}, 'bench-' || g, 'cloud', ${admin.id}, '8001', ${line.id}, (13000000000 + g)::text, 1, 102,
             now() - interval '1 minute', now() - interval '1 minute'
      from generate_series(1, ${CALLS}) g`);
    const tel = built.ctx.services.telephony as Telephony;
    const at = Date.now();
    const eventOf = (i: number) => {
      const call = Math.floor(i / 4) + 1;
      const callId = `bench-${call}`;
      switch (i % 4) {
        case 0:
          return { callId, eventKey: 'ringing', type: 'ringing' as const, at: new Date(at + 1000) };
        case 1:
          return { callId, eventKey: 'answer', type: 'answered' as const, at: new Date(at + 4000) };
        default:
          // the hang-up, then the same hang-up again (a provider retry): applied once
          return {
            callId,
            eventKey: 'hangup',
            type: 'ended' as const,
            at: new Date(at + 34_000),
            billableSeconds: 30,
            reason: 'answered' as const,
          };
      }
    };
    const events = await load(CALLS * 4, 16, async (i) => {
      await tel.handleEvent(eventOf(i));
    });
    report('calls', 'events_per_s', events.rps, 'events/s');
    report('calls', 'event_p95_ms', events.p95, 'ms');
    const [check] = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from call_record where organization_id = ${org.id} and status = 2 and phase = 4 and billable_seconds = 30`,
      )
    ).rows;
    if (Number(check.n) !== CALLS) throw new Error(`only ${check.n} of ${CALLS} calls reached their final status`);

    // ---- the same through the signed webhook ----
    const hookCalls = Math.ceil(WEBHOOK_EVENTS / 3);
    await db.execute(sql`
      insert into call_record (organization_id, call_id, provider, user_id, seat_no, line_id, phone, phase, status, dialed_at, created_at)
      select ${org.id}, 'hook-' || g, 'cloud', ${admin.id}, '8001', ${line.id}, (14000000000 + g)::text, 1, 102, now(), now()
      from generate_series(1, ${hookCalls}) g`);
    const hook = await load(hookCalls * 3, 16, async (i) => {
      const call = Math.floor(i / 3) + 1;
      const kind = ['ringing', 'answered', 'hangup'][i % 3];
      const res = await fake.post(`${base}/api/robot/pscccall/callback`, {
        userData: `hook-${call}`,
        callId: `P${call}`,
        eventId: `P${call}-${kind}`,
        event: kind,
        time: at + (i % 3) * 3000,
        billsec: kind === 'hangup' ? 20 : 0,
      });
      await res.arrayBuffer();
    });
    fake.deliveries.length = 0;
    report('calls', 'webhook_events_per_s', hook.rps, 'events/s');

    // ---- click to originate ----
    const leads: number[] = [];
    for (let i = 0; i < DIALS; i++)
      leads.push(
        (
          await post('/api/robot/organizationClue/add', {
            name: `压测客户${i}`,
            phone: `1580000${String(i).padStart(4, '0')}`,
          })
        ).id,
      );
    for (let i = 0; i < 10; i++) await post('/api/robot/call/v1/callOut', { clueId: leads[i] }); // warm-up
    // from the click (the request leaves the browser) to the originate reaching the provider
    const latencies: number[] = [];
    const dial = await load(DIALS - 10, 4, async (i) => {
      const clicked = Date.now();
      const call = await post('/api/robot/call/v1/callOut', { clueId: leads[i + 10] });
      const sent = fake.dialouts.find((d) => d.userData === call.callId);
      if (!sent) throw new Error('the originate did not reach the provider');
      latencies.push(sent.receivedAt - clicked);
    });
    report('calls', 'dial_latency_p50_ms', percentile(latencies, 50), 'ms');
    report('calls', 'dial_latency_p95_ms', percentile(latencies, 95), 'ms');
    report('calls', 'callout_answer_p95_ms', dial.p95, 'ms');
    await fake.idle();
  } finally {
    await fake.close();
    await built.close();
    await database.close();
  }
}
