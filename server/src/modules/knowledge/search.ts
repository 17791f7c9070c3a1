/**
 * Retrieval: words first (jieba words of the question OR-matched against the passages' 'simple' tsvector through the
 * GIN index, ranked by ts_rank in the database), then, when an embeddings endpoint is configured, vectors: the
 * question's embedding against the stored real[] embeddings of the passages the user sees, cosine computed here.
 * The two rankings are fused by reciprocal rank (k = 60). PGlite's and this machine's PostgreSQL have no pgvector:
 * vectors are ranked in the product, over at most VECTOR_SCAN passages.
 */
import { KnowledgeBaseName, KnowledgeKindName } from '@crm/core/contract/knowledge';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { cosine, type Embedder } from './embeddings';
import { knowledgeEntry, knowledgePassage } from './schema';
import { termStats } from './terms';
import { anyWordQuery, terms, words } from './tokens';

export interface Found {
  id: number;
  entryId: number;
  title: string;
  base: number;
  baseName: string;
  kindName: string;
  fileName: string | null;
  page: number | null;
  text: string;
  matched: string[];
  score: number;
}

export interface SearchOptions {
  base?: 1 | 2;
  limit: number;
  embedder?: Embedder | null;
}

const CANDIDATES = 50;
const VECTOR_SCAN = 20_000;
const RRF_K = 60;
/**
 * The passages the index may hand over for ranking: a query's terms go to the index rarest first while their counts
 * sum to at most this (at least the rarest one goes), so that common words (价格, 客户) do not make the database rank
 * half the base. The common terms still weigh in the ranking of what the rare ones found.
 */
const LOOKUP_BUDGET = 1000;
/** At most this many passages are scored, even when the rarest term alone is common (a bound on the worst case). */
const CANDIDATE_CAP = 2000;
/** BM25 with presence (a passage's terms are few and rarely repeated): saturation k1, length normalisation b. */
const K1 = 1.2;
const B = 0.4;
/** What a term found in a typed entry's title (its question) adds to the same term found in the text. */
const TITLE_WEIGHT = 0.6;

/** A term's rarity (BM25 idf). */
const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** A single Chinese character: it weighs in the ranking, but finds passages only when the question has nothing else. */
const SINGLE_HAN = /^\p{Script=Han}$/u;

/** The query terms sent to the index: the rarest first, within LOOKUP_BUDGET. */
export function lookupTerms(qt: string[], df: Map<string, number>, budget = LOOKUP_BUDGET): string[] {
  const onlySingle = qt.every((t) => SINGLE_HAN.test(t));
  const known = [...df.entries()]
    .filter(([t]) => onlySingle || !SINGLE_HAN.test(t))
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const out: string[] = [];
  let sum = 0;
  for (const [t, n] of known) {
    if (out.length && sum + n > budget) break;
    out.push(t);
    sum += n;
  }
  return out;
}

/** The passages a user sees: the organisation's base and the own personal base. */
export function visiblePassages(s: Pick<Scope, 'orgId'> & { userId: number }, base?: 1 | 2): SQL {
  const p = knowledgePassage;
  const bases =
    base === 2
      ? eq(p.base, 2)
      : base === 1
        ? and(eq(p.base, 1), eq(p.ownerId, s.userId))
        : or(eq(p.base, 2), and(eq(p.base, 1), eq(p.ownerId, s.userId)));
  return and(eq(p.organizationId, s.orgId), bases)!;
}

