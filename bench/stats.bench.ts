// `npm run bench -- stats`: the statistics calls at scale, on PostgreSQL (a fresh database crm_stats_bench on
// DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432). It generates, with generate_series, one
// organisation of 200 seats in 10 departments holding 1,000,000 leads (6 follow-up statuses, 9 stages, 5 sources,
// created over 365 days), 2,000,000 calls (two in three answered), 200,000 lead moves, 500,000 follow-ups and
// 200,000 orders; builds the rollups (stats.rollup_full_s), runs the job again (stats.rollup_incremental_s), then
// times each screen's calls (two at a time) for the organisation-wide administrator and a department manager, over the last 30 days
// and over a whole year:
//   stats.<screen>_p95_ms   staff (by user and by department, and follow-up statuses), staff_targets (target lead
//                           numbers by user and department), staff_intention (customers per intention level over
//                           400,000 analysed calls), call (users page, days),
//                           crm (sales statistics by follow-up status), data (the overview), customer (customers
//                           by stage), survey (a user's and the scope's sales overview)
//   stats.max_p95_ms        the slowest of them
// BENCH_STATS_SCALE (default 1) multiplies the row counts (0.1 while developing).
import { sql } from 'drizzle-orm';
import { clueDict } from '../server/src/modules/clueField/schema';
import { appUser, department } from '../server/src/modules/org/schema';
import { addDays, today } from '../server/src/modules/stats/days';
import { refreshLeads, refreshWork } from '../server/src/modules/stats/rollup';
import { BENCH_PASSWORD, type BenchApp, benchOrganization, withBenchApp } from './app';
import { load, percentile, report } from './report';

const G = 'stats';
const DB_NAME = 'crm_stats_bench';

export default async function statsBench(): Promise<void> {
  const scale = Number(process.env.BENCH_STATS_SCALE ?? 1);
  if (!(await withBenchApp(DB_NAME, (b) => run(b, scale))))
    console.log('stats: PostgreSQL not reachable (set DATABASE_URL); statistics figures skipped');
}

