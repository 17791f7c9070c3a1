import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { speech, stereoCall } from '../../test/recording';
import { decodeChannels } from '../recording';
import { loadAsrConfig } from './config';
import { createEngine, engineStatus } from './engines';
import { FunAsrEngine, toSegments } from './engines/funasr';
import { OpenAiEngine } from './engines/openai';
import { describeModelDir } from './engines/sherpa';
import { computeMetrics } from './metrics';
import { buildTranscript, parseTranscript, swapRoles, transcriptText } from './transcript';
import { speechIntervals } from './vad';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('openai engine against a fake /v1/audio/transcriptions', () => {
  it('posts multipart with model, verbose_json, language and hot words as prompt; maps segments', async () => {
    let seen: { auth?: string; body: string; ct?: string } | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (d) => chunks.push(d));
      req.on('end', () => {
        seen = {
          auth: req.headers.authorization,
          body: Buffer.concat(chunks).toString('latin1'),
          ct: req.headers['content-type'],
        };
        if (req.url !== '/v1/audio/transcriptions') return res.writeHead(404).end('no');
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            text: '您好 方便',
            segments: [
              { start: 0.2, end: 1.5, text: ' 您好' },
              { start: 2, end: 3.25, text: '方便 ', speaker: 'SPEAKER_01' },
            ],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(() => r())));
    const port = (server.address() as AddressInfo).port;
    const engine = new OpenAiEngine(
      { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk-test', model: 'whisper-large-v3', language: 'zh' },
      5000,
    );
    const segs = await engine.transcribe({
      samples: new Float32Array(16000),
      sampleRate: 16000,
      hotWords: ['小鹅通', '续费'],
      name: 't',
    });
    expect(segs).toEqual([
      { startMs: 200, endMs: 1500, text: '您好', speaker: undefined },
      { startMs: 2000, endMs: 3250, text: '方便', speaker: 'SPEAKER_01' },
    ]);
    expect(seen!.auth).toBe('Bearer sk-test');
    expect(seen!.ct).toContain('multipart/form-data');
    expect(seen!.body).toContain('whisper-large-v3');
    expect(seen!.body).toContain('verbose_json');
    expect(seen!.body).toContain('RIFF');
    expect(Buffer.from(seen!.body, 'latin1').toString('utf8')).toContain('小鹅通，续费');
  });

  it('reports HTTP errors and unreachable servers in Chinese', async () => {
    const server = createServer((_req, res) => res.writeHead(500).end('model not loaded'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => server.close(() => r())));
    const port = (server.address() as AddressInfo).port;
    const e1 = new OpenAiEngine({ baseUrl: `http://127.0.0.1:${port}`, apiKey: '', model: 'm', language: 'zh' }, 5000);
    await expect(
      e1.transcribe({ samples: new Float32Array(160), sampleRate: 16000, hotWords: [], name: 't' }),
    ).rejects.toThrow(/HTTP 500.*model not loaded/);
    const e2 = new OpenAiEngine({ baseUrl: 'http://127.0.0.1:1', apiKey: '', model: 'm', language: 'zh' }, 5000);
    await expect(
      e2.transcribe({ samples: new Float32Array(160), sampleRate: 16000, hotWords: [], name: 't' }),
    ).rejects.toThrow(/无法连接/);
  });
});

