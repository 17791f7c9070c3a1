import type { Transcript } from '@crm/core';
import { z } from 'zod';
import type { OrgLlm } from '../aiSetting';
import type { SopResult } from './sop/types';

/**
 * SOP items that carry an LLM question (e.g. 销售是否确认了客户的预算？) and that keywords, examples and patterns did
 * not find are asked of the organisation's model, when one is configured: it answers, per item, whether the call
 * covers it and in which sentence. A failed or invalid answer leaves the items as the matcher found them.
 */

const Answer = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      covered: z.boolean(),
      /** The number of the sentence that covers it, as numbered in the prompt. */
      sentence: z.number().int().nullable(),
    }),
  ),
});

export interface SopQuestion {
  itemId: number;
  question: string;
}

function prompt(t: Transcript, questions: SopQuestion[]) {
  const lines = t.segments.map((s, i) => `${i}. ${s.speaker === 'agent' ? '销售' : '客户'}：${s.text}`).join('\n');
  const asked = questions.map((q) => `- id ${q.itemId}：${q.question}`).join('\n');
  return [
    {
      role: 'system' as const,
      content:
        '你是销售通话质检员。根据通话文本逐条回答问题：该环节是否在通话中完成（covered），以及完成它的那句话的编号（sentence，未完成为 null）。只依据文本，不要猜测。',
    },
    { role: 'user' as const, content: `通话文本（每行开头是句子编号）：\n${lines}\n\n问题：\n${asked}` },
  ];
}

/** Asks the model the questions of the items still missed; answers the sentence of each item it says is covered. */
export async function askSopQuestions(
  llm: OrgLlm,
  t: Transcript,
  questions: SopQuestion[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!questions.length || !t.segments.length) return out;
  const answer = Answer.parse(await llm.client.chatJson(prompt(t, questions), Answer, 'sop_items'));
  const asked = new Set(questions.map((q) => q.itemId));
  for (const a of answer.items)
    if (a.covered && asked.has(a.id) && a.sentence !== null && a.sentence >= 0 && a.sentence < t.segments.length)
      out.set(a.id, a.sentence);
  return out;
}

/** The matcher's result with the items the model found covered: evidence, order, order check and coverage again. */
export function withLlmAnswers(result: SopResult, t: Transcript, covered: Map<number, number>): SopResult {
  if (!covered.size) return result;
  const items = result.items.map((item) => {
    const at = covered.get(item.itemId);
    if (item.hit || at === undefined) return item;
    const s = t.segments[at];
    return {
      ...item,
      hit: true,
      how: 'llm' as const,
      score: 1,
      evidence: { segment: at, startMs: s.startMs, endMs: s.endMs, speaker: s.speaker, text: s.text },
    };
  });
  // items are in script order: the position breaks ties between items first covered in the same sentence
  const hits = items
    .map((item, position) => ({ item, position }))
    .filter((x) => x.item.hit && x.item.evidence)
    .sort((a, b) => a.item.evidence!.segment - b.item.evidence!.segment || a.position - b.position);
  return {
    ...result,
    items,
    order: hits.map((x) => x.item.itemId),
    inOrder: hits.every((x, k) => k === 0 || x.position > hits[k - 1].position),
    coverage: items.length ? items.filter((i) => i.hit).length / items.length : 0,
  };
}
