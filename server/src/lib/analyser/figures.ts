import type { Speaker, TranscriptSegment } from '@crm/core';
import { SENTIMENT_NEGATED, SENTIMENT_NEGATIVE, SENTIMENT_POSITIVE } from './lexicon/sentiment';
import { findHits, score } from './match';
import type { Clause } from './text';
import { isAsking } from './text';
import type { ConversationFigures } from './types';

const SILENCE_MS = 3000;

/** Characters that count as speech for the speech rate: Chinese characters, letters and digits. */
function spokenChars(text: string): number {
  return (text.match(/[\u3400-\u9fff]|[a-zA-Z]+|\d/g) ?? []).length;
}

/** Total length of the union of intervals. */
function unionMs(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -1;
  let start = -1;
  for (const [s, e] of sorted) {
    if (s > end) {
      if (end > start) total += end - start;
      start = s;
      end = e;
    } else end = Math.max(end, e);
  }
  if (end > start) total += end - start;
  return total;
}

/** Conversation figures from the segment times (see ConversationFigures). */
export function conversationFigures(
  segments: TranscriptSegment[],
  durationMs: number,
  clauses: Clause[],
): ConversationFigures {
  const bySide = (who: Speaker) => segments.filter((s) => s.speaker === who);
  const agent = bySide('agent');
  const customer = bySide('customer');
  const talk = (list: TranscriptSegment[]) => unionMs(list.map((s) => [s.startMs, s.endMs]));
  const agentTalkMs = talk(agent);
  const customerTalkMs = talk(customer);
  const total = agentTalkMs + customerTalkMs;
  const rate = (list: TranscriptSegment[], ms: number) =>
    ms > 0 ? Math.round((list.reduce((n, s) => n + spokenChars(s.text), 0) / ms) * 60_000) : null;

  // Monologues: one speaker's consecutive segments, from the first start to the last end.
  let longestMonologueMs = 0;
  let longestMonologueSpeaker: Speaker | null = null;
  let runStart = 0;
  let runEnd = 0;
  let runSpeaker: Speaker | null = null;
  let interruptions = 0;
  let agentTurns = 0;
  let customerTurns = 0;
  let previousOther = { agent: -1, customer: -1 } as Record<Speaker, number>;
  for (const s of segments) {
    const other: Speaker = s.speaker === 'agent' ? 'customer' : 'agent';
    if (previousOther[other] > s.startMs) interruptions++;
    if (s.speaker !== runSpeaker) {
      if (s.speaker === 'agent') agentTurns++;
      else customerTurns++;
      runSpeaker = s.speaker;
      runStart = s.startMs;
      runEnd = s.endMs;
    } else runEnd = Math.max(runEnd, s.endMs);
    if (runEnd - runStart > longestMonologueMs) {
      longestMonologueMs = runEnd - runStart;
      longestMonologueSpeaker = s.speaker;
    }
    previousOther = { ...previousOther, [s.speaker]: Math.max(previousOther[s.speaker], s.endMs) };
  }

  // Silences: gaps between speech (any speaker) longer than 3 s.
  let silencesOver3s = 0;
  let longestSilenceMs = 0;
  let spokenUntil = -1;
  for (const s of [...segments].sort((a, b) => a.startMs - b.startMs)) {
    if (spokenUntil >= 0) {
      const gap = s.startMs - spokenUntil;
      if (gap > SILENCE_MS) silencesOver3s++;
      longestSilenceMs = Math.max(longestSilenceMs, gap);
    }
    spokenUntil = Math.max(spokenUntil, s.endMs);
  }

  const questions = (who: Speaker) => clauses.filter((c) => c.speaker === who && isAsking(c.text)).length;
  const sentiment = customerSentiment(clauses.filter((c) => c.speaker === 'customer'));
  return {
    durationMs: Math.max(
      durationMs,
      segments.reduce((n, s) => Math.max(n, s.endMs), 0),
    ),
    agentTalkMs,
    customerTalkMs,
    agentTalkRatio: total > 0 ? Math.round((agentTalkMs / total) * 1000) / 1000 : null,
    longestMonologueMs,
    longestMonologueSpeaker,
    agentCharsPerMinute: rate(agent, agentTalkMs),
    customerCharsPerMinute: rate(customer, customerTalkMs),
    interruptions,
    silencesOver3s,
    longestSilenceMs: Math.max(0, longestSilenceMs),
    agentQuestions: questions('agent'),
    customerQuestions: questions('customer'),
    agentTurns,
    customerTurns,
    customerSentiment: sentiment,
    customerSentimentLabel: sentiment > 0.15 ? 'positive' : sentiment < -0.15 ? 'negative' : 'neutral',
  };
}

/** Lexicon sentiment of the customer's clauses, -1..1: (positive − negative) / (positive + negative + 2). */
function customerSentiment(clauses: Clause[]): number {
  const positive = score(findHits(clauses, SENTIMENT_POSITIVE, { negatedBy: SENTIMENT_NEGATED, lookback: 3 }));
  const negative = score(findHits(clauses, SENTIMENT_NEGATIVE, { negatedBy: SENTIMENT_NEGATED, lookback: 3 }));
  // A negated positive word (不满意, 不好) is already a negative entry; negated negatives (不贵) count as mild praise.
  return Math.round(((positive - negative) / (positive + negative + 2)) * 100) / 100;
}
