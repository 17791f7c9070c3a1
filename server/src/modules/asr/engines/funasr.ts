import WebSocket from 'ws';
import type { AsrConfig } from '../config';
import { type AsrEngine, type EngineInput, type EngineSegment, joinText, toPcm16 } from './types';

/** Bytes of PCM per websocket frame (the FunASR clients send about 60 ms × 10 per frame in offline mode). */
const FRAME_BYTES = 16000 * 2 * 0.6;

interface FunAsrSentence {
  text?: string;
  text_seg?: string;
  punc?: string;
  start: number;
  end: number;
  spk?: number;
}
interface FunAsrResult {
  mode?: string;
  text?: string;
  is_final?: boolean;
  timestamp?: string | number[][];
  stamp_sents?: FunAsrSentence[];
}

/**
 * The FunASR runtime's websocket protocol, offline file transcription (funasr-runtime-sdk-cpu, `funasr_wss_server`):
 * a JSON start message, binary 16 kHz PCM frames, `{is_speaking:false}`, then one JSON result with `text` and
 * sentence timestamps (`stamp_sents`) or character timestamps (`timestamp`). Hot words as `{"word": weight}`.
 */
export class FunAsrEngine implements AsrEngine {
  readonly name = 'funasr' as const;
  constructor(
    private readonly cfg: AsrConfig['funasr'],
    private readonly timeoutMs: number,
  ) {}

  transcribe(input: EngineInput): Promise<EngineSegment[]> {
    const durationMs = Math.round((input.samples.length / input.sampleRate) * 1000);
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.cfg.url, { handshakeTimeout: 10000, rejectUnauthorized: false });
      let settled = false;
      const done = (err: Error | null, segs?: EngineSegment[]) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        ws.removeAllListeners('close');
        ws.close();
        if (err) reject(err);
        else resolve(segs ?? []);
      };
      const timer = setTimeout(() => done(new Error(`FunASR 识别超时（${this.timeoutMs / 1000} 秒）`)), this.timeoutMs);
      ws.on('error', (e) => done(new Error(`FunASR 服务无法连接（${this.cfg.url}）：${e.message}`)));
      ws.on('close', () => done(new Error('FunASR 服务在返回结果前关闭了连接')));
      ws.on('open', () => {
        const hotwords = input.hotWords.length
          ? JSON.stringify(Object.fromEntries(input.hotWords.map((w) => [w, 20])))
          : '';
        ws.send(
          JSON.stringify({
            mode: 'offline',
            chunk_size: [5, 10, 5],
            chunk_interval: 10,
            wav_name: input.name,
            wav_format: 'pcm',
            audio_fs: input.sampleRate,
            is_speaking: true,
            hotwords,
            itn: true,
          }),
        );
        const pcm = toPcm16(input.samples);
        for (let i = 0; i < pcm.length; i += FRAME_BYTES) ws.send(pcm.subarray(i, i + FRAME_BYTES));
        ws.send(JSON.stringify({ is_speaking: false }));
      });
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        let msg: FunAsrResult;
        try {
          msg = JSON.parse(data.toString());
        } catch {
          return done(new Error(`FunASR 返回的不是 JSON：${data.toString().slice(0, 200)}`));
        }
        if (msg.mode && msg.mode !== 'offline' && !msg.is_final) return;
        done(null, toSegments(msg, durationMs));
      });
    });
  }
}

export function toSegments(msg: FunAsrResult, durationMs: number): EngineSegment[] {
  if (Array.isArray(msg.stamp_sents) && msg.stamp_sents.length)
    return msg.stamp_sents
      .map((s) => ({
        startMs: Math.max(0, Math.round(s.start)),
        endMs: Math.round(s.end),
        text: joinText([`${s.text_seg ?? s.text ?? ''}`]) + (s.punc ?? ''),
        speaker: s.spk,
      }))
      .filter((s) => s.text);
  const text = (msg.text ?? '').trim();
  if (!text) return [];
  let stamps: number[][] = [];
  try {
    stamps = typeof msg.timestamp === 'string' ? JSON.parse(msg.timestamp) : (msg.timestamp ?? []);
  } catch {
    stamps = [];
  }
  const start = stamps.length ? stamps[0][0] : 0;
  const end = stamps.length ? stamps[stamps.length - 1][1] : durationMs;
  return [{ startMs: start, endMs: end, text }];
}
