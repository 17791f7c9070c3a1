// `npm run bench -- analysis`: quality of the built-in analyser on the labelled evaluation set (train, dev and
// holdout, aggregates only; the summary's ROUGE-1 on the holdout; the learning curve of learn()), its speed on a 10-minute call, and — where bench/analysis/pipeline.ts exists — the
// pipeline's throughput.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { analyse } from '../server/src/lib/analyser/analyse';
import { DEFAULT_RULES } from '../server/src/lib/analyser/defaults';
import { jieba } from '../server/src/lib/analyser/keywords';
import { longCall } from './analysis/longCall';
import { flatten, learningCurve, type QualityFigures, qualityFigures, SPLITS, summaryRouge } from './analysis/quality';
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

/**
 * The splits asked for by `--splits=train,dev` (all by default): while tuning, the holdout is left out so that its
 * figures are not seen (its summary and learning curve are then skipped too).
 */
export function wantedSplits(argv = process.argv): (typeof SPLITS)[number][] {
  const arg = argv.find((a) => a.startsWith('--splits='));
  if (!arg) return [...SPLITS];
  const names = arg.slice('--splits='.length).split(',');
  return SPLITS.filter((s) => names.includes(s));
}

export default async function run() {
  const loadMs = jiebaLoadMs();
  const splits = wantedSplits();
  const figures = qualityFigures(undefined, {}, splits);
  for (const split of splits)
    for (const [name, value] of flatten(figures[split] as QualityFigures))
      report('analysis', `${split}.${name}`, value, unitOf(name));
  if (splits.includes('holdout')) {
    const summary = summaryRouge('holdout');
    if (summary !== null) report('analysis', 'holdout.summary.rouge1', summary, 'ratio');
    for (const [n, recall] of learningCurve())
      report('analysis', `learning.complaint_recall_at_fpr10.${n}`, recall, 'ratio');
  }
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
