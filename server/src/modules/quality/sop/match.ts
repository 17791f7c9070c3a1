import type { Transcript, TranscriptSegment } from '@crm/core';
import { foldedOf, saidWords } from '../../../lib/analyser/checkers/context';
import type { Folded } from '../../../lib/analyser/text';
import type { Evidence } from '../../../lib/analyser/types';
import {
  type CompiledKeyword,
  type CompiledPattern,
  type CompiledSop,
  type CompiledTrigger,
  compileSop,
} from './compile';
import { foldedIndex, type SegmentText, segmentText } from './lines';
import { scoreExamples } from './ngram';
import { firstMatch } from './regexps';
import type { SopHow, SopItemResult, SopOptions, SopResult, SopRuleSpec } from './types';

/**
 * Share of an example's (weighted) bigrams a sentence must say to count as saying the example (ngram.ts). Chosen on
 * the dev split of bench/quality/eval with the standard rule's examples alone (keywords and patterns removed): at
 * 0.4 every sentence taken was one marked by hand for the item (34 of 34); at 0.3 a wrong one comes in (54 of 55),
 * at 0.2 one in seven is wrong. Containment was also more precise than Dice at the same recall on that split.
 */
export const EXAMPLE_THRESHOLD = 0.4;
/** An item with a precondition counts in the next this-many segments after the other side's triggering sentence. */
export const AFTER_WINDOW = 3;

interface Found {
  seg: number;
  how: SopHow;
  score: number;
  match?: string;
}

const compiledCache = new WeakMap<SopRuleSpec, CompiledSop>();
function compiledOf(rule: SopRuleSpec | CompiledSop): CompiledSop {
  if ('keywordsByStart' in rule) return rule;
  let compiled = compiledCache.get(rule);
  if (!compiled) {
    compiled = compileSop(rule);
    compiledCache.set(rule, compiled);
  }
  return compiled;
}

/** The words as said that a pattern matched in the folded lines of a segment, or null. */
function foldedMatch(re: RegExp, segment: TranscriptSegment, folded: Folded, st: SegmentText): string | null {
  const m = firstMatch(re, st.lines, st.linesMemo);
  if (!m) return null;
  const at = foldedIndex(st.lines, m.index);
  return saidWords(segment, folded, { at, length: foldedIndex(st.lines, m.index + m.text.length) - at });
}

function plainMatch(p: CompiledPattern, segment: TranscriptSegment, st: SegmentText): string | null {
  return p.plain ? (firstMatch(p.plain, segment.text, st.plainMemo)?.text ?? null) : null;
}

/** The words a pattern matched in a segment, or null (folded lines first, then the text as said). */
function patternMatch(p: CompiledPattern, segment: TranscriptSegment, folded: Folded, st: SegmentText) {
  return foldedMatch(p.folded, segment, folded, st) ?? plainMatch(p, segment, st);
}

/** One call against one rule: the state of the search, segment after segment. */
class Search {
  readonly found: (Found | null)[];
  /** 1 where an item may be found in the current segment. */
  readonly eligible: Uint8Array;
  readonly lastTrigger: Int32Array;
  readonly best: Float64Array;
  readonly which: Int32Array;
  open: number;

  constructor(readonly sop: CompiledSop) {
    const n = sop.items.length;
    this.found = sop.items.map(() => null);
    this.eligible = new Uint8Array(n);
    this.lastTrigger = new Int32Array(n).fill(-1);
    this.best = new Float64Array(n);
    this.which = new Int32Array(n);
    this.open = n;
  }

  take(i: number, found: Found): void {
    this.found[i] = found;
    this.eligible[i] = 0;
    this.open--;
  }

  /** Marks the items that may be found in segment `seg`; false when there is none. */
  markEligible(segment: TranscriptSegment, seg: number, folded: Folded, st: SegmentText): boolean {
    const { items } = this.sop;
    let any = false;
    for (let i = 0; i < items.length; i++) {
      this.eligible[i] = 0;
      if (this.found[i]) continue;
      const { speaker } = items[i].spec;
      const ownSide = speaker === 'any' || speaker === segment.speaker;
      const after = items[i].after;
      if (after) {
        if ((speaker === 'any' || !ownSide) && this.triggers(i, segment, folded, st)) this.lastTrigger[i] = seg;
        const last = this.lastTrigger[i];
        if (last < 0 || last === seg || seg - last > AFTER_WINDOW) continue;
      }
      if (ownSide && !this.says(items[i].unless, segment, folded, st)) {
        this.eligible[i] = 1;
        any = true;
      }
    }
    return any;
  }

  private triggers(i: number, segment: TranscriptSegment, folded: Folded, st: SegmentText): boolean {
    return this.says(this.sop.items[i].after, segment, folded, st);
  }

  /** True when the sentence says one of the trigger's keywords or matches one of its patterns. */
  private says(t: CompiledTrigger | null, segment: TranscriptSegment, folded: Folded, st: SegmentText): boolean {
    if (!t) return false;
    if (t.keywords && firstMatch(t.keywords, st.lines, st.linesMemo)) return true;
    for (const p of t.patterns) if (patternMatch(p, segment, folded, st) !== null) return true;
    return false;
  }

