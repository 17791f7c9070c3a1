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
      `(今天|今晚|今日|明天|这周|本周|这个月|月底|${N}+点)(晚上|下午|中午)?(前|之前|以后|一过)?[^，。！？]{0,10}(截止|结束|下架|涨价|就没了|就没有了|作废|恢复原价|就给别人|排到明年|批不下来)`,
      '过了(今天|今晚|这村|这个村|这次|这波|这个月)|错过(了)?(就|这次|今天|这个)|(就|只)剩(最后)?' +
        N +
        '+个?(名额|套|位|个)|最后' +
        N +
        '+个?名额|最后一天|(名额|额度|房源|库存)(真的|非常|特别)?(紧张|有限|不多了|快没了|快满了|就剩)|(别人|好多人|很多人|其他客户|别的客户)(都)?(在)?(抢|排队)|手慢无',
      // threats of loss
      '(不|没)(报|买|上|定|订|办|交|做|补|签|投|换|装)[^，。！？]{0,12}(后悔|来不及|就晚了|跟不上|亏大了|吃大亏|哭都来不及|过不了|就没机会)',
      '(以后|将来|到时候)(可)?(别|会|肯定会|一定会)后悔|后悔(都|就)?来不及|回头就晚了',
      // pushing payment now
      '(今天|今晚|现在|马上|立刻|赶紧|赶快)(就)?(必须|一定|得)?(要)?(先)?(交|付|转|打|刷)[^，。！？]{0,6}(定金|订金|钱|款|首付|押金|过来)',
      '(今天|现在)(必须|一定要|一定得|得)(定|订|签|交|办|决定|定下来)',
      // refusing a no
      '(先)?别急着(拒绝|挂|走|说不)|(先)?别挂(电话)?[^，。]{0,4}(听我|我跟)|(你|您)(先)?听我(说完|讲完)',
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
