/**
 * Document frequencies of an organisation's terms (knowledge_term): how many passages hold each term, '' counting the
 * passages and ' ' the sum of the passages' distinct terms (their average length). Every write of passages goes through here in the writer's transaction, so the counts equal the passages'
 * terms (tokens and title_tokens). Terms are upserted in sorted order: concurrent writers lock rows in one order.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { knowledgePassage, knowledgeTerm } from './schema';

/** The distinct terms of a passage's tokens and title tokens. */
export function passageTerms(tokens: string, titleTokens: string): Set<string> {
  const out = new Set<string>();
  for (const t of `${tokens} ${titleTokens}`.split(' ')) if (t) out.add(t.slice(0, 60));
  return out;
}

/** Adds (sign 1) or takes away (sign -1) the terms of these passages from the organisation's counts. */
export async function countTerms(
  db: DbOrTx,
  orgId: number,
  passages: { tokens: string; titleTokens: string }[],
  sign: 1 | -1,
): Promise<void> {
  if (!passages.length) return;
  const delta = new Map<string, number>([
    ['', passages.length * sign],
    [' ', 0],
  ]);
  for (const p of passages) {
    const ts = passageTerms(p.tokens, p.titleTokens);
    for (const t of ts) delta.set(t, (delta.get(t) ?? 0) + sign);
    delta.set(' ', (delta.get(' ') ?? 0) + ts.size * sign);
  }
  const sorted = [...delta.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let i = 0; i < sorted.length; i += 2000) {
    const chunk = Object.fromEntries(sorted.slice(i, i + 2000));
    await db.execute(sql`
      insert into knowledge_term (organization_id, term, df)
      select ${orgId}, key, value::int from jsonb_each_text(${JSON.stringify(chunk)}::jsonb) order by key
      on conflict (organization_id, term) do update set df = knowledge_term.df + excluded.df`);
  }
  if (sign < 0)
    await db.delete(knowledgeTerm).where(and(eq(knowledgeTerm.organizationId, orgId), lte(knowledgeTerm.df, 0)));
}

/** Removes an entry's passages and their term counts. */
export async function removePassages(db: DbOrTx, orgId: number, entryId: number): Promise<void> {
  const old = await db
    .delete(knowledgePassage)
    .where(and(eq(knowledgePassage.entryId, entryId), eq(knowledgePassage.organizationId, orgId)))
    .returning({ tokens: knowledgePassage.tokens, titleTokens: knowledgePassage.titleTokens });
  await countTerms(db, orgId, old, -1);
}

export interface TermStats {
  /** Passages. */
  n: number;
  /** Average distinct terms per passage. */
  avgLength: number;
  /** Passages holding each term asked about (absent: none). */
  df: Map<string, number>;
}

/** The organisation's passage count, average length and the counts of these terms. */
export async function termStats(db: DbOrTx, orgId: number, terms: string[]): Promise<TermStats> {
  const rows = await db
    .select({ term: knowledgeTerm.term, df: knowledgeTerm.df })
    .from(knowledgeTerm)
    .where(and(eq(knowledgeTerm.organizationId, orgId), inArray(knowledgeTerm.term, ['', ' ', ...terms])));
  const df = new Map(rows.map((r) => [r.term, r.df]));
  const n = df.get('') ?? 0;
  const total = df.get(' ') ?? 0;
  df.delete('');
  df.delete(' ');
  return { n, avgLength: n && total > 0 ? total / n : 1, df };
}
