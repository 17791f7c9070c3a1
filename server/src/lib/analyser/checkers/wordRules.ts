import { canon, escapeRegExp } from '../text';
import type { Checker, WordRule } from '../types';
import { deniedOrQuoted, foldedOf, saidWords, violationAt } from './context';

/**
 * One alternation per rule over the folded text of the agent's segments (longest words first), so that spaces,
 * punctuation and the homophones of text.ts between or inside the words do not hide them. Compiled once per rule.
 */
const compiled = new WeakMap<WordRule, RegExp | null>();
function patternOf(rule: WordRule): RegExp | null {
  if (compiled.has(rule)) return compiled.get(rule) ?? null;
  const words = [...new Set(rule.words.map(canon).filter(Boolean))].sort((a, b) => b.length - a.length);
  const re = words.length ? new RegExp(words.map(escapeRegExp).join('|'), 'g') : null;
  compiled.set(rule, re);
  return re;
}

/** Forbidden words: any word of a rule said by the agent (and not denied) breaks the rule. */
export const wordRulesChecker: Checker = {
  name: 'word',
  check({ segments, rules }) {
    const out = [];
    for (const rule of rules.wordRules) {
      const re = patternOf(rule);
      if (!re) continue;
      for (let seg = 0; seg < segments.length; seg++) {
        const segment = segments[seg];
        if (segment.speaker !== 'agent') continue;
        const folded = foldedOf(segment);
        for (const m of folded.text.matchAll(re)) {
          const place = { at: m.index ?? 0, length: m[0].length };
          if (deniedOrQuoted(segment, folded, place)) continue;
          out.push(violationAt(rule, 'word', seg, segment, saidWords(segment, folded, place)));
        }
      }
    }
    return out;
  },
};
