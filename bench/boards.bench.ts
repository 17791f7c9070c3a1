// `npm run bench -- boards`: the boards (issue 17, G-2) at scale, on PostgreSQL (a fresh database crm_boards_bench on
// DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432). One organisation of 40 seats in two departments with
// 1,000,000 leads, 2,000,000 calls, 200,000 orders, 400,000 analysed calls and 400,000 quality checks spread over a
// year (generate_series); then each board call, asked 20 times in a row over HTTP (app.inject) by the administrator
// (the whole organisation) and by a department's manager, for this month and for the last 90 days:
//   stats.<screen>_p95_ms  deals_board, deals_list, market_board, ai_overview, ai_trend, ai_rank, custom_board
//   stats.boards_max_p95_ms  the largest of them
//   stats.boards_rollup_build_s / boards_rollup_refresh_s  the boards' rollups built whole, then refreshed (the
//                          job's work every 5 minutes: the lead snapshot whole, the last days' calls)
// BENCH_BOARDS_SCALE (default 1) multiplies the sizes.
import { presetDays } from '@crm/core';
import { sql } from 'drizzle-orm';
import { refreshRollups } from '../server/src/modules/boards/rollups';
import { appUser, department } from '../server/src/modules/org/schema';
import { BENCH_PASSWORD, type BenchApp, benchOrganization, withBenchApp } from './app';
import { percentile, report } from './report';

const G = 'stats';
const DB_NAME = 'crm_boards_bench';
const RUNS = 20;

export default async function boardsBench(): Promise<void> {
  const scale = Number(process.env.BENCH_BOARDS_SCALE ?? 1);
  if (!(await withBenchApp(DB_NAME, (b) => run(b, scale), 10)))
    console.log('boards: PostgreSQL not reachable (set DATABASE_URL); board figures skipped');
}

