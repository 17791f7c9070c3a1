import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { bigrams, dice, normalise, replyKey } from './grams';
import { assistantGram, assistantPair, assistantRank } from './schema';

/**
 * Retrieval over the organisation's index (indexer.ts): the customer sentences (or agent replies, for 润色) most like
 * a sentence. The query's rarest bigrams (by the organisation's gram counts) select the candidates through the GIN
 * index: the sentences holding the three (then two) rarest together, then, when they are few, those holding any of
 * the rarest, at most CANDIDATES per lookup; candidates are scored in memory by Dice similarity over all bigrams, weighted by
 * the call's outcome and by the ratings their suggestions received.
 */

export interface PairHit {
  id: number;
  recordingId: number;
  segmentIndex: number;
  ownerUserId: number | null;
  customerText: string;
  agentText: string;
  weight: number;
  intention: number | null;
  deal: boolean;
  callAt: Date;
  similarity: number;
  score: number;
  refKey: string;
}

const CANDIDATES = 3000;
const MIN_SIMILARITY = 0.2;
const MAX_LOOKUP_GRAMS = 8;

export interface RetrieveOptions {
  /** Match the customer's sentences (帮你回, 帮你谈) or the agents' replies (润色). */
  side: 'customer' | 'reply';
  limit: number;
  /** How much the outcome counts against similarity, 0..1 (帮你谈 leans on deals). */
  outcomeShare?: number;
}

export const pairRefKey = (recordingId: number, segmentIndex: number) => `call:${recordingId}:${segmentIndex}`;

export async function retrievePairs(db: DbOrTx, orgId: number, text: string, o: RetrieveOptions): Promise<PairHit[]> {
  const query = bigrams(normalise(text));
  if (!query.length) return [];
  const key = o.side === 'customer' ? (g: string) => g : replyKey;
  const counts = await db
    .select({ gram: assistantGram.gram, n: assistantGram.n })
    .from(assistantGram)
    .where(and(eq(assistantGram.organizationId, orgId), inArray(assistantGram.gram, query.map(key))));
  const rare = counts
    .filter((c) => c.n > 0)
    .sort((a, b) => a.n - b.n)
    .map((c) => ({ gram: o.side === 'customer' ? c.gram : c.gram.slice(1), n: c.n }));
  if (!rare.length) return [];
  const column = o.side === 'customer' ? assistantPair.grams : assistantPair.replyGrams;
  const select = (cond: SQL) =>
    db
      .select({ id: assistantPair.id, grams: column, weight: assistantPair.weight })
      .from(assistantPair)
      .where(and(eq(assistantPair.organizationId, orgId), cond))
      .limit(CANDIDATES);
  // first the sentences holding the 3 (then 2) rarest bigrams together: few and close; then any of the rarest
  const found = new Map<number, { id: number; grams: string[]; weight: number }>();
  const enough = o.limit * 8;
  for (const k of [3, 2]) {
    if (rare.length < k || found.size >= enough) continue;
    const all = rare.slice(0, k).map((r) => r.gram);
    for (const c of await select(sql`${column} @> ${sql.param(all)}::text[]`)) found.set(c.id, c);
  }
  if (found.size < enough) {
    const any: string[] = [];
    let expected = 0;
    for (const c of rare) {
      if (any.length >= MAX_LOOKUP_GRAMS || (any.length >= 2 && expected + c.n > CANDIDATES)) break;
      any.push(c.gram);
      expected += c.n;
    }
    for (const c of await select(sql`${column} && ${sql.param(any)}::text[]`)) found.set(c.id, c);
  }
  const candidates = [...found.values()];
  const q = new Set(query);
  const share = o.outcomeShare ?? 0.25;
  const scored = candidates
    .map((c) => {
      const similarity = dice(q, c.grams);
      return { id: c.id, similarity, score: similarity * (1 - share + share * c.weight) };
    })
    .filter((c) => c.similarity >= MIN_SIMILARITY)
    .sort((a, b) => b.score - a.score)
    .slice(0, o.limit * 4);
  if (!scored.length) return [];
  const rows = await db
    .select({
      id: assistantPair.id,
      recordingId: assistantPair.recordingId,
      segmentIndex: assistantPair.segmentIndex,
      ownerUserId: assistantPair.ownerUserId,
      customerText: assistantPair.customerText,
      agentText: assistantPair.agentText,
      weight: assistantPair.weight,
      intention: assistantPair.intention,
      deal: assistantPair.deal,
      callAt: assistantPair.callAt,
    })
    .from(assistantPair)
    .where(
      and(
        eq(assistantPair.organizationId, orgId),
        inArray(
          assistantPair.id,
          scored.map((s) => s.id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const hits = scored.flatMap((s) => {
    const r = byId.get(s.id);
    return r
      ? [
          {
            ...r,
            deal: r.deal === 1,
            similarity: s.similarity,
            score: s.score,
            refKey: pairRefKey(r.recordingId, r.segmentIndex),
          },
        ]
      : [];
  });
  const ranks = await ratingsOf(
    db,
    orgId,
    hits.map((h) => h.refKey),
  );
  for (const h of hits) h.score *= ranks.get(h.refKey) ?? 1;
  // one suggestion per distinct reply
  const seen = new Set<string>();
  return hits
    .sort((a, b) => b.score - a.score)
    .filter((h) => {
      const k = normalise(h.agentText);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, o.limit);
}

/** The ranking factor of origins from their ratings: 1 unrated, up to 1.5 when found useful, down to 0.3 when not. */
export async function ratingsOf(db: DbOrTx, orgId: number, refKeys: string[]): Promise<Map<string, number>> {
  if (!refKeys.length) return new Map();
  const rows = await db
    .select()
    .from(assistantRank)
    .where(and(eq(assistantRank.organizationId, orgId), inArray(assistantRank.refKey, [...new Set(refKeys)])));
  return new Map(rows.map((r) => [r.refKey, rankFactor(r.useful, r.useless)]));
}

export function rankFactor(useful: number, useless: number): number {
  // a smoothed share of useful ratings: (useful + 1) / (all + 2) is 0.5 unrated
  const share = (useful + 1) / (useful + useless + 2);
  return Math.max(0.3, Math.min(1.5, 0.3 + share * 1.4));
}
