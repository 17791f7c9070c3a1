// The speech assistant's retrieval at scale, on PostgreSQL (part of `npm run bench -- coaching`; alone:
// `node --import tsx bench/coaching/assistant.bench.ts`). In a fresh database bench_assistant (DATABASE_URL's server,
// else postgres://postgres@127.0.0.1:5432): one organisation, 20 seats, 100,000 analysed calls that went on to a
// strong intention or a deal, 5 (customer sentence, agent reply) pairs each (500,000 index rows from 20,000 distinct
// sentence pairs, built by the same pairs.ts / grams.ts as the `assistant.index` job), and the bigram counts. Then:
//   assistant_p95_ms      the built-in answer (retrieval through the rarest bigrams, scoring, ratings, seat names)
//                         for 帮你回, 帮你谈 and 润色, 300 questions (seen sentences reworded and unseen ones); p95
//   assistant_p50_ms      the same, median
//   assistant_hit_rate    share of reworded known sentences whose original reply is among the suggestions
//   assistant_index_call_ms  one call indexed as the job does it (pairs, delete, insert, gram counts); median of 50
// BENCH_ASSISTANT_CALLS changes the number of calls.
import { sql } from 'drizzle-orm';
import { builtinAnswer, type Question } from '../../server/src/modules/assistant/builtin';
import { pairsOf } from '../../server/src/modules/assistant/pairs';
import { appUser } from '../../server/src/modules/org/schema';
import { createOrganization } from '../../server/src/modules/org/service';
import { openDatabase } from '../../server/src/platform/db';
import { dropBenchDatabases, freshDatabase } from '../database';
import { percentile, report } from '../report';

const G = 'coaching';
const DB_NAME = 'bench_assistant';
const PAIRS_PER_CALL = 5;

// sentence parts: customers' concerns about a product, agents' answers; combined they give 20,000 distinct pairs
const PRODUCTS = [
  '编程课',
  '英语课',
  '数学辅导',
  '美术班',
  '钢琴课',
  '游泳培训',
  '书法课',
  '围棋课',
  '舞蹈班',
  '口才课',
];
const CUSTOMER = [
  (p: string, n: number) => `这个${p}多少钱一期，${n}节课的话能便宜点吗`,
  (p: string, n: number) => `你们的${p}跟别家比有什么优势，我看别人家才${n}百`,
  (p: string, n: number) => `${p}一周上几次，孩子周末${n}点以后才有空`,
  (p: string, n: number) => `我再考虑一下吧，${p}太贵了，${n}千块不是小数目`,
  (p: string, n: number) => `${p}的老师是什么背景，教了${n}年以上吗`,
  (p: string, n: number) => `孩子才${n}岁，学${p}会不会太早了`,
  (p: string, n: number) => `${p}不满意可以退费吗，上了${n}节还能退吗`,
  (p: string, n: number) => `我要跟家里人商量一下${p}的事，过${n}天再说`,
  (p: string, n: number) => `${p}在哪里上课，离我家${n}公里远不远`,
  (p: string, n: number) => `${p}有没有试听，试听${n}次要钱吗`,
];
const AGENT = [
  (p: string, n: number) => `理解您的顾虑，${p}这周报名有${n}折优惠，我先帮您把名额留下好吗`,
  (p: string, n: number) => `我们${p}是${n}人小班，老师一对一批改，每月给您发学习报告`,
  (p: string, n: number) => `${p}可以先免费试听${n}次，孩子喜欢再报名，您看周六方便吗`,
  (p: string, n: number) => `${p}的老师都有${n}年以上教学经验，我把老师介绍发到您微信`,
  (p: string, n: number) => `没问题，${p}上满${n}节之前不满意都可以按课时退费`,
];

interface Variant {
  customer: string;
  agent: string;
  grams: string[];
  replyGrams: string[];
}

function variants(count: number): Variant[] {
  const out: Variant[] = [];
  for (let i = 0; out.length < count; i++) {
    const p = PRODUCTS[i % PRODUCTS.length];
    const c = CUSTOMER[Math.floor(i / PRODUCTS.length) % CUSTOMER.length];
    const a = AGENT[(i * 7 + Math.floor(i / 100)) % AGENT.length];
    const n = 2 + (Math.floor(i / 100) % 40);
    const customer = c(p, n);
    const agent = a(p, n + 1);
    const [pair] = pairsOf([
      { speaker: 'customer', startMs: 0, endMs: 1, text: customer },
      { speaker: 'agent', startMs: 1, endMs: 2, text: agent },
    ]);
    out.push({ customer, agent, grams: pair.grams, replyGrams: pair.replyGrams });
  }
  return out;
}

/** A known sentence reworded: a filler in front, a word dropped, a synonym. */
const reword = (s: string, i: number) =>
  `${['嗯，', '那个', '请问', ''][i % 4]}${s.replace('多少钱', '多少钱呀').replace('有没有', '有没').replace('的话', '')}`;

