import type { PracticeStage } from '@crm/core/contract/practice';
import { canon } from '../../lib/analyser/text';

/**
 * The built-in customer's retrieval, pure: the distinct customer sentences of one stage (with what agents said just
 * before them) indexed by character bigram, and the choice of the sentence that best answers what the seat said.
 */

export interface LineRow {
  customerText: string;
  /** Up to three agent sentences said right before it in the calls. */
  agentTexts: string[];
  recordingId: number;
  /** In how many calls' sentences it was said. */
  count: number;
}

interface Entry extends LineRow {
  folded: string;
  grams: Set<number>;
}

export interface Pool {
  stage: PracticeStage;
  entries: Entry[];
  /** Bigram → entries whose sentence or agent context holds it. */
  byGram: Map<number, number[]>;
}

export interface Pick {
  text: string;
  recordingId: number;
  score: number;
}

export function gramsOf(text: string): Set<number> {
  const folded = canon(text);
  const out = new Set<number>();
  for (let i = 0; i + 1 < folded.length; i++) out.add(folded.charCodeAt(i) * 65536 + folded.charCodeAt(i + 1));
  return out;
}

export function buildPool(stage: PracticeStage, rows: LineRow[]): Pool {
  const entries: Entry[] = [];
  const byGram = new Map<number, number[]>();
  for (const row of rows) {
    const folded = canon(row.customerText);
    const grams = gramsOf(row.customerText);
    for (const a of row.agentTexts) for (const g of gramsOf(a)) grams.add(g);
    const n = entries.push({ ...row, folded, grams }) - 1;
    for (const g of grams) {
      const list = byGram.get(g);
      if (list) list.push(n);
      else byGram.set(g, [n]);
    }
  }
  return { stage, entries, byGram };
}

/**
 * The sentence that best answers `said` (the seat's words, with `hint`: a hidden objection or the persona's needs):
 * the share of the query's bigrams found in the sentence and its agent context, a little weight for sentences many
 * customers said, none of `used` (already said in this session). Ties go to a seeded choice among the best three, so
 * that two sessions of one script do not replay each other. Null when the pool is empty or all of it was used.
 */
export function pickLine(pool: Pool, said: string, hint: string, used: Set<string>, seed: number): Pick | null {
  if (!pool.entries.length) return null;
  const query = gramsOf(said);
  const hinted = gramsOf(hint);
  const scores = new Map<number, number>();
  for (const [grams, weight] of [
    [query, 1],
    [hinted, 0.6],
  ] as const) {
    const size = Math.max(grams.size, 1);
    for (const g of grams) {
      const list = pool.byGram.get(g);
      if (!list || list.length > pool.entries.length / 2) continue; // too common to tell sentences apart
      for (const i of list) scores.set(i, (scores.get(i) ?? 0) + weight / size);
    }
  }
  const ranked: { i: number; s: number }[] = [];
  for (const [i, s] of scores) {
    const e = pool.entries[i];
    if (used.has(e.folded)) continue;
    ranked.push({ i, s: s + Math.log10(1 + e.count) * 0.05 });
  }
  if (!ranked.length) {
    // nothing shares a word: the sentences customers said most at this stage
    for (let i = 0; i < pool.entries.length && ranked.length < 3; i++)
      if (!used.has(pool.entries[i].folded)) ranked.push({ i, s: 0 });
    if (!ranked.length) return null;
  }
  ranked.sort((a, b) => b.s - a.s);
  const top = ranked.slice(0, 3).filter((r) => r.s >= ranked[0].s * 0.8);
  const chosen = top[Math.abs(seed) % top.length];
  const e = pool.entries[chosen.i];
  return { text: e.customerText, recordingId: e.recordingId, score: chosen.s };
}
