import type { TranscriptSegment } from '@crm/core';
import type { MatchMode, RuleSide } from '@crm/core/contract/quality';
import { foldedOf, saidWords, violationAt } from '../../lib/analyser/checkers/context';
import { jieba } from '../../lib/analyser/keywords';
import { canon, escapeRegExp } from '../../lib/analyser/text';
import type { Violation } from '../../lib/analyser/types';

/**
 * Forbidden-word lists as matchers. Words and sentences are compared in the analyser's folded form (text.ts: no
 * spaces or punctuation, full width folded, homophones folded), so 包过 is found in 包 过, 包，过 and ＢＡＯ-style
 * full-width text, and in an ASR transcript without punctuation. A list is literal: a word said in a denial
 * (我们不保证包过) is still a hit, unlike the analyser's own rules.
 *
 * Whole-word lists also ask jieba: the hit must start and end on a token boundary of the sentence as said, so 包过
 * is not found in 面包过期 or 打包过去. jieba runs without HMM (dictionary words only), so that a word the
 * dictionary does not know is not glued to its neighbours and missed.
 */

export const PROHIBITION_KIND = 'prohibition';

export interface WordListRule {
  id: number;
  name: string;
  words: string[];
  matchMode: MatchMode;
  side: RuleSide;
}

export interface CompiledWordList {
  rule: WordListRule;
  /** One alternation of the folded words, longest first. */
  re: RegExp;
  /** Folded word → the word as the list has it. */
  byFolded: Map<string, string>;
  /** The folded words, longest first (whole-word lists try the next one when the longest is inside a longer word). */
  folded: string[];
}

export function compileWordList(rule: WordListRule): CompiledWordList | null {
  const byFolded = new Map<string, string>();
  for (const w of rule.words) {
    const f = canon(w);
    if (f && !byFolded.has(f)) byFolded.set(f, w);
  }
  if (!byFolded.size) return null;
  const folded = [...byFolded.keys()].sort((a, b) => b.length - a.length);
  return { rule, re: new RegExp(folded.map(escapeRegExp).join('|'), 'g'), byFolded, folded };
}

export const saidBy = (side: RuleSide, segment: TranscriptSegment) => side === 'both' || segment.speaker === side;

/** Token boundaries (UTF-16 offsets) of a sentence as said, computed once per segment. */
const boundaryCache = new WeakMap<TranscriptSegment, Set<number>>();
function boundariesOf(segment: TranscriptSegment): Set<number> {
  let set = boundaryCache.get(segment);
  if (!set) {
    set = new Set([0]);
    let at = 0;
    for (const token of jieba().jieba.cut(segment.text, false)) {
      at += token.length;
      set.add(at);
    }
    boundaryCache.set(segment, set);
  }
  return set;
}

/** Whether the folded span [at, at + length) is a whole word of the sentence as said. */
function isWholeWord(segment: TranscriptSegment, at: number, length: number): boolean {
  const folded = foldedOf(segment);
  const start = folded.at[at];
  const last = folded.at[at + length - 1];
  if (start === undefined || last === undefined) return false;
  const end = last + (segment.text.codePointAt(last)! > 0xffff ? 2 : 1);
  const bounds = boundariesOf(segment);
  return bounds.has(start) && bounds.has(end);
}

/** The hits of one list in one segment: the violation (words as said) with the list's word that was hit. */
export function matchWordList(
  list: CompiledWordList,
  seg: number,
  segment: TranscriptSegment,
): { violation: Violation; word: string }[] {
  if (!saidBy(list.rule.side, segment)) return [];
  const folded = foldedOf(segment);
  const out: { violation: Violation; word: string }[] = [];
  const re = new RegExp(list.re.source, 'g');
  for (let m = re.exec(folded.text); m; m = re.exec(folded.text)) {
    const at = m.index;
    let hit: string | undefined = m[0];
    if (list.rule.matchMode === 'whole') {
      hit = list.folded.find((w) => folded.text.startsWith(w, at) && isWholeWord(segment, at, w.length));
      if (!hit) {
        re.lastIndex = at + 1;
        continue;
      }
      re.lastIndex = at + hit.length;
    }
    const said = saidWords(segment, folded, { at, length: hit.length });
    out.push({
      violation: violationAt(list.rule, PROHIBITION_KIND, seg, segment, said),
      word: list.byFolded.get(hit) ?? hit,
    });
  }
  return out;
}
