// `npm run bench -- analysis`: quality of the built-in analyser on the labelled evaluation set (dev splits and
// holdout, aggregates only), its speed on a 10-minute call, and — where bench/analysis/pipeline.ts exists — the
// pipeline's throughput.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { analyse } from '../server/src/lib/analyser/analyse';
import { DEFAULT_RULES } from '../server/src/lib/analyser/defaults';
import { jieba } from '../server/src/lib/analyser/keywords';
import { longCall } from './analysis/longCall';
import { flatten, qualityFigures } from './analysis/quality';
import { percentile, report } from './report';

const unitOf = (name: string) => (name === 'calls' || name === 'errors' ? 'calls' : 'ratio');

/** Loading jieba's dictionaries, once per process (measured before anything else uses them). */
export function jiebaLoadMs(): number {
  const t0 = performance.now();
  jieba();
  return performance.now() - t0;
}

/** Per-call time of the analyser on a generated 10-minute call: p50 and p95 over 200 runs, jieba loaded first. */
export function perCallMs(runs = 200): { p50: number; p95: number; segments: number } {
  jieba();
  const call = longCall();
  for (let i = 0; i < 10; i++) analyse(call, DEFAULT_RULES);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    analyse(call, DEFAULT_RULES);
    samples.push(performance.now() - t);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), segments: call.segments.length };
}

export default async function run() {
  const loadMs = jiebaLoadMs();
  const { dev, holdout } = qualityFigures();
  for (const [name, value] of flatten(dev)) report('analysis', `dev.${name}`, value, unitOf(name));
  for (const [name, value] of flatten(holdout)) report('analysis', `holdout.${name}`, value, unitOf(name));
  const speed = perCallMs();
  report('analysis', 'jieba_load_ms', loadMs, 'ms');
  report('analysis', 'per_call_ms.p50', speed.p50, 'ms');
  report('analysis', 'per_call_ms.p95', speed.p95, 'ms');
  const pipeline = join(import.meta.dirname, 'analysis', 'pipeline.ts');
  if (existsSync(pipeline)) {
    const mod = await import(pipeline);
    if (typeof mod.default === 'function') await mod.default();
  }
}
