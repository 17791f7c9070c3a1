import type { AudioMetrics, Speaker } from '@crm/core';
import { type Interval, mergeIntervals } from './vad';

/** A pause of at least this long where nobody speaks counts as a silence. */
export const SILENCE_MIN_MS = 3000;
/** The other side must speak at least this long inside a turn to end it (shorter is back-channel: 嗯, 对). */
const TURN_BREAK_MS = 1000;
/** Overlaps shorter than this are not counted as interruptions (VAD segments run a little past the speech). */
const OVERLAP_MIN_MS = 500;

const total = (l: Interval[]) => l.reduce((n, [s, e]) => n + (e - s), 0);

/**
 * Talk time per side, talk ratio, silences, longest monologue and interruptions from the speech intervals of each
 * side. Mono recordings pass the one channel as `agent` with `perChannel` false: talk is then not split by side.
 */
export function computeMetrics(
  durationMs: number,
  agent: Interval[],
  customer: Interval[],
  perChannel: boolean,
): AudioMetrics {
  const agentTalkMs = total(agent);
  const customerTalkMs = total(customer);
  const all = mergeIntervals([...agent, ...customer], 0);
  const speechMs = total(all);
  const silences: { startMs: number; endMs: number }[] = [];
  for (let i = 1; i < all.length; i++) {
    const gap = all[i][0] - all[i - 1][1];
    if (gap >= SILENCE_MIN_MS) silences.push({ startMs: all[i - 1][1], endMs: all[i][0] });
  }
  const overlaps: AudioMetrics['overlaps'] = [];
  if (perChannel) {
    const scan = (by: Speaker, mine: Interval[], other: Interval[]) => {
      for (const [s, e] of mine) {
        const hit = other.find(([os, oe]) => os < s && s < oe);
        if (hit && Math.min(e, hit[1]) - s >= OVERLAP_MIN_MS)
          overlaps.push({ startMs: s, endMs: Math.min(e, hit[1]), by });
      }
    };
    scan('agent', agent, customer);
    scan('customer', customer, agent);
    overlaps.sort((a, b) => a.startMs - b.startMs);
  }
  const [longestMonologueMs, longestMonologueSpeaker] = longestTurn(agent, customer, perChannel);
  return {
    durationMs,
    agentTalkMs,
    customerTalkMs,
    talkRatio:
      perChannel && agentTalkMs + customerTalkMs > 0
        ? Math.round((agentTalkMs / (agentTalkMs + customerTalkMs)) * 1000) / 1000
        : null,
    silenceMs: Math.max(0, durationMs - speechMs),
    silences,
    longestMonologueMs,
    longestMonologueSpeaker,
    overlaps,
    overlapCount: overlaps.length,
    perChannel,
    speech: { agent, customer },
  };
}

/** Longest stretch one side holds the floor: its speech joined across pauses in which the other side says little. */
function longestTurn(agent: Interval[], customer: Interval[], perChannel: boolean): [number, Speaker | null] {
  let best = 0;
  let who: Speaker | null = null;
  const sides: [Speaker, Interval[], Interval[]][] = perChannel
    ? [
        ['agent', agent, customer],
        ['customer', customer, agent],
      ]
    : [['agent', agent, []]];
  for (const [speaker, mine, other] of sides) {
    const breaks = other.filter(([s, e]) => e - s >= TURN_BREAK_MS);
    let cur: Interval | null = null;
    for (const iv of mine) {
      if (cur && !breaks.some(([s, e]) => s < iv[0] && e > cur![1]) && iv[0] - cur[1] < SILENCE_MIN_MS) cur[1] = iv[1];
      else cur = [iv[0], iv[1]];
      if (cur[1] - cur[0] > best) {
        best = cur[1] - cur[0];
        who = perChannel ? speaker : null;
      }
    }
  }
  return [best, who];
}
