import { SpeakerLabel, type Transcript } from '@crm/core';
import { MODEL_VIOLATIONS } from '../model';
import type { AnalysisRules } from '../types';
import type { RejectedQuote } from './quotes';

/**
 * The judge's prompt: the call's segments numbered ([#n]), carrier and system announcements left out (they never
 * reach the model), the labels to give and the violations to look for, each answered with its segment and quote.
 */

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Violations that need the sense of the call (the learned layer's too), besides the organisation's rules. */
export const JUDGE_VIOLATIONS: readonly string[] = MODEL_VIOLATIONS;

/** The most transcript text sent (characters); longer calls keep their start and end. */
const MAX_TEXT = 12_000;

const mmss = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** The numbered segments the model is shown (`shown(i)` false: an announcement, left out). */
export function numberedTranscript(t: Transcript, shown: (i: number) => boolean): string {
  const lines = t.segments.flatMap((s, i) =>
    shown(i) ? [`[#${i} ${mmss(s.startMs)}] ${SpeakerLabel[s.speaker]}：${s.text}`] : [],
  );
  const text = lines.join('\n');
  if (text.length <= MAX_TEXT) return text;
  const half = MAX_TEXT / 2;
  return `${text.slice(0, half)}\n……（中间省略）……\n${text.slice(-half)}`;
}

export function judgePrompt(t: Transcript, rules: AnalysisRules, shown: (i: number) => boolean): ChatTurn[] {
  const ruleNames = [
    ...new Set([...rules.wordRules.map((r) => r.name), ...rules.regexRules.map((r) => r.name), ...JUDGE_VIOLATIONS]),
  ];
  const fields = rules.fields.length
    ? rules.fields.map((f) => `- ${f.key}（${f.name}）${f.description ? `：${f.description}` : ''}`).join('\n')
    : '（无）';
  const system = [
    '你是销售通话质检与分析助手。阅读一通销售（坐席）与客户的通话转写，每句前有编号 [#n]。按 JSON 格式作答，只依据通话内容，不要编造。',
    '每个结论都要给出依据：segment 为依据所在句子的编号 n，quote 为从该句原文中逐字摘取的词句（不得改写、不得概括）。',
    'intention：客户意向（strong 强意向、general 一般意向、none 无意向、mismatch 信息不符、complaint 潜在投诉、invalid 无效号码）及意向度 degree 0-100；无法判断时为 null。',
    'tags：通话标签 1 明确拒绝、3 信息不符（打错人、号码不是本人），最多 3 个，没有则为空数组。',
    'complaint：客户是否有投诉倾向（不满、要投诉、要举报）；value 是否、score 为 0-1 的把握；没有时 value=false、score=0、segment=0、quote=""。',
    `violations：销售的违规，rule 取下列名称之一：${ruleNames.join('、')}；score 为 0-1 的把握。施压销售指制造紧迫感、逼迫客户当场决定。没有则为空数组。`,
    'churnReason：客户可能流失的原因（如嫌贵、转用别家）；没有则为 null。',
    'aiLabels：AI 标签，label 取 1 高意向、2 有兴趣、3 明确拒绝、4 潜在投诉风险、5 其他。',
    'nextStep：双方约定的下一步及时间 time（如“明天上午”，没有说时间则为 null）；客户拒绝再联系时不是下一步；没有则为 null。',
    'summary：100 字以内的中文摘要：客户需求、异议、约定内容与下一步。',
    'fields：从通话中提取下列字段的值（没有提到的字段不要返回）：',
    fields,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: numberedTranscript(t, shown) },
  ];
}

/** The question asked again after a quote was not found in the call. */
export function retryTurns(first: ChatTurn[], answer: unknown, rejected: RejectedQuote[]): ChatTurn[] {
  const list = rejected.map((r) => `- ${r.label}：[#${r.segment}]「${r.quote}」`).join('\n');
  return [
    ...first,
    { role: 'assistant', content: JSON.stringify(answer) },
    {
      role: 'user',
      content: `以下引用在通话原文中找不到：\n${list}\n请重新作答：quote 必须是所标编号句子中的原文（逐字摘取）；找不到依据的结论请删去。`,
    },
  ];
}
