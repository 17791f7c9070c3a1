import type { Transcript } from '@crm/core';
import { canon, canonPattern } from './text';

/**
 * Speaker roles checked from the content (issue 23, layer 1): the salesperson introduces themself, the company or
 * the product and asks for the callee by name; the callee asks who is calling. Mono recordings split by a wrong
 * channel map give the whole call's labels the wrong way round: when the words of the salesperson are clearly in
 * the `customer` channel, the labels are swapped back (and the result says so).
 */
const SELLER = new RegExp(
  canonPattern(
    [
      '我(是|这边是|们是)[^，。]{1,14}(公司|教育|科技|银行|保险|金融|地产|装饰|装修|家居|医疗|医院|汽车|4s店|平台|机构|中心|门店|集团|顾问|老师|经理|专员|客服|销售)',
      '(打扰|耽误)(您|你)(一下|两分钟|几分钟|点时间)',
      '(请问|您好请问)(您|你)?是[^，。]{1,8}(先生|女士|小姐|总|经理|老师|家长|业主|车主|老板)',
      '给(您|你)(介绍|推荐|讲解|说明)',
      '我们(公司|这边|家|的产品|的课程|平台|机构)(现在|最近|目前|正在|有|推出|在做|做的)',
      '(活动|优惠|名额|套餐|课程|产品|利率|额度)(是|有|只有|还有)',
      '(加|添加)(您|你)(的)?微信',
      '(您|你)(之前|以前|上次|前段时间)(在|有|咨询|登记|留|注册|报名|看)',
    ].join('|'),
  ),
  'g',
);
const CALLEE = new RegExp(
  canonPattern(
    '(你|您)(是)?哪位|你谁|谁啊|哪里(打来)?的|什么事|啥事|怎么(有|知道)我(的)?(电话|号码)|(我|我们)(不需要|不用了|没兴趣|不感兴趣)',
  ),
  'g',
);

function count(re: RegExp, text: string): number {
  re.lastIndex = 0;
  return text.match(re)?.length ?? 0;
}

/** Whether the speaker labels are swapped: the `customer` channel sounds like the seller and the `agent` does not. */
export function speakersSwapped(transcript: Transcript): boolean {
  let agentSells = 0;
  let customerSells = 0;
  let agentAsks = 0;
  let customerAsks = 0;
  for (const s of transcript.segments.slice(0, 40)) {
    const norm = canon(s.text);
    if (s.speaker === 'agent') {
      agentSells += count(SELLER, norm);
      agentAsks += count(CALLEE, norm);
    } else {
      customerSells += count(SELLER, norm);
      customerAsks += count(CALLEE, norm);
    }
  }
  const customerSide = customerSells + agentAsks;
  const agentSide = agentSells + customerAsks;
  return customerSide >= 2 && customerSide >= 2 * agentSide + 1;
}

/** The transcript with agent and customer exchanged. */
export function swapSpeakers(transcript: Transcript): Transcript {
  return {
    ...transcript,
    segments: transcript.segments.map((s) => ({ ...s, speaker: s.speaker === 'agent' ? 'customer' : 'agent' })),
  };
}
