import { contract } from '@crm/core/contract';
import type { SayEvent } from '@crm/core/contract/practice';
import { streamCall } from '../../api/ndjson';

/** Sends what the seat said and reads the customer's answer as it streams (NDJSON lines of SayEvent). */
export function sayStream(
  input: { sessionId: number; text: string; via?: 1 | 2 },
  onEvent: (e: SayEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  return streamCall(contract.chatScriptTrainingSession.say, input, onEvent, '对话失败，请稍后重试', signal);
}
