// `npm run train:analyser`: trains the analyser's base model (its learned layer, issue 23) from the TRAIN split of
// the labelled corpus only, deterministically (no randomness, no download), and writes
// server/src/lib/analyser/model/base.json, which the analyser loads. Dev and holdout are never read here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSplit } from '../bench/analysis/corpus';
import { trainBase } from '../server/src/lib/analyser/model/train';

const calls = loadSplit('train').filter((c) => c.transcript);
const t0 = performance.now();
const model = trainBase(
  calls.map((c) => ({
    transcript: c.transcript as NonNullable<typeof c.transcript>,
    swapped: c.label.swapped ?? false,
    marks: c.label.marks,
    labels: {
      intention: c.label.intention,
      tags: c.label.tags,
      violation: c.label.violations,
    },
  })),
);
const file = join(import.meta.dirname, '../server/src/lib/analyser/model/base.json');
writeFileSync(file, `${JSON.stringify(model)}\n`);
const weights = Object.values(model.heads).reduce((n, h) => n + Object.keys(h.weights).length, 0);
console.log(
  JSON.stringify({
    calls: calls.length,
    heads: Object.keys(model.heads).length,
    weights,
    ms: Math.round(performance.now() - t0),
    file,
  }),
);
