import { TIME } from './lexicon/customer';
import { evidenceOf } from './match';
import type { Clause } from './text';
import { canonPattern } from './text';
import type { Evidence, IntentionKey, SummaryParts } from './types';

const re = (source: string) => new RegExp(canonPattern(source));
const TIME_RE = re(TIME);
/** The customer saying what they want or what their situation is. */
const NEED = re(
  '(想|想要|打算|准备|需要|要)(买|装|换|报|学|了解|做|办|贷|投|弄|给|看)|孩子|家里|房子|公司|我们(这边|那边|公司)|(现在|目前)(用|在用|是)',
);
/** Objections and concerns. */
export const OBJECTION = re(
  '贵|价格|价钱|便宜|划算|担心|怕|不放心|靠谱|效果|没时间|太远|再(想想|考虑|看看)|考虑(考虑|一下)|商量|合计|风险|麻烦|不太(会|懂|需要)|骗',
);
/** A step with a time, said by either side. */
const STEP = re(
  '(到店|来店|过来|过去|上门|量房|试听|试驾|试用|体验|看房|面谈|见面|签|交定金|付款|下单|加微信|发(资料|方案|报价|合同)|回电|打(给|电话)|联系|提醒|约)',
);
/** The customer refusing further calls: never a next step. */
const STOP_CALLING = re('(别|不要|莫)(再)?(给我)?(打|联系)');

const clip = (text: string, max: number) => {
  const t = text.replace(/\s+/g, '');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/**
 * The summary's parts from the call's own sentences: the customer's need (their first sentence about what they want
 * or have), their objections (at most two), what was agreed (the sentence that decided a strong intention), and
 * the next step with its time (the last sentence naming a step and a time, unless the customer refused: no next
 * step follows 你别再打电话了).
 */
export function summaryParts(clauses: Clause[], intention: IntentionKey | null, decidedBy: Evidence[]): SummaryParts {
  const customer = clauses.filter((c) => c.speaker === 'customer' && c.norm.length >= 3);
  const need = customer.find((c) => NEED.test(c.norm) && !c.question);
  const objections = customer.filter((c) => OBJECTION.test(c.norm)).slice(0, 2);
  const agreed = intention === 'strong' ? decidedBy[0] : undefined;
  const closed =
    intention === 'none' || intention === 'complaint' || intention === 'mismatch' || intention === 'invalid';
  const step = closed
    ? undefined
    : [...clauses].reverse().find((c) => STEP.test(c.norm) && TIME_RE.test(c.norm) && !STOP_CALLING.test(c.norm));
  const time = step ? (step.norm.match(TIME_RE)?.[0] ?? null) : null;
  const evidence: Evidence[] = [];
  if (need) evidence.push(evidenceOf(need));
  for (const o of objections) evidence.push(evidenceOf(o));
  if (step) evidence.push(evidenceOf(step, time ?? undefined));
  return {
    need: need ? clip(need.text, 30) : '',
    objections: objections.map((o) => clip(o.text, 24)),
    agreed: agreed ? clip(agreed.quote ?? agreed.text, 30) : '',
    nextStep: step ? clip(step.text, 30) : '',
    nextStepTime: time,
    evidence,
  };
}

/** The parts as one line for the summary (empty parts left out). */
export function partsLine(p: SummaryParts): string {
  const out: string[] = [];
  if (p.need) out.push(`需求：${p.need}`);
  if (p.objections.length) out.push(`顾虑：${p.objections.join('，')}`);
  if (p.agreed) out.push(`约定：${p.agreed}`);
  if (p.nextStep) out.push(`下一步：${p.nextStep}`);
  return out.join('；');
}
