// The 50 SOP rules of the timing benchmark: variations of the standard rule as organisations would edit it (items
// left out, keywords and example sentences of their own added, a side changed), half of them with an extra item
// that a call rarely covers, so that it is looked for in every sentence.
import type { SopItemSpec, SopRuleSpec } from '../../server/src/modules/quality/sop/types';
import { STANDARD_SOP } from './standardSop';

const EXTRA_KEYWORDS = ['活动', '名额', '官网', '门店地址', '售后', '合同', '发票', '会员', '积分', '体验'];
const EXTRA_EXAMPLES = [
  '您这边还有什么想了解的可以随时问我',
  '我们这个月的名额不多了，建议您早点定下来',
  '售后这块您完全不用操心，我们有专人负责',
];
const COMPLIANCE: Omit<SopItemSpec, 'id' | 'sort'> = {
  name: '合规提示',
  keywords: ['本次通话可能会被录音', '通话录音', '风险提示'],
  examples: ['为了保障您的权益，本次通话将会被录音', '投资有风险，入市需谨慎'],
  regex: ['(录音|风险).{0,6}(提示|告知)'],
  speaker: 'agent',
};

export function ruleSet(count = 50): SopRuleSpec[] {
  return Array.from({ length: count }, (_, k) => {
    const items: SopItemSpec[] = STANDARD_SOP.items
      .filter((_, i) => (k + i) % 9 !== 0)
      .map((item, i) => ({
        ...item,
        id: k * 100 + item.id,
        keywords: [
          ...item.keywords.filter((_, j) => (j + k) % 5 !== 0),
          EXTRA_KEYWORDS[(k + i) % EXTRA_KEYWORDS.length],
        ],
        examples: [...item.examples, EXTRA_EXAMPLES[(k + i) % EXTRA_EXAMPLES.length]],
        speaker: k % 10 === 3 && item.sort === 2 ? 'any' : item.speaker,
      }));
    if (k % 2 === 0) items.push({ ...COMPLIANCE, id: k * 100 + 99, sort: 0 });
    return { id: k + 1, name: `${STANDARD_SOP.name}-${k + 1}`, items };
  });
}