  keywords(segment: TranscriptSegment, seg: number, folded: Folded, codes: number[]): void {
    const { text } = folded;
    const { items, singleKeywords, keywordsByStart, keywordStarts } = this.sop;
    // Few keywords left to find (most items found): looking each up is cheaper than reading the whole sentence.
    let left = 0;
    for (let i = 0; i < items.length; i++) if (this.eligible[i]) left += items[i].keywords.length;
    if (left === 0) return;
    if (left * 2 < text.length) {
      for (let i = 0; i < items.length; i++) {
        if (!this.eligible[i]) continue;
        for (const kw of items[i].keywords) {
          const at = text.indexOf(kw);
          if (at < 0) continue;
          this.take(i, { seg, how: 'keyword', score: 1, match: saidWords(segment, folded, { at, length: kw.length }) });
          break;
        }
      }
      return;
    }
    for (let at = 0; at < text.length; at++) {
      if (singleKeywords.size) {
        const single = singleKeywords.get(text.charCodeAt(at));
        if (single) this.keywordAt(single, segment, seg, folded, at);
      }
      if (at < codes.length && keywordStarts.mayHave(codes[at])) {
        const starting = keywordsByStart.get(codes[at]);
        if (starting) for (const kw of starting) this.keywordAt(kw, segment, seg, folded, at);
      }
    }
  }

  private keywordAt(kw: CompiledKeyword, segment: TranscriptSegment, seg: number, folded: Folded, at: number): void {
    if (kw.folded.length > 2 && !folded.text.startsWith(kw.folded, at)) return;
    for (const i of kw.items)
      if (this.eligible[i])
        this.take(i, {
          seg,
          how: 'keyword',
          score: 1,
          match: saidWords(segment, folded, { at, length: kw.folded.length }),
        });
  }

  patterns(segment: TranscriptSegment, seg: number, folded: Folded, st: SegmentText): void {
    const { items } = this.sop;
    for (let i = 0; i < items.length; i++) {
      if (!this.eligible[i]) continue;
      const { anyPattern, patterns } = items[i];
      let match: string | null = anyPattern ? foldedMatch(anyPattern, segment, folded, st) : null;
      for (let k = 0; k < patterns.length && match === null; k++)
        match = anyPattern ? plainMatch(patterns[k], segment, st) : patternMatch(patterns[k], segment, folded, st);
      if (match !== null) this.take(i, { seg, how: 'regex', score: 1, match });
    }
  }

  examples(seg: number, grams: number[], threshold: number): void {
    const { items, examples } = this.sop;
    let wanted = false;
    for (let i = 0; i < items.length && !wanted; i++) wanted = this.eligible[i] === 1 && items[i].hasExamples;
    if (!wanted) return;
    this.best.fill(0);
    scoreExamples(examples, grams, threshold, this.eligible, this.best, this.which);
    for (let i = 0; i < items.length; i++)
      if (this.best[i] > 0 && this.eligible[i])
        this.take(i, { seg, how: 'example', score: this.best[i], match: examples.text[this.which[i]] });
  }
}

/**
 * Which items of the rule the call covers, each with the first sentence that covered it, and the order they came
 * in. An item is looked for only in its speaker's sentences (and, with a precondition, only shortly after the
 * other side triggered it), by keyword, then pattern, then example, and once found is not looked for again. A rule
 * may be given compiled (compileSop) when it is matched against many calls.
 */
export function matchSop(transcript: Transcript, rule: SopRuleSpec | CompiledSop, opts: SopOptions = {}): SopResult {
  const sop = compiledOf(rule);
  const threshold = opts.exampleThreshold ?? EXAMPLE_THRESHOLD;
  const search = new Search(sop);
  const { segments } = transcript;
  for (let seg = 0; seg < segments.length && search.open > 0; seg++) {
    const segment = segments[seg];
    const folded = foldedOf(segment);
    if (!folded.text) continue;
    const st = segmentText(segment);
    if (!search.markEligible(segment, seg, folded, st)) continue;
    search.keywords(segment, seg, folded, st.codes);
    search.patterns(segment, seg, folded, st);
    search.examples(seg, st.grams, threshold);
  }
  return resultOf(transcript, sop, search.found);
}

function resultOf(transcript: Transcript, sop: CompiledSop, found: (Found | null)[]): SopResult {
  const { items } = sop;
  const results = items.map((item, i): SopItemResult => {
    const f = found[i];
    return {
      itemId: item.spec.id,
      name: item.spec.name,
      hit: f !== null,
      evidence: f ? evidenceOf(transcript.segments[f.seg], f.seg, f.how === 'example' ? undefined : f.match) : null,
      how: f?.how ?? null,
      score: f?.score ?? 0,
    };
  });
  // Script order breaks ties between items first covered in the same sentence.
  const covered = items
    .map((item, i) => ({ item, seg: found[i]?.seg ?? -1, i }))
    .filter((x) => x.seg >= 0)
    .sort((a, b) => a.seg - b.seg || a.i - b.i);
  let inOrder = true;
  for (let k = 1; k < covered.length; k++)
    if (covered[k].item.spec.sort < covered[k - 1].item.spec.sort) inOrder = false;
  return {
    ruleId: sop.rule.id,
    items: results,
    order: covered.map((x) => x.item.spec.id),
    inOrder,
    coverage: items.length ? covered.length / items.length : 0,
  };
}

function evidenceOf(segment: TranscriptSegment, seg: number, match?: string): Evidence {
  return {
    segment: seg,
    startMs: segment.startMs,
    endMs: segment.endMs,
    speaker: segment.speaker,
    text: segment.text,
    ...(match ? { match } : {}),
  };
}
