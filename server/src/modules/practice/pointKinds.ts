import { canon, canonPattern } from '../../lib/analyser/text';
import type { SopItemSpec } from '../quality';

type SopTrigger = NonNullable<SopItemSpec['after']>;

/**
 * What a scoring point's stage says about how it is done, whatever the script: a price is said as an amount, a next
 * step as a time with an action, an objection answers a concern the customer voiced in any of the usual ways. These
 * patterns are added to the point's own words (scoring.ts pointSpec), so that a manager's few keywords are not the
 * only way a seat can earn the point. Patterns run over the folded text, one line per clause (quality's sop/lines.ts).
 */

/** A number as said: digits or Chinese numerals. */
const NUM = '[0-9一二两三四五六七八九十百千万零几]';
const DIGIT = '[一二两三四五六七八九]';

/** An amount of money: a number with a money unit, or a Chinese number in thousands (四千九, 两千二百四十). */
const AMOUNT = [`${NUM}+(块|元|块钱)`, `${DIGIT}千(${DIGIT}|[零十百])*`, `[0-9]+(千|k|w)`];

/** A day or hour the seat names for the next step. */
const TIME =
  '(今天|今晚|明天|明早|明晚|后天|下周|下个?星期|周[一二三四五六日天末]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|' +
  // an hour or a date, not 一点 (a little) nor a decimal (三点五)
  '[上中下]午|晚上|(十[一二]?|[二两三四五六七八九]|[0-9]{1,2})(点|号)(?![0-9零一二三四五六七八九]))';
/** What the seat will do or arrange then. */
const ACTION =
  '(发|打给|打电话|回电|联系|提交|安排|预约|约|见|聊|过来|来|上门|带|演示|试听|试用|测评|量房|看房|面谈|开通|培训|确认|回复|办)';
const NEXT_STEP = [`${TIME}.{0,12}${ACTION}`];

/**
 * A customer's concern, by meaning rather than by word: the price (an amount repeated with surprise, 这么贵),
 * a risk or a loss (不保本, 会不会亏), money needed soon (孙子可能要用), a doubt about whether it works or can be done
 * (能批下来吗, 靠谱吗), a complaint (怎么回事, 没达到), a comparison (有啥区别, 别家便宜).
 */
const CONCERN = [
  `${NUM}+(块|元|千|万|个点)多?(啊|呀|哪|呢|哦)`,
  '(这么|那么|太)(贵|多钱|高)|(有点|挺|好)(贵|高)',
  '(不保本|风险|亏|跌|赔|损失|不安全|泄露)',
  '(要用|急用|用钱|取出来|取不出|拿不出)',
  '(能|会|可以|靠谱|有用|管用|批).{0,8}(吗|么|嘛)$',
  '(怎么回事|没达到|达不到|不是说|说好的)',
  '(区别|不一样|别家|人家|便宜)',
];

/**
 * A kind of point: the sentences that show a point is of this kind (a point whose own keywords or patterns take one
 * of them takes every way of saying it), and the patterns then added.
 */
interface Kind {
  samples: string[];
  regex: string[];
}

const KINDS: Kind[] = [
  { samples: ['三千块', '五百元', '一共两万'], regex: AMOUNT },
  { samples: ['明天下午两点过来', '周六上午十点见', '我明天打给您'], regex: NEXT_STEP },
];

function says(spec: Pick<SopItemSpec, 'keywords' | 'regex'>, sample: string): boolean {
  const text = canon(sample);
  if (spec.keywords.some((k) => canon(k) && text.includes(canon(k)))) return true;
  return spec.regex.some((source) => {
    try {
      return new RegExp(canonPattern(source), 'i').test(text);
    } catch {
      return false;
    }
  });
}

/** The patterns a point takes by its kind (price, next step), besides its own. */
export function kindPatterns(spec: Pick<SopItemSpec, 'keywords' | 'regex'>): string[] {
  return KINDS.filter((k) => k.samples.some((s) => says(spec, s))).flatMap((k) => k.regex);
}

/** An objection point's precondition widened to every kind of concern (a point without one is left alone). */
export function withConcerns(after: SopTrigger | undefined): SopTrigger | undefined {
  return after ? { keywords: after.keywords, regex: [...after.regex, ...CONCERN] } : undefined;
}