async function run({ app, db }: BenchApp, scale: number): Promise<void> {
  const org = await db.transaction(async (tx) => {
    const { org, rootDept, admin, hash, tag, role } = await benchOrganization(tx, '看板压测', 'boards');
    const depts = await tx
      .insert(department)
      .values([
        { organizationId: org.id, parentId: rootDept.id, name: '销售一部' },
        { organizationId: org.id, parentId: rootDept.id, name: '销售二部' },
      ])
      .returning();
    const seats = await tx
      .insert(appUser)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          organizationId: org.id,
          username: `boards_seat_${tag}_${i}`,
          realName: `坐席${i + 1}`,
          passwordHash: hash,
          roleId: role('seat'),
          deptId: depts[i % 2].id,
        })),
      )
      .returning();
    const [manager] = await tx
      .insert(appUser)
      .values({
        organizationId: org.id,
        username: `boards_mgr_${tag}`,
        realName: '经理',
        passwordHash: hash,
        roleId: role('manager'),
        deptId: depts[0].id,
      })
      .returning();
    return { id: org.id, admin: admin.username, manager: manager.username, seats: seats.map((s) => s.id) };
  });
  const t0 = performance.now();
  await generate(db, org.id, org.seats, scale);
  console.log(`boards: generated the rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // the rollups: built whole on an organisation's first board call, then every 5 minutes by the job
  const r0 = performance.now();
  await refreshRollups(db, org.id);
  report(G, 'boards_rollup_build_s', (performance.now() - r0) / 1000, 's');
  const r1 = performance.now();
  await refreshRollups(db, org.id);
  report(G, 'boards_rollup_refresh_s', (performance.now() - r1) / 1000, 's');

  const login = async (account: string, i: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/backend/loginController/webLogin',
      payload: { account, password: BENCH_PASSWORD },
      remoteAddress: `10.2.0.${i}`,
    });
    const body = res.json();
    if (body.code !== 1) throw new Error(`login failed: ${body.msg}`);
    return body.data.token as string;
  };
  const tokens = [await login(org.admin, 1), await login(org.manager, 2)];
  const call = async (token: string, url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, payload, headers: { authorization: token } });
    const body = res.json();
    if (body.code !== 1) throw new Error(`${url}: ${body.msg}`);
    return body.data;
  };
  const board = await call(tokens[0], '/api/backend/customBoard/save', {
    name: '压测看板',
    panels: [
      { title: '成交排行', metric: 'dealRank', chart: 'bar', range: 'thisMonth' },
      { title: '来源占比', metric: 'leadSource', chart: 'pie', range: 'thisMonth' },
      { title: '阶段漏斗', metric: 'stageFunnel', chart: 'funnel', range: 'thisMonth' },
      { title: '通话趋势', metric: 'callTrend', chart: 'line', range: 'last30Days' },
    ],
  });
  const ranges = [{}, (([startDate, endDate]) => ({ startDate, endDate }))(presetDays('last90Days'))];
  const screens: [string, string, object][] = [
    ['deals_board', '/api/analysis/api/clue/getBoardPageList', {}],
    ['deals_list', '/api/backend/dealManager/pagelist', { pageNum: 1, pageSize: 10 }],
    ['market_board', '/api/robot/marketBoard/get', {}],
    ['ai_overview', '/api/robot/clue/aibossstatis/getOverview', {}],
    ['ai_trend', '/api/robot/clue/aibossstatis/getTrend', {}],
    ['ai_rank', '/api/robot/clue/aibossstatis/getRank', {}],
    ['custom_board', '/api/backend/customBoard/data', { id: board.id }],
  ];
  let max = 0;
  for (const [name, url, body] of screens) {
    const samples: number[] = [];
    for (const token of tokens)
      for (const range of name === 'custom_board' ? [{}] : ranges) {
        await call(token, url, { ...body, ...range }); // warm
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await call(token, url, { ...body, ...range });
          samples.push(performance.now() - t);
        }
      }
    const p95 = percentile(samples, 95);
    max = Math.max(max, p95);
    report(G, `${name}_p95_ms`, p95, 'ms');
  }
  report(G, 'boards_max_p95_ms', max, 'ms');
}

/** The rows, over the last 365 days, in chunks of 100,000 generated by PostgreSQL. */
async function generate(db: any, orgId: number, owners: number[], scale: number) {
  const seats = `{${owners.join(',')}}`;
  const owner = (g: string) => sql.raw(`('${seats}'::int[])[1 + ${g} % ${owners.length}]`);
  const chunks = async (total: number, fill: (from: number, to: number) => Promise<unknown>) => {
    for (let start = 0; start < total; start += 100_000) await fill(start + 1, Math.min(total, start + 100_000));
  };
  const sources = await db.execute(
    sql`insert into clue_dict (organization_id, kind, name) select ${orgId}, 4, '来源' || g from generate_series(1, 8) g returning id`,
  );
  const src = `{${sources.rows.map((r: { id: number }) => r.id).join(',')}}`;
  const leads = 1_000_000 * scale;
  await chunks(leads, (a, b) =>
    db.execute(sql`
      insert into clue (organization_id, type, name, phone, owner_id, import_way, channel_source_id, stage, created_at, updated_at)
      select ${orgId}, 1 + (g % 3 = 0)::int, '客户' || g, '13' || lpad(g::text, 9, '0'), ${owner('g')}, 1 + g % 11,
        (${src}::int[])[1 + g % 8], 1 + g % 9, now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
        now()
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await chunks(2_000_000 * scale, (a, b) =>
    db.execute(sql`
      insert into call_record (organization_id, call_id, provider, user_id, clue_id, phone, status, billable_seconds, created_at)
      select ${orgId}, 'b' || g, 'bench', ${owner('g')}, 1 + g % ${leads}, '13800000000', 2 + (g % 3 = 0)::int,
        case when g % 3 = 0 then 0 else g % 600 end, now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await chunks(200_000 * scale, (a, b) =>
    db.execute(sql`
      insert into crm_order (organization_id, order_no, clue_id, customer_name, owner_id, status, total_fen, paid_fen, signed_on)
      select ${orgId}, 'DD' || g, (select min(id) from clue where organization_id = ${orgId}) + g * 5 % ${leads},
        '客户' || g, ${owner('g')}, 1 + g % 6, 100000 + g % 900000, case when g % 6 = 3 then 100000 + g % 900000 else 0 end,
        (now() - (g % 365) * interval '1 day')::date
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await chunks(400_000 * scale, (a, b) =>
    db.execute(sql`
      insert into insight_call (organization_id, recording_id, clue_id, owner_user_id, call_at, intention, churn_risk)
      select ${orgId}, g, 1 + g % ${leads}, ${owner('g')}, now() - (g % 365) * interval '1 day', 1 + g % 6, g % 100
      from generate_series(${a}::int, ${b}::int) g`),
  );
  await chunks(400_000 * scale, (a, b) =>
    db.execute(sql`
      insert into quality_check (organization_id, recording_id, score, pass_line, passed, fatal, deductions,
        violation_count, violation_rules, missed_item_ids, owner_user_id, call_time)
      select ${orgId}, g, 40 + g % 61, 60, 40 + g % 61 >= 60, false, '[]', g % 3, '{}', '{}', ${owner('g')},
        now() - (g % 365) * interval '1 day'
      from generate_series(${a}::int, ${b}::int) g`),
  );
  for (const t of ['clue', 'call_record', 'crm_order', 'insight_call', 'quality_check'])
    await db.execute(sql.raw(`vacuum (analyze) ${t}`));
}
