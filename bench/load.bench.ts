// `npm run bench -- load`: a realistic mix of what sales teams do all day, from 100 virtual users for 60 s, across
// two API processes (WORKERS=none) with a worker process behind them, on PostgreSQL; then the same against one API
// process. Each virtual user signs in as one of the demo organisations' users and loops over: lead list, search,
// details, follow-up writes, recording list, an upload (with its transcript: the worker analyses it), the AI list
// and one call's analysis. Failures are asked for as real HTTP statuses (X-Support-Features), so any envelope
// failure counts as an error.
//
// A user reads before clicking again: each virtual user pauses a random 0.5-1.5 × LOAD_THINK_SECONDS (2 s) between
// requests, so the 100 users send about 50 requests a second at random moments (fetch loops; autocannon's own rate
// limit releases its requests in bursts once a second, which measures the bursts). Then `load.max_rps` is the
// saturation figure from autocannon: the same users and requests with no pause at all, for LOAD_MAX_SECONDS.
// LOAD_SECONDS, LOAD_VUS, LOAD_THINK_SECONDS, LOAD_MAX_SECONDS, LOAD_LEADS change the defaults (60, 100, 2, 20, 50,000).
// LOAD_BY_CALL=1 also prints each call's p50/p95/max of the paced runs.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import histUtil from 'autocannon/lib/histUtil.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { freePort, type ServerProcess, spawnServer } from '../scripts/lib/processes.mjs';
import { freshDatabase } from './database';
import { generate } from './leads.bench';
import { report } from './report';

const G = 'load';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const VUS = Number(process.env.LOAD_VUS ?? 100);
const LEADS = Number(process.env.LOAD_LEADS ?? 50_000);
const THINK = Number(process.env.LOAD_THINK_SECONDS ?? 2);
const MAX_SECONDS = Number(process.env.LOAD_MAX_SECONDS ?? 20);
const DB = 'crm_scale_bench_load';
const ACCOUNTS = ['seat01', 'seat02', 'seat03', 'manager', 'admin', 'seat21', 'seat22', 'manager2', 'admin2'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];
const JSON_HEADERS = { 'content-type': 'application/json', 'x-support-features': 'standard-HTTP-status' };

