import { forModel } from '../../lib/analyser/normalise';

/**
 * Text similarity of the assistant, the same on PGlite and PostgreSQL (no pg_trgm): sentences are normalised by the
 * analyser (canonical form, dialect words, fillers dropped, numerals as digits) and compared by their sets of
 * character bigrams (Dice coefficient). The index keeps each sentence's bigrams in a GIN-indexed text[] column.
 */

/** The analyser's normal form of a sentence (no punctuation, no spaces, no fillers). */
export const normalise = (text: string): string => forModel(text);

/** The distinct character bigrams of a normalised sentence (a single character stands alone). */
export function bigrams(norm: string): string[] {
  const chars = [...norm];
  if (chars.length < 2) return chars;
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
  return [...out];
}

/** Dice similarity of two bigram sets, 0..1. */
export function dice(a: ReadonlySet<string>, b: readonly string[]): number {
  if (!a.size || !b.length) return 0;
  let both = 0;
  for (const g of b) if (a.has(g)) both++;
  return (2 * both) / (a.size + b.length);
}

/** The key of the reply-side bigrams in the gram counts (one table counts both sides). */
export const replyKey = (gram: string): string => `~${gram}`;
