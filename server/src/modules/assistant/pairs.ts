import type { TranscriptSegment } from '@crm/core';
import { bigrams, normalise } from './grams';

/** One entry of the index: what the customer said and what the agent answered right after it. */
export interface Pair {
  segmentIndex: number;
  customerText: string;
  agentText: string;
  grams: string[];
  replyGrams: string[];
}

/** Shorter customer sentences (normalised) say too little to be matched on (嗯, 好的, 喂). */
const MIN_CUSTOMER_CHARS = 4;
const MIN_AGENT_CHARS = 6;
const MAX_AGENT_CHARS = 160;
export const MAX_PAIRS_PER_CALL = 60;

/**
 * The (customer sentence, agent reply) pairs of a transcript: each customer turn (its last sentence when the customer
 * said several in a row, the whole turn when they are short) with the agent's next turn (its sentences joined, up to
 * 160 characters). Pure.
 */
export function pairsOf(segments: readonly TranscriptSegment[]): Pair[] {
  const out: Pair[] = [];
  let i = 0;
  while (i < segments.length && out.length < MAX_PAIRS_PER_CALL) {
    if (segments[i].speaker !== 'customer') {
      i++;
      continue;
    }
    // the customer's turn: i .. j-1
    let j = i;
    while (j < segments.length && segments[j].speaker === 'customer') j++;
    const turn = segments.slice(i, j).map((s) => s.text.trim());
    const last = turn[turn.length - 1];
    const customerText = normalise(last).length >= MIN_CUSTOMER_CHARS ? last : turn.join('，').slice(-120);
    // the agent's turn after it: j .. k-1
    let k = j;
    let agentText = '';
    while (k < segments.length && segments[k].speaker === 'agent') {
      const t = segments[k].text.trim();
      if (agentText.length + t.length > MAX_AGENT_CHARS && agentText) break;
      agentText = agentText ? `${agentText}，${t}` : t;
      k++;
    }
    const norm = normalise(customerText);
    const reply = normalise(agentText);
    if (norm.length >= MIN_CUSTOMER_CHARS && reply.length >= MIN_AGENT_CHARS)
      out.push({
        segmentIndex: j - 1,
        customerText: customerText.slice(0, 500),
        agentText: agentText.slice(0, 500),
        grams: bigrams(norm),
        replyGrams: bigrams(reply),
      });
    i = Math.max(k, j);
  }
  return out;
}

/** Outcome weight of a call: a deal 1; a strong intention 0.6-0.95 by its degree; a general intention 0.3; else 0. */
export function outcomeWeight(intention: number | null, degree: number | null, deal: boolean): number {
  if (deal) return 1;
  if (intention === 1) return 0.6 + 0.35 * Math.min(1, Math.max(0, (degree ?? 60) / 100));
  if (intention === 2) return 0.3;
  return 0;
}
