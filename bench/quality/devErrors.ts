// `node --import tsx bench/quality/devErrors.ts [item]`: the standard rule's misses and false hits on the dev split,
// call by call, for tuning. Reads the dev split only: the holdout is never listed (LABELLING.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transcript } from '@crm/core';
import { EVAL_DIR, figuresOf, flatten, matchSplit, predictedKeys } from './sopEval';
import { KEY_OF_ITEM, SOP_KEYS } from './standardSop';

const only = process.argv[2];
const calls = matchSplit('dev');
for (const [name, value] of flatten(figuresOf(calls))) console.log(`dev.${name}: ${value.toFixed(3)}`);
for (const c of calls) {
  if (!c.result) {
    console.log(`ERROR ${c.file}: ${c.error}`);
    continue;
  }
  const t = JSON.parse(readFileSync(join(EVAL_DIR, 'dev', c.file), 'utf8')) as Transcript;
  const predicted = predictedKeys(c.result);
  for (const key of SOP_KEYS) {
    if (only && key !== only) continue;
    const marked = c.label.items[key] ?? [];
    if (marked.length > 0 === predicted.has(key)) continue;
    const r = c.result.items.find((i) => KEY_OF_ITEM.get(i.itemId) === key);
    if (r?.hit)
      console.log(
        `FP ${key} ${c.file} [${r.how} ${r.evidence?.match ?? ''}] #${r.evidence?.segment} ${r.evidence?.text}`,
      );
    else console.log(`FN ${key} ${c.file} ${marked.map((i) => `#${i} ${t.segments[i]?.text}`).join(' | ')}`);
  }
}
