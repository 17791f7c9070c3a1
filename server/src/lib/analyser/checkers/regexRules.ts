import { canonPattern } from '../text';
import type { Checker, RegexRule, Violation } from '../types';
import { deniedOrQuoted, foldedOf, saidWords, violationAt } from './context';

interface Compiled {
  /** Over the text as said. */
  plain: RegExp;
  /** Over the folded text (no spaces or punctuation, homophones folded). */
  folded: RegExp;
}

const compiled = new WeakMap<RegexRule, Compiled | null>();

/** A rule's pattern, or null when it does not compile: a bad pattern of the organisation is skipped, never thrown. */
function compile(rule: RegexRule): Compiled | null {
  if (compiled.has(rule)) return compiled.get(rule) ?? null;
  let out: Compiled | null = null;
  try {
    const flags = [...new Set(`${rule.flags ?? ''}g`.replace(/[^dgimsuvy]/g, ''))].join('');
    out = { plain: new RegExp(rule.pattern, flags), folded: new RegExp(canonPattern(rule.pattern), flags) };
  } catch {
    out = null;
  }
  compiled.set(rule, out);
  return out;
}

/** The organisation's regular-expression rules over the agent's sentences (as said, then folded). */
export const regexRulesChecker: Checker = {
  name: 'regex',
  check({ segments, rules }) {
    const out: Violation[] = [];
    for (const rule of rules.regexRules) {
      const re = compile(rule);
      if (!re) continue;
      for (let seg = 0; seg < segments.length; seg++) {
        const segment = segments[seg];
        if (segment.speaker !== 'agent') continue;
        const folded = foldedOf(segment);
        let found = false;
        for (const m of segment.text.matchAll(re.plain)) {
          if (!m[0]) continue;
          const start = m.index ?? 0;
          const at = folded.at.findIndex((i) => i >= start);
          const endAt = folded.at.findLastIndex((i) => i < start + m[0].length);
          if (at < 0 || endAt < at) continue;
          if (deniedOrQuoted(segment, folded, { at, length: endAt - at + 1 })) continue;
          out.push(violationAt(rule, 'regex', seg, segment, m[0]));
          found = true;
        }
        if (found) continue;
        for (const m of folded.text.matchAll(re.folded)) {
          if (!m[0]) continue;
          const place = { at: m.index ?? 0, length: m[0].length };
          if (deniedOrQuoted(segment, folded, place)) continue;
          out.push(violationAt(rule, 'regex', seg, segment, saidWords(segment, folded, place)));
        }
      }
    }
    return out;
  },
};