export default async function assistantBench(): Promise<void> {
  const url = await freshDatabase(DB_NAME);
  if (!url) {
    console.log(`${G}: PostgreSQL not reachable (set DATABASE_URL); assistant figures skipped`);
    return;
  }
  const calls = Number(process.env.BENCH_ASSISTANT_CALLS ?? 100_000);
  const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 5 });
  try {
    await database.migrate();
    const db = database.db;
    const tag = Date.now().toString(36);
    const { orgId, seats } = await db.transaction(async (tx) => {
      const { org, roles } = await createOrganization(tx, {
        name: `话术压测${tag}`,
        admin: { username: `bench_assistant_${tag}`, realName: '管理员', passwordHash: 'x' },
      });
      const seatRole = roles.find((r) => r.roleSign === 'seat')!;
      const rows = await tx
        .insert(appUser)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            organizationId: org.id,
            username: `bench_assistant_seat_${tag}_${i}`,
            realName: `坐席${i}`,
            passwordHash: 'x',
            roleId: seatRole.id,
          })),
        )
        .returning();
      return { orgId: org.id, seats: rows.map((r) => r.id) };
    });

    const t0 = performance.now();
    const vs = variants(20_000);
    await db.execute(
      sql`create unlogged table bench_variant (vid int, customer text, agent text, grams text[], reply text[])`,
    );
    for (let i = 0; i < vs.length; i += 1000) {
      const part = vs.slice(i, i + 1000);
      await db.execute(sql`insert into bench_variant
        select i - 1 + ${i}, c, a, string_to_array(g, ' '), string_to_array(r, ' ')
        from unnest(${sql.param(part.map((v) => v.customer))}::text[], ${sql.param(part.map((v) => v.agent))}::text[],
          ${sql.param(part.map((v) => v.grams.join(' ')))}::text[], ${sql.param(part.map((v) => v.replyGrams.join(' ')))}::text[])
          with ordinality as t(c, a, g, r, i)`);
    }
    // calls 1..N, each with PAIRS_PER_CALL pairs; a quarter of the calls are deals, the rest strong intentions
    await db.execute(sql`insert into assistant_pair (organization_id, recording_id, segment_index, owner_user_id, clue_id,
        customer_text, agent_text, grams, reply_grams, weight, intention, deal, call_at)
      select ${orgId}, c, k * 2 + 1, (${sql.param(seats)}::int[])[1 + c % 20], null, v.customer, v.agent, v.grams, v.reply,
        case when c % 4 = 0 then 1 else 0.6 + (c % 35) / 100.0 end, 1, (c % 4 = 0)::int,
        now() - (c % 90) * interval '1 day'
      from generate_series(1, ${calls}) c cross join generate_series(0, ${PAIRS_PER_CALL - 1}) k
      join bench_variant v on v.vid = (c * 7919 + k * 104729) % ${vs.length}`);
    await db.execute(sql`insert into assistant_gram (organization_id, gram, n)
      select ${orgId}, g, count(*) from (
        select unnest(grams) g from assistant_pair where organization_id = ${orgId}
        union all select '~' || unnest(reply_grams) from assistant_pair where organization_id = ${orgId}) x
      group by g`);
    await db.execute(sql`analyze assistant_pair`);
    await db.execute(sql`analyze assistant_gram`);
    console.log(
      `${G}: indexed ${calls} analysed calls (${calls * PAIRS_PER_CALL} pairs) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const questions: { q: Question; expect?: string }[] = [];
    for (let i = 0; i < 300; i++) {
      const v = vs[(i * 613) % vs.length];
      const type = ([1, 4, 3] as const)[i % 3];
      const unseen = i % 5 === 4;
      const query =
        type === 3 ? reword(v.agent, i) : unseen ? `我们公司想团购第${i}批礼品，有没有企业折扣` : reword(v.customer, i);
      questions.push({
        q: { type, query, lead: null, seatName: '坐席0', scripts: [] },
        expect: type === 1 && !unseen ? v.agent : undefined,
      });
    }
    for (const { q } of questions.slice(0, 10)) await builtinAnswer(db, orgId, q); // warm
    const times: number[] = [];
    let found = 0;
    let asked = 0;
    for (const { q, expect } of questions) {
      const t = performance.now();
      const a = await builtinAnswer(db, orgId, q);
      times.push(performance.now() - t);
      if (expect) {
        asked++;
        if (a.drafts.some((d) => d.text === expect)) found++;
      }
    }
    report(G, 'assistant_p95_ms', percentile(times, 95), 'ms');
    report(G, 'assistant_p50_ms', percentile(times, 50), 'ms');
    report(G, 'assistant_hit_rate', asked ? found / asked : 0, '');

    // the index job's write for one call (without the transcript and deal lookups it also does)
    const segments = vs.slice(0, PAIRS_PER_CALL).flatMap((v, i) => [
      { speaker: 'customer' as const, startMs: i * 2, endMs: i * 2 + 1, text: v.customer },
      { speaker: 'agent' as const, startMs: i * 2 + 1, endMs: i * 2 + 2, text: v.agent },
    ]);
    const { AssistantIndexer } = await import('../../server/src/modules/assistant/indexer');
    const indexer = new AssistantIndexer({
      db,
      services: { asr: { getTranscript: async () => ({ segments }) } },
    } as never);
    const writes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await indexer.indexCall(
        orgId,
        {
          id: calls + 1 + (i % 5),
          clueId: null,
          ownerUserId: seats[0],
          callTime: new Date(),
          createdAt: new Date(),
        } as never,
        { intention: 1, degree: 80 },
      );
      writes.push(performance.now() - t);
    }
    report(G, 'assistant_index_call_ms', percentile(writes, 50), 'ms');
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  await assistantBench();
  await dropBenchDatabases();
  process.exit(0);
}
