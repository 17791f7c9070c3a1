import { sherpa, sileroModelPath } from './sherpaRuntime';

export type Interval = [number, number];

export interface VadOptions {
  threshold?: number;
  /** Silence (s) that ends a stretch of speech. */
  minSilence?: number;
  /** Shortest speech (s) kept. */
  minSpeech?: number;
}

/**
 * Voice activity of one channel with the Silero VAD model run by sherpa-onnx: the stretches of speech, in ms.
 * `samples` are mono 16 kHz in [-1, 1]. Runs on the calling thread, yielding to the event loop now and then.
 */
export async function speechIntervals(
  samples: Float32Array,
  sampleRate = 16000,
  opts: VadOptions = {},
): Promise<Interval[]> {
  const s = sherpa();
  const windowSize = sampleRate === 8000 ? 256 : 512;
  const vad = new s.Vad(
    {
      sileroVad: {
        model: sileroModelPath(),
        threshold: opts.threshold ?? 0.5,
        minSilenceDuration: opts.minSilence ?? 0.3,
        minSpeechDuration: opts.minSpeech ?? 0.15,
        maxSpeechDuration: 30,
        windowSize,
      },
      sampleRate,
      numThreads: 1,
      debug: 0,
    },
    60,
  );
  const out: Interval[] = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const seg = vad.front(false);
      const start = Math.round((seg.start / sampleRate) * 1000);
      out.push([start, start + Math.round((seg.samples.length / sampleRate) * 1000)]);
      vad.pop();
    }
  };
  const step = windowSize * 32;
  for (let i = 0, n = 0; i < samples.length; i += step, n++) {
    vad.acceptWaveform(samples.subarray(i, Math.min(samples.length, i + step)));
    drain();
    // Let the event loop breathe (HTTP, job heartbeats) every ~30 s of audio.
    if (n % 30 === 29) await new Promise((r) => setImmediate(r));
  }
  vad.flush();
  drain();
  return mergeIntervals(out, 0);
}

/** Sorted union of intervals, joining those closer than `gapMs`. */
export function mergeIntervals(list: Interval[], gapMs: number): Interval[] {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + gapMs) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
