import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sherpa } from '../sherpaRuntime';
import { speechIntervals } from '../vad';
import type { AsrEngine, EngineInput, EngineSegment } from './types';

/** Which model a directory holds, by its files (as the sherpa-onnx release archives lay them out). */
export function describeModelDir(dir: string | undefined): {
  kind: 'paraformer' | 'sense_voice';
  model: string;
  tokens: string;
} {
  if (!dir)
    throw new Error(
      '未设置 ASR_MODEL_DIR：请先运行 npm run models:download，或把 Paraformer-zh / SenseVoice 模型目录写入 ASR_MODEL_DIR',
    );
  if (!existsSync(dir)) throw new Error(`ASR_MODEL_DIR 目录不存在：${dir}`);
  const files = readdirSync(dir);
  const model = ['model.int8.onnx', 'model.onnx'].find((f) => files.includes(f));
  if (!model || !files.includes('tokens.txt'))
    throw new Error(`ASR_MODEL_DIR（${dir}）中缺少模型文件：需要 model.onnx（或 model.int8.onnx）和 tokens.txt`);
  const kind =
    /sense[-_]?voice/i.test(basename(dir)) || files.some((f) => /sense[-_]?voice/i.test(f))
      ? 'sense_voice'
      : 'paraformer';
  return { kind, model: join(dir, model), tokens: join(dir, 'tokens.txt') };
}

/**
 * Local, offline recognition with sherpa-onnx (OfflineRecognizer) and a Paraformer-zh or SenseVoice model from
 * ASR_MODEL_DIR. Long audio is cut at the pauses found by the Silero VAD and each stretch decoded on its own,
 * which also gives the segment times. These non-transducer models take no hot words.
 */
export class SherpaEngine implements AsrEngine {
  readonly name = 'sherpa' as const;
  private recognizer: any;
  private readonly model: ReturnType<typeof describeModelDir>;

  constructor(modelDir: string | undefined) {
    this.model = describeModelDir(modelDir);
  }

  /** Loads the model once, off the event loop (createAsync). */
  private async get() {
    if (this.recognizer) return this.recognizer;
    const s = sherpa();
    const m = this.model;
    this.recognizer = await s.OfflineRecognizer.createAsync({
      featConfig: { sampleRate: 16000, featureDim: 80 },
      modelConfig: {
        ...(m.kind === 'paraformer'
          ? { paraformer: { model: m.model } }
          : { senseVoice: { model: m.model, language: 'auto', useInverseTextNormalization: 1 } }),
        tokens: m.tokens,
        numThreads: Number(process.env.ASR_THREADS ?? 1),
        provider: 'cpu',
        debug: 0,
      },
    });
    return this.recognizer;
  }

  async transcribe(input: EngineInput): Promise<EngineSegment[]> {
    const rec = await this.get();
    const out: EngineSegment[] = [];
    for (const [startMs, endMs] of await speechIntervals(input.samples, input.sampleRate)) {
      const from = Math.floor((startMs / 1000) * input.sampleRate);
      const to = Math.min(input.samples.length, Math.ceil((endMs / 1000) * input.sampleRate));
      const stream = rec.createStream();
      stream.acceptWaveform({ sampleRate: input.sampleRate, samples: input.samples.slice(from, to) });
      const result = await rec.decodeAsync(stream);
      const text = String(result?.text ?? '')
        .replace(/<\|[^|]*\|>/g, '')
        .trim();
      if (text) out.push({ startMs, endMs, text });
    }
    return out;
  }
}
