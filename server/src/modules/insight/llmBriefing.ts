import { formatDateTime } from '@crm/core';
import { BRIEFING_SECTIONS, type Briefing, type BriefingPoint, MentionKindName } from '@crm/core/contract/insight';
import { z } from 'zod';
import type { OrgLlm } from '../analysis';
import { type BriefingMaterial, citeOf, extractiveBriefing } from './briefing';

/**
 * The briefing written by the organisation's model from the calls' structured results (each call's intention, churn
 * risk and summary, and the numbered mentions with their sentences), never from audio. The model cites mentions by
 * number; an answer that does not validate, or cites a number that was not given, is refused and the extractive
 * briefing stands (with the reason in `llmError`).
 */

/** Most mentions sent (the latest). */
const MAX_PROMPT_MENTIONS = 150;
const MAX_PROMPT_CALLS = 30;

const Point = z.object({
  text: z.string().trim().min(1).max(200),
  answer: z.string().max(200).nullish(),
  refs: z.array(z.number().int().min(1)).min(1).max(5),
});
export const LlmBriefingAnswer = z.object({
  summary: z.string().trim().min(1).max(600),
  needs: z.array(Point).max(8),
  budget: z.array(Point).max(4),
  decisionMakers: z.array(Point).max(5),
  objections: z.array(Point).max(8),
  promises: z.array(Point).max(10),
  competitors: z.array(Point).max(6),
  nextSteps: z.array(Point).max(6),
});
export type LlmBriefingAnswer = z.infer<typeof LlmBriefingAnswer>;

export function briefingPrompt(material: BriefingMaterial) {
  const calls = material.calls.slice(-MAX_PROMPT_CALLS).map((c) => ({
    time: formatDateTime(c.callAt),
    intention: c.intention,
    intentionDegree: c.intentionDegree,
    churnRisk: c.churnRisk,
    summary: c.summary.slice(0, 200),
  }));
  const mentions = material.mentions.slice(0, MAX_PROMPT_MENTIONS).map((m, i) => ({
    ref: i + 1,
    kind: MentionKindName[m.kind as keyof typeof MentionKindName] ?? m.kind,
    time: formatDateTime(m.callAt),
    speaker: m.speaker === 'agent' ? '销售' : '客户',
    label: m.label,
    sentence: m.sentence,
    answer: m.answer,
    dueOn: m.dueOn,
  }));
  const system = [
    '你是销售助理。根据同一客户多通通话的结构化分析结果（不是录音），写出客户沟通摘要，按 JSON 作答，只依据给出的材料，不要编造。',
    'summary：200 字以内，说明客户需求、预算、决策人、主要异议及应对、双方承诺、竞品、意向与流失风险的变化、下一步建议。',
    'needs / budget / decisionMakers / objections / promises / competitors / nextSteps：各自的要点数组；每个要点 text 为一句话，refs 为支持它的材料编号（ref，至少一个）；objections 的 answer 写销售如何回应。',
    '意向编号：1 强意向 2 一般意向 3 无意向 4 信息不符 5 潜在投诉 6 无效号码；流失风险 0-100。',
  ].join('\n');
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: JSON.stringify({ calls, mentions }) },
  ];
}

/** The model's answer over the extractive briefing: its summary and points, each point's refs turned into citations. */
export function mergeLlmBriefing(
  material: BriefingMaterial,
  answer: LlmBriefingAnswer,
  llm: Pick<OrgLlm, 'name' | 'model'>,
  now = new Date(),
): Briefing {
  const base = extractiveBriefing(material, now);
  const sent = material.mentions.slice(0, MAX_PROMPT_MENTIONS);
  const out: Briefing = { ...base, source: 'llm', modelName: `${llm.name} / ${llm.model}`, summary: answer.summary };
  for (const section of BRIEFING_SECTIONS) {
    out[section] = answer[section].map((p): BriefingPoint => {
      const unknown = p.refs.find((r) => r > sent.length);
      if (unknown) throw new Error(`模型引用了不存在的材料编号 ${unknown}`);
      const rows = p.refs.map((r) => sent[r - 1]);
      const first = rows[0];
      return {
        text: p.text,
        answer: section === 'objections' ? (p.answer ?? first.answer ?? null) : undefined,
        side: section === 'promises' ? first.speaker : undefined,
        dueOn: section === 'promises' || section === 'nextSteps' ? (first.dueOn ?? null) : undefined,
        cites: rows.map(citeOf),
      };
    });
  }
  return out;
}

/** The model's briefing, or the extractive one with the reason the model's was not used. */
export async function briefingWith(llm: OrgLlm | null, material: BriefingMaterial): Promise<Briefing> {
  if (!llm || !material.mentions.length) return extractiveBriefing(material);
  try {
    const answer = await llm.client.chatJson(briefingPrompt(material), LlmBriefingAnswer, 'customer_briefing');
    return mergeLlmBriefing(material, LlmBriefingAnswer.parse(answer), llm);
  } catch (e) {
    const reason = `${llm.name}：${(e as Error).message || String(e)}`.slice(0, 500);
    return { ...extractiveBriefing(material), llmError: reason };
  }
}