describe('funasr engine against a fake FunASR websocket server', () => {
  it('speaks the offline protocol: start message, PCM frames, is_speaking false; reads stamp_sents', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    closers.push(() => new Promise((r) => wss.close(() => r())));
    let start: any = null;
    let bytes = 0;
    let ended = false;
    wss.on('connection', (ws) => {
      ws.on('message', (data, isBinary) => {
        if (isBinary) {
          bytes += (data as Buffer).length;
          return;
        }
        const msg = JSON.parse(data.toString());
        if (!start) start = msg;
        else if (msg.is_speaking === false) {
          ended = true;
          ws.send(
            JSON.stringify({
              mode: 'offline',
              wav_name: start.wav_name,
              text: '您好，请问方便吗？',
              is_final: false,
              stamp_sents: [
                { text_seg: '您 好', punc: '，', start: 100, end: 900, ts_list: [] },
                { text_seg: '请 问 方 便 吗', punc: '？', start: 1000, end: 2400, ts_list: [] },
                {
                  text_seg: '已 关 机 sorry the subscriber is power off',
                  punc: '。',
                  start: 2500,
                  end: 3900,
                  ts_list: [],
                },
              ],
            }),
          );
        }
      });
    });
    await new Promise<void>((r) => wss.on('listening', () => r()));
    const port = (wss.address() as AddressInfo).port;
    const engine = new FunAsrEngine({ url: `ws://127.0.0.1:${port}` }, 5000);
    const segs = await engine.transcribe({
      samples: new Float32Array(32000),
      sampleRate: 16000,
      hotWords: ['小鹅通'],
      name: 'call1',
    });
    expect(start).toMatchObject({
      mode: 'offline',
      wav_name: 'call1',
      wav_format: 'pcm',
      audio_fs: 16000,
      is_speaking: true,
    });
    expect(JSON.parse(start.hotwords)).toEqual({ 小鹅通: 20 });
    expect(bytes).toBe(64000);
    expect(ended).toBe(true);
    expect(segs).toEqual([
      { startMs: 100, endMs: 900, text: '您好，', speaker: undefined },
      { startMs: 1000, endMs: 2400, text: '请问方便吗？', speaker: undefined },
      // no space between Chinese characters, the English words keep theirs
      { startMs: 2500, endMs: 3900, text: '已关机 sorry the subscriber is power off。', speaker: undefined },
    ]);
  });

  it('falls back to text and character timestamps; connection errors say so', async () => {
    expect(toSegments({ text: '好的', timestamp: '[[500,800],[800,1200]]' }, 3000)).toEqual([
      { startMs: 500, endMs: 1200, text: '好的' },
    ]);
    const engine = new FunAsrEngine({ url: 'ws://127.0.0.1:1' }, 3000);
    await expect(
      engine.transcribe({ samples: new Float32Array(160), sampleRate: 16000, hotWords: [], name: 'x' }),
    ).rejects.toThrow(/FunASR 服务无法连接/);
  });
});

describe('sherpa engine configuration', () => {
  it('says what is missing: no ASR_MODEL_DIR, a missing directory, missing files', () => {
    expect(() => describeModelDir(undefined)).toThrow(/未设置 ASR_MODEL_DIR/);
    expect(() => describeModelDir('/nonexistent/model')).toThrow(/目录不存在/);
    const dir = mkdtempSync(join(tmpdir(), 'sherpa-paraformer-'));
    expect(() => describeModelDir(dir)).toThrow(/缺少模型文件/);
    writeFileSync(join(dir, 'model.int8.onnx'), '');
    writeFileSync(join(dir, 'tokens.txt'), '');
    expect(describeModelDir(dir)).toMatchObject({ kind: 'paraformer', model: join(dir, 'model.int8.onnx') });
    const sv = mkdtempSync(join(tmpdir(), 'sherpa-onnx-sense-voice-zh-'));
    writeFileSync(join(sv, 'model.onnx'), '');
    writeFileSync(join(sv, 'tokens.txt'), '');
    expect(describeModelDir(sv).kind).toBe('sense_voice');
  });

  it('engine status: none configured, misconfigured, configured', () => {
    expect(engineStatus(loadAsrConfig({}))).toMatchObject({ configured: false, message: '未配置语音识别引擎' });
    expect(engineStatus(loadAsrConfig({ ASR_ENGINE: 'sherpa' }))).toMatchObject({
      configured: false,
      engine: 'sherpa',
    });
    expect(
      engineStatus(loadAsrConfig({ ASR_ENGINE: 'openai', ASR_OPENAI_BASE_URL: 'http://h:9000/v1' })).detail,
    ).toContain('http://h:9000/v1/audio/transcriptions');
    expect(createEngine(loadAsrConfig({}))).toBeNull();
    expect(() => loadAsrConfig({ ASR_ENGINE: 'whisper' })).toThrow(/无效/);
  });
});

