// `npm run bench -- pool`: the public pool at scale, on PostgreSQL (a fresh database crm_pool_bench on DATABASE_URL's
// server, or postgres://postgres@127.0.0.1:5432). It generates 1,000,000 leads of 20 seats in one organisation with
// generate_series (last follow-ups spread over 400 days, one number in fifty shared with the lead before it), then:
//   dropin_1m_leads_s        the drop-in job (a 300-day 未跟进 rule) over the 1,000,000 leads, with its move and
//                            interaction logs; dropin_rerun_moved: what a second run moves (idempotent: 0)
//   claims_per_s             claim requests answered per second over HTTP, 20 seats at once, two of them racing
//                            for each of 3,000 pool leads; claims_won (3,000), claims_refused (the races lost) and
//                            claims_double: leads claimed twice (must be 0)
//   assign_share_max_dev_pct 10,000 imported leads given owners by a weighted rule (5:3:2:7:1) through the import's
//                            batch insert: the largest deviation of a member's share from its weight
//   duplicate_groups_1m_s    finding the duplicate groups (same phone) among the 1,000,000 leads: a page and the count
// BENCH_POOL_ROWS changes the size.
import { sql } from 'drizzle-orm';
import { autoAssignRule } from '../server/src/modules/assign/schema';
import type { NewLead } from '../server/src/modules/clue/bulk';
import { appUser, department } from '../server/src/modules/org/schema';
import { publicSeaPool } from '../server/src/modules/publicSea/schema';
import type { Session } from '../server/src/platform/session';
import { BENCH_PASSWORD, type BenchApp, benchOrganization, withBenchApp } from './app';
import { load, report } from './report';

const G = 'pool';
const DB_NAME = 'crm_pool_bench';

export default async function poolBench(): Promise<void> {
  const rows = Number(process.env.BENCH_POOL_ROWS ?? 1_000_000);
  if (!(await withBenchApp(DB_NAME, (b) => run(b, rows))))
    console.log('pool: PostgreSQL not reachable (set DATABASE_URL); pool figures skipped');
}

