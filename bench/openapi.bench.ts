// `npm run bench -- openapi`: the signed open API on PostgreSQL (a fresh database crm_openapi_bench on DATABASE_URL's
// server, or postgres://postgres@127.0.0.1:5432), with the organisation's duplicate rule (phone) on, over HTTP
// (app.inject), each request signed as an integrator signs it (HMAC-SHA256, a fresh nonce stored in the database):
//   leads_per_s        /api/openapi/clue/add, one lead per request, 8 at a time (BENCH_OPENAPI_LEADS, default 3,000)
//   batch_leads_per_s  /api/openapi/clue/batchAdd, 1,000 leads per request, one at a time (BENCH_OPENAPI_BATCHES, 20)
// Webhooks are not built yet: openapi.webhooks_per_s is not printed.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { openApiStringToSign } from '@crm/core/contract/openApi';
import { OpenApiKeys } from '../server/src/modules/openapi/keys';
import type { Session } from '../server/src/platform/session';
import { type BenchApp, benchOrganization, withBenchApp } from './app';
import { load, report } from './report';

const G = 'openapi';
const DB_NAME = 'crm_openapi_bench';

export default async function openApiBench(): Promise<void> {
  // the key's rate limit is not what is measured
  process.env.OPENAPI_REQUESTS_PER_MINUTE ??= '100000000';
  if (!(await withBenchApp(DB_NAME, run)))
    console.log('openapi: PostgreSQL not reachable (set DATABASE_URL); openapi figures skipped');
}

async function run({ app, db }: BenchApp): Promise<void> {
  const made = await db.transaction((tx) => benchOrganization(tx, '开放接口压测', 'oapi'));
  const admin = { orgId: made.org.id, userId: made.admin.id } as Session;
  const key = await new OpenApiKeys(db).create(admin, { name: '压测', scopes: ['leads:write', 'leads:read'] });
  let phone = 13_000_000_000;
  const signed = async (url: string, body: unknown) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const nonce = randomBytes(12).toString('hex');
    const text = openApiStringToSign({
      method: 'POST',
      path: url,
      query: '',
      timestamp,
      nonce,
      bodySha256: createHash('sha256').update(raw).digest('hex'),
    });
    const res = await app.inject({
      method: 'POST',
      url,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-app-key': key.appKey,
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': createHmac('sha256', key.appSecret).update(text).digest('hex'),
      },
    });
    const json = res.json();
    if (json.code !== 1) throw new Error(`${url}: ${json.msg}`);
    return json.data;
  };
  const leads = Number(process.env.BENCH_OPENAPI_LEADS ?? 3000);
  await signed('/api/openapi/clue/add', { phone: String(phone++) });
  const single = await load(leads, 8, async () => {
    await signed('/api/openapi/clue/add', { phone: String(phone++), name: '压测线索' });
  });
  report(G, 'leads_per_s', single.rps, 'leads/s');
  report(G, 'lead_p95_ms', single.p95, 'ms');
  const batches = Number(process.env.BENCH_OPENAPI_BATCHES ?? 20);
  const batch = await load(batches, 1, async () => {
    const rows = Array.from({ length: 1000 }, () => ({ phone: String(phone++), name: '批量线索' }));
    const data = await signed('/api/openapi/clue/batchAdd', { leads: rows });
    if (data.created !== 1000) throw new Error(`batch created ${data.created}`);
  });
  report(G, 'batch_leads_per_s', batch.rps * 1000, 'leads/s');
}
