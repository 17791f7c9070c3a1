import type { AudioEvent } from '@crm/core/contract/guidance';
import WebSocket from 'ws';

/** Shared steps of the guidance tests and bench: the audio socket of one speaker of a session. */

export interface AudioClient {
  ws: WebSocket;
  events: AudioEvent[];
  /** Sends PCM in frames of `frameMs`, as a browser would (all at once: the server paces it). */
  send(pcm: Buffer, frameBytes?: number): void;
  end(): void;
  closed: Promise<void>;
}

export function audioUrl(port: number, sessionId: number, speaker: 'agent' | 'customer', token: string) {
  const q = new URLSearchParams({ sessionId: String(sessionId), speaker, token });
  return `ws://127.0.0.1:${port}/api/backend/aiGuidance/audio?${q}`;
}

export function openAudio(url: string): Promise<AudioClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const events: AudioEvent[] = [];
    const closed = new Promise<void>((r) => ws.once('close', () => r()));
    ws.on('message', (data) => events.push(JSON.parse(data.toString())));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        events,
        closed,
        send(pcm, frameBytes = 3200) {
          for (let i = 0; i < pcm.length; i += frameBytes) ws.send(pcm.subarray(i, i + frameBytes));
        },
        end() {
          ws.send(JSON.stringify({ type: 'end' }));
        },
      }),
    );
  });
}

export async function until<T>(
  what: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 10_000,
  label = 'condition',
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
