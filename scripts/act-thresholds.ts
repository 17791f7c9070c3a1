// Development aid (issue 23): what the learned agent-act layer would add over the rules on the TRAIN or DEV split,
// with every act threshold lowered to 0.05 — each added violation's calibrated score and whether the call carries
// it (+) or not (-) — to choose ACT_THRESHOLDS (layers.ts) above the negatives. Refuses the holdout.
// `node --import tsx scripts/act-thresholds.ts dev|train`
import { loadSplit } from '../bench/analysis/corpus';
import { analyse } from '../server/src/lib/analyser/analyse';
import { DEFAULT_RULES } from '../server/src/lib/analyser/defaults';
import { ACT_THRESHOLDS } from '../server/src/lib/analyser/layers';

const split = process.argv[2] ?? 'dev';
if (split !== 'train' && split !== 'dev') throw new Error('train or dev only: the holdout is never studied');
for (const k of Object.keys(ACT_THRESHOLDS) as (keyof typeof ACT_THRESHOLDS)[]) ACT_THRESHOLDS[k] = 0.05;
const added = new Map<string, string[]>();
for (const c of loadSplit(split)) {
  if (!c.transcript) continue;
  for (const v of analyse(c.transcript, DEFAULT_RULES).violations) {
    if (v.layer !== 'model') continue;
    const list = added.get(v.rule) ?? [];
    list.push(`${(v.score ?? 0).toFixed(2)}${c.label.violations.includes(v.rule) ? '+' : '-'}`);
    added.set(v.rule, list);
  }
}
for (const [rule, list] of added) console.log(rule, list.sort().reverse().slice(0, 12).join(' '));
