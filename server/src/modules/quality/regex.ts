import type { TranscriptSegment } from '@crm/core';
import { MAX_REGEX_LENGTH, REGEX_COMPILE_ERROR, type RuleSide } from '@crm/core/contract/quality';
import { foldedOf, saidWords, violationAt } from '../../lib/analyser/checkers/context';
import { canonPattern } from '../../lib/analyser/text';
import type { Violation } from '../../lib/analyser/types';
import { badRequest } from '../../platform/errors';
import { saidBy } from './prohibition';

/**
 * The organisation's regular-expression rules as matchers. A rule is matched one segment (one sentence) at a time,
 * first on the sentence as said, then, when that found nothing, on its folded form (text.ts: spaces and punctuation
 * removed, full width folded, lower case), so that 138 1234 5678 or １３８１２３４５６７８ still match \d{11}. The
 * folded pass ignores case (ASR gives letters in any case); the rule's own flags hold on the pass over the sentence
 * as said. Like the word lists, a rule is literal: no denial check.
 *
 * Catastrophic patterns: a pattern is at most MAX_REGEX_LENGTH characters and, when saved, is timed on probe texts
 * that grow (assertTame); one that backtracks for more than PROBE_LIMIT_MS on a probe is refused. The check then
 * runs per segment, never over the whole call.
 */

export const ORG_REGEX_KIND = 'orgRegex';

export interface OrgRegexRule {
  id: number;
  name: string;
  pattern: string;
  flags: string;
  side: RuleSide;
}

export interface CompiledRegex {
  rule: OrgRegexRule;
  plain: RegExp;
  folded: RegExp;
}

const withGlobal = (flags: string) => [...new Set(`${flags}g`)].join('');

/** The compile error of a pattern, or null when it compiles. */
export function compileError(pattern: string, flags: string): string | null {
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Null for a rule that no longer compiles (saved before a stricter check): it is skipped, never thrown. */
export function compileRegex(rule: OrgRegexRule): CompiledRegex | null {
  try {
    const flags = withGlobal(rule.flags);
    // the folded text is lower case (text.ts): its pass ignores case, whatever the rule's flags
    const folded = new RegExp(canonPattern(rule.pattern), withGlobal(`${rule.flags}i`));
    return { rule, plain: new RegExp(rule.pattern, flags), folded };
  } catch {
    return null;
  }
}

export function matchRegex(c: CompiledRegex, seg: number, segment: TranscriptSegment): Violation[] {
  if (!saidBy(c.rule.side, segment)) return [];
  const out: Violation[] = [];
  for (const m of segment.text.matchAll(c.plain))
    if (m[0]) out.push(violationAt(c.rule, ORG_REGEX_KIND, seg, segment, m[0]));
  if (out.length) return out;
  const folded = foldedOf(segment);
  for (const m of folded.text.matchAll(c.folded)) {
    if (!m[0]) continue;
    const said = saidWords(segment, folded, { at: m.index ?? 0, length: m[0].length });
    out.push(violationAt(c.rule, ORG_REGEX_KIND, seg, segment, said));
  }
  return out;
}

/** A probe that takes longer than this is a pattern that backtracks without bound. */
export const PROBE_LIMIT_MS = 25;
/**
 * Short probes grow slowly (exponential patterns: (a+)+$), long ones fast (cubic and worse: .*.*.*x). The longest is
 * a long sentence: a pattern runs on one sentence at a time, so a quadratic one such as [0-9]+元 (which an unanchored
 * test makes of any repeat) costs well under a millisecond there, while at 2,048 characters it could pass the limit
 * on a busy machine.
 */
const PROBE_LENGTHS = [...Array.from({ length: 12 }, (_, i) => 8 + i * 2), 48, 64, 96, 128, 192, 256, 384, 512];
const STOP = '!';

/** Characters to repeat: the pattern's own letters, digits and Chinese characters, and a few of each class. */
function probeUnits(pattern: string): string[] {
  const own = [...new Set(pattern.match(/[\p{L}\p{N}]/gu) ?? [])].slice(0, 12);
  return [...new Set(['a', '1', ' ', '中', ...own])];
}

/**
 * Refuses (400) a pattern that is too long, does not compile or backtracks catastrophically on a growing probe text
 * (one character repeated, then one that fails the match). Blocks for at most a few times PROBE_LIMIT_MS.
 */
function quickestRun(work: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3 && best > PROBE_LIMIT_MS; i++) {
    const t0 = performance.now();
    work();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** A pattern that scans the probe once: how long a linear pass takes on this machine right now. */
const LINEAR = /[^!]*!/;

export function assertTame(pattern: string, flags: string): void {
  if (pattern.length > MAX_REGEX_LENGTH) throw badRequest(`正则表达式最多 ${MAX_REGEX_LENGTH} 个字符`);
  const error = compileError(pattern, flags);
  if (error) throw badRequest(`${REGEX_COMPILE_ERROR}${error}`);
  const re = new RegExp(pattern, flags.replace('g', ''));
  for (const unit of probeUnits(pattern))
    for (const n of PROBE_LENGTHS) {
      const text = unit.repeat(n) + STOP;
      // the quickest of three runs: a process descheduled on a busy machine is not a pattern that backtracks; and a
      // machine slow for everyone is not one either: the probe must also take far longer than a linear pass
      const took = quickestRun(() => re.test(text));
      if (took > PROBE_LIMIT_MS && took > 50 * (quickestRun(() => LINEAR.test(text)) + 0.05))
        throw badRequest('正则表达式回溯过多（如 (a+)+ 这类嵌套重复），会拖慢质检，请简化后再保存');
    }
}
