import { type PracticeStage, PracticeStageName } from '@crm/core/contract/practice';
import type { ChatMessage, LlmClient } from '../../platform/llm';
import type { PersonaSpec } from './schema';

/**
 * The AI customer played by the organisation's model: a persona prompt with the conversation so far, the answer
 * streamed piece by piece under the practice time limit. The caller falls back to the built-in customer on failure.
 */

export function personaPrompt(persona: PersonaSpec, stages: PracticeStage[], stage: PracticeStage): string {
  const lines = [
    `你在电话销售陪练中扮演一位客户，所在行业：${persona.industry}。`,
    persona.needs ? `你的需求：${persona.needs}。` : '',
    persona.budget ? `你的预算：${persona.budget}。` : '',
    persona.character ? `你的性格：${persona.character}。` : '',
    persona.objections.length
      ? `你心里有这些顾虑，不要一开始就说，等销售谈到价格、异议或促成时再逐个提出：${persona.objections.join('；')}。`
      : '',
    `这通电话预计经过这些阶段：${stages.map((s) => PracticeStageName[s]).join('、')}；现在大约在「${PracticeStageName[stage]}」。`,
    '只说客户这一方的话，口语化，一到两句，不超过 60 个字；不要替销售说话，不要加引号、旁白或动作描写。',
  ];
  return lines.filter(Boolean).join('\n');
}

export function conversation(system: string, turns: { speaker: 'agent' | 'customer'; text: string }[]): ChatMessage[] {
  return [
    { role: 'system', content: system },
    // the model is the customer: the seat's lines are the user's, the customer's its own
    ...turns.map((t): ChatMessage => ({ role: t.speaker === 'agent' ? 'user' : 'assistant', content: t.text })),
  ];
}

/** Streams the model's line to `onPiece`; the whole line, trimmed, or throws (LlmError, or the time limit). */
export async function streamLine(
  client: LlmClient,
  messages: ChatMessage[],
  timeoutMs: number,
  onPiece: (piece: string) => void,
): Promise<string> {
  let text = '';
  for await (const piece of client.chatStream(messages, {
    temperature: 0.8,
    maxTokens: 200,
    signal: AbortSignal.timeout(timeoutMs),
  })) {
    text += piece;
    onPiece(piece);
    if (text.length > 400) break;
  }
  const line = text.trim().replace(/^客户[:：]\s*/, '');
  if (!line) throw new Error('返回内容为空');
  return line.slice(0, 400);
}
