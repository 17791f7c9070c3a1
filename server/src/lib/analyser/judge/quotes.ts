import type { Transcript } from '@crm/core';
import type { Evidence } from '../types';

/**
 * Quote checking: a quote the judge gives must be words of the call (spacing, punctuation and letter width aside), in
 * a segment the model was shown; else it is rejected. The segment it names is corrected when the words are in
 * another one.
 */

/** Text for comparing: no spaces or punctuation, half-width, lower case. */
export function squash(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** A quote the call does not hold. */
export interface RejectedQuote {
  /** Which label it was given for: 'intention', 'tag:1', 'violation:施压销售' …. */
  label: string;
  segment: number;
  quote: string;
}

/**
 * The evidence of a quote: the segment it names when the words are there, else the first shown segment that holds
 * them; null when none does (or the quote is blank).
 */
export function locate(t: Transcript, shown: (i: number) => boolean, segment: number, quote: string): Evidence | null {
  const q = squash(quote);
  if (q.length < 2) return null;
  const holds = (i: number) => shown(i) && squash(t.segments[i]?.text ?? '').includes(q);
  const at = holds(segment) ? segment : t.segments.findIndex((_, i) => holds(i));
  if (at < 0) return null;
  const s = t.segments[at];
  const match = exactSpan(s.text, q) ?? quote.trim();
  return { segment: at, startMs: s.startMs, endMs: s.endMs, speaker: s.speaker, text: s.text, match, quote: match };
}

/** The words of `text` that squash to `q` (to mark them), or null. */
function exactSpan(text: string, q: string): string | null {
  for (let i = 0; i < text.length; i++) {
    if (squash(text[i]) !== q[0]) continue;
    for (let j = i + 1; j <= text.length; j++) {
      const s = squash(text.slice(i, j));
      if (s === q) return text.slice(i, j);
      if (!q.startsWith(s)) break;
    }
  }
  return null;
}
