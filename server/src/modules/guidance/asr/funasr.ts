import type WebSocket from 'ws';
import { openSocket } from './socket';
import { type AsrStream, FINISH_TIMEOUT_MS, type StreamingAsr, type StreamListener, type StreamOptions } from './types';

/** What the FunASR runtime sends back in 2pass mode. */
interface FunAsrMessage {
  mode?: string;
  text?: string;
  is_final?: boolean;
  timestamp?: string | number[][];
}

/**
 * The FunASR runtime's WebSocket protocol in 2pass mode (funasr-runtime-sdk-online, `funasr_wss_server_2pass`): a
 * first text message {mode: "2pass", chunk_size: [5, 10, 5], chunk_interval: 10, audio_fs, wav_name, is_speaking:
 * true, hotwords}, then binary 16-bit PCM, then {is_speaking: false}. "2pass-online" results are pieces of the
 * sentence being spoken (appended, shown as partial text); a "2pass-offline" result is the finished sentence, which
 * replaces them.
 */
export class FunAsrStreaming implements StreamingAsr {
  readonly name = 'funasr' as const;
  constructor(private readonly url: string) {}

  async open(o: StreamOptions, on: StreamListener): Promise<AsrStream> {
    const ws = await openSocket(this.url, '', 'FunASR');
    ws.send(
      JSON.stringify({
        mode: '2pass',
        chunk_size: [5, 10, 5],
        chunk_interval: 10,
        audio_fs: o.sampleRate,
        wav_name: o.name,
        wav_format: 'pcm',
        is_speaking: true,
        hotwords: o.hotwords.length ? JSON.stringify(Object.fromEntries(o.hotwords.map((w) => [w, 20]))) : '',
        itn: true,
      }),
    );
    return new FunAsrStream(ws, o.sampleRate, on);
  }
}

class FunAsrStream implements AsrStream {
  private online = '';
  private sentBytes = 0;
  private lastEndMs = 0;
  private finished: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly sampleRate: number,
    private readonly on: StreamListener,
  ) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.receive(data.toString());
    });
    ws.on('error', (e) => this.fail(new Error(`FunASR 实时识别出错：${e.message}`)));
    ws.on('close', () => {
      if (this.finished) this.finished();
      else this.fail(new Error('FunASR 实时识别服务断开了连接'));
    });
  }

  private fail(err: Error) {
    if (this.closed) return;
    this.closed = true;
    this.on.error(err);
  }

  private receive(text: string) {
    let msg: FunAsrMessage;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    const piece = (msg.text ?? '').trim();
    if (msg.mode === '2pass-online' || msg.mode === 'online') {
      if (piece) {
        this.online += piece;
        this.on.partial(this.online);
      }
    } else if (msg.mode === '2pass-offline' || msg.mode === 'offline') {
      this.online = '';
      if (piece) this.on.sentence({ text: piece, ...this.timesOf(msg) });
    }
    if (msg.is_final && this.finished) this.finished();
  }

  /** The sentence's times from its character timestamps, else from the audio sent so far. */
  private timesOf(msg: FunAsrMessage): { startMs: number; endMs: number } {
    let stamps: number[][] = [];
    try {
      stamps = typeof msg.timestamp === 'string' ? JSON.parse(msg.timestamp) : (msg.timestamp ?? []);
    } catch {
      stamps = [];
    }
    const sentMs = Math.round((this.sentBytes / 2 / this.sampleRate) * 1000);
    const startMs = stamps.length ? stamps[0][0] : this.lastEndMs;
    const endMs = stamps.length ? stamps[stamps.length - 1][1] : sentMs;
    this.lastEndMs = Math.max(this.lastEndMs, endMs);
    return { startMs, endMs: Math.max(startMs, endMs) };
  }

  send(pcm: Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.sentBytes += pcm.length;
    this.ws.send(pcm);
  }

  finish(): Promise<void> {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), FINISH_TIMEOUT_MS);
      const done = () => {
        if (!this.finished) return;
        this.finished = null;
        clearTimeout(timer);
        this.closed = true;
        this.ws.close();
        resolve();
      };
      this.finished = done;
      this.ws.send(JSON.stringify({ is_speaking: false }));
    });
  }

  close(): void {
    this.closed = true;
    this.ws.terminate();
  }
}
