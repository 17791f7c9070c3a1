import { SpeechTypeName } from '@crm/core/contract/assistant';
import { z } from 'zod';
import type { ChatMessage } from '../../platform/llm';
import type { OrgLlm } from '../analysis';
import type { Draft, Question } from './builtin';

/**
 * The assistant with the organisation's model (platform/llm.ts through aiSetting): suggestions written from the
 * customer's lead, the call so far, the organisation's scripts and what its best agents said to similar sentences.
 * A time limit of its own (ASSISTANT_LLM_TIMEOUT_MS, default 20 s): a seat waits on it. Any failure falls back to
 * the built-in answer (chat.ts), with the reason shown.
 */

export const ModelAnswer = z.object({
  suggestions: z
    .array(z.object({ text: z.string().trim().min(1).max(500), basis: z.string().trim().max(100) }))
    .min(1)
    .max(5),
});

export const assistantLlmTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const v = Number(env.ASSISTANT_LLM_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? v : 20_000;
};

const TASK: Record<Question['type'], string> = {
  4: '帮你谈：客户刚说了下面这句话，请给出能推进成交的谈法（处理顾虑、引导下一步、促成约定），每条是销售可以直接说出口的话。',
  1: '帮你回：客户刚说了下面这句话，请给出销售可以直接回复的话，简洁、自然、专业。',
  3: '润色：下面是销售自己想说的一句话，请在不改变原意的前提下改写得更专业、更有说服力、更礼貌，给出几种说法。',
  2: '开场白：请根据客户信息写几条电话开场白，先问候并自我介绍，再说明来意，最后用一个问题邀请客户继续聊。',
};

export interface ModelContext {
  /** The call so far (the picked moment and what was said before it), oldest first. */
  conversation: { speaker: '销售' | '客户'; text: string }[];
  /** What the organisation's best agents said to similar sentences (built-in retrieval, as examples). */
  examples: Draft[];
}

export function modelPrompt(q: Question, c: ModelContext) {
  const system = [
    '你是销售话术助手，服务于中文电话销售团队。只输出 JSON：{"suggestions":[{"text":"话术","basis":"依据"}]}，3 到 5 条。',
    'text 是销售可以直接说的话（60 字以内为宜）；basis 用一句话说明依据（如 依据客户的顾虑、依据机构话术「价格异议」、参考优秀通话）。',
    '只依据给出的材料和常识，不要编造价格、优惠、承诺等具体事实。',
  ].join('\n');
  const material = {
    task: TASK[q.type],
    type: SpeechTypeName[q.type],
    sentence: q.query,
    customer: q.lead,
    seatName: q.seatName,
    conversation: c.conversation.slice(-12),
    scripts: q.scripts.slice(0, 20).map((l) => ({ rule: l.ruleName, item: l.itemName, example: l.text })),
    bestCallExamples: c.examples
      .filter((e) => e.source === 'call')
      .slice(0, 3)
      .map((e) => ({ customerSaid: e.customerSaid, agentSaid: e.text })),
  };
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: JSON.stringify(material) },
  ];
}

/** The model's suggestions, or throws (timeout, transport, invalid answer): the caller falls back. */
export async function modelDrafts(llm: OrgLlm, q: Question, c: ModelContext, timeoutMs: number): Promise<Draft[]> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`超过 ${Math.round(timeoutMs / 100) / 10} 秒未响应`)), timeoutMs);
  });
  try {
    const answer = await Promise.race([llm.client.chatJson(modelPrompt(q, c), ModelAnswer, 'speech_assistant'), limit]);
    return ModelAnswer.parse(answer).suggestions.map((s, i) => llmDraft(llm, s, i));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The streamed form (/hkzs/chatStream): the same material, the suggestions asked as plain lines `话术｜依据` so that
 * the page shows them while they are written.
 */
export function streamPrompt(q: Question, c: ModelContext): ChatMessage[] {
  const [, user] = modelPrompt(q, c);
  const system = [
    '你是销售话术助手，服务于中文电话销售团队。给出 3 到 5 条建议，每条一行，格式：话术｜依据。不要编号，不要输出其他内容。',
    '话术是销售可以直接说的话（60 字以内为宜）；依据用一句话说明（如 依据客户的顾虑、依据机构话术「价格异议」、参考优秀通话）。',
    '只依据给出的材料和常识，不要编造价格、优惠、承诺等具体事实。',
  ].join('\n');
  return [{ role: 'system', content: system }, user];
}

/** The suggestions in the model's streamed lines (`话术｜依据`; numbering and bullets dropped), at most five. */
export function parseSuggestionLines(text: string): { text: string; basis: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^(\d+[.、)）]|[-*•·])\s*/, ''))
    .filter(Boolean)
    .map((line) => {
      const [said, ...basis] = line.split(/[｜|]/);
      return {
        text: said
          .trim()
          .replace(/^["“]|["”]$/g, '')
          .slice(0, 500),
        basis: basis.join('｜').trim().slice(0, 100),
      };
    })
    .filter((x) => x.text.length > 1)
    .slice(0, 5);
}

/**
 * The model's suggestions streamed: each piece to `onPiece` as it comes, the drafts at the end; throws on failure or
 * when the time limit passes (the caller falls back to the built-in answer, and says so).
 */
export async function streamDrafts(
  llm: OrgLlm,
  q: Question,
  c: ModelContext,
  timeoutMs: number,
  onPiece: (piece: string) => void,
): Promise<Draft[]> {
  let text = '';
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for await (const piece of llm.client.chatStream(streamPrompt(q, c), { temperature: 0.7, maxTokens: 800, signal })) {
      text += piece;
      onPiece(piece);
      if (text.length > 4000) break;
    }
  } catch (e) {
    if (signal.aborted) throw new Error(`超过 ${Math.round(timeoutMs / 100) / 10} 秒未响应`);
    throw e;
  }
  const lines = parseSuggestionLines(text);
  if (!lines.length) throw new Error('返回内容为空');
  return lines.map((s, i) => llmDraft(llm, s, i));
}

function llmDraft(llm: OrgLlm, s: { text: string; basis: string }, i: number): Draft {
  return {
    text: s.text,
    source: 'llm',
    origin: `${llm.name} / ${llm.model}${s.basis ? `：${s.basis}` : ''}`.slice(0, 300),
    refKey: null,
    recordingId: null,
    customerSaid: null,
    score: Math.round((1 - i * 0.1) * 1000) / 1000,
  };
}
