// `npm run bench -- training`: 员工培训 at scale, on PostgreSQL (a fresh database crm_training_bench on DATABASE_URL's
// server, or postgres://postgres@127.0.0.1:5432). One organisation of 10 departments of 20 seats and a manager each;
// 20,000 example calls (tags, intention, SOP items, objections) and 200,000 trainings (a fifth completed, a fifth
// overdue) made with generate_series, then over HTTP (app.inject), two at a time:
//   page_p95_ms        /aiCallTrain/callTrainPage: the administrator (status 已逾期, a department) and a department
//                      manager (its data scope), and a seat's 我的培训
//   completion_p95_ms  /aiCallTrain/completion per person and department, administrator and manager
//   library_p95_ms     /aiCallTrain/examplePage by tag, SOP item, objection, intention and kind
// BENCH_TRAINING_ROWS changes the number of trainings (examples are a tenth of it).
import { sql } from 'drizzle-orm';
import { appUser, department } from '../server/src/modules/org/schema';
import { BENCH_PASSWORD, type BenchApp, benchOrganization, withBenchApp } from './app';
import { load, report } from './report';

const G = 'training';
const DB_NAME = 'crm_training_bench';
const DEPTS = 10;
const SEATS = 20;

export default async function trainingBench(): Promise<void> {
  const rows = Number(process.env.BENCH_TRAINING_ROWS ?? 200_000);
  if (!(await withBenchApp(DB_NAME, (b) => run(b, rows))))
    console.log('training: PostgreSQL not reachable (set DATABASE_URL); training figures skipped');
}

async function run({ app, db }: BenchApp, rows: number): Promise<void> {
  const org = await db.transaction(async (tx) => {
    const { org, rootDept, admin, hash, tag, role } = await benchOrganization(tx, '培训压测', 'train');
    const depts = await tx
      .insert(department)
      .values(
        Array.from({ length: DEPTS }, (_, i) => ({
          organizationId: org.id,
          parentId: rootDept.id,
          name: `销售${i + 1}部`,
        })),
      )
      .returning();
    const users = await tx
      .insert(appUser)
      .values(
        depts.flatMap((d, i) => [
          {
            organizationId: org.id,
            username: `train_mgr_${tag}_${i}`,
            realName: `经理${i + 1}`,
            passwordHash: hash,
            roleId: role('manager'),
            deptId: d.id,
          },
          ...Array.from({ length: SEATS }, (_, j) => ({
            organizationId: org.id,
            username: `train_seat_${tag}_${i}_${j}`,
            realName: `坐席${i + 1}-${j + 1}`,
            passwordHash: hash,
            roleId: role('seat'),
            deptId: d.id,
          })),
        ]),
      )
      .returning();
    return { id: org.id, admin: admin.username, adminId: admin.id, depts: depts.map((d) => d.id), users };
  });
  const seats = org.users.filter((u) => u.realName.startsWith('坐席'));
  const t0 = performance.now();
  await generate(db, org.id, org.adminId, seats, Math.round(rows / 10), rows);
  console.log(`${G}: generated ${rows} trainings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

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
  const admin = await login(org.admin);
  const manager = await login(org.users.find((u) => u.realName === '经理3')!.username);
  const seat = await login(seats[5].username);
  const figure = async (name: string, calls: { path: string; token: string; body: object }[]) => {
    const res = await load(calls.length * 10, 2, async (i) => {
      const c = calls[i % calls.length];
      const r = await app.inject({
        method: 'POST',
        url: `/api/backend/aiCallTrain/${c.path}`,
        payload: c.body,
        headers: { authorization: c.token },
      });
      const body = r.json();
      if (body.code !== 1) throw new Error(`${c.path}: ${body.code} ${body.msg}`);
    });
    report(G, `${name}_p95_ms`, res.p95, 'ms');
  };
  await figure('page', [
    { path: 'callTrainPage', token: admin, body: {} },
    { path: 'callTrainPage', token: admin, body: { status: 4, deptId: org.depts[2] } },
    { path: 'callTrainPage', token: admin, body: { keyword: '异议', pageNum: 20 } },
    { path: 'callTrainPage', token: manager, body: { status: 3 } },
    { path: 'callTrainPage', token: seat, body: { mine: 1 } },
  ]);
  await figure('completion', [
    { path: 'completion', token: admin, body: {} },
    { path: 'completion', token: manager, body: {} },
  ]);
  await figure('library', [
    { path: 'examplePage', token: admin, body: { tag: '高意向' } },
    { path: 'examplePage', token: admin, body: { sopItem: '挖掘需求', kind: 1 } },
    { path: 'examplePage', token: admin, body: { objection: '价格' } },
    { path: 'examplePage', token: admin, body: { intention: '强意向' } },
    { path: 'examplePage', token: manager, body: {} },
    { path: 'exampleFacets', token: admin, body: {} },
  ]);
}

async function generate(
  db: BenchApp['db'],
  orgId: number,
  adminId: number,
  seats: { id: number; deptId: number | null }[],
  examples: number,
  trainings: number,
) {
  const ids = sql`${`{${seats.map((s) => s.id).join(',')}}`}::int[]`;
  const deptOf = sql`${`{${seats.map((s) => s.deptId).join(',')}}`}::int[]`;
  const n = seats.length;
  await db.execute(sql`
    insert into call_example (organization_id, recording_id, kind, note, moments, call_owner_id, call_time, duration_ms,
      tags, intention, objections, sop_items, marked_by, created_at)
    select ${orgId}, g, 1 + (g % 2), '案例 ' || g, '[{"startMs": 5000, "note": "开场"}]'::jsonb, (${ids})[1 + g % ${n}],
      now() - (g % 300) * interval '1 day', 60000 + g % 600000,
      array[(array['高意向','有兴趣','明确拒绝','潜在投诉风险'])[1 + g % 4], '标签' || (g % 50)],
      (array['强意向','一般意向','无意向'])[1 + g % 3],
      array[(array['价格太贵','再考虑一下','没有时间','要和家人商量'])[1 + g % 4]],
      array['开场白与自我介绍', (array['挖掘需求','介绍产品','约定下次跟进'])[1 + g % 3]],
      ${adminId}, now() - (g % 300) * interval '1 day'
    from generate_series(1, ${examples}) g`);
  await db.execute(sql`
    insert into call_train_log (organization_id, source, example_id, recording_id, script_id, script_name, title, user_id,
      dept_id, assigned_by, status, deadline, started_at, completed_at, takeaway, created_at)
    select ${orgId}, case when g % 10 = 0 then 2 else 1 end,
      case when g % 10 = 0 then null else e.id end, case when g % 10 = 0 then null else e.recording_id end,
      case when g % 10 = 0 then 1 + g % 30 end, case when g % 10 = 0 then '价格异议处理' end,
      case when g % 10 = 0 then '陪练：价格异议处理' else '通话案例：' || g end,
      (${ids})[1 + g % ${n}], (${deptOf})[1 + g % ${n}], ${adminId},
      case when g % 5 = 0 then 3 when g % 5 = 1 then 2 else 1 end,
      now() + ((g % 5) - 1) * interval '3 day',
      case when g % 5 in (0, 1) then now() - interval '1 day' end,
      case when g % 5 = 0 then now() end,
      case when g % 5 = 0 then '先问预算再报价' end,
      now() - (g % 365) * interval '1 day'
    from generate_series(1, ${trainings}) g
    join call_example e on e.organization_id = ${orgId} and e.recording_id = 1 + g % ${examples}`);
  await db.execute(sql`analyze call_example`);
  await db.execute(sql`analyze call_train_log`);
}
