import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { openSocket } from './socket';
import { type AsrStream, FINISH_TIMEOUT_MS, type StreamingAsr, type StreamListener, type StreamOptions } from './types';

interface DashScopeEvent {
  header?: { event?: string; task_id?: string; error_code?: string; error_message?: string };
  payload?: {
    output?: { sentence?: { begin_time?: number; end_time?: number | null; text?: string; sentence_end?: boolean } };
  };
}

/**
 * DashScope's realtime Paraformer (Aliyun Model Studio) over its WebSocket inference API: `Authorization: bearer
 * <DASHSCOPE_API_KEY>`; a `run-task` message (task_group audio, task asr, function recognition, the model, format pcm,
 * sample_rate), then after `task-started` the audio as binary frames, then `finish-task`. `result-generated` events
 * carry the sentence so far (`sentence_end: false`, partial) and the finished one (`sentence_end: true`);
 * `task-finished` ends the task, `task-failed` says why it failed.
 */
export class DashScopeStreaming implements StreamingAsr {
  readonly name = 'dashscope' as const;
  constructor(private readonly cfg: { apiKey: string; wsUrl: string; model: string }) {}

  async open(o: StreamOptions, on: StreamListener): Promise<AsrStream> {
    if (!this.cfg.apiKey) throw new Error('未配置 DASHSCOPE_API_KEY，无法使用 DashScope 实时识别');
    const ws = await openSocket(this.cfg.wsUrl, '', 'DashScope', {
      Authorization: `bearer ${this.cfg.apiKey}`,
      'X-DashScope-DataInspection': 'enable',
    });
    const taskId = randomUUID().replace(/-/g, '');
    const model =
      o.sampleRate === 8000 && !this.cfg.model.includes('8k') ? 'paraformer-realtime-8k-v2' : this.cfg.model;
    const stream = new DashScopeStream(ws, taskId, on);
    ws.send(
      JSON.stringify({
        header: { action: 'run-task', task_id: taskId, streaming: 'duplex' },
        payload: {
          task_group: 'audio',
          task: 'asr',
          function: 'recognition',
          model,
          parameters: { format: 'pcm', sample_rate: o.sampleRate },
          input: {},
        },
      }),
    );
    await stream.started;
    return stream;
  }
}

class DashScopeStream implements AsrStream {
  readonly started: Promise<void>;
  private finished: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly taskId: string,
    private readonly on: StreamListener,
  ) {
    let begin: { resolve: () => void; reject: (e: Error) => void } | null = null;
    this.started = new Promise((resolve, reject) => {
      begin = { resolve, reject };
    });
    const startTimer = setTimeout(() => begin?.reject(new Error('DashScope 实时识别任务启动超时')), 10_000);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let e: DashScopeEvent;
      try {
        e = JSON.parse(data.toString());
      } catch {
        return;
      }
      const event = e.header?.event;
      if (event === 'task-started') {
        clearTimeout(startTimer);
        begin?.resolve();
        begin = null;
      } else if (event === 'result-generated') {
        const s = e.payload?.output?.sentence;
        const text = (s?.text ?? '').trim();
        if (!s || !text) return;
        if (s.sentence_end) {
          const startMs = s.begin_time ?? 0;
          this.on.sentence({ text, startMs, endMs: Math.max(startMs, s.end_time ?? startMs) });
        } else this.on.partial(text);
      } else if (event === 'task-finished') {
        this.finished?.();
      } else if (event === 'task-failed') {
        const err = new Error(
          `DashScope 实时识别失败：${e.header?.error_message ?? e.header?.error_code ?? '未知错误'}`,
        );
        clearTimeout(startTimer);
        if (begin) begin.reject(err);
        else this.fail(err);
        ws.close();
      }
    });
    ws.on('error', (err) => this.fail(new Error(`DashScope 实时识别出错：${err.message}`)));
    ws.on('close', () => {
      clearTimeout(startTimer);
      begin?.reject(new Error('DashScope 实时识别服务断开了连接'));
      if (this.finished) this.finished();
      else this.fail(new Error('DashScope 实时识别服务断开了连接'));
    });
  }

  private fail(err: Error) {
    if (this.closed) return;
    this.closed = true;
    this.on.error(err);
  }

  send(pcm: Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
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
      this.ws.send(
        JSON.stringify({
          header: { action: 'finish-task', task_id: this.taskId, streaming: 'duplex' },
          payload: { input: {} },
        }),
      );
    });
  }

  close(): void {
    this.closed = true;
    this.ws.terminate();
  }
}
