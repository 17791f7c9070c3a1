import type { Transcript } from '@crm/core';
import { analyse, DEFAULT_RULES, type Evidence, INTENTION_CODE, keyMoments } from '../../lib/analyser';
import type { AnalysisRules } from '../../lib/analyser/types';

/**
 * A chat read by the call analyser: each text message (a voice message by its transcript) is a segment, the staff
 * side speaks as the agent and the customer as the customer; a segment's time is the message's offset from the
 * chat's first message. What is stored quotes message ids instead of segment numbers.
 */

export interface ChatLine {
  id: number;
  fromStaff: boolean;
  sentAt: Date;
  type: string;
  content: string;
  transcript: string | null;
}

export interface Quote {
  messageId: number | null;
  quote: string;
  text: string;
}

export interface StoredAnalysis {
  intention: number | null;
  intentionDegree: number;
  intentionQuotes: Quote[];
  complaint: boolean;
  complaintQuotes: Quote[];
  violations: { rule: string; kind: string; quotes: Quote[] }[];
  moments: { kind: string; quote: Quote }[];
  summary: string;
}

/** The readable text of a message, or null when it has none (an image, a recall). */
export function lineText(m: ChatLine): string | null {
  const t = m.type === 'voice' ? m.transcript || m.content : m.type === 'text' ? m.content : '';
  return t?.trim() ? t.trim() : null;
}

export function chatTranscript(lines: ChatLine[]): { transcript: Transcript; ids: number[] } {
  const kept = lines.filter((l) => lineText(l) !== null);
  const t0 = kept[0]?.sentAt.getTime() ?? 0;
  const ids: number[] = [];
  const segments = kept.map((l, i) => {
    ids.push(l.id);
    // offsets in ms, strictly increasing (several messages may share a second)
    const startMs = Math.max(l.sentAt.getTime() - t0, i * 10);
    const text = lineText(l)!;
    return { speaker: l.fromStaff ? ('agent' as const) : ('customer' as const), startMs, endMs: startMs + 5, text };
  });
  for (let i = 0; i < segments.length - 1; i++)
    if (segments[i + 1].startMs <= segments[i].startMs) segments[i + 1].startMs = segments[i].startMs + 10;
  for (const s of segments) s.endMs = s.startMs + Math.min(3000, 200 * s.text.length);
  return { transcript: { durationMs: segments.at(-1)?.endMs ?? 0, segments }, ids };
}

const quoteOf =
  (ids: number[]) =>
  (e: Evidence): Quote => ({
    messageId: ids[e.segment] ?? null,
    quote: e.quote ?? e.match ?? e.text,
    text: e.text,
  });

export function analyseChat(lines: ChatLine[], rules: AnalysisRules = DEFAULT_RULES): StoredAnalysis {
  const { transcript, ids } = chatTranscript(lines);
  const q = quoteOf(ids);
  if (!transcript.segments.length)
    return {
      intention: null,
      intentionDegree: 0,
      intentionQuotes: [],
      complaint: false,
      complaintQuotes: [],
      violations: [],
      moments: [],
      summary: '',
    };
  // a chat is no phone call: no carrier announcement, talk ratio or speech rate to judge
  const r = analyse(transcript, rules);
  const violations = new Map<string, StoredAnalysis['violations'][number]>();
  for (const v of r.violations.filter((x) => x.speaker === 'agent')) {
    const key = `${v.kind}:${v.rule}`;
    const item = violations.get(key) ?? { rule: v.rule, kind: v.kind, quotes: [] };
    item.quotes.push({
      messageId: ids[v.segment] ?? null,
      quote: v.text,
      text: transcript.segments[v.segment]?.text ?? v.text,
    });
    violations.set(key, item);
  }
  return {
    intention: r.intention ? INTENTION_CODE[r.intention] : null,
    intentionDegree: r.intentionDegree,
    intentionQuotes: r.intentionEvidence.map(q),
    complaint: r.complaint.value && !r.complaint.pending,
    complaintQuotes: r.complaint.evidence.map(q),
    violations: [...violations.values()],
    moments: keyMoments(transcript.segments, r).map((m) => ({ kind: m.kind, quote: q(m.evidence) })),
    summary: r.summary,
  };
}
