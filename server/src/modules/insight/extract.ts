import type { TranscriptSegment } from '@crm/core';
import type { MentionKind } from '@crm/core/contract/insight';
import { type Clause, prepare } from '../../lib/analyser/text';
import type { AnalysisResult, Evidence } from '../../lib/analyser/types';

/**
 * What one analysed call says about its customer, as mentions insight stores and aggregates. Budget, decision maker,
 * objections, competitor and next step come from the analysis's AI fields (with their evidence); needs, promises by
 * either side, the agent's answer to an objection and the customer's questions are read here from the transcript's
 * clauses. Each mention cites its sentence (segment, time, speaker).
 */
export interface Mention {
  kind: MentionKind;
  /** Grouping key: a category or a short value. */
  label: string;
  sentence: string;
  answer: string | null;
  speaker: string;
  segment: number;
  startMs: number;
  /** Promises: the day it is due (YYYY-MM-DD), when the sentence names one. */
  dueOn: string | null;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Objection categories: the customer's words → the label the organisation's insight counts. */
const OBJECTION_CATEGORIES: [string, RegExp][] = [
  ['价格太高', /贵|价格(太)?高|不划算|便宜|优惠|打折|折扣|预算不够|没钱/],
  ['没有时间', /没时间|没空|太忙|忙不过来|时间(不|来不)/],
  ['距离太远', /太远|远了|路程|不方便过去/],
  ['担心效果', /效果|没用|有没有用|管用|提分|见效/],
  ['信任顾虑', /靠谱|正规|骗|套路|不放心|不信|隐形消费|资质/],
  ['质量售后', /质量|售后|保修|退款|退不了|退费/],
  ['合同风险', /合同|风险|违约/],
  ['需要商量', /商量|问问|考虑|再说|想想/],
];
const QUESTION_CATEGORIES: [string, RegExp][] = [
  ['价格费用', /多少钱|价格|费用|收费|怎么收|贵不贵|报价|优惠|折扣/],
  ['时间安排', /什么时候|几点|多久|多长时间|时间|周几|哪天/],
  ['地点地址', /在哪|地址|哪里|怎么去|位置|远不远/],
  ['效果保障', /效果|有用|保证|保障|能不能(学会|提高|通过)|靠谱/],
  ['付款方式', /怎么(付|交|支付|转)|分期|付款|刷卡|发票/],
  ['合同售后', /合同|售后|退款|退费|保修|质保/],
  ['课程产品', /课程|产品|套餐|内容|包含|配置|型号|功能/],
];
const NEED = /(想|要|需要|希望|打算|准备|考虑|想要|想给|想让|想找|想了解|主要是|关心|在意)(.{2,14})/;
const NOT_NEED = /不(想|要|需要)|没(想|打算)/;
const AGENT_PROMISE =
  /(我|我们)(这边)?(会|一定|马上|稍后|回头|待会|等会|今天|明天|下午|晚上)?.{0,4}(给您|帮您|为您|替您|跟您)(发|申请|安排|预留|留|确认|联系|打|寄|送|办|争取|问|查|做|准备)|(我|我们)(这边)?.{0,10}(发给您|发您|寄给您|送给您|打给您|回复您|联系您)/;
const CUSTOMER_PROMISE =
  /我(今天|明天|后天|下周|这周|周[一二三四五六日天末]|回去|晚上|下午|过两天|月底)?.{0,6}(就|会|再|去|先)(报名|付款|交|签|过来|过去|来|考虑|商量|回复|联系|打给|给你回|转|定|看看)/;

/** The day a promise names, from the call's day in Shanghai (今天 明天 后天 周X 下周X N号). */
export function dueDay(sentence: string, callAt: Date): string | null {
  const base = new Date(callAt.getTime() + 8 * 3600_000); // Shanghai wall clock, read with the UTC getters
  const day = (offset: number) => {
    const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + offset));
    return d.toISOString().slice(0, 10);
  };
  if (/今天|今晚|今儿|待会|等会|马上|一会/.test(sentence)) return day(0);
  if (/大后天/.test(sentence)) return day(3);
  if (/后天/.test(sentence)) return day(2);
  if (/明天|明晚|明儿|明早/.test(sentence)) return day(1);
  const week = sentence.match(/(下)?(周|星期|礼拜)([一二三四五六日天])/);
  if (week) {
    const target = '一二三四五六日'.indexOf(week[3] === '天' ? '日' : week[3]) + 1; // 1 Monday .. 7 Sunday
    const today = base.getUTCDay() || 7;
    let offset = target - today;
    if (week[1]) offset += 7;
    else if (offset < 0) offset += 7;
    return day(offset);
  }
  const dateNo = sentence.match(/(\d{1,2})[号日]/);
  if (dateNo) {
    const n = Number(dateNo[1]);
    if (n >= 1 && n <= 31) {
      const month = n >= base.getUTCDate() ? base.getUTCMonth() : base.getUTCMonth() + 1;
      const d = new Date(Date.UTC(base.getUTCFullYear(), month, n));
      return d.toISOString().slice(0, 10);
    }
  }
  return null;
}

