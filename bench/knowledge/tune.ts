// Tuning aid (not a bench): recall@5 of searchPassages on the train and dev questions of bench/knowledge/eval, with
// the misses listed. `node --import tsx bench/knowledge/tune.ts [train|dev|train,dev] [-v]`. Never run on the holdout.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePassages } from '../../server/src/modules/knowledge/passages';
import { knowledgeEntry } from '../../server/src/modules/knowledge/schema';
import { searchPassages } from '../../server/src/modules/knowledge/search';
import { openDatabase } from '../../server/src/platform/db';
import { dropDatabase, freshDatabase } from '../database';

const EVAL = join(import.meta.dirname, 'eval');
const splits = (process.argv[2] ?? 'train,dev').split(',').filter((s) => s !== 'holdout');
const verbose = process.argv.includes('-v');

const passages = readdirSync(join(EVAL, 'passages'))
  .filter((f) => f.endsWith('.md'))
  .flatMap((f) =>
    [
      ...readFileSync(join(EVAL, 'passages', f), 'utf8').matchAll(
        /^## (c\d+-\d{3}) (.+)\n([\s\S]*?)(?=^## |(?![\s\S]))/gm,
      ),
    ].map((m) => ({ id: m[1], title: m[2].trim(), text: m[3].trim() })),
  );
const url = await freshDatabase('know_tune');
if (!url) throw new Error('no PostgreSQL');
const database = await openDatabase({ databaseUrl: url, dataDir: '/tmp', poolSize: 2 });
await database.migrate();
const db = database.db;
const idOf = new Map<number, string>();
for (const p of passages) {
  const [entry] = await db
    .insert(knowledgeEntry)
    .values({ organizationId: 1, base: 2, ownerId: 1, kind: 2, title: p.title, content: p.text })
    .returning();
  await writePassages(db, entry, [{ page: null, text: `${p.title}\n${p.text}` }]);
  idOf.set(entry.id, p.id);
}
const title = new Map(passages.map((p) => [p.id, p.title]));
for (const split of splits) {
  const qs = readFileSync(join(EVAL, 'questions', split, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { id: string; question: string; answers: string[] })
    .filter((q) => q.answers.length);
  let hits = 0;
  for (const q of qs) {
    const { passages: found, queryWords } = await searchPassages(db, { orgId: 1, userId: 1 }, q.question, { limit: 5 });
    const got = found.map((f) => idOf.get(f.entryId) ?? '');
    if (got.some((g) => q.answers.includes(g))) hits++;
    else if (verbose)
      console.log(
        `MISS ${q.question}\n  words: ${queryWords.join(' ')}\n  want: ${q.answers.map((a) => `${a} ${title.get(a)}`).join(' | ')}\n  got:  ${got.map((a) => `${a} ${title.get(a)}`).join(' | ')}`,
      );
  }
  console.log(`${split}: recall@5 ${(hits / qs.length).toFixed(3)} (${hits}/${qs.length})`);
}
await database.close();
await dropDatabase('know_tune');
process.exit(0);
