import { CallTag } from '@crm/core';
import { partsLine } from './parts';
import type { Clause } from './text';
import type { FieldValue, IntentionKey, Keyword, SummaryParts } from './types';

const MAX = 200;

const STANCE: Record<IntentionKey, string> = {
  strong: '意向明确',
  general: '有一定兴趣',
  none: '无意向',
  mismatch: '表示信息不符',
  complaint: '情绪不满，有投诉倾向',
  invalid: '未与本人通话',
};

/** Who called: 我是星辰教育的课程顾问小王 → 星辰教育课程顾问. */
const INTRO =
  /我(是|这边是|们是)([\u4e00-\u9fffA-Za-z0-9]{2,14}?)(的|公司的?)([\u4e00-\u9fff]{0,6}?(顾问|老师|经理|专员|客服|销售|助理|规划师|设计师|主管|代表|咨询师))/;

/** Without a role: 我是融信金服的小韩 → 融信金服. */
const COMPANY = /我(是|这边是|们是)([\u4e00-\u9fffA-Za-z0-9]{2,14}?)(公司)?的(小|老)[\u4e00-\u9fff]/;

/** Chinese characters and full-width punctuation: a space between two of them is an ASR artefact. */
const SPACE_IN_CHINESE =
  /(?<=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]) (?=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])/g;

/** The text as said, shortened: runs of spaces become one, spaces inside Chinese go, English keeps its spaces. */
function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').replace(SPACE_IN_CHINESE, '').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function caller(clauses: Clause[]): string {
  for (const c of clauses.slice(0, 12)) {
    if (c.speaker !== 'agent') continue;
    const said = c.text.replace(/\s+/g, '');
    const m = said.match(INTRO);
    if (m) return clip(`${m[2]}${m[4]}`, 20);
    const company = said.match(COMPANY);
    if (company) return clip(company[2], 20);
  }
  return '销售';
}

export interface SummaryInput {
  conversation: boolean;
  machine: boolean;
  carrierTag: number | null;
  announcement: string | null;
  intention: IntentionKey | null;
  stanceClause: string | null;
  clauses: Clause[];
  keywords: Keyword[];
  fields: FieldValue[];
  /** Need, objections, agreement and next step from the call's sentences (parts.ts). */
  parts?: SummaryParts;
}

/** A short extractive summary (≤ 120 characters): who called about what, the customer's stance, the next step. */
export function summarise(input: SummaryInput): string {
  if (!input.conversation) {
    const tag = input.carrierTag ? CallTag[input.carrierTag as keyof typeof CallTag] : '未接通';
    const said = input.announcement ? `：${clip(input.announcement, 60)}` : '';
    return clip(`未接通（${tag}）${said}`, MAX);
  }
  if (input.machine)
    return clip(`接通后为语音信箱或智能助理，未与本人通话${input.announcement ? `：${input.announcement}` : ''}`, MAX);
  const topics = input.keywords
    .filter((k) => !k.hot)
    .slice(0, 3)
    .map((k) => k.word);
  const parts = [`${caller(input.clauses)}来电${topics.length ? `，谈及${topics.join('、')}` : ''}`];
  if (input.intention) {
    const quote = input.stanceClause ? `（“${clip(input.stanceClause, 24)}”）` : '';
    parts.push(`客户${STANCE[input.intention]}${quote}`);
  }
  const said = input.parts ? partsLine(input.parts) : '';
  if (said) parts.push(said);
  return clip(`${parts.join('；')}。`, MAX);
}
