import type { AsrStream } from './types';

/** Audio a stream may run ahead of the clock (a browser's buffers arrive in bursts). */
const AHEAD_MS = 300;

/**
 * Forwards PCM to the engine no faster than it is spoken: a streaming engine decodes in real time and its partial
 * results mean nothing for audio that arrives ahead of the clock (a browser flushing its buffer after a stall).
 * Audio that arrives late is sent at once; what runs ahead waits on a timer.
 */
export class PacedStream {
  private readonly bytesPerMs: number;
  private readonly queue: Buffer[] = [];
  private startedAt = 0;
  private sentBytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly target: AsrStream,
    sampleRate: number,
  ) {
    this.bytesPerMs = (sampleRate * 2) / 1000;
  }

  send(pcm: Buffer): void {
    if (!this.startedAt) this.startedAt = Date.now();
    this.queue.push(pcm);
    this.pump();
  }

  private pump(): void {
    if (this.timer) return;
    while (this.queue.length) {
      const allowed = (Date.now() - this.startedAt + AHEAD_MS) * this.bytesPerMs;
      if (this.sentBytes >= allowed) {
        const waitMs = Math.ceil((this.sentBytes - allowed) / this.bytesPerMs) + 1;
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, waitMs);
        return;
      }
      const chunk = this.queue.shift()!;
      this.sentBytes += chunk.length;
      this.target.send(chunk);
    }
  }

  /** Sends what is queued (at pace), then finishes the engine's stream. */
  async finish(): Promise<void> {
    while (this.queue.length) await new Promise((r) => setTimeout(r, 20));
    await this.target.finish();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.queue.length = 0;
    this.target.close();
  }
}
