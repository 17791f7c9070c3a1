import { STEP, TIME } from './lexicon/customer';
import { evidenceOf } from './match';
import type { Clause } from './text';
import { canon, lex } from './text';
import type { AiFieldRule, Evidence, FieldValue } from './types';

/**
 * The AI fields of the organisation, filled by patterns. The five default fields have their own extractors; any
 * other field is filled from the customer's clause that holds one of its hint words (or its name).
 */
type Extractor = (clauses: Clause[]) => { value: string; evidence: Evidence[] } | null;

const one = (source: string) => new RegExp(lex(source).source);
const NUMBER = '(\\d+(?:\\.\\d+)?|[一二三四五六七八九十两百千几]+)';
const AMOUNT = new RegExp(
  `(大概|大约|差不多|最多|顶多|最少|至少|控制在|不超过|不能超过)?${NUMBER}\\s*(个)?(万|千|百|块|元|w|W|k|K)(块|元|钱|多|来)?(左右|以内|以下|上下|出头|之内)?`,
);
const BUDGET_CONTEXT = one(
  '预算|能接受|控制在|不超过|以内|左右|最多|顶多|打算花|准备花|准备了|手上有|只有|出得起|承受',
);
const ROLE =
  '(老公|老婆|爱人|媳妇|先生|太太|对象|家里人?|家人|孩子他?[爸妈]|孩子爸爸|孩子妈妈|我[爸妈]|父母|爸妈|老板|领导|上级|经理|[王李张刘陈杨赵黄周吴]总|老总|合伙人|股东|财务|董事长|总监|主管|采购)';
const ROLE_RE = one(ROLE);
const DECIDER = one(
  `(跟|和|问问?|回去问|回家问|商量|征求|请示|汇报|等)(一下)?(我)?(的)?${ROLE}|${ROLE}(说了算|决定|拍板|做主|定|同意|签字|点头)|(得|要|需要|还得)${ROLE}`,
);
const SELF_DECIDES = one('我(自己)?(就)?(能|可以)?(做主|说了算|决定|拍板)|我说了算');
const OBJECTION = one(
  '太贵|贵了|价格(太)?高|有点贵|没时间|太远|远了|担心|怕|不放心|不确定|没效果|效果(怎么样|不好)|靠谱吗|安全吗|正规吗|不愿意|不信|质量|售后|风险|麻烦|不划算|骗|套路|隐形消费|合同(有)?问题|退不了',
);
const NEXT = one(
  `${TIME}[^不没别]{0,8}${STEP}|${STEP}.{0,4}${TIME}|(加|添加)(您|你)?(的)?微信|发(您|你)(微信|资料|方案|报价)|(再|回头|稍后|晚点|明天)(给您|给你)?(打|联系|回电|回复|跟进)|(约|定|安排)(在)?${TIME}`,
);
/** Two time words in a clause (周六上午九点半) name an appointment. */
const TIMES = new RegExp(lex(TIME).source, 'g');
const COMPETITOR_NAMED =
  /([\u4e00-\u9fffA-Za-z0-9]{2,8}?)(那边|那家|家的|家)(更|也|比较|还|都)?(便宜|优惠|报价|价格|送|给|做|便宜点)/;
const COMPETITOR = one(
  '别家|其他家|别的(公司|机构|品牌|平台|店|家)|其他(公司|机构|品牌|平台)|竞品|对比了|比较了|也在(看|谈|问|聊)|还在(看|谈|问)|已经在.{1,8}(买|报|办|装|签|用)',
);

const first = <T>(list: T[], test: (x: T) => boolean) => list.find(test);
const short = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const budget: Extractor = (clauses) => {
  const customer = clauses.filter((c) => c.speaker === 'customer');
  const withContext = first(customer, (c) => AMOUNT.test(c.text) && BUDGET_CONTEXT.test(c.norm));
  const said = withContext ?? first(clauses, (c) => /预算/.test(c.text) && AMOUNT.test(c.text));
  if (!said) return null;
  const m = said.text.match(AMOUNT);
  return m ? { value: m[0].trim(), evidence: [evidenceOf(said, m[0])] } : null;
};

const decisionMaker: Extractor = (clauses) => {
  const customer = clauses.filter((c) => c.speaker === 'customer');
  const other = first(customer, (c) => DECIDER.test(c.norm));
  if (other) {
    const role = other.norm.match(ROLE_RE)?.[0];
    return { value: role ?? short(other.text, 20), evidence: [evidenceOf(other)] };
  }
  const self = first(customer, (c) => SELF_DECIDES.test(c.norm));
  return self ? { value: '本人', evidence: [evidenceOf(self)] } : null;
};

const objections: Extractor = (clauses) => {
  const hits = clauses.filter((c) => c.speaker === 'customer' && OBJECTION.test(c.norm) && c.norm.length >= 3);
  if (!hits.length) return null;
  const picked = hits.slice(0, 2);
  return { value: picked.map((c) => short(c.text, 30)).join('；'), evidence: picked.map((c) => evidenceOf(c)) };
};

const nextStep: Extractor = (clauses) => {
  // The last step named in the call: agreed steps come at the end.
  const said = [...clauses]
    .reverse()
    .find((c) => (NEXT.test(c.norm) || (c.norm.match(TIMES)?.length ?? 0) >= 2) && !/不|没/.test(c.norm.slice(0, 3)));
  return said ? { value: short(said.text), evidence: [evidenceOf(said)] } : null;
};

const competitor: Extractor = (clauses) => {
  const customer = clauses.filter((c) => c.speaker === 'customer');
  const named = first(
    customer,
    (c) =>
      COMPETITOR_NAMED.test(c.text) && !/^(我们|你们|人家|这|那|咱)/.test(c.text.match(COMPETITOR_NAMED)?.[1] ?? ''),
  );
  if (named) return { value: named.text.match(COMPETITOR_NAMED)?.[1] ?? named.text, evidence: [evidenceOf(named)] };
  const said = first(customer, (c) => COMPETITOR.test(c.norm));
  return said ? { value: short(said.text, 30), evidence: [evidenceOf(said)] } : null;
};

const BUILT_IN: Record<string, Extractor> = { budget, decisionMaker, objections, nextStep, competitor };

function byHints(field: AiFieldRule): Extractor {
  const hints = [...(field.hints ?? []), field.name].map(canon).filter(Boolean);
  return (clauses) => {
    const said =
      first(clauses, (c) => c.speaker === 'customer' && hints.some((h) => c.norm.includes(h))) ??
      first(clauses, (c) => hints.some((h) => c.norm.includes(h)));
    return said ? { value: short(said.text), evidence: [evidenceOf(said)] } : null;
  };
}

export function extractFields(fields: AiFieldRule[], clauses: Clause[]): FieldValue[] {
  const out: FieldValue[] = [];
  for (const field of fields) {
    const extractor = BUILT_IN[field.key] ?? byHints(field);
    const found = extractor(clauses);
    if (found?.value) out.push({ key: field.key, name: field.name, value: found.value, evidence: found.evidence });
  }
  return out;
}
