import type { Transcript } from '@crm/core';
import {
  announcementSegments,
  JudgeAnswer,
  judgePrompt,
  mergeJudge,
  type RejectedQuote,
  retryTurns,
} from '../../lib/analyser/judge';
import type { AnalysisResult, AnalysisRules } from '../../lib/analyser/types';
import type { OrgLlm } from './ports';
import type { HistoryEntry } from './schema';

/**
 * The LLM judge: with an OpenAI-compatible model configured, one structured answer (JSON schema, zod) gives every
 * label with its segment and quote (lib/analyser/judge). A quote not in the call is rejected and the question asked
 * once more, with the rejected quotes named; what is still rejected after it keeps the rules' value. Each rejected
 * quote goes to the call's history. A call with no conversation (an announcement) never reaches the model, nor do
 * the announcement segments of a call that has one. The client holds the time limit and its own retry on a
 * malformed answer; a failure throws (the built-in result stands and the error is recorded).
 */

export interface LlmOutcome {
  result: AnalysisResult;
  history: HistoryEntry[];
}

const entry = (r: RejectedQuote, text: string, at: string): HistoryEntry => ({
  at,
  kind: 'quote_rejected',
  text,
  label: r.label,
  segment: r.segment,
  quote: r.quote.slice(0, 300),
});

export async function llmStep(
  llm: OrgLlm,
  base: AnalysisResult,
  t: Transcript,
  rules: AnalysisRules,
  modelName = llm.name,
): Promise<LlmOutcome> {
  if (!base.conversation) return { result: base, history: [] };
  const skip = announcementSegments(base);
  const shown = (i: number) => !skip.has(i);
  const ask = judgePrompt(t, rules, shown);
  const first = await llm.client.chatJson(ask, JudgeAnswer, 'call_judge');
  const judged = mergeJudge(base, first, t, rules, skip);
  if (!judged.rejected.length) return { result: judged.result, history: [] };
  const at = new Date().toISOString();
  const history = judged.rejected.map((r) => entry(r, `${modelName}：引用的原文在通话中找不到，已驳回并重新提问`, at));
  const second = await llm.client.chatJson(retryTurns(ask, first, judged.rejected), JudgeAnswer, 'call_judge');
  const again = mergeJudge(base, second, t, rules, skip);
  history.push(
    ...again.rejected.map((r) => entry(r, `${modelName}：重新提问后引用仍不在通话中，已驳回，保留规则结果`, at)),
  );
  return { result: again.result, history };
}
