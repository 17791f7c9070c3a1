import type { TranscriptSegment } from '@crm/core';
import { dialect } from '../normalise';
import { canonPattern, type Folded, fold } from '../text';
import type { Violation } from '../types';

/**
 * Whether a rule's words were said to deny or quote them rather than to mean them: 我们不保证收益, 谁也不敢说
 * 稳赚不赔, 您说的保本保息那种是骗人的, or asked back as a question (能保证收益吗？). What the agent denies is not a
 * violation (LABELLING.md).
 */
const DENY_BEFORE = new RegExp(
  canonPattern(
    '(不|没|没有|无法|没办法|没有办法|不能|不会|不敢|不可能|别|勿|并不|并非|从不|从来不|绝不|决不|谁也不|谁都不|谁|没人|没有人|禁止|不得|严禁|不是|没法|不该|不应该|未|哪有|哪能|哪里有|哪儿有|谨防|防止|以免|警惕|小心)' +
      '(要|会|能|可以|得|允许|接受|建议|用|需要|必|敢)?(让|叫|要求|逼|劝)?(跟|和|给|向|对|替|帮)?(您|你|大家|客户|你们|任何人|人)?' +
      '((说|讲|承诺|保证|打包票|担保|做|进行|去|来|提|搞)(说|讲)?)?(什么|这种|这个|所谓的?|任何|过|完全|绝对|百分之?百|一定|真的)?$',
  ),
);
/** Nobody can: 没有哪家机构敢保证通过, 哪能保证. */
const NOBODY_BEFORE = new RegExp(
  canonPattern('(没有|没|谁|哪)(哪|哪个|哪家|谁|任何|一家|一个)?[^，。]{0,5}(敢|能|会|可以)(跟|给|向|对)?(你|您)?$'),
);
/** Quoting somebody: 您说的…, 所谓的…, 别人说…. */
const QUOTE_BEFORE = new RegExp(
  canonPattern(
    '((您|你)(刚才|是)?(说|问|讲|提|担心)(的|到|过)?(这个|那个|那种)?|所谓的?|号称|(别人|有人|别家|人家|外面|网上|他们|别的.{0,4}|其他.{0,4})(跟|和|给|对|向)?(您|你)?(说|讲|承诺|保证|吹)(过)?(的|了)?)$',
  ),
);
const DENY_AFTER = new RegExp(
  canonPattern(
    '^.{0,4}(是不可能的|不可能的|不可能(?![亏赔跌损出有会让少低])|不存在|骗人|是假的|违规|违法|不合规|不允许|忽悠|不靠谱|不能信|没有这回事|做不到|不现实|胡说|瞎说|(您|你)?(千万)?(别|不要|不能)(信|相信|听|上当)|是骗局|坑人|谁也不敢|没人敢|没有人敢|都不敢|是不能|不能说|不敢说|(这个|这种|这样的|这)?(话|说法)(我|我们)?(可)?(不能|不敢|没法|不会))',
  ),
);
/** Topic first, denial after: 保本这个我们是不能说的. */
const DENY_AFTER_TOPIC = new RegExp(
  canonPattern(
    '^(的)?(这个|这种|这|那个|那种)?(话|词|说法|概念|事)?(我们|咱们|我)?(现在|目前|可|都)?(是)?(绝对)?(不能|不敢|没法|不可以|不允许|不会|不)(说|讲|承诺|保证|提|做|给)',
  ),
);
const QUESTION_TAIL = /^.{0,4}(吗|么)[啊呀]?$/;
/** Inside the words: a guarantee negated (分红是不保证的, 收益没法保证). */
const NEGATED_GUARANTEE = new RegExp(
  canonPattern(
    '(不|没|无法|没法|不敢|并不|从不|不可能)(能|会|敢|可以|好)?(跟|给|向|对)?(你|您)?(保证|承诺|担保|打包票|确保)',
  ),
);
/** Hedged rather than guaranteed: 基本就不会超了, 一般不会出问题, 大部分人可以. */
const HEDGE_BEFORE = new RegExp(
  canonPattern(
    '(基本|基本上|一般|一般来说|一般情况下|正常情况下|通常|大概|大多|大多数|大部分|多半|可能|应该|估计|差不多|理论上)(人|情况|来说|情况下)?(都|也|是|就)?$',
  ),
);
/** Words that state a guarantee themselves: a hedge before them does not soften them. */
const GUARANTEE_WORD = new RegExp(canonPattern('^(保证|包|保|承诺|担保|打包票|确保|稳赚|绝对|百分之?百|肯定|一定)'));
const BREAK = /[，,。！!？?；;…~～]/;

export interface MatchPlace {
  /** Start and length of the match in the folded text. */
  at: number;
  length: number;
}

/** True when the words at `place` in the segment are denied, quoted or asked rather than meant. */
export function deniedOrQuoted(segment: TranscriptSegment, folded: Folded, place: MatchPlace): boolean {
  const { at, length } = place;
  const clause = folded.clause[at];
  let from = at;
  while (from > 0 && at - from < 10 && folded.clause[from - 1] === clause) from--;
  const before = folded.text.slice(from, at);
  if (DENY_BEFORE.test(before) || QUOTE_BEFORE.test(before) || NOBODY_BEFORE.test(before)) return true;
  const end = at + length;
  const words = folded.text.slice(at, end);
  if (NEGATED_GUARANTEE.test(words)) return true;
  if (HEDGE_BEFORE.test(before) && !GUARANTEE_WORD.test(words)) return true;
  // 会不会亏, 有没有风险: asked both ways.
  if (/^[不没]/.test(words) && at > 0 && (folded.text[at - 1] === words[1] || before.endsWith('有'))) return true;
  const after = folded.text.slice(end, end + 14);
  if (DENY_AFTER.test(after) || DENY_AFTER_TOPIC.test(after)) return true;
  // A question ending right after the words: 这个能保证收益吗？
  const originalEnd = (folded.at[end - 1] ?? 0) + 1;
  const rest = segment.text.slice(originalEnd);
  const stop = rest.search(BREAK);
  const tail = stop < 0 ? rest : rest.slice(0, stop);
  const mark = stop < 0 ? '' : rest[stop];
  const tailCanon = fold(tail).text;
  if ((mark === '？' || mark === '?') && tailCanon.length <= 6) return true;
  return QUESTION_TAIL.test(tailCanon);
}

/** The words as said for a match in the folded text. */
export function saidWords(segment: TranscriptSegment, folded: Folded, place: MatchPlace): string {
  const from = folded.at[place.at];
  const to = folded.at[place.at + place.length - 1];
  return segment.text.slice(from, (to ?? from) + 1);
}

export function violationAt(
  rule: { name: string; id?: number },
  kind: string,
  seg: number,
  segment: TranscriptSegment,
  text: string,
): Violation {
  return {
    rule: rule.name,
    ...(rule.id !== undefined ? { ruleId: rule.id } : {}),
    kind,
    text,
    segment: seg,
    startMs: segment.startMs,
    speaker: segment.speaker,
  };
}

/** Folded text per segment, computed once per call and shared by the checkers. */
const foldCache = new WeakMap<TranscriptSegment, Folded>();
export function foldedOf(segment: TranscriptSegment): Folded {
  let f = foldCache.get(segment);
  if (!f) {
    const folded = fold(segment.text);
    // Dialect forms read as standard words (same length, so positions still point at the words as said).
    f = { ...folded, text: dialect(folded.text) };
    foldCache.set(segment, f);
  }
  return f;
}