const fromEvidence = (kind: MentionKind, label: string, ev: Evidence, answer: string | null = null): Mention => ({
  kind,
  label: clip(label.trim(), 60),
  sentence: clip(ev.text, 300),
  answer: answer ? clip(answer, 300) : null,
  speaker: ev.speaker,
  segment: ev.segment,
  startMs: ev.startMs,
  dueOn: null,
});

const fromClause = (kind: MentionKind, label: string, c: Clause): Mention =>
  fromEvidence(kind, label, { segment: c.seg, startMs: c.startMs, endMs: c.endMs, speaker: c.speaker, text: c.text });

const categoryOf = (list: [string, RegExp][], text: string, fallback: string) =>
  list.find(([, re]) => re.test(text))?.[0] ?? fallback;

/** What the agent said next after a customer's sentence (its whole turn): how the objection was answered. */
function answerTo(clauses: Clause[], segment: number): string | null {
  const next = clauses.find((c) => c.seg > segment && c.speaker === 'agent' && c.text.length >= 4);
  if (!next) return null;
  return clauses
    .filter((c) => c.seg === next.seg)
    .map((c) => c.text)
    .join('，');
}

export function extractMentions(result: AnalysisResult, segments: TranscriptSegment[], callAt: Date): Mention[] {
  if (!result.conversation) return [];
  const { clauses } = prepare(segments);
  const out: Mention[] = [];
  const seen = new Set<string>();
  const push = (m: Mention) => {
    const key = `${m.kind}:${m.segment}:${m.label}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(m);
  };

  for (const f of result.fields) {
    const ev = f.evidence[0];
    if (f.key === 'budget' && ev) push(fromEvidence('budget', f.value, ev));
    if (f.key === 'decisionMaker' && ev) push(fromEvidence('decisionMaker', f.value, ev));
    if (f.key === 'competitor' && ev) push(fromEvidence('competitor', f.value, ev));
    if (f.key === 'nextStep' && ev) {
      const m = fromEvidence('nextStep', f.value, ev);
      m.dueOn = dueDay(ev.text, callAt);
      push(m);
    }
    if (f.key === 'objections')
      for (const e of f.evidence)
        push(
          fromEvidence(
            'objection',
            categoryOf(OBJECTION_CATEGORIES, e.text, '其他顾虑'),
            e,
            answerTo(clauses, e.segment),
          ),
        );
  }

  for (const c of clauses) {
    if (c.speaker === 'customer') {
      const need = c.text.match(NEED);
      if (need && !NOT_NEED.test(c.text) && !c.question) push(fromClause('need', needLabel(need[2]), c));
      if (c.question && c.text.length >= 4)
        push(fromClause('question', categoryOf(QUESTION_CATEGORIES, c.text, '其他问题'), c));
      if (CUSTOMER_PROMISE.test(c.text)) {
        const m = fromClause('promise', clip(c.text, 60), c);
        m.dueOn = dueDay(c.text, callAt);
        push(m);
      }
    } else if (AGENT_PROMISE.test(c.text)) {
      const m = fromClause('promise', clip(c.text, 60), c);
      m.dueOn = dueDay(c.text, callAt);
      push(m);
    }
  }
  return out;
}

/** What a need is about, cut at the first particle or pause: 想给孩子报个编程课吧 → 给孩子报个编程课. */
function needLabel(rest: string): string {
  return clip(rest.replace(/[吧呢啊呀哈嘛的了]+$/u, '').trim(), 20) || rest;
}
