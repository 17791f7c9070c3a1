import type { Transcript } from '@crm/core';
import { DEFAULT_RULES, wordRulesChecker } from '../../lib/analyser';
import { deniedOrQuoted, foldedOf, saidWords, violationAt } from '../../lib/analyser/checkers/context';
import { canon, escapeRegExp } from '../../lib/analyser/text';
import type { Violation } from '../../lib/analyser/types';

/**
 * The forbidden words a seat said in a practice conversation: each word as written (the analyser's word checker),
 * and a word of four characters or more also with a few words put in between (保证提分 said as 保证给您提二十分),
 * within one clause and without a negation in between (保证不了提分 is no promise). Denials and quotes before the
 * words are left out as the word checker leaves them out (analyser checkers/context.ts).
 */

/** Characters that may come between two characters of a forbidden word: none of a negation. */
const GAP = '[^不没别无未]{0,3}';
const MIN_SPREAD = 4;
const RULE = '禁用词';

/** The pattern of a word said with words in between: its first two characters together, then each of the others. */
export function spreadPattern(word: string): string | null {
  const chars = [...canon(word)];
  if (chars.length < MIN_SPREAD) return null;
  return [chars.slice(0, 2).join(''), ...chars.slice(2)].map(escapeRegExp).join(GAP);
}

function spreadSaid(transcript: Transcript, words: string[], skip: Set<number>): Violation[] {
  const patterns = words.flatMap((w) => spreadPattern(w) ?? []);
  if (!patterns.length) return [];
  const re = new RegExp(patterns.join('|'), 'g');
  const rule = { name: RULE, words };
  const out: Violation[] = [];
  transcript.segments.forEach((segment, seg) => {
    if (segment.speaker !== 'agent' || skip.has(seg)) return;
    const folded = foldedOf(segment);
    for (const m of folded.text.matchAll(re)) {
      const place = { at: m.index ?? 0, length: m[0].length };
      if (folded.clause[place.at] !== folded.clause[place.at + place.length - 1]) continue;
      if (deniedOrQuoted(segment, folded, place)) continue;
      out.push(violationAt(rule, 'word', seg, segment, saidWords(segment, folded, place)));
      return;
    }
  });
  return out;
}

export function forbiddenSaid(transcript: Transcript, words: string[]): Violation[] {
  if (!words.length) return [];
  const exact = wordRulesChecker.check({
    transcript,
    segments: transcript.segments,
    rules: { ...DEFAULT_RULES, wordRules: [{ name: RULE, words }] },
  });
  const spread = spreadSaid(transcript, words, new Set(exact.map((v) => v.segment)));
  return [...exact, ...spread].sort((a, b) => a.segment - b.segment);
}
