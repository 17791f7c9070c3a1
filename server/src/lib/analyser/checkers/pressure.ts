import { canonPattern } from '../text';
import type { Checker, Violation } from '../types';
import { deniedOrQuoted, foldedOf, saidWords, violationAt } from './context';

/** The violation name of pressure selling (issue 23). */
export const PRESSURE_RULE = '施压销售';

const N = '[0-9一二三四五六七八九十几两]';
/**
 * Pressure selling as patterns over the agent's normalised words (not example sentences): false urgency (a deadline
 * after which the offer is gone, the last places, others grabbing them), threats of loss (not buying now means
 * regret, falling behind, losing out), pushing payment now, and refusing to accept a no.
 */
const PRESSURE = new RegExp(
  canonPattern(
    [
      // false urgency
      // (a bare 一点 is "a little": a clock time is followed by 前 / 以后 / 截止 …)
      `((今天|今晚|今日|明天|这周|本周|这个月|月底)(晚上|下午|中午)?|${N}+点(钟)?(?=前|之前|以后|一过|就|截止))(前|之前|以后|一过)?[^，。！？]{0,10}(截止|结束|下架|涨价|就没了|就没有了|作废|恢复原价|就给别人|排到明年|批不下来)`,
      // the offer is today's only, and what is lost after it: 这个价只是今天, 今天不定明天就没了
      '(价|价格|优惠|活动|名额|折扣|特价)[^，。！？]{0,4}(只|仅)(是|限|有)?(今天|今晚|这周|本周|这两天|这个月)',
      '(今天|现在|这次)(不|没)[^，。！？]{0,4}(明天|以后|回头|下次|下个月)(就)?(没|涨|不是这个价|没有)',
      // hesitating loses it: 您再犹豫就没了; the last chance; almost sold out
      '(再)(犹豫|考虑|等|拖)[^，。！？]{0,6}(就)?(没了|没有了|被抢|涨价|来不及|轮不到)|最后(一次)?机会|(只剩|就剩|仅剩)(今天|最后|' +
        N +
        '+天)|(马上|快)(就)?(要)?(满|抢完|卖完|涨价|截止)(了)',
      // tomorrow the offer is gone: 明天我就真没办法了
      '(明天|过了今天|下周|下个月|过两天)(我|我们)?(可)?(就)?(真|再)?(没办法|没有这个价|不是这个价|恢复原价|没了|没有了|不行了|批不了)',
      // the place goes to somebody else: 名额我就只能给别人了
      '(名额|位置|房子|房源|车|机会|单位|这套)[^，。！？]{0,6}(只能|就|就要|就得)(给|让给|留给|转给)(别人|其他人|别的客户)',
      '过了(今天|今晚|这村|这个村|这次|这波|这个月)|错过(了)?(就|这次|今天|这个)|(就|只)剩(最后)?' +
        N +
        '+个?(名额|套|位|个)|最后' +
        N +
        '+个?名额|最后一天|(名额|额度|房源|库存)(真的|非常|特别)?(紧张|有限|不多了|快没了|快满了|就剩)|(别人|好多人|很多人|其他客户|别的客户)(都)?(在)?(抢|排队)|手慢无',
      // threats of loss
      '(不|没)(报|买|上|定|订|办|交|做|补|签|投|换|装|续|申请|提交)[^，。！？]{0,12}(后悔|来不及|就晚了|跟不上|亏大了|吃大亏|哭都来不及|过不了|就没机会|清零|作废|失效|批不下来|贷不到|买不到|抢不到)',
      // 到时候您想贷都贷不到
      '(到时候|以后|回头|过了今天)(您|你)?(再)?想[^，。！？]{1,3}都[^，。！？]{0,2}(不到|不了|没有|没了)',
      '(以后|将来|到时候)(可)?(别|会|肯定会|一定会)后悔|后悔(都|就)?来不及|回头就晚了',
      // pushing payment now
      // (an offer to pay now is not pressure: 您现在交一百定金，明年也按现在的价格算)
      '((马上|立刻|赶紧|赶快)(就)?|(今天|今晚|现在)(就)?(必须|一定|得|先|赶紧|马上|立刻))(要)?(先)?(交|付|转|打|刷)[^，。！？]{0,6}(定金|订金|钱|款|首付|押金|过来)',
      '(今天|现在)(必须|一定要|一定得|得)(把[^，。！？]{0,8})?(定|订|签|交|办|决定|定下来|提交|申请|付)',
      // refusing a no
      // (你听我说完 alone is a way of talking, not pressure)
      '(先)?别急着(拒绝|挂|走|说不)|(先)?别挂(电话)?[^，。]{0,4}(听我|我跟)',
    ].join('|'),
  ),
  'g',
);

/** Pressure selling by the agent (施压销售); built in, like abuse. */
export const pressureChecker: Checker = {
  name: 'pressure',
  check({ segments }) {
    const out: Violation[] = [];
    for (let seg = 0; seg < segments.length; seg++) {
      const segment = segments[seg];
      if (segment.speaker !== 'agent') continue;
      const folded = foldedOf(segment);
      PRESSURE.lastIndex = 0;
      for (const m of folded.text.matchAll(PRESSURE)) {
        const place = { at: m.index ?? 0, length: m[0].length };
        if (deniedOrQuoted(segment, folded, place)) continue;
        out.push(violationAt({ name: PRESSURE_RULE }, 'pressure', seg, segment, saidWords(segment, folded, place)));
        break;
      }
    }
    return out;
  },
};
