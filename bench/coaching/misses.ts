// Development aid: the scorer's misses on train and dev (never the holdout), per scoring point.
// `node --import tsx bench/coaching/misses.ts [fn|fp] [point-id-prefix]`
import { decide, loadSplit } from './scoring.bench';

const [kind = 'fn', prefix = ''] = process.argv.slice(2);
const per = new Map<string, { tp: number; fp: number; fn: number }>();
for (const split of ['train', 'dev']) {
  for (const s of loadSplit(split)) {
    const got = decide(s);
    for (const [id, label] of Object.entries(s.labels) as [string, { hit: boolean; turns: number[] }][]) {
      const hit = got.get(id) ?? false;
      const c = per.get(id) ?? { tp: 0, fp: 0, fn: 0 };
      per.set(id, c);
      if (hit && label.hit) c.tp++;
      else if (hit) c.fp++;
      else if (label.hit) c.fn++;
      if (!id.startsWith(prefix)) continue;
      const show = kind === 'fn' ? !hit && label.hit : hit && !label.hit;
      if (!show) continue;
      console.log(`\n[${kind}] ${split} ${s.id} ${id}`);
      const marked = new Set(label.turns ?? []);
      s.turns.forEach((t, i) => {
        if (kind === 'fn' ? marked.has(i) || marked.has(i - 1) || marked.has(i + 1) : true)
          console.log(`  ${marked.has(i) ? '*' : ' '}${i} ${t.role === 'agent' ? 'A' : 'C'}: ${t.text}`);
      });
      if ((s as { note?: string }).note) console.log(`  note: ${(s as { note?: string }).note}`);
    }
  }
}
let tp = 0,
  fp = 0,
  fn = 0;
for (const [id, c] of [...per].sort()) {
  tp += c.tp;
  fp += c.fp;
  fn += c.fn;
  if (c.fp || c.fn) console.log(`${id}\ttp ${c.tp}\tfp ${c.fp}\tfn ${c.fn}`);
}
console.log(
  `train+dev: precision ${(tp / (tp + fp)).toFixed(4)} recall ${(tp / (tp + fn)).toFixed(4)} (tp ${tp} fp ${fp} fn ${fn})`,
);
