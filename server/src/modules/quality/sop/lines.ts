import type { TranscriptSegment } from '@crm/core';
import { foldedOf } from '../../../lib/analyser/checkers/context';
import { bigramCode, bigramsOf } from './ngram';
import type { MatchMemo } from './regexps';

/**
 * A segment as the SOP matcher reads it, computed once per segment and shared by every rule:
 * - `lines`: the folded text (text.ts) with one line per clause, so that a rule's `.` stays inside a clause and `^`
 *   and `$` (the `m` flag) mark a clause's start and end. Clauses end at Chinese or ASCII punctuation (not at the
 *   comma of 3,980) and, in ASR output without punctuation, at the spaces the recogniser leaves between two Chinese
 *   phrases (not at those around numbers and Latin words: 3 980 元, 加 vip).
 * - `codes`: the bigram code at each position of the folded text (keyword lookup), `grams`: each bigram once
 *   (example similarity).
 */
export interface SegmentText {
  lines: string;
  /** Patterns already run on `lines` and on the text as said (regexps.ts). */
  linesMemo: MatchMemo;
  plainMemo: MatchMemo;
  codes: number[];
  grams: number[];
}

const BREAK = /[，,。！!？?；;：:、…~～]/;
const SPACE = /\s/;
const DIGIT = /[0-9]/;
const HAN = /[\u3400-\u9fff]/;

/** Whether the characters left out between two folded characters end a clause. */
function endsClause(gap: string, before: string, after: string): boolean {
  if (!gap) return false;
  if (BREAK.test(gap)) return !(gap === ',' && DIGIT.test(before) && DIGIT.test(after));
  return SPACE.test(gap) && HAN.test(before) && HAN.test(after);
}
const cache = new WeakMap<TranscriptSegment, SegmentText>();

export function segmentText(segment: TranscriptSegment): SegmentText {
  let st = cache.get(segment);
  if (st) return st;
  const folded = foldedOf(segment);
  const text = folded.text;
  let lines = '';
  let from = 0;
  for (let k = 1; k <= text.length; k++) {
    if (k < text.length) {
      const gap = segment.text.slice(folded.at[k - 1] + 1, folded.at[k]);
      if (!endsClause(gap, text[k - 1], text[k])) continue;
    }
    lines += (from ? '\n' : '') + text.slice(from, k);
    from = k;
  }
  const codes: number[] = [];
  for (let i = 0; i + 1 < text.length; i++) codes.push(bigramCode(text, i));
  st = { lines, linesMemo: new Map(), plainMemo: new Map(), codes, grams: bigramsOf(text) };
  cache.set(segment, st);
  return st;
}

/** The index in the folded text of a position in `lines`. */
export function foldedIndex(lines: string, at: number): number {
  let breaks = 0;
  for (let i = 0; i < at; i++) if (lines.charCodeAt(i) === 10) breaks++;
  return at - breaks;
}
