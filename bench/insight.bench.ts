// `npm run bench -- insight`: AI customer insight at scale, on PostgreSQL. It generates its own data in a fresh
// database crm_insight_bench (DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432): one organisation with 20
// seats in 2 departments, 5,000 customers and 100,000 analysed calls over 90 days with their mentions (needs,
// objections with answers, competitors, questions, promises, next steps; about 4.7 per call), server-side with
// generate_series; one customer has 200 of the calls. Then:
//   briefing_200_calls_ms  rebuilding that customer's briefing from all of its calls (extractive; median of 7)
//   org_p95_ms             organisation insight (top needs, objections, competitors, questions with daily trends and
//                          examples) for 7/30/90 days, a department, a stage, and a department-scoped manager (p95)
// BENCH_INSIGHT_CALLS changes the number of calls.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { organisationInsights } from '../server/src/modules/insight/insights';
import { rebuildDaily } from '../server/src/modules/insight/rollup';
import { appUser, department } from '../server/src/modules/org/schema';
import { createOrganization } from '../server/src/modules/org/service';
import { loadConfig } from '../server/src/platform/config';
import { openDatabase } from '../server/src/platform/db';
import type { Session } from '../server/src/platform/session';
import { freshDatabase } from './database';
import { percentile, report } from './report';

const G = 'insight';
const DB_NAME = 'crm_insight_bench';

const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 - offset * 86_400_000).toISOString().slice(0, 10);

