import type { Clause } from './text';
import { fold, lex } from './text';
import type { Evidence } from './types';

/** A lexicon entry: a pattern over canonical clause text and how much one hit counts. */
export interface LexEntry {
  re: RegExp;
  weight: number;
}

export function entries(list: [source: string, weight: number][]): LexEntry[] {
  return list.map(([source, weight]) => ({ re: lex(source), weight }));
}

export interface Hit {
  clause: Clause;
  match: string;
  weight: number;
  /** Where the match starts in clause.norm. */
  at: number;
}

export interface HitOptions {
  /** Tested on the few characters before the match: a hit is dropped when the words before negate it. */
  negatedBy?: RegExp;
  /** Tested on the characters after the match. */
  rebuttedBy?: RegExp;
  /** Drop hits in clauses asked as a question (不需要交押金吗 is not a refusal)… */
  skipQuestions?: boolean;
  /** …unless the words before make it emphatic (我不是说了不需要吗). */
  emphatic?: RegExp;
  /** How many characters before the match negatedBy looks at. */
  lookback?: number;
}

/** Every hit of the entries in the clauses, at most one per entry and clause, filtered by negation and questions. */
export function findHits(clauses: Clause[], list: LexEntry[], options: HitOptions = {}): Hit[] {
  const hits: Hit[] = [];
  const lookback = options.lookback ?? 6;
  for (const clause of clauses) {
    for (const entry of list) {
      entry.re.lastIndex = 0;
      for (const m of clause.norm.matchAll(entry.re)) {
        if (!m[0]) continue;
        const at = m.index ?? 0;
        const before = clause.norm.slice(Math.max(0, at - lookback), at);
        const after = clause.norm.slice(at + m[0].length);
        const emphatic = options.emphatic?.test(before) ?? false;
        // 有没有便宜点, 是不是: asking both ways negates nothing.
        const askingBothWays = /(.)[不没]\1$|有没有$/.test(before);
        if (!emphatic && !askingBothWays && options.negatedBy?.test(before)) continue;
        // 要不要, 买不买, 用不用: asking, not refusing.
        if (
          /^[不没]/.test(m[0]) &&
          at > 0 &&
          clause.norm[at - 1] === clause.norm[at + 1] &&
          clause.norm[at - 2] !== m[0][0]
        )
          continue;
        if (options.rebuttedBy?.test(after)) continue;
        if (!emphatic && options.skipQuestions && clause.question) continue;
        hits.push({ clause, match: m[0], weight: entry.weight, at });
        break;
      }
    }
  }
  return hits;
}

export function score(hits: Hit[]): number {
  return hits.reduce((n, h) => n + h.weight, 0);
}

export function evidenceOf(clause: Clause, match?: string): Evidence {
  return {
    segment: clause.seg,
    startMs: clause.startMs,
    endMs: clause.endMs,
    speaker: clause.speaker,
    text: clause.text,
    quote: match || clause.text,
    ...(match ? { match } : {}),
  };
}

/** Evidence from hits: one per clause, strongest first, at most `max`. */
export function evidenceFrom(hits: Hit[], max = 3): Evidence[] {
  const seen = new Set<number>();
  const out: Evidence[] = [];
  for (const h of [...hits].sort((a, b) => b.weight - a.weight || a.clause.index - b.clause.index)) {
    if (seen.has(h.clause.index)) continue;
    seen.add(h.clause.index);
    out.push(evidenceOf(h.clause, originalWords(h.clause.text, h.at, h.match.length)));
    if (out.length >= max) break;
  }
  return out.sort((a, b) => a.segment - b.segment);
}

/** The words as said for a match found at `at` (length `length`) in the canonical form of `text`. */
export function originalWords(text: string, at: number, length: number): string {
  const f = fold(text);
  const from = f.at[at];
  const to = f.at[at + length - 1];
  if (from === undefined || to === undefined) return text;
  return text.slice(from, to + 1);
}