async function run({ app, db }: BenchApp, scale: number): Promise<void> {
  const org = await db.transaction(async (tx) => {
    const { org, rootDept, admin, hash, tag, role } = await benchOrganization(tx, '统计压测', 'stats');
    const depts = await tx
      .insert(department)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          organizationId: org.id,
          parentId: rootDept.id,
          name: `销售${i + 1}部`,
        })),
      )
      .returning();
    const seats = await tx
      .insert(appUser)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          organizationId: org.id,
          username: `stats_seat_${tag}_${i}`,
          realName: `坐席${i + 1}`,
          passwordHash: hash,
          roleId: role('seat'),
          deptId: depts[i % 10].id,
        })),
      )
      .returning();
    const [manager] = await tx
      .insert(appUser)
      .values({
        organizationId: org.id,
        username: `stats_mgr_${tag}`,
        realName: '经理',
        passwordHash: hash,
        roleId: role('manager'),
        deptId: depts[0].id,
      })
      .returning();
    const dicts = await tx
      .insert(clueDict)
      .values([
        ...['新线索', '初步沟通', '有意向', '方案报价', '已成交', '无效'].map((name, i) => ({
          organizationId: org.id,
          kind: 2,
          name,
          sortNo: i,
        })),
        ...['抖音', '百度', '官网', '转介绍', '展会'].map((name, i) => ({
          organizationId: org.id,
          kind: 4,
          name,
          sortNo: i,
        })),
      ])
      .returning();
    return {
      id: org.id,
      admin: admin.username,
      manager: manager.username,
      seats: seats.map((s) => s.id),
      statuses: dicts.filter((d) => d.kind === 2).map((d) => d.id),
      sources: dicts.filter((d) => d.kind === 4).map((d) => d.id),
    };
  });
  const t0 = performance.now();
  await generate(db, org, scale);
  console.log(`${G}: generated the rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const r0 = performance.now();
  await refreshWork(db, org.id);
  await refreshLeads(db, org.id);
  report(G, 'rollup_full_s', (performance.now() - r0) / 1000, 's');
  const r1 = performance.now();
  await refreshWork(db, org.id);
  report(G, 'rollup_incremental_s', (performance.now() - r1) / 1000, 's');
  const r2 = performance.now();
  await refreshLeads(db, org.id);
  report(G, 'rollup_leads_s', (performance.now() - r2) / 1000, 's');

  const login = async (account: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/backend/loginController/webLogin',
      payload: { account, password: BENCH_PASSWORD },
    });
    const body = res.json();
    if (body.code !== 1) throw new Error(`login failed: ${body.msg}`);
    return body.data.token as string;
  };
  const tokens = [await login(org.admin), await login(org.manager)];
  const end = today();
  const periods = [
    { startDate: addDays(end, -29), endDate: end },
    { startDate: addDays(end, -364), endDate: end },
  ];
  const screens: Record<string, string[]> = {
    staff: [
      '/clue/rxfxstastic/getCalloutUserCountRes',
      '/clue/rxfxstastic/getCalloutDeptCountRes',
      '/clue/rxfxstastic/getFollowStatusCustomCountRes',
    ],
    staff_targets: ['/clue/rxfxstastic/getTargetClueNumCountByUser', '/clue/rxfxstastic/getTargetClueNumCountByDept'],
    staff_intention: [
      '/clue/rxfxstastic/getIntentionLevelCustomCountRes',
      '/clue/rxfxstastic/getIntentionLevelCustomCountResByDept',
    ],
    call: ['/callStatistics/userPage', '/callStatistics/dayList'],
    crm: ['/organizationSalesStatistics/salesStatisticsListFollow'],
    data: ['/dataStatistics/overview'],
    customer: ['/customerStatistics/list'],
    survey: ['/survey/get', '/totalAccountSurvey/get'],
  };
  let max = 0;
  for (const [screen, paths] of Object.entries(screens)) {
    const calls = paths.flatMap((path) => tokens.flatMap((token) => periods.map((body) => ({ path, token, body }))));
    const perPath = new Map<string, number[]>();
    const res = await load(calls.length * 8, 2, async (i) => {
      const c = calls[i % calls.length];
      const t = performance.now();
      const r = await app.inject({
        method: 'POST',
        url: `/api/robot${c.path}`,
        payload: c.body,
        headers: { authorization: c.token },
      });
      const body = r.json();
      if (body.code !== 1) throw new Error(`${c.path}: ${body.code} ${body.msg}`);
      const key = `${c.path} ${c.token === tokens[0] ? 'admin' : 'manager'} ${c.body.startDate}`;
      perPath.set(key, [...(perPath.get(key) ?? []), performance.now() - t]);
    });
    for (const [key, ms] of perPath) console.log(`${G}: ${key} p50 ${percentile(ms, 50).toFixed(0)} ms`);
    report(G, `${screen}_p95_ms`, res.p95, 'ms');
    max = Math.max(max, res.p95);
  }
  report(G, 'max_p95_ms', max, 'ms');
}

async function generate(
  db: any,
  org: { id: number; seats: number[]; statuses: number[]; sources: number[] },
  scale: number,
) {
  const seats = sql`${`{${org.seats.join(',')}}`}::int[]`;
  const statuses = sql`${`{${org.statuses.join(',')}}`}::int[]`;
  const sources = sql`${`{${org.sources.join(',')}}`}::int[]`;
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  const chunks = async (total: number, chunk: number, insert: (a: number, b: number) => Promise<unknown>) => {
    for (let a = 1; a <= total; a += chunk) await insert(a, Math.min(total, a + chunk - 1));
  };
  // leads over the last 365 days (every tenth in the public sea), with statuses, stages and sources
  await chunks(n(1_000_000), 100_000, (a, b) =>
    db.execute(sql`
      insert into clue (organization_id, type, name, phone, owner_id, is_in_sea, stage, follow_status_id,
        channel_source_id, created_at, updated_at)
      select ${org.id}::int, 1 + (g % 3 = 0)::int, '客户' || g, '13' || lpad(g::text, 9, '0'),
        case when g % 10 = 0 then null else (${seats})[1 + g % 200] end, case when g % 10 = 0 then 1 else 2 end,
        1 + g % 9, case when g % 7 = 0 then null else (${statuses})[1 + g % 6] end, (${sources})[1 + g % 5],
        now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
        now() - (g % 365) * interval '1 day'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  // calls: two in three answered, talk 10 s to 10 min
  await chunks(n(2_000_000), 200_000, (a, b) =>
    db.execute(sql`
      insert into call_record (organization_id, call_id, provider, user_id, phone, phase, status, billable_seconds,
        duration_seconds, created_at)
      select ${org.id}::int, 'bench-' || g, 'cloud', (${seats})[1 + g % 200], '13' || lpad((g % 1000000)::text, 9, '0'),
        4, case when g % 3 = 0 then 3 else 2 end, case when g % 3 = 0 then 0 else 10 + g % 590 end,
        case when g % 3 = 0 then 25 else 20 + g % 590 end,
        now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await chunks(n(200_000), 200_000, (a, b) =>
    db.execute(sql`
      insert into clue_transfer (organization_id, clue_id, action, to_user_id, created_at)
      select ${org.id}::int, g, 'assign', (${seats})[1 + g % 200], now() - (g % 365) * interval '1 day'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await chunks(n(500_000), 250_000, (a, b) =>
    db.execute(sql`
      insert into clue_event (organization_id, clue_id, type, user_id, title, created_at)
      select ${org.id}::int, g, 'follow', (${seats})[1 + g % 200], '跟进', now() - (g % 365) * interval '1 day'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await chunks(n(200_000), 200_000, (a, b) =>
    db.execute(sql`
      insert into crm_order (organization_id, order_no, clue_id, customer_name, owner_id, status, total_fen, paid_fen,
        signed_on, created_at)
      select ${org.id}::int, 'DD' || g, g, '客户' || g, (${seats})[1 + g % 200], 2 + g % 3, 100000 + g % 900000,
        case when g % 3 = 2 then 100000 + g % 900000 else 0 end, (now() - (g % 365) * interval '1 day')::date,
        now() - (g % 365) * interval '1 day'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  // analysed calls (a fifth of the calls, every intention) and each seat's monthly targets over the year
  await chunks(n(400_000), 200_000, (a, b) =>
    db.execute(sql`
      insert into insight_call (organization_id, recording_id, clue_id, owner_user_id, intention, call_at)
      select ${org.id}::int, g, g * 7 % ${n(1_000_000)} + 1, (${seats})[1 + g % 200], 1 + g % 6,
        now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await db.execute(sql`
    insert into stats_target (organization_id, user_id, month, target)
    select ${org.id}::int, u, (date_trunc('month', now()) - m * interval '1 month')::date, 50 + u % 50
    from unnest(${seats}) u, generate_series(0, 12) m`);
  for (const table of ['clue', 'call_record', 'clue_transfer', 'clue_event', 'crm_order', 'insight_call'])
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
}
