// Development aid (issue 23): the violations the analyser missed or invented on the TRAIN or DEV split, with the
// agent's turns and their marks, to study wordings. Refuses the holdout (never studied).
// `node --import tsx scripts/violation-misses.ts dev|train`
import { loadSplit } from '../bench/analysis/corpus';
import { analyse } from '../server/src/lib/analyser/analyse';
import { DEFAULT_RULES } from '../server/src/lib/analyser/defaults';

const split = process.argv[2] ?? 'dev';
if (split !== 'train' && split !== 'dev') throw new Error('train or dev only: the holdout is never studied');
const ACTS = ['promise', 'pressure', 'insult', 'sensitive', 'offbook'];
for (const c of loadSplit(split)) {
  if (!c.transcript) continue;
  const result = analyse(c.transcript, DEFAULT_RULES);
  const predicted = new Map(result.violations.map((v) => [v.rule, v]));
  const expected = new Set(c.label.violations);
  const missed = [...expected].filter((r) => !predicted.has(r));
  const invented = [...predicted.keys()].filter((r) => !expected.has(r));
  if (!missed.length && !invented.length) continue;
  console.log(
    `\n=== ${c.file} missed=${missed.join(',')} invented=${invented.join(',')} swapped=${c.label.swapped ?? false}`,
  );
  for (const r of invented) {
    const v = predicted.get(r);
    console.log(`  [invented ${r} ${v?.layer ?? 'rule'} ${v?.score ?? ''}] #${v?.segment} ${v?.text}`);
  }
  if (!missed.length) continue;
  const marks = c.label.marks ?? {};
  const marked = Object.entries(marks).filter(([, m]) => m.some((x) => ACTS.includes(x)));
  if (marked.length)
    for (const [seg, m] of marked) console.log(`  mark #${seg} ${m.join(',')}: ${c.transcript.segments[+seg]?.text}`);
  else
    c.transcript.segments.forEach((s, i) => {
      const agent = c.label.swapped ? s.speaker === 'customer' : s.speaker === 'agent';
      if (agent) console.log(`  #${i} ${s.text}`);
    });
}
