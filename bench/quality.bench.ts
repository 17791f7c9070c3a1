// `npm run bench -- quality`: SOP item detection of the standard rule on the hand-marked evaluation set
// (bench/quality/eval: dev and holdout, aggregates only), and the time to check one 10-minute call against 50 SOP
// rules. Only the SOP matcher is timed: forbidden-word lists and regex rules are another module's checkers.
import { compileSop } from '../server/src/modules/quality/sop/compile';
import { matchSop } from '../server/src/modules/quality/sop/match';
import { longCall } from './quality/longCall';
import { ruleSet } from './quality/ruleSet';
import { figuresOf, flatten, matchSplit, precision, recall } from './quality/sopEval';
import { percentile, report } from './report';

const unitOf = (name: string) =>
  name.endsWith('calls') || name.endsWith('errors') || name.endsWith('positives') ? 'calls' : 'ratio';

/** Time to match one call against every rule: p50 and p95 over `runs` runs, each on a fresh copy of the call. */
export function checkPerCallMs(runs = 200, rules = 50): { p50: number; p95: number; segments: number } {
  const compiled = ruleSet(rules).map(compileSop);
  const call = longCall();
  // A fresh copy per run: folding a sentence is cached per segment object, and a new call has none cached.
  const copy = () => ({ durationMs: call.durationMs, segments: call.segments.map((s) => ({ ...s })) });
  for (let i = 0; i < 20; i++) for (const rule of compiled) matchSop(copy(), rule);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const transcript = copy();
    const t = performance.now();
    for (const rule of compiled) matchSop(transcript, rule);
    samples.push(performance.now() - t);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), segments: call.segments.length };
}

export default async function run() {
  const dev = figuresOf(matchSplit('dev'));
  const holdout = figuresOf(matchSplit('holdout'));
  for (const [name, value] of flatten(dev)) report('quality', `dev.${name}`, value, unitOf(name));
  for (const [name, value] of flatten(holdout)) report('quality', `holdout.${name}`, value, unitOf(name));
  const p = precision(holdout.all);
  const r = recall(holdout.all);
  if (p !== null) report('quality', 'sop.precision', p, 'ratio');
  if (r !== null) report('quality', 'sop.recall', r, 'ratio');
  const speed = checkPerCallMs();
  report('quality', 'check_per_call_ms.p50', speed.p50, 'ms');
  report('quality', 'check_per_call_ms.p95', speed.p95, 'ms');
}
