import { type Speaker, SpeakerLabel, type Transcript, type TranscriptSegment } from '@crm/core';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import type { EngineSegment } from './engines/types';

const SegmentSchema = z.object({
  speaker: z.enum(['agent', 'customer']),
  startMs: z.number().int().min(0),
  endMs: z.number().int().min(0),
  text: z.string(),
});
const TranscriptSchema = z.object({ durationMs: z.number().int().min(0).optional(), segments: z.array(SegmentSchema) });

const AGENT_NAMES = /^(销售|坐席|客服|员工|agent|sales|a)\s*[:：]\s*/i;
const CUSTOMER_NAMES = /^(客户|顾客|用户|customer|client|b)\s*[:：]\s*/i;

/**
 * A transcript uploaded with its recording: the JSON form of DESIGN.md section 6, or plain text. Plain text lines
 * may start with 销售： / 客户： (or 坐席、客服 / 顾客、用户); their times are spread over the audio by length.
 */
export function parseTranscript(input: string, durationMs: number): Transcript {
  const raw = input.trim();
  if (!raw) throw badRequest('transcript：转写文本为空');
  if (raw.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw badRequest('transcript：不是有效的 JSON');
    }
    const parsed = TranscriptSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const sentence = issue.path[0] === 'segments' && typeof issue.path[1] === 'number' ? issue.path[1] + 1 : null;
      throw badRequest(
        `transcript.${issue.path.join('.')}：转写文本${sentence ? `第 ${sentence} 句` : ''}：${issue.message}`,
      );
    }
    return normalise({ durationMs: parsed.data.durationMs ?? durationMs, segments: parsed.data.segments });
  }
  const lines = raw
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const items = lines.map((line) => {
    if (AGENT_NAMES.test(line)) return { speaker: 'agent' as Speaker, text: line.replace(AGENT_NAMES, '') };
    if (CUSTOMER_NAMES.test(line)) return { speaker: 'customer' as Speaker, text: line.replace(CUSTOMER_NAMES, '') };
    return { speaker: 'agent' as Speaker, text: line };
  });
  const chars = items.reduce((n, i) => n + Math.max(1, i.text.length), 0);
  let at = 0;
  const span = durationMs || chars * 250;
  const segments = items.map((i) => {
    const len = Math.round((Math.max(1, i.text.length) / chars) * span);
    const seg = { speaker: i.speaker, startMs: at, endMs: at + len, text: i.text };
    at += len;
    return seg;
  });
  return { durationMs: durationMs || span, segments };
}

function normalise(t: Transcript): Transcript {
  const segments = t.segments
    .map((s) => ({ ...s, text: s.text.trim(), endMs: Math.max(s.endMs, s.startMs) }))
    .filter((s) => s.text)
    .sort((a, b) => a.startMs - b.startMs);
  return { durationMs: t.durationMs, segments };
}

/**
 * The transcript from the engine's answer for each channel. Stereo: the agent's channel gives agent segments.
 * Mono: the engine's speaker labels (first heard is the agent), or one speaker (agent) when it gives none.
 */
export function buildTranscript(
  durationMs: number,
  channels: { speaker: Speaker | null; segments: EngineSegment[] }[],
): Transcript {
  const segments: TranscriptSegment[] = [];
  for (const ch of channels) {
    const labels: (string | number)[] = [];
    for (const s of ch.segments) {
      let speaker: Speaker = ch.speaker ?? 'agent';
      if (!ch.speaker && s.speaker !== undefined && s.speaker !== null && s.speaker !== '') {
        if (!labels.includes(s.speaker)) labels.push(s.speaker);
        speaker = labels.indexOf(s.speaker) === 0 ? 'agent' : 'customer';
      }
      segments.push({ speaker, startMs: s.startMs, endMs: s.endMs, text: s.text });
    }
  }
  return normalise({ durationMs, segments });
}

export function swapRoles(segments: TranscriptSegment[]): TranscriptSegment[] {
  return segments.map((s) => ({ ...s, speaker: s.speaker === 'agent' ? 'customer' : 'agent' }));
}

/** Plain text of a transcript, one line per segment: `销售：……`. */
export function transcriptText(segments: TranscriptSegment[]): string {
  return segments.map((s) => `${SpeakerLabel[s.speaker]}：${s.text}`).join('\n');
}
