import { SpeakerLabel, type Transcript } from '@crm/core';
import { z } from 'zod';
import type { AnalysisResult, AnalysisRules, Evidence, FieldValue, IntentionKey } from '../../lib/analyser/types';
import type { OrgLlm } from './ports';

/**
 * The LLM step: with an OpenAI-compatible model configured, the summary, the AI fields and the AI labels and
 * intention come from it, asked with a JSON schema (validated with zod; the client holds the time limit and the one
 * retry). The built-in result is the base: what the model does not give stays as the built-in analyser found it.
 */

const INTENTION_KEYS = ['strong', 'general', 'none', 'mismatch', 'complaint', 'invalid'] as const;

export const LlmAnswer = z.object({
  summary: z.string().max(2000),
  intention: z.enum(INTENTION_KEYS).nullable(),
  intentionDegree: z.number().int().min(0).max(100),
  aiLabels: z.array(z.number().int().min(1).max(5)).max(5),
  fields: z.array(z.object({ key: z.string(), value: z.string().max(500) })).max(50),
});
export type LlmAnswer = z.infer<typeof LlmAnswer>;

/** The most transcript text sent (characters); longer calls keep their start and end. */
const MAX_TEXT = 12_000;

const mmss = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export function transcriptForPrompt(t: Transcript): string {
  const lines = t.segments.map((s) => `[${mmss(s.startMs)}] ${SpeakerLabel[s.speaker]}：${s.text}`);
  const text = lines.join('\n');
  if (text.length <= MAX_TEXT) return text;
  const half = MAX_TEXT / 2;
  return `${text.slice(0, half)}\n……（中间省略）……\n${text.slice(-half)}`;
}

function prompt(t: Transcript, rules: AnalysisRules) {
  const fields = rules.fields.length
    ? rules.fields.map((f) => `- ${f.key}（${f.name}）${f.description ? `：${f.description}` : ''}`).join('\n')
    : '（无）';
  const system = [
    '你是销售通话分析助手。阅读一通销售（坐席）与客户的通话转写，按 JSON 格式作答，只依据通话内容，不要编造。',
    'summary：100 字以内的中文摘要，说明客户需求、异议与下一步。',
    'intention：客户意向，strong 强意向、general 一般意向、none 无意向、mismatch 信息不符（打错人、号码不是本人）、complaint 潜在投诉、invalid 无效号码；没有真正通话（语音提示、无人接听）时为 null。',
    'intentionDegree：意向强度 0-100。',
    'aiLabels：AI 标签编号数组，1 高意向、2 有兴趣、3 明确拒绝、4 潜在投诉风险、5 其他。',
    'fields：从通话中提取下列字段的值（没有提到的字段不要返回）：',
    fields,
  ].join('\n');
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: transcriptForPrompt(t) },
  ];
}

/** The sentences that contain a value the model gave (its evidence), at most three. */
function evidenceOf(t: Transcript, value: string): Evidence[] {
  const v = value.trim();
  if (v.length < 2) return [];
  const out: Evidence[] = [];
  t.segments.forEach((s, i) => {
    if (out.length < 3 && s.text.includes(v))
      out.push({ segment: i, startMs: s.startMs, endMs: s.endMs, speaker: s.speaker, text: s.text, match: v });
  });
  return out;
}

/** The model's answer laid over the built-in result. */
export function mergeLlm(base: AnalysisResult, a: LlmAnswer, t: Transcript, rules: AnalysisRules): AnalysisResult {
  const out: AnalysisResult = { ...base };
  if (a.summary.trim()) out.summary = a.summary.trim();
  if (base.conversation && a.intention) {
    const intention: IntentionKey = a.intention;
    if (intention !== base.intention) out.intentionEvidence = [];
    out.intention = intention;
    out.intentionDegree = a.intentionDegree;
  }
  const labels = [...new Set(a.aiLabels)].sort((x, y) => x - y);
  if (labels.length) out.aiLabels = labels;
  const known = new Map(rules.fields.map((f) => [f.key, f.name]));
  const given = new Map(
    a.fields.filter((f) => known.has(f.key) && f.value.trim()).map((f) => [f.key, f.value.trim()] as const),
  );
  if (given.size) {
    const fields: FieldValue[] = [];
    for (const [key, name] of known) {
      const value = given.get(key);
      const built = base.fields.find((f) => f.key === key);
      if (value === undefined) {
        if (built) fields.push(built);
        continue;
      }
      fields.push({ key, name, value, evidence: built?.value === value ? built.evidence : evidenceOf(t, value) });
    }
    out.fields = fields;
  }
  return out;
}

/** Asks the model; throws on a failed or invalid answer (the caller keeps the built-in result and records why). */
export async function llmStep(
  llm: OrgLlm,
  base: AnalysisResult,
  t: Transcript,
  rules: AnalysisRules,
): Promise<AnalysisResult> {
  const answer = await llm.client.chatJson(prompt(t, rules), LlmAnswer, 'call_analysis');
  return mergeLlm(base, LlmAnswer.parse(answer), t, rules);
}