export default async function loadBench(): Promise<void> {
  const databaseUrl = await freshDatabase(DB);
  if (!databaseUrl) {
    console.log(`${G}: PostgreSQL not reachable (set DATABASE_URL); skipped`);
    return;
  }
  const env = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'load-bench-secret-0123456789abcdef',
    // several processes share one secrets key (platform/secrets.ts)
    SECRETS_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: `/tmp/crm-bench-load-${process.pid}`,
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    LOGIN_LIMIT_PER_IP: '1000000',
    WEB_DIST: '/nonexistent',
  };
  const procs: ServerProcess[] = [];
  const start = async (name: string, workers: string) => {
    const p = spawnServer({ name, port: await freePort(), env: { ...env, WORKERS: workers } });
    procs.push(p);
    return p.healthy(300_000);
  };
  try {
    const api1 = await start('api-1', 'none');
    const [api2] = await Promise.all([start('api-2', 'none'), start('worker', 'all')]);
    await addLeads(databaseUrl);
    const followPath = await followUpPath(api1.baseUrl);
    console.log(`${G}: ${VUS} virtual users, ${SECONDS} s, ${LEADS} generated leads; follow-ups by ${followPath}`);

    const both = [api1.baseUrl, api2.baseUrl];
    console.log(`${G}: ${VUS} users, a pause of ${THINK / 2}-${(THINK * 3) / 2} s between requests`);
    await paced(both, 5, VUS, followPath); // warm-up
    const two = await paced(both, SECONDS, VUS, followPath);
    const one = await paced([api1.baseUrl], SECONDS, VUS, followPath);
    const twoMax = await run(both, MAX_SECONDS, VUS, followPath);
    const oneMax = await run([api1.baseUrl], MAX_SECONDS, VUS, followPath);
    for (const [label, r, max] of [
      ['', two, twoMax],
      ['one_process.', one, oneMax],
    ] as const) {
      report(G, `${label}rps`, r.rps, 'req/s');
      report(G, `${label}p50_ms`, r.p(50), 'ms');
      report(G, `${label}p95_ms`, r.p(95), 'ms');
      report(G, `${label}p99_ms`, r.p(99), 'ms');
      report(G, `${label}errors`, r.errors, 'requests');
      if (r.errors) console.log(`${G}: ${label || 'two_processes.'}status codes ${JSON.stringify(r.statusCodes)}`);
      report(G, `${label}max_rps`, max.rps, 'req/s');
      report(G, `${label}max_p95_ms`, max.p(95), 'ms');
      report(G, `${label}max_errors`, max.errors, 'requests');
    }
    const failures = procs
      .flatMap((p) =>
        p
          .logs()
          .split('\n')
          .filter((l) => l.includes('"level":50')),
      )
      .slice(0, 3);
    if (failures.length) console.log(`${G}: server errors logged:\n${failures.join('\n')}`);
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    const { rmSync } = await import('node:fs');
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

/** Generated leads for the first demo organisation's users (leads.bench's generator), so that lists and search work on a real size. */
async function addLeads(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const q = async (sql: string) => (await pool.query(sql)).rows;
    const [org] = await q('select id from organization order by id limit 1');
    const owners = (await q(`select id from app_user where organization_id = ${org.id}`)).map((r) => r.id);
    const statuses = (
      await q(`select id from clue_dict where organization_id = ${org.id} and kind = 'followStatus'`).catch(() => [])
    ).map((r) => r.id);
    const channels = (
      await q(`select id from clue_dict where organization_id = ${org.id} and kind = 'channelSource'`).catch(() => [])
    ).map((r) => r.id);
    await generate(
      drizzle(pool),
      org.id,
      owners,
      LEADS,
      statuses.length ? statuses : [0],
      channels.length ? channels : [0],
      'cf_load',
    );
  } finally {
    await pool.end();
  }
}

