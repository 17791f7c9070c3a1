/** One stretch of recognised speech from an engine: times in ms from the start of the audio given to it. */
export interface EngineSegment {
  startMs: number;
  endMs: number;
  text: string;
  /** The engine's own speaker label (diarisation), when it gives one. */
  speaker?: string | number;
}

export interface EngineInput {
  /** Mono 16 kHz samples in [-1, 1]. */
  samples: Float32Array;
  sampleRate: 16000;
  hotWords: string[];
  /** Name for logs and protocols that want one. */
  name: string;
}

/** A speech-to-text engine: one audio channel in, timed segments out. */
export interface AsrEngine {
  readonly name: 'sherpa' | 'openai' | 'funasr';
  transcribe(input: EngineInput): Promise<EngineSegment[]>;
}

/** Float samples to 16-bit little-endian PCM bytes. */
export function toPcm16(samples: Float32Array): Buffer {
  const buf = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]));
    buf.writeInt16LE(Math.round(v < 0 ? v * 32768 : v * 32767), i * 2);
  }
  return buf;
}

/** A WAV file (16-bit PCM, mono) around the samples. */
export function toWav(samples: Float32Array, sampleRate: number): Buffer {
  const pcm = toPcm16(samples);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + pcm.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([h, pcm]);
}

/** Joins recognised pieces: no space between Chinese characters, one between Latin words. */
export function joinText(parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/(?<=[\u3000-\u9fff\uff00-\uffef])\s+(?=[\u3000-\u9fff\uff00-\uffef])/g, '');
}