describe('transcripts', () => {
  it('parses the JSON form and plain text with speaker prefixes', () => {
    const json = parseTranscript(
      JSON.stringify({
        durationMs: 5000,
        segments: [
          { speaker: 'customer', startMs: 2000, endMs: 3000, text: '好' },
          { speaker: 'agent', startMs: 0, endMs: 1500, text: '您好' },
        ],
      }),
      0,
    );
    expect(json.segments.map((s) => s.text)).toEqual(['您好', '好']);
    expect(() => parseTranscript('{"segments":[{"speaker":"boss","startMs":0,"endMs":1,"text":"x"}]}', 0)).toThrow(
      '转写文本第 1 句：说话方取值不正确',
    );
    const text = parseTranscript('销售：您好，请问是王先生吗\n客户：是的\n销售：我是小鹅通的顾问', 10000);
    expect(text.segments.map((s) => s.speaker)).toEqual(['agent', 'customer', 'agent']);
    expect(text.segments[2].endMs).toBeLessThanOrEqual(10000);
    expect(transcriptText(swapRoles(text.segments)).split('\n')[0]).toBe('客户：您好，请问是王先生吗');
  });

  it('labels mono engine speakers by first appearance, else one speaker', () => {
    const t = buildTranscript(4000, [
      {
        speaker: null,
        segments: [
          { startMs: 0, endMs: 1, text: 'a', speaker: 'S1' },
          { startMs: 2, endMs: 3, text: 'b', speaker: 'S0' },
        ],
      },
    ]);
    expect(t.segments.map((s) => s.speaker)).toEqual(['agent', 'customer']);
    const one = buildTranscript(4000, [{ speaker: null, segments: [{ startMs: 0, endMs: 1, text: 'a' }] }]);
    expect(one.segments[0].speaker).toBe('agent');
  });
});

describe('audio metrics', () => {
  it('computes talk, ratio, silences, monologue and interruptions from intervals', () => {
    const m = computeMetrics(
      20000,
      [
        [0, 4000],
        [4500, 8000],
        [15000, 16000],
      ],
      [
        [7000, 9000],
        [9500, 11000],
      ],
      true,
    );
    expect(m.agentTalkMs).toBe(8500);
    expect(m.customerTalkMs).toBe(3500);
    expect(m.talkRatio).toBeCloseTo(0.708, 2);
    expect(m.silences).toEqual([{ startMs: 11000, endMs: 15000 }]);
    expect(m.longestMonologueMs).toBe(8000);
    expect(m.longestMonologueSpeaker).toBe('agent');
    expect(m.overlaps).toEqual([{ startMs: 7000, endMs: 8000, by: 'customer' }]);
    const mono = computeMetrics(5000, [[0, 1000]], [], false);
    expect(mono.talkRatio).toBeNull();
    expect(mono.perChannel).toBe(false);
  });

  it('Silero VAD (sherpa-onnx) finds the speech of each channel of a stereo call', async () => {
    const call = stereoCall('您好，我是小王，请问您现在方便吗', '方便', 4, 2);
    const [left, right] = await decodeChannels(call, 'wav', 16000, 2);
    const l = await speechIntervals(left);
    const r = await speechIntervals(right);
    expect(l.length).toBeGreaterThan(0);
    expect(r.length).toBeGreaterThan(0);
    expect(r[0][0]).toBeGreaterThanOrEqual(3700);
    expect(l[0][0]).toBeLessThan(1500);
    const silent = await speechIntervals(new Float32Array(16000 * 3));
    expect(silent).toEqual([]);
    const mono = await decodeChannels(speech('你好'), 'wav', 16000, 1);
    expect(mono).toHaveLength(1);
  });
});