async function run({ app, ctx, db }: BenchApp, rows: number): Promise<void> {
  const org = await db.transaction(async (tx) => {
    const { org, rootDept, roles, admin, hash, tag } = await benchOrganization(tx, '公海压测', 'pool');
    const [dept] = await tx
      .insert(department)
      .values({ organizationId: org.id, parentId: rootDept.id, name: '销售部' })
      .returning();
    const seatRole = roles.find((r) => r.roleSign === 'seat')!;
    const seats = await tx
      .insert(appUser)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          organizationId: org.id,
          username: `pool_seat_${tag}_${i}`,
          realName: `坐席${i + 1}`,
          passwordHash: hash,
          roleId: seatRole.id,
          deptId: dept.id,
          workStatus: 1,
        })),
      )
      .returning();
    return { id: org.id, adminId: admin.id, seats: seats.map((s) => ({ id: s.id, username: s.username })) };
  });
  const t0 = performance.now();
  await generate(
    db,
    org.id,
    org.seats.map((s) => s.id),
    rows,
  );
  console.log(`${G}: generated ${rows} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- drop-in over every lead ----
  const [pool] = await db
    .insert(publicSeaPool)
    .values({
      organizationId: org.id,
      name: '压测公海',
      sortNum: 1,
      dropRule: {
        enabled: true,
        notFollowDays: 300,
        notCalledDays: null,
        noDealDays: null,
        stages: [],
        exceptLocked: true,
        exceptCustomers: false,
      },
    })
    .returning();
  const sea = ctx.services.publicSea;
  const d0 = performance.now();
  const moved = await sea.dropIn.run(org.id);
  report(G, 'dropin_1m_leads_s', (performance.now() - d0) / 1000, 's');
  console.log(`${G}: drop-in moved ${moved} of ${rows} leads`);
  report(G, 'dropin_rerun_moved', await sea.dropIn.run(org.id), 'leads');

  // ---- 20 seats claiming at once, racing for the same leads ----
  const tokens = await Promise.all(
    org.seats.map(async (s) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/backend/loginController/webLogin',
        payload: { account: s.username, password: BENCH_PASSWORD },
        remoteAddress: `10.1.0.${org.seats.indexOf(s) + 1}`,
      });
      const body = res.json();
      if (body.code !== 1) throw new Error(`login failed: ${body.msg}`);
      return body.data.token as string;
    }),
  );
  const contested = (
    await db.execute<{ id: number }>(
      sql`select id from clue where organization_id = ${org.id} and is_in_sea = 1 and pool_id = ${pool.id} order by id limit 3000`,
    )
  ).rows.map((r) => Number(r.id));
  let won = 0;
  let refused = 0;
  // two requests in a row (two seats, in flight together) race for each lead: 3,000 must win, 3,000 lose
  const attempts = contested.length * 2;
  const claims = await load(attempts, 20, async (i) => {
    const seat = i % 20;
    const clueId = contested[(Math.floor(i / 2) * 7919) % contested.length];
    const res = await app.inject({
      method: 'POST',
      url: '/api/robot/organizationPublicsea/receive',
      payload: { poolId: pool.id, clueId },
      headers: { authorization: tokens[seat] },
    });
    const body = res.json();
    if (body.code === 1) won++;
    else if (body.code === 409) refused++;
    else throw new Error(`claim: ${body.code} ${body.msg}`);
  });
  report(G, 'claims_per_s', claims.rps, 'claims/s');
  report(G, 'claims_p95_ms', claims.p95, 'ms');
  const doubles = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select clue_id from clue_transfer where organization_id = ${org.id} and action = 'claim'
        group by clue_id having count(*) > 1) d`);
  report(G, 'claims_double', Number(doubles.rows[0].n), 'leads');
  report(G, 'claims_won', won, 'claims');
  report(G, 'claims_refused', refused, 'claims');

  // ---- weighted automatic assignment of 10,000 imported leads ----
  const weights = [5, 3, 2, 7, 1];
  const members = org.seats.slice(0, weights.length).map((s, i) => ({ userId: s.id, weight: weights[i], dailyCap: 0 }));
  await db.insert(autoAssignRule).values({
    organizationId: org.id,
    name: '按权重分配',
    sortNum: 1,
    conditions: { channelSourceIds: [], importWays: [], areaCodes: [], customConditions: [] },
    mode: 2,
    members,
  });
  const lead = (i: number): NewLead => ({
    name: `分配${i}`,
    company: '',
    phone: `199${String(i).padStart(8, '0')}`,
    phones: [],
    ownerId: null,
    channelSourceId: null,
    sign: '',
    stage: 1,
    gender: null,
    age: null,
    birthday: null,
    provinceCode: null,
    cityCode: null,
    districtCode: null,
    areaName: '',
    address: '',
    tagIds: [],
    followStatusId: null,
    remark: '',
    nextFollowTime: null,
    custom: {},
    searchGrams: [],
  });
  for (let start = 0; start < 10_000; start += 2000)
    await ctx.services.clue.bulk.insertBatch(
      org.id,
      { importRecordId: 999_999, importWay: 1, createdBy: org.adminId, autoAssign: true },
      Array.from({ length: 2000 }, (_, k) => lead(start + k)),
      [],
    );
  const counts = await db.execute<{ owner_id: number; n: number }>(sql`
      select owner_id, count(*)::int as n from clue where organization_id = ${org.id} and import_record_id = 999999
      group by owner_id`);
  const total = weights.reduce((a, b) => a + b, 0);
  let maxDev = 0;
  for (const m of members) {
    const got = Number(counts.rows.find((r) => Number(r.owner_id) === m.userId)?.n ?? 0);
    const expected = (10_000 * m.weight) / total;
    maxDev = Math.max(maxDev, (Math.abs(got - expected) / expected) * 100);
  }
  report(G, 'assign_share_max_dev_pct', maxDev, '%');

  // ---- duplicate groups among the 1,000,000 leads ----
  const admin = { orgId: org.id, userId: org.adminId, visibleUserIds: null } as unknown as Session;
  const g0 = performance.now();
  const groups = await ctx.services.clue.merge.groups(admin, { fieldNames: ['phone'] }, { limit: 20, offset: 0 });
  report(G, 'duplicate_groups_1m_s', (performance.now() - g0) / 1000, 's');
  console.log(`${G}: ${groups.total} duplicate groups (same phone)`);
}

/** Leads of the seats: follow-ups over 400 days (a quarter never followed), every fiftieth sharing its number. */
async function generate(db: any, orgId: number, owners: number[], total: number) {
  const chunk = 100_000;
  for (let start = 0; start < total; start += chunk) {
    const n = Math.min(chunk, total - start);
    await db.execute(sql`
      insert into clue (organization_id, type, name, company, phone, owner_id, import_way, call_status, call_count, stage,
        last_follow_time, last_call_time, created_at, updated_at, lock_status)
      select ${orgId}::int, 1 + (g % 3 = 0)::int, '客户' || g, '压测' || (g % 5000) || '有限公司',
        '13' || lpad((case when g % 50 = 0 then g - 1 else g end)::text, 9, '0'),
        (${`{${owners.join(',')}}`}::int[])[1 + g % ${owners.length}::int], 1, 1 + g % 3, g % 4, 1 + g % 9,
        case when g % 4 <> 0 then now() - (g % 400) * interval '1 day' end,
        case when g % 3 <> 0 then now() - (g % 300) * interval '1 day' end,
        now() - (g % 400) * interval '1 day', now() - (g % 400) * interval '1 day', (g % 97 = 0)::int
      from generate_series(${start + 1}::int, ${start + n}::int) g`);
  }
  await db.execute(sql`vacuum (analyze) clue`);
}