export default async function insightBench(): Promise<void> {
  const url = await freshDatabase(DB_NAME);
  if (!url) {
    console.log(`${G}: PostgreSQL not reachable (set DATABASE_URL); figures skipped`);
    return;
  }
  const calls = Number(process.env.BENCH_INSIGHT_CALLS ?? 100_000);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'crm-bench-insight-')),
    LOG_LEVEL: 'warn',
    SEED: 'false',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 10 });
  await database.migrate();
  const built = await buildApp(config, database, { logger: false, startJobs: false });
  const { ctx } = built;
  try {
    const db = database.db;
    const tag = Date.now().toString(36);
    const { orgId, adminId, deptIds, seats } = await db.transaction(async (tx) => {
      const { org, rootDept, roles, admin } = await createOrganization(tx, {
        name: `洞察压测${tag}`,
        admin: { username: `bench_insight_${tag}`, realName: '管理员', passwordHash: 'x' },
      });
      const depts = await tx
        .insert(department)
        .values([1, 2].map((i) => ({ organizationId: org.id, parentId: rootDept.id, name: `销售${i}部` })))
        .returning();
      const seatRole = roles.find((r) => r.roleSign === 'seat')!;
      const seats = await tx
        .insert(appUser)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            organizationId: org.id,
            username: `bench_insight_seat_${tag}_${i}`,
            realName: `坐席${i}`,
            passwordHash: 'x',
            roleId: seatRole.id,
            deptId: depts[i % 2].id,
          })),
        )
        .returning();
      return { orgId: org.id, adminId: admin.id, deptIds: depts.map((d) => d.id), seats: seats.map((s) => s.id) };
    });

    const t0 = performance.now();
    const { heavyClue } = await generate(db, orgId, seats, deptIds, calls);
    console.log(`${G}: generated ${calls} analysed calls in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // the briefing of the customer with 200 calls, rebuilt from all of them
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      const b = await ctx.services.insight.customers.rebuild(orgId, heavyClue);
      samples.push(performance.now() - t);
      if (b.callCount !== 200) throw new Error(`the heavy customer has ${b.callCount} calls`);
    }
    report(G, 'briefing_200_calls_ms', percentile(samples, 50), 'ms');

    const admin = { orgId, userId: adminId, visibleUserIds: null } as Session;
    const manager = { orgId, userId: seats[0], visibleUserIds: seats.filter((_, i) => i % 2 === 0) } as Session;
    const filters = [
      { s: admin, f: { startDate: day(6), endDate: day(0), top: 10 } },
      { s: admin, f: { startDate: day(29), endDate: day(0), top: 10 } },
      { s: admin, f: { startDate: day(89), endDate: day(0), top: 10 } },
      { s: admin, f: { startDate: day(29), endDate: day(0), top: 10, deptId: deptIds[1] } },
      { s: admin, f: { startDate: day(29), endDate: day(0), top: 10, stage: 3 as const } },
      { s: manager, f: { startDate: day(29), endDate: day(0), top: 10 } },
    ];
    for (const { s, f } of filters) await organisationInsights(db, s, f); // warm-up
    const org: number[] = [];
    for (let i = 0; i < 10; i++)
      for (const { s, f } of filters) {
        const t = performance.now();
        const ins = await organisationInsights(db, s, f);
        org.push(performance.now() - t);
        if (!ins.objections.length) throw new Error('no objections found');
      }
    report(G, 'org_p50_ms', percentile(org, 50), 'ms');
    report(G, 'org_p95_ms', percentile(org, 95), 'ms');
  } finally {
    await built.close();
    await database.close();
  }
}

/**
 * 5,000 customers and `calls` analysed calls over 90 days (the first customer has 200 of them), each with about five
 * mentions drawn from the vocabularies below, written server-side in chunks.
 */
async function generate(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  orgId: number,
  seats: number[],
  deptIds: number[],
  calls: number,
): Promise<{ heavyClue: number }> {
  const customers = 5000;
  const seatArr = sql.param(seats);
  const res = await db.execute<{ id: number }>(sql`
    insert into clue (organization_id, name, phone, owner_id, stage)
    select ${orgId}, '客户' || g, '138' || lpad(g::text, 8, '0'), (${seatArr}::int[])[1 + g % ${seats.length}], 1 + g % 9
    from generate_series(1, ${customers}) g returning id`);
  const clueIds = res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const firstClue = clueIds[0];
  const chunk = 20_000;
  for (let start = 0; start < calls; start += chunk) {
    const n = Math.min(chunk, calls - start);
    // call g: the first 200 belong to the first customer; the others spread over the rest
    await db.execute(sql`
      insert into insight_call (organization_id, recording_id, clue_id, owner_user_id, dept_id, stage, call_at,
        intention, intention_degree, churn_risk, ai_labels, summary)
      select ${orgId}, g,
        case when g <= 200 then ${firstClue} else ${firstClue} + 1 + g % ${customers - 1} end,
        (${seatArr}::int[])[1 + g % ${seats.length}],
        (${sql.param(deptIds)}::int[])[1 + (g % ${seats.length}) % 2],
        1 + g % 9,
        now() - ((g * 7919) % (90 * 86400)) * interval '1 second',
        1 + g % 4, 30 + g % 70, (g * 37) % 100,
        array[1 + g % 5]::smallint[],
        '客户咨询课程价格与上课时间，约定下周试听'
      from generate_series(${start + 1}::int, ${start + n}::int) g`);
    await db.execute(sql`
      insert into insight_mention (organization_id, recording_id, clue_id, owner_user_id, dept_id, stage, call_at,
        kind, label, sentence, answer, speaker, segment, start_ms, due_on)
      select c.organization_id, c.recording_id, c.clue_id, c.owner_user_id, c.dept_id, c.stage, c.call_at,
        k.kind, k.label, k.sentence, k.answer, k.speaker, k.segment, k.segment * 5000, null
      from insight_call c
      cross join lateral (values
        ('need', (array['给孩子报编程课','了解一下英语课','报个暑假班','考个证书','装修三室两厅','买一份重疾险','换个大点的房子','看看二手车'])[1 + c.recording_id % 8],
          '我想' || (array['给孩子报编程课','了解一下英语课','报个暑假班','考个证书','装修三室两厅','买一份重疾险','换个大点的房子','看看二手车'])[1 + c.recording_id % 8], null, 'customer', 1),
        ('objection', (array['价格太高','没有时间','距离太远','担心效果','信任顾虑','质量售后','合同风险','需要商量'])[1 + (c.recording_id / 3) % 8],
          (array['价格有点贵','最近太忙了','离家太远了','效果怎么样','你们正规吗','售后怎么保障','合同有没有问题','我回去商量一下'])[1 + (c.recording_id / 3) % 8],
          '我们这周报名有优惠，还可以先免费试听', 'customer', 3),
        ('competitor', (array['编程猫','火花思维','猿辅导','学而思','美家装修','平安保险'])[1 + c.recording_id % 6],
          (array['编程猫','火花思维','猿辅导','学而思','美家装修','平安保险'])[1 + c.recording_id % 6] || '那边更便宜', null, 'customer', 5),
        ('question', (array['价格费用','时间安排','地点地址','效果保障','付款方式','合同售后','课程产品','其他问题'])[1 + (c.recording_id / 7) % 8],
          (array['一共多少钱','什么时候上课','地址在哪里','能保证效果吗','可以分期吗','合同怎么签','课程包含什么','还有别的吗'])[1 + (c.recording_id / 7) % 8], null, 'customer', 2),
        ('promise', '我明天给您发课程资料', '我明天给您发课程资料', null, 'agent', 7),
        ('nextStep', '周六上午来试听', '那就周六上午过来试听', null, 'customer', 8)
      ) k(kind, label, sentence, answer, speaker, segment)
      where c.organization_id = ${orgId} and c.recording_id between ${start + 1} and ${start + n}
        and (k.kind not in ('promise', 'nextStep') or c.recording_id % 3 = 0)`);
  }
  await rebuildDaily(db, orgId);
  await db.execute(sql`analyze insight_daily`);
  await db.execute(sql`analyze insight_call`);
  await db.execute(sql`analyze insight_mention`);
  await db.execute(sql`analyze clue`);
  return { heavyClue: firstClue };
}