/** The follow-up call where it is served (/interactive/addFollowRecord), else an edit of the lead's remark. */
async function followUpPath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/robot/interactive/addFollowRecord`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
  });
  return res.status === 404 ? '/api/robot/organizationClue/edit' : '/api/robot/interactive/addFollowRecord';
}

/** A 1 s 8 kHz WAV, different on every call (uploads are deduplicated by content). */
let serial = 0;
function uploadBody(): { body: Buffer; contentType: string } {
  const n = 8000;
  const wav = Buffer.alloc(44 + n * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + n * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(n * 2, 40);
  const tone = 200 + (++serial % 700);
  for (let i = 0; i < n; i++)
    wav.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * tone * i) / 8000)), 44 + i * 2);
  wav.writeUInt32LE(serial, 44 + n * 2 - 4);
  const transcript = JSON.stringify({
    durationMs: 20000,
    segments: [
      { speaker: 'agent', startMs: 0, endMs: 4000, text: '您好，我是课程顾问，想跟您确认一下上次咨询的课程。' },
      { speaker: 'customer', startMs: 5000, endMs: 9000, text: '价格是多少？这周能报名吗？' },
      { speaker: 'agent', startMs: 10000, endMs: 14000, text: '一期三千九百八十元，这周报名有优惠。' },
      { speaker: 'customer', startMs: 15000, endMs: 19000, text: '好的，你把合同发给我看看。' },
    ],
  });
  const boundary = `----load${serial}`;
  const parts = [
    `--${boundary}\r\ncontent-disposition: form-data; name="callType"\r\n\r\n1\r\n`,
    `--${boundary}\r\ncontent-disposition: form-data; name="transcript"\r\n\r\n${transcript}\r\n`,
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="load-${serial}.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
  ];
  return {
    body: Buffer.concat([Buffer.from(parts.join('')), wav, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

/** One virtual user's loop: 20 requests, one of them the sign-in (its context keeps the token and ids seen). */
function requests(followPath: string) {
  const json = (method: string, path: string, body: (c: any) => unknown) => ({
    method,
    path,
    headers: JSON_HEADERS,
    setupRequest: (req: any, c: any) => ({
      ...req,
      headers: { ...req.headers, authorization: c.token },
      body: JSON.stringify(body(c)),
    }),
  });
  const remember = (key: string, from: (data: any) => number[]) => (status: number, body: string, c: any) => {
    if (status !== 200) return;
    const ids = from(JSON.parse(body).data);
    if (ids.length) c[key] = ids;
  };
  const leadList = (page: number, extra: (c: any) => object = () => ({})) => ({
    ...json('POST', '/api/robot/organizationClue/list', (c) => ({ pageNum: page, pageSize: 20, ...extra(c) })),
    onResponse: remember('clueIds', (d) => d.lists.map((r: any) => r.id ?? r.clueId)),
  });
  const detail = json('POST', '/api/robot/organizationClue/detail', (c) => ({ clueId: pick(c.clueIds ?? [1]) }));
  const follow = json('POST', followPath, (c) =>
    followPath.endsWith('edit')
      ? { clueId: pick(c.clueIds ?? [1]), remark: `电话沟通，客户考虑中 ${new Date().toISOString().slice(11, 19)}` }
      : { clueId: pick(c.clueIds ?? [1]), content: '电话沟通：客户对价格有疑问，约下周再联系。' },
  );
  const recordings = {
    ...json('POST', '/api/robot/recording/v1/pagelist', () => ({ pageNum: 1, pageSize: 20 })),
    onResponse: remember('recordIds', (d) => d.lists.map((r: any) => r.id)),
  };
  const upload = {
    method: 'POST',
    path: '/api/backend/headset/uploadRecording',
    setupRequest: (req: any, c: any) => {
      const { body, contentType } = uploadBody();
      return {
        ...req,
        body,
        headers: { 'x-support-features': 'standard-HTTP-status', authorization: c.token, 'content-type': contentType },
      };
    },
  };
  const analysisList = {
    ...json('POST', '/api/analysis/asr/V1/callAnalysisPageList', () => ({ pageNum: 1, pageSize: 20 })),
    onResponse: remember('analysedIds', (d) => d.lists.map((r: any) => r.recordingId)),
  };
  // one call's analysis, from the AI list (a recording just uploaded may have none yet): the list again until then
  const analysis = {
    method: 'GET',
    path: '/api/analysis/asr/V1/getCallAnalysis',
    setupRequest: (req: any, c: any) => {
      const headers = { 'x-support-features': 'standard-HTTP-status', authorization: c.token };
      if (!c.analysedIds)
        return {
          ...analysisList,
          ...req,
          method: 'POST',
          path: analysisList.path,
          headers: { ...JSON_HEADERS, authorization: c.token },
          body: '{"pageNum":1,"pageSize":20}',
        };
      return { ...req, path: `/api/analysis/asr/V1/getCallAnalysis?recordId=${pick(c.analysedIds)}`, headers };
    },
  };
  const userInfo = {
    method: 'GET',
    path: '/api/backend/loginController/getUserInfoByToken',
    setupRequest: (req: any, c: any) => ({
      ...req,
      headers: { ...req.headers, authorization: c.token, 'x-support-features': 'standard-HTTP-status' },
    }),
  };
  const signIn = {
    method: 'POST',
    path: '/api/backend/loginController/webLogin',
    headers: JSON_HEADERS,
    setupRequest: (req: any, c: any) => {
      c.account ??= pick(ACCOUNTS);
      return { ...req, body: JSON.stringify({ account: c.account, password: 'admin@123' }) };
    },
    onResponse: (status: number, body: string, c: any) => {
      if (status === 200) c.token = JSON.parse(body).data.token;
    },
  };
  return [
    signIn,
    userInfo,
    leadList(1),
    detail,
    leadList(1, () => ({ keyword: pick(SURNAMES) })),
    detail,
    follow,
    leadList(2),
    detail,
    recordings,
    analysisList,
    analysis,
    leadList(1, () => ({ keyword: `13${Math.floor(Math.random() * 10)}` })),
    detail,
    follow,
    upload,
    recordings,
    analysis,
    leadList(3),
    detail,
  ];
}

interface LoadResult {
  rps: number;
  /** Latency percentile (ms) over every request of every instance: their HDR histograms merged. */
  p(percentile: number): number;
  errors: number;
  statusCodes: Record<string, number>;
}

/**
 * `vus` users, spread over the processes, each running the request list in a loop with a random pause between
 * requests (the same definitions autocannon takes: setupRequest and onResponse with a per-user context).
 */
async function paced(urls: string[], seconds: number, vus: number, followPath: string): Promise<LoadResult> {
  const latencies: number[] = [];
  const byCall = new Map<string, number[]>();
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const user = async (base: string, k: number) => {
    await new Promise((r) => setTimeout(r, (k / vus) * THINK * 1000)); // arrivals spread over the first pause
    const list = requests(followPath);
    const context: Record<string, unknown> = {};
    for (let i = 0; Date.now() < end; i = (i + 1) % list.length) {
      const def: any = list[i];
      const base_ = { method: def.method, path: def.path, headers: { ...(def.headers ?? {}) }, body: def.body };
      const req = def.setupRequest ? def.setupRequest(base_, context) : base_;
      const started = performance.now();
      try {
        const res = await fetch(base + req.path, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        const ms = performance.now() - started;
        latencies.push(ms);
        const call = req.path.split('?')[0].split('/').pop();
        byCall.set(call, [...(byCall.get(call) ?? []), ms]);
        statusCodes[res.status] = (statusCodes[res.status] ?? 0) + 1;
        if (res.status !== 200) errors++;
        def.onResponse?.(res.status, text, context);
      } catch {
        errors++;
      }
      await new Promise((r) => setTimeout(r, THINK * 1000 * (0.5 + Math.random())));
    }
  };
  await Promise.all(Array.from({ length: vus }, (_, k) => user(urls[k % urls.length], k)));
  const sorted = latencies.sort((a, b) => a - b);
  if (process.env.LOAD_BY_CALL)
    for (const [call, ms] of byCall) {
      ms.sort((a, b) => a - b);
      const at = (q: number) => ms[Math.floor(q * (ms.length - 1))].toFixed(0);
      console.log(`${G}: ${call} n=${ms.length} p50=${at(0.5)} p95=${at(0.95)} max=${at(1)} ms`);
    }
  return {
    rps: sorted.length / seconds,
    p: (q) => sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))] ?? 0,
    errors,
    statusCodes,
  };
}

/** `vus` connections spread over the processes, one autocannon instance each; their histograms merged. */
async function run(urls: string[], seconds: number, vus: number, followPath: string): Promise<LoadResult> {
  const per = urls.map((_, i) => Math.floor(vus / urls.length) + (i < vus % urls.length ? 1 : 0));
  const results = await Promise.all(
    urls.map(
      (url, i) =>
        new Promise((resolve, reject) =>
          autocannon(
            {
              url,
              connections: per[i],
              duration: seconds,
              requests: requests(followPath),
              timeout: 20,
              skipAggregateResult: true,
            },
            (err: unknown, res: unknown) => (err ? reject(err) : resolve(res)),
          ),
        ),
    ),
  );
  const all = results as any[];
  const [first, ...rest] = all.map((r) => histUtil.decodeHist(r.latencies));
  for (const h of rest) first.add(h);
  const statusCodes: Record<string, number> = {};
  for (const r of all)
    for (const [code, { count }] of Object.entries(r.statusCodeStats as Record<string, { count: number }>))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    rps: all.reduce((a, r) => a + r.totalCompletedRequests, 0) / seconds,
    p: (percentile) => first.getValueAtPercentile(percentile),
    errors: all.reduce((a, r) => a + r.errors + r.timeouts + r.non2xx, 0),
    statusCodes,
  };
}