/** Ranks by words: the passages holding a rare query term, scored in the database by BM25 over all query terms. */
async function rankByWords(db: Db, orgId: number, where: SQL, qt: string[]): Promise<{ id: number; score: number }[]> {
  if (!qt.length) return [];
  const stats = await termStats(db, orgId, qt);
  const lookup = lookupTerms(qt, stats.df);
  if (!lookup.length) return [];
  const p = knowledgePassage;
  // the candidates' vectors are copied out once (|| ''): each term test below then reads the copy, not the stored
  // (compressed, often TOASTed) value again
  const c = sql.raw('c.t');
  const has = (t: string) => sql`${c} @@ to_tsquery('simple', ${`'${t}'`})`;
  const inTitle = (t: string) => sql`${c} @@ to_tsquery('simple', ${`'${t}':A`})`;
  const weighted = [...stats.df.entries()].map(([t, n]) => {
    const w = idf(stats.n, n);
    const found = sql`case when ${has(t)} then ${w}::float8 else 0 end`;
    // a single character in the title says little; its test is spared
    if ([...t].length < 2) return found;
    return sql`(${found} + case when ${inTitle(t)} then ${w * TITLE_WEIGHT}::float8 else 0 end)`;
  });
  const norm = sql`${K1 + 1}::float8 / (1 + ${K1}::float8 * (${1 - B}::float8 + ${B / stats.avgLength}::float8 * length(${c})))`;
  const query = sql`
    with c as materialized (
      select ${p.id} as id, ${p.tsv} || ''::tsvector as t from ${p}
      where ${and(where, sql`${p.tsv} @@ to_tsquery('simple', ${anyWordQuery(lookup)})`)}
      limit ${CANDIDATE_CAP}
    )
    select c.id as id, (${sql.join(weighted, sql` + `)}) * ${norm} as score from c
    order by 2 desc, 1 limit ${CANDIDATES}`;
  const rows = await db.execute<{ id: number; score: number }>(query);
  return rows.rows.map((r) => ({ id: Number(r.id), score: Number(r.score) }));
}

export async function searchPassages(
  db: Db,
  s: Pick<Scope, 'orgId'> & { userId: number },
  question: string,
  o: SearchOptions,
): Promise<{ passages: Found[]; method: string; queryWords: string[] }> {
  const qw = words(question, true);
  const p = knowledgePassage;
  const where = visiblePassages(s, o.base);
  const ranked = new Map<number, number>();
  const byWords = await rankByWords(db, s.orgId, where, terms(question, true));
  const fuse = (ids: number[]) => {
    ids.forEach((id, i) => {
      ranked.set(id, (ranked.get(id) ?? 0) + 1 / (RRF_K + i));
    });
  };
  fuse(byWords.map((r) => r.id));
  let method = 'words';
  if (o.embedder) {
    method = 'words+vectors';
    const [qv] = await o.embedder.embed([question]);
    const rows = await db
      .select({ id: p.id, embedding: p.embedding })
      .from(p)
      .where(and(where, isNotNull(p.embedding)))
      .limit(VECTOR_SCAN);
    fuse(
      rows
        .map((r) => ({ id: r.id, sim: cosine(qv, r.embedding ?? []) }))
        .sort((a, b) => b.sim - a.sim)
        .slice(0, CANDIDATES)
        .map((r) => r.id),
    );
  }
  const top = [...ranked.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, o.limit);
  if (!top.length) return { passages: [], method, queryWords: qw };
  const ids = top.map(([id]) => id);
  const rows = await db
    .select({
      id: p.id,
      entryId: p.entryId,
      base: p.base,
      page: p.page,
      text: p.text,
      tokens: p.tokens,
      title: knowledgeEntry.title,
      kind: knowledgeEntry.kind,
      fileName: knowledgeEntry.fileName,
    })
    .from(p)
    .innerJoin(knowledgeEntry, eq(knowledgeEntry.id, p.entryId))
    .where(and(inArray(p.id, ids), eq(p.organizationId, s.orgId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const score = new Map(top);
  return {
    method,
    queryWords: qw,
    passages: ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const have = new Set(r.tokens.split(' '));
      return [
        {
          id: r.id,
          entryId: r.entryId,
          title: r.title,
          base: r.base,
          baseName: KnowledgeBaseName[r.base as 1 | 2] ?? '',
          kindName: KnowledgeKindName[r.kind as 1] ?? '',
          fileName: r.fileName,
          page: r.page,
          text: r.text,
          matched: qw.filter((w) => have.has(w)),
          score: Math.round((score.get(id) ?? 0) * 1e6) / 1e6,
        },
      ];
    }),
  };
}
