// A long call (10 minutes, about 150 segments by default) made of the sentences of evaluation transcripts, agent and
// customer taking turns: for timing the analysers on a call of realistic length and wording. Reads only the
// directories it is given (development splits, never a held-out one).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transcript, TranscriptSegment } from '@crm/core';

const FALLBACK = {
  agent: [
    '您好，我是星辰教育的课程顾问小王，请问您现在方便接听电话吗',
    '我们这周六上午有一节免费的体验课，您看带孩子过来试听一下？',
    '孩子现在几年级了，平时数学成绩怎么样',
  ],
  customer: ['你好，方便的，你说吧', '价格大概多少钱，一节课多长时间', '有点贵啊，我再考虑一下'],
};

function sentences(dirs: string[]): { agent: string[]; customer: string[] } {
  const out = { agent: [] as string[], customer: [] as string[] };
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.json') && n !== 'labels.json')
      .sort()) {
      try {
        const t = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Transcript;
        for (const s of t.segments) if (s.text.length >= 6) out[s.speaker].push(s.text);
      } catch {
        // a file being written right now
      }
    }
  }
  return out.agent.length && out.customer.length ? out : FALLBACK;
}

export function longCallFrom(dirs: string[], minutes = 10, segmentCount = 150): Transcript {
  const pool = sentences(dirs);
  const durationMs = minutes * 60_000;
  const slot = durationMs / segmentCount;
  const segments: TranscriptSegment[] = [];
  for (let i = 0; i < segmentCount; i++) {
    const speaker = i % 2 === 0 ? 'agent' : 'customer';
    const list = pool[speaker];
    const text = list[(i * 7919) % list.length];
    const startMs = Math.round(i * slot + 200);
    segments.push({ speaker, startMs, endMs: Math.round(startMs + Math.min(slot - 300, text.length * 230)), text });
  }
  return { durationMs, segments };
}
