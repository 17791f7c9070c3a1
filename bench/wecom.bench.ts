// `npm run bench -- wecom`: Enterprise WeCom sync against the local fake WeCom server, on PostgreSQL (a fresh database
// crm_wecom_bench). BENCH_WECOM_MEMBERS members (default 500) and BENCH_WECOM_CONTACTS external contacts (default
// 20,000; one member each, one in ten with a remark mobile, so the lead matching runs); the scale is
// BENCH_WECOM_MEMBERS=5000 BENCH_WECOM_CONTACTS=100000 BENCH_WECOM_LEADS=1000000. BENCH_WECOM_LEADS leads (default
// 100,000, generated server-side) sit in the organisation; every remark mobile below that count has its lead.
// BENCH_WECOM_DELAY_MS (default 0) makes the fake wait that long before each answer, as WeCom's tens of ms do.
//   staff_sync_s        department/simplelist + user/list_id + one user/get per member, upserted, matched
//   contacts_per_s      externalcontact/batch/get_by_user pages (100 members, 100 contacts a page) written per second
//   matched             contacts bound to their lead by remark mobile
//   resync_doubles      rows added by a second customer run over the same data (must be 0)
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { wecomContact, wecomFollow } from '../server/src/modules/wecom/schema';
import { saveConfig, switchOpen } from '../server/src/modules/wecom/settings';
import { WeComSync } from '../server/src/modules/wecom/sync';
import { startFakeWeCom } from '../server/src/modules/wecom/testing/fakeWecom';
import { type BenchApp, benchOrganization, withBenchApp } from './app';
import { report } from './report';

const G = 'wecom';

export default async function wecomBench(): Promise<void> {
  if (!(await withBenchApp('crm_wecom_bench', run)))
    console.log('wecom: PostgreSQL not reachable (set DATABASE_URL); wecom figures skipped');
}

async function run({ ctx, db }: BenchApp): Promise<void> {
  const members = Number(process.env.BENCH_WECOM_MEMBERS ?? 500);
  const contacts = Number(process.env.BENCH_WECOM_CONTACTS ?? 20_000);
  const leads = Number(process.env.BENCH_WECOM_LEADS ?? 100_000);
  const delayMs = Number(process.env.BENCH_WECOM_DELAY_MS ?? 0);
  process.env.OUTBOUND_ALLOW = [process.env.OUTBOUND_ALLOW, '127.0.0.2'].filter(Boolean).join(',');
  const fake = await startFakeWeCom({
    corpId: 'wwbench',
    agentSecret: 'bench-agent-secret',
    members: Array.from({ length: members }, (_, i) => ({ userid: `m${i}`, name: `员工${i}`, department: [1] })),
    contacts: Array.from({ length: contacts }, (_, i) => ({
      external_userid: `wm${i}`,
      name: `客户${i}`,
      follow: [
        {
          userid: `m${i % members}`,
          remark: `备注${i}`,
          remark_mobiles: i % 10 === 0 ? [`139${String(i).padStart(8, '0')}`] : [],
          createtime: 1_700_000_000 + i,
        },
      ],
    })),
    delayMs,
  });
  try {
    const { org } = await db.transaction((tx) => benchOrganization(tx, '企微压测', 'wecom'));
    await saveConfig(db, org.id, {
      corpId: 'wwbench',
      agentId: '1000002',
      agentSecret: 'bench-agent-secret',
      apiBaseUrl: fake.apiBase,
    });
    await switchOpen(db, org.id, 1);
    // the leads, phones 139 + the contact's number: the remark mobiles of every tenth contact below `leads`
    for (let from = 1; from <= leads; from += 100_000)
      await db.execute(sql`
        insert into clue (organization_id, name, phone, import_way, created_at, updated_at)
        select ${org.id}::int, '线索' || g, '139' || lpad(g::text, 8, '0'), 1, now(), now()
        from generate_series(${from}::int, ${Math.min(from + 99_999, leads)}::int) g`);
    await db.execute(sql`vacuum (analyze) clue`);
    report(G, 'leads', leads, 'leads');
    report(G, 'fake_delay_ms', delayMs, 'ms');
    const sync = new WeComSync(ctx);

    let t = performance.now();
    await sync.request(org.id, 'user');
    await sync.run(org.id, 'user');
    report(G, 'staff_sync_s', (performance.now() - t) / 1000, 's');
    report(G, 'members', members, 'members');

    t = performance.now();
    await sync.request(org.id, 'customer');
    await sync.run(org.id, 'customer');
    const seconds = (performance.now() - t) / 1000;
    const follows = async () =>
      (await db.select({ n: count() }).from(wecomFollow).where(eq(wecomFollow.organizationId, org.id)))[0].n;
    const written = await follows();
    report(G, 'contacts', written, 'contacts');
    report(G, 'contacts_per_s', written / seconds, 'contacts/s');
    const [bound] = await db
      .select({ n: count() })
      .from(wecomContact)
      .where(and(eq(wecomContact.organizationId, org.id), isNotNull(wecomContact.clueId)));
    report(G, 'matched', bound.n, 'contacts');

    await sync.request(org.id, 'customer');
    await sync.run(org.id, 'customer');
    report(G, 'resync_doubles', (await follows()) - written, 'rows');
  } finally {
    await fake.close();
  }
}
