import { canon, canonPattern, escapeRegExp } from '../../../lib/analyser/text';
import { BigramFilter, bigramCode, type ExampleIndex, indexExamples } from './ngram';
import { internRegExp } from './regexps';
import type { SopItemSpec, SopRuleSpec, SopTrigger } from './types';

/**
 * An SOP rule made ready to match: items in script order, keywords folded and indexed by their first two
 * characters (one pass over a sentence finds every keyword of every item), regular expressions compiled once
 * (a pattern that does not compile is left out), example sentences indexed by bigram (ngram.ts).
 */

export interface CompiledKeyword {
  /** The keyword folded like the text (text.ts canon). */
  folded: string;
  /** The keyword as written. */
  word: string;
  /** Items (indexes into CompiledSop.items) it belongs to. */
  items: number[];
}

export interface CompiledPattern {
  /** Over the folded sentence, one line per clause (lines.ts; Chinese characters of the pattern folded too). */
  folded: RegExp;
  /** Over the sentence as said, for patterns that name punctuation or spaces, which folding removes. */
  plain: RegExp | null;
}

export interface CompiledSopItem {
  spec: SopItemSpec;
  /** The item's folded keywords (the rule's keyword index holds them too). */
  keywords: string[];
  patterns: CompiledPattern[];
  /** All folded patterns as one alternation, one search per sentence instead of one per pattern (null: none). */
  anyPattern: RegExp | null;
  hasExamples: boolean;
  /** The precondition (SopItemSpec.after), or null when the item has none (or none that can match). */
  after: CompiledTrigger | null;
  /** Sentences that never count for the item (SopItemSpec.unless), or null. */
  unless: CompiledTrigger | null;
}

export interface CompiledTrigger {
  /** The keywords, folded, as one alternation over the folded lines (lines.ts). */
  keywords: RegExp | null;
  patterns: CompiledPattern[];
}

export interface CompiledSop {
  rule: SopRuleSpec;
  items: CompiledSopItem[];
  /** Bigram code (ngram.ts) of the first two folded characters → keywords starting with them. */
  keywordsByStart: Map<number, CompiledKeyword[]>;
  /** The first bigrams of the keywords, to skip most positions of a sentence without a lookup. */
  keywordStarts: BigramFilter;
  /** One-character keywords by their character code. */
  singleKeywords: Map<number, CompiledKeyword>;
  examples: ExampleIndex;
}

/** Characters text.ts removes when folding (punctuation, spaces): a pattern naming one is also tried on the text. */
const REMOVED_BY_FOLDING = /[\s，,。！!？；;：:、…~～—"“”'‘’（）【】《》·]|\\[s?:]/;
/**
 * Regex syntax that looks like punctuation: group prefixes ((?:, (?!, (?<=) and the ? quantifier. A pattern naming
 * none but these runs on the folded lines alone: on the text as said, its `.` would run across clauses.
 */
const SYNTAX = /\(\?(?:[:=!]|<[=!]?)|(?<!\\)\?/g;

/** Patterns that refer to their own groups cannot be joined into one alternation (group numbers would shift). */
const GROUP_REFERENCE = /\\[1-9]|\\k<|\(\?<(?![=!])/;

function alternation(patterns: CompiledPattern[]): RegExp | null {
  if (!patterns.length) return null;
  if (patterns.length === 1) return patterns[0].folded;
  if (patterns.some((p) => GROUP_REFERENCE.test(p.folded.source))) return null;
  try {
    return internRegExp(patterns.map((p) => `(?:${p.folded.source})`).join('|'), 'im');
  } catch {
    return null;
  }
}

export function compilePattern(source: string): CompiledPattern | null {
  if (!source.trim()) return null;
  try {
    const folded = internRegExp(canonPattern(source), 'im');
    const plain = REMOVED_BY_FOLDING.test(source.replace(SYNTAX, '')) ? internRegExp(source, 'i') : null;
    return { folded, plain };
  } catch {
    return null;
  }
}

function compileTrigger(after: SopTrigger | undefined): CompiledTrigger | null {
  if (!after) return null;
  const words = [...new Set(after.keywords.map(canon).filter(Boolean))].sort((a, b) => b.length - a.length);
  const keywords = words.length ? internRegExp(words.map(escapeRegExp).join('|'), '') : null;
  const patterns = after.regex.flatMap((source) => compilePattern(source) ?? []);
  // A precondition that can never hold would silently disable the item: one without any usable keyword or pattern
  // is ignored instead.
  return keywords || patterns.length ? { keywords, patterns } : null;
}

export function compileSop(rule: SopRuleSpec): CompiledSop {
  const specs = [...rule.items].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const byFolded = new Map<string, CompiledKeyword>();
  const examples: { item: number; text: string }[] = [];
  const items = specs.map((spec, i): CompiledSopItem => {
    const keywords: string[] = [];
    for (const word of spec.keywords) {
      const folded = canon(word);
      if (!folded || keywords.includes(folded)) continue;
      keywords.push(folded);
      const known = byFolded.get(folded);
      if (!known) byFolded.set(folded, { folded, word, items: [i] });
      else if (!known.items.includes(i)) known.items.push(i);
    }
    for (const text of spec.examples) if (text.trim()) examples.push({ item: i, text });
    const patterns = spec.regex.flatMap((source) => compilePattern(source) ?? []);
    return {
      spec,
      keywords,
      patterns,
      anyPattern: alternation(patterns),
      hasExamples: false,
      after: compileTrigger(spec.after),
      unless: compileTrigger(spec.unless),
    };
  });
  const keywordsByStart = new Map<number, CompiledKeyword[]>();
  const singleKeywords = new Map<number, CompiledKeyword>();
  const keywordStarts = new BigramFilter();
  for (const kw of byFolded.values()) {
    if (kw.folded.length === 1) {
      singleKeywords.set(kw.folded.charCodeAt(0), kw);
      continue;
    }
    const start = bigramCode(kw.folded, 0);
    keywordStarts.add(start);
    const list = keywordsByStart.get(start);
    if (list) list.push(kw);
    else keywordsByStart.set(start, [kw]);
  }
  const index = indexExamples(examples);
  // An example too short to have two bigrams is left out of the index: its item has no examples then.
  for (const n of index.item) items[n].hasExamples = true;
  return { rule, items, keywordsByStart, keywordStarts, singleKeywords, examples: index };
}
