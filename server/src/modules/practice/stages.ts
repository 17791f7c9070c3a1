import type { PracticeStage } from '@crm/core/contract/practice';
import { canon, isFiller } from '../../lib/analyser/text';

/**
 * Where a sentence of a sales conversation belongs among the six practice stages: by the words that say it (the
 * agent's and the customer's each), else by its place in the call. Pure: the index of customer lines (lines.ts), the
 * built-in customer (customer.ts) and the bench share it.
 */

const AGENT_CUES: Record<PracticeStage, string[]> = {
  opening: ['您好', '你好', '我是', '打扰', '方便接电话', '耽误您', '来电', '这边是'],
  needs: ['目前', '现在用', '有没有', '遇到', '需求', '痛点', '规模', '多少人', '想了解', '主要做', '怎么解决', '困扰'],
  product: ['功能', '产品', '我们的', '可以帮', '支持', '案例', '效果', '系统', '方案', '服务包括', '演示'],
  price: ['价格', '费用', '多少钱', '报价', '优惠', '折扣', '套餐', '预算', '年费', '一年', '元'],
  objection: ['理解您', '担心', '顾虑', '别的客户', '放心', '保障', '试用', '退款', '对比', '其实'],
  close: ['签', '合同', '下单', '付款', '开通', '今天', '加个微信', '约个时间', '发您', '定下来', '安排'],
};

const CUSTOMER_CUES: Record<PracticeStage, string[]> = {
  opening: ['哪位', '你是谁', '什么事', '喂', '哪里', '怎么知道我'],
  needs: ['我们现在', '我们公司', '目前', '一直在用', '主要是', '人手', '需要的是', '问题是'],
  product: ['什么功能', '怎么用', '能不能', '有没有', '支持吗', '效果怎么样', '和别家', '区别'],
  price: ['多少钱', '价格', '贵', '便宜', '优惠', '折扣', '报价', '费用', '收费'],
  objection: ['考虑', '再说', '不需要', '没时间', '已经有', '不太放心', '再看看', '商量', '领导', '太贵', '没预算'],
  close: ['怎么签', '合同', '付款', '开通', '发我', '加微信', '什么时候', '可以先', '那就'],
};

const compiled = (cues: Record<PracticeStage, string[]>) =>
  Object.entries(cues).map(([stage, words]) => ({ stage: stage as PracticeStage, words: words.map(canon) }));
const AGENT = compiled(AGENT_CUES);
const CUSTOMER = compiled(CUSTOMER_CUES);

/** Later stages win a tie: a price question in the opening is about price. */
function best(text: string, table: ReturnType<typeof compiled>): PracticeStage | null {
  const folded = canon(text);
  let found: PracticeStage | null = null;
  let most = 0;
  for (const { stage, words } of table) {
    let n = 0;
    for (const w of words) if (w && folded.includes(w)) n++;
    if (n > 0 && n >= most) {
      found = stage;
      most = n;
    }
  }
  return found;
}

export const agentStage = (text: string): PracticeStage | null => best(text, AGENT);
export const customerStage = (text: string): PracticeStage | null => best(text, CUSTOMER);

/**
 * A customer sentence of a real call: its own cues first, then those of what the agent said just before, then its
 * place (the first two customer sentences open the call, the last two close it).
 */
export function stageOfCustomerLine(text: string, agentBefore: string, index: number, count: number): PracticeStage {
  if (index < 2) return customerStage(text) === 'price' ? 'price' : 'opening';
  const own = customerStage(text);
  if (own) return own;
  const asked = agentStage(agentBefore);
  if (asked) return asked;
  return index >= count - 2 ? 'close' : 'needs';
}

/** A sentence worth replaying as a customer line: long enough to say something, not a filler. */
export function usableLine(text: string): boolean {
  const folded = canon(text);
  return folded.length >= 4 && folded.length <= 80 && !isFiller(folded);
}
