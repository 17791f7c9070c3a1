/**
 * A cited answer. With the organisation's model (aiSetting's OpenAI-compatible model, platform/llm.ts): the retrieved
 * passages are numbered [1]…[n] and the model writes an answer only from them, each claim ending with the number of
 * its passage, or says it cannot answer. The answer is then checked: a citation of a number that was not retrieved
 * is rejected — the sentence carrying it is removed and the user is told; an answer left with no valid citation is
 * refused and the passages are shown instead. Without a model: the best passages themselves, their words marked.
 */
import { z } from 'zod';
import type { LlmClient } from '../../platform/llm';
import type { Found } from './search';

export const LlmAnswer = z.object({
  /** False when the passages do not answer the question. */
  answerable: z.boolean(),
  /** The answer, each claim followed by [n] naming its passage. */
  answer: z.string(),
});

export interface Cited {
  mode: 'llm' | 'passages' | 'none';
  answer: string | null;
  /** The passages to show, numbered as the answer cites them. */
  passages: (Found & { no: number })[];
  notice: string | null;
  answered: boolean;
}

export const NOTHING_FOUND = '知识库中没有找到相关内容';
export const NO_MODEL = '未配置大模型，以下为最相关的知识原文';
export const REPAIRED = '回答中引用了未检索到的资料，相关内容已删除';
export const REFUSED = '大模型的回答没有可核实的引用，已改为展示知识原文';
export const MODEL_FAILED = '大模型暂时无法回答，以下为最相关的知识原文';
export const CANNOT_ANSWER = '知识库中的资料不足以回答这个问题';

export function promptOf(question: string, passages: Found[]) {
  const numbered = passages
    .map((p, i) => `[${i + 1}] ${p.title}${p.page ? `（第 ${p.page} 页）` : ''}\n${p.text}`)
    .join('\n\n');
  return [
    {
      role: 'system' as const,
      content:
        '你是销售团队的知识库助手。只能根据用户给出的编号资料回答，不得使用资料以外的知识。' +
        '每一句陈述后用方括号注明所依据资料的编号，例如 [1] 或 [2][3]；只能引用给出的编号。' +
        '资料不足以回答时，answerable 设为 false，answer 说明缺少什么资料。用简体中文回答，简洁。',
    },
    { role: 'user' as const, content: `资料：\n${numbered}\n\n问题：${question}` },
  ];
}

/** Sentences of an answer, each with the citation numbers it carries. */
function sentences(answer: string): { text: string; cites: number[] }[] {
  const parts = answer.match(/[^。！？!?\n]+(?:[。！？!?]+)?(?:\s*\[\d+\])*\s*\n?/g) ?? [answer];
  return parts.map((text) => ({ text, cites: [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])) }));
}

/**
 * Checks the model's citations against the retrieved passages: a sentence citing an unknown number is removed; the
 * result names which passages remain cited, renumbered in order of first citation.
 */
export function checkCitations(
  answer: string,
  retrieved: number,
): { answer: string; cited: number[]; rejected: boolean } {
  let rejected = false;
  const kept: string[] = [];
  for (const s of sentences(answer)) {
    if (s.cites.some((n) => n < 1 || n > retrieved)) {
      rejected = true;
      continue;
    }
    kept.push(s.text);
  }
  const text = kept.join('').trim();
  const cited: number[] = [];
  for (const m of text.matchAll(/\[(\d+)\]/g)) if (!cited.includes(Number(m[1]))) cited.push(Number(m[1]));
  // renumber: the first passage cited becomes [1]
  const renumbered = text.replace(/\[(\d+)\]/g, (_, n) => `[${cited.indexOf(Number(n)) + 1}]`);
  return { answer: renumbered, cited, rejected };
}

const asPassages = (found: Found[]): Cited['passages'] => found.map((p, i) => ({ ...p, no: i + 1 }));

export async function answerFrom(question: string, found: Found[], llm: LlmClient | null): Promise<Cited> {
  if (!found.length) return { mode: 'none', answer: null, passages: [], notice: NOTHING_FOUND, answered: false };
  const best = found.slice(0, 3);
  if (!llm) return { mode: 'passages', answer: null, passages: asPassages(best), notice: NO_MODEL, answered: true };
  let out: z.infer<typeof LlmAnswer>;
  try {
    out = await llm.chatJson(promptOf(question, found), LlmAnswer, 'knowledge_answer');
  } catch {
    return { mode: 'passages', answer: null, passages: asPassages(best), notice: MODEL_FAILED, answered: true };
  }
  if (!out.answerable)
    return { mode: 'passages', answer: null, passages: asPassages(best), notice: CANNOT_ANSWER, answered: false };
  const checked = checkCitations(out.answer, found.length);
  if (!checked.cited.length)
    return { mode: 'passages', answer: null, passages: asPassages(best), notice: REFUSED, answered: true };
  return {
    mode: 'llm',
    answer: checked.answer,
    passages: checked.cited.map((n, i) => ({ ...found[n - 1], no: i + 1 })),
    notice: checked.rejected ? REPAIRED : null,
    answered: true,
  };
}
