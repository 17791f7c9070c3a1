import { operatorFetch, readText } from '../../../platform/outbound';
import type { AsrConfig } from '../config';
import { type AsrEngine, type EngineInput, type EngineSegment, toWav } from './types';

/** Longest piece sent in one request (OpenAI's limit is 25 MB: 10 minutes of 16 kHz 16-bit mono is 19 MB). */
const PIECE_SECONDS = 600;

/**
 * Any OpenAI-compatible `/v1/audio/transcriptions` server (OpenAI, whisper.cpp server, faster-whisper-server,
 * vLLM, cloud services): multipart POST with `response_format=verbose_json`, whose `segments` give the times.
 * Hot words go in `prompt`, which Whisper-style models use as vocabulary context.
 */
export class OpenAiEngine implements AsrEngine {
  readonly name = 'openai' as const;
  constructor(
    private readonly cfg: AsrConfig['openai'],
    private readonly timeoutMs: number,
  ) {}

  async transcribe(input: EngineInput): Promise<EngineSegment[]> {
    const out: EngineSegment[] = [];
    const piece = PIECE_SECONDS * input.sampleRate;
    for (let start = 0; start < input.samples.length || start === 0; start += piece) {
      const samples = input.samples.subarray(start, start + piece);
      const offsetMs = Math.round((start / input.sampleRate) * 1000);
      for (const s of await this.request(samples, input, offsetMs)) out.push(s);
      if (samples.length < piece) break;
    }
    return out;
  }

  private async request(samples: Float32Array, input: EngineInput, offsetMs: number): Promise<EngineSegment[]> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(toWav(samples, input.sampleRate))], { type: 'audio/wav' }),
      `${input.name}.wav`,
    );
    form.append('model', this.cfg.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    if (this.cfg.language) form.append('language', this.cfg.language);
    if (input.hotWords.length) form.append('prompt', input.hotWords.join('，'));
    const url = `${this.cfg.baseUrl}/v1/audio/transcriptions`;
    let res: Response;
    let body: string;
    try {
      // ASR_OPENAI_BASE_URL is the operator's (environment): trusted, outside the outbound-address policy
      res = await operatorFetch(url, {
        method: 'POST',
        headers: this.cfg.apiKey ? { authorization: `Bearer ${this.cfg.apiKey}` } : {},
        body: form,
        timeoutMs: this.timeoutMs,
      });
      body = await readText(res, 32 * 1024 * 1024);
    } catch (e) {
      throw new Error(`语音识别服务无法连接（${url}）：${(e as Error).message}`);
    }
    if (!res.ok) throw new Error(`语音识别服务返回 HTTP ${res.status}：${body.slice(0, 300)}`);
    let json: {
      text?: string;
      duration?: number;
      segments?: { start: number; end: number; text: string; speaker?: string | number }[];
    };
    try {
      json = JSON.parse(body);
    } catch {
      throw new Error(`语音识别服务返回的不是 JSON：${body.slice(0, 200)}`);
    }
    if (Array.isArray(json.segments) && json.segments.length)
      return json.segments
        .filter((s) => s.text?.trim())
        .map((s) => ({
          startMs: offsetMs + Math.round(Number(s.start) * 1000),
          endMs: offsetMs + Math.round(Number(s.end) * 1000),
          text: s.text.trim(),
          speaker: s.speaker,
        }));
    const text = json.text?.trim();
    if (!text) return [];
    const durMs = Math.round((samples.length / input.sampleRate) * 1000);
    return [{ startMs: offsetMs, endMs: offsetMs + durMs, text }];
  }
}
