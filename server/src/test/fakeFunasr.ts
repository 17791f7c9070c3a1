import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A local FunASR runtime for tests and the bench, speaking its WebSocket protocol in 2pass mode. It checks the audio
 * it receives, as the real server would need it: the first message is the JSON start ({mode: "2pass", chunk_size,
 * chunk_interval, audio_fs 8000 or 16000, wav_name, is_speaking: true}), then binary 16-bit PCM arriving no faster
 * than real time at that sample rate, then {is_speaking: false}. It replays a recorded sequence of results: each step
 * is sent once the audio received reaches its time ("2pass-online" pieces, then the "2pass-offline" sentence), the
 * rest at the end, then a final message with is_final.
 */

export interface FakeStep {
  /** Audio position (ms of PCM received) at which the result is sent. */
  atMs: number;
  mode: '2pass-online' | '2pass-offline';
  text: string;
  /** Character times of an offline sentence, as FunASR sends them. */
  timestamp?: number[][];
}

export interface FakeConnection {
  start: Record<string, unknown> | null;
  /** What was wrong with the stream (empty: everything as the protocol wants). */
  problems: string[];
  bytes: number;
  /** How far the audio ran ahead of real time at its worst (ms). */
  maxAheadMs: number;
  ended: boolean;
  /** The results sent, each with when (epoch ms). */
  sent: (FakeStep & { at: number })[];
}

export interface FakeFunAsr {
  url: string;
  connections: FakeConnection[];
  close(): Promise<void>;
}

/** Audio may run ahead of the clock by this much (network and timer jitter) before it counts as too fast. */
const AHEAD_SLACK_MS = 1500;

/** A recorded 2pass sequence for some sentences: two online pieces each, then the sentence, one every `gapMs`. */
export function recordedSteps(sentences: string[], gapMs = 1200): FakeStep[] {
  return sentences.flatMap((text, i) => {
    const at = (i + 1) * gapMs;
    const half = Math.ceil(text.length / 2);
    return [
      { atMs: at - gapMs / 2, mode: '2pass-online' as const, text: text.slice(0, half) },
      { atMs: at - gapMs / 4, mode: '2pass-online' as const, text: text.slice(half) },
      {
        atMs: at,
        mode: '2pass-offline' as const,
        text,
        timestamp: [
          [at - gapMs + 100, at - gapMs + 300],
          [at - 300, at - 100],
        ],
      },
    ];
  });
}

export async function fakeFunAsr(script: (start: Record<string, unknown>) => FakeStep[]): Promise<FakeFunAsr> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const connections: FakeConnection[] = [];
  wss.on('connection', (ws: WebSocket) => {
    const c: FakeConnection = { start: null, problems: [], bytes: 0, maxAheadMs: 0, ended: false, sent: [] };
    connections.push(c);
    let steps: FakeStep[] = [];
    let firstAt = 0;
    let rate = 16000;
    const send = (s: FakeStep, final = false) => {
      c.sent.push({ ...s, at: Date.now() });
      ws.send(
        JSON.stringify({
          mode: s.mode,
          text: s.text,
          wav_name: c.start?.wav_name,
          is_final: final,
          ...(s.timestamp ? { timestamp: JSON.stringify(s.timestamp) } : {}),
        }),
      );
    };
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        let msg: Record<string, unknown>;
        try {
          msg = JSON.parse(data.toString());
        } catch {
          c.problems.push('text message is not JSON');
          return;
        }
        if (!c.start) {
          c.start = msg;
          if (msg.mode !== '2pass') c.problems.push(`mode ${msg.mode}`);
          if (msg.audio_fs !== 8000 && msg.audio_fs !== 16000) c.problems.push(`audio_fs ${msg.audio_fs}`);
          if (JSON.stringify(msg.chunk_size) !== '[5,10,5]') c.problems.push('chunk_size');
          if (msg.is_speaking !== true) c.problems.push('is_speaking not true at the start');
          if (typeof msg.wav_name !== 'string') c.problems.push('no wav_name');
          rate = Number(msg.audio_fs) || 16000;
          steps = [...script(msg)];
          return;
        }
        if (msg.is_speaking === false) {
          c.ended = true;
          for (const s of steps.splice(0)) send(s);
          send({ atMs: 0, mode: '2pass-offline', text: '' }, true);
        }
        return;
      }
      if (!c.start) c.problems.push('audio before the start message');
      const pcm = data as Buffer;
      if (pcm.length % 2) c.problems.push('odd byte count: not 16-bit PCM');
      const now = Date.now();
      if (!firstAt) firstAt = now;
      c.bytes += pcm.length;
      const audioMs = (c.bytes / 2 / rate) * 1000;
      const ahead = audioMs - (now - firstAt);
      c.maxAheadMs = Math.max(c.maxAheadMs, ahead);
      if (ahead > AHEAD_SLACK_MS && !c.problems.includes('audio faster than real time'))
        c.problems.push('audio faster than real time');
      while (steps.length && steps[0].atMs <= audioMs) send(steps.shift()!);
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

/** `ms` of 16-bit PCM silence-ish noise at `rate` (the fake does not listen to it, only counts it). */
export const pcmOf = (ms: number, rate = 16000) => Buffer.alloc(Math.round((rate * ms) / 1000) * 2, 1);
