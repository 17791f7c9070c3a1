// `npm run bench -- knowledge`: retrieval by words alone (jieba tokens in the 'simple' tsvector, ts_rank) on the
// evaluation set of bench/knowledge/eval (passages by one author, questions by another; dev and holdout of the fixed
// split): recall@5 = share of the questions with a right passage among the first five. Then the search time over
// 100,000 passages of one organisation on PostgreSQL (the evaluation passages plus passages recombined from their
// sentences), p50 and p95 of the product's search (searchPassages) for the dev questions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { writePassages } from '../server/src/modules/knowledge/passages';
import { knowledgeEntry } from '../server/src/modules/knowledge/schema';
import { searchPassages } from '../server/src/modules/knowledge/search';
import { openDatabase } from '../server/src/platform/db';
import { dropDatabase, freshDatabase } from './database';
import { percentile, report } from './report';

const EVAL = join(import.meta.dirname, 'knowledge', 'eval');
const ORG = 1;
const USER = 1;
const TOTAL = 100_000;

interface Question {
  id: string;
  company: string;
  question: string;
  answers: string[];
}

function corpus(): { id: string; title: string; text: string }[] {
  const dir = join(EVAL, 'passages');
  const out: { id: string; title: string; text: string }[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.md'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const m of text.matchAll(/^## (c\d+-\d{3}) (.+)\n([\s\S]*?)(?=^## |(?![\s\S]))/gm))
      out.push({ id: m[1], title: m[2].trim(), text: m[3].trim() });
  }
  return out;
}

function questions(split: string): Question[] {
  return readFileSync(join(EVAL, 'questions', split, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
}

export default async function run() {
  const url = await freshDatabase('bench_knowledge');
  if (!url) {
    console.log('knowledge: no PostgreSQL answers; skipped');
    return;
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: '/tmp', poolSize: 5 });
  await database.migrate();
  const db = database.db;
  try {
    const passages = corpus();
    const idOf = new Map<number, string>();
    for (const p of passages) {
      const [entry] = await db
        .insert(knowledgeEntry)
        .values({ organizationId: ORG, base: 2, ownerId: USER, kind: 2, title: p.title, content: p.text })
        .returning();
      await writePassages(db, entry, [{ page: null, text: `${p.title}\n${p.text}` }]);
      idOf.set(entry.id, p.id);
    }
    const companies = new Set(passages.map((p) => p.id.split('-')[0]));
    report('knowledge', 'eval_passages', passages.length, 'passages');
    const s = { orgId: ORG, userId: USER };
    const recallOf = async (split: string) => {
      const qs = questions(split).filter((q) => q.answers.length && companies.has(q.company));
      let hits = 0;
      for (const q of qs) {
        const { passages: found } = await searchPassages(db, s, q.question, { limit: 5 });
        if (found.some((f) => q.answers.includes(idOf.get(f.entryId) ?? ''))) hits++;
      }
      return { recall: qs.length ? hits / qs.length : 0, n: qs.length };
    };
    const dev = await recallOf('dev');
    report('knowledge', 'dev.recall_at_5', dev.recall, `ratio (${dev.n} questions)`);
    const holdout = await recallOf('holdout');
    report('knowledge', 'recall_at_5', holdout.recall, `ratio (holdout, ${holdout.n} questions)`);

    // 100,000 passages: sentences of the evaluation passages recombined (deterministic), in one organisation's base
    const sentences = passages.flatMap((p) => p.text.split(/(?<=[。！？；])/).filter((x) => x.trim().length > 4));
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let made = passages.length;
    const started = performance.now();
    for (let doc = 1; made < TOTAL; doc++) {
      const [filler] = await db
        .insert(knowledgeEntry)
        .values({
          organizationId: ORG,
          base: 2,
          ownerId: USER,
          kind: 5,
          title: `填充文档${doc}`,
          fileName: 'filler.txt',
        })
        .returning();
      const pages = [];
      for (let i = 0; i < 1000 && made < TOTAL; i++, made++)
        pages.push({
          page: 1,
          text: Array.from({ length: 3 }, () => sentences[Math.floor(rnd() * sentences.length)]).join(''),
        });
      await writePassages(db, filler, pages);
    }
    await db.execute(sql`analyze knowledge_passage`);
    report('knowledge', 'index_100k_s', (performance.now() - started) / 1000, 's');
    const qs = questions('dev').map((q) => q.question);
    for (const q of qs.slice(0, 10)) await searchPassages(db, s, q, { limit: 5 });
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await searchPassages(db, s, qs[i % qs.length], { limit: 5 });
      samples.push(performance.now() - t);
    }
    report('knowledge', 'search_p50_ms', percentile(samples, 50), 'ms');
    report('knowledge', 'search_p95_ms', percentile(samples, 95), 'ms (100,000 passages, PostgreSQL)');
  } finally {
    await database.close();
    await dropDatabase('bench_knowledge');
  }
}
