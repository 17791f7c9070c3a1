#!/usr/bin/env node
// Splits the writers' compiled calls once into train / dev / holdout by a stable hash of the call id
// (50 / 15 / 35 %), and SOP calls all into the SOP holdout. Usage: node split.mjs ANALYSIS_EVAL_DIR SOP_EVAL_DIR
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [analysisDir, sopDir] = process.argv.slice(2);
const root = import.meta.dirname;
const tmp = '/tmp/corpus-compiled';
rmSync(tmp, { recursive: true, force: true });
const writers = readdirSync(root).filter((d) => /^w\d+$/.test(d));
const counts = {};
function add(dir, split, id, label, from) {
  const target = join(dir, split);
  mkdirSync(target, { recursive: true });
  copyFileSync(join(from, id), join(target, id));
  const path = join(target, 'labels.json');
  const labels = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  labels[id] = label;
  writeFileSync(path, `${JSON.stringify(labels, null, 2)}\n`);
  counts[`${dir === sopDir ? 'sop' : 'analysis'}.${split}`] =
    (counts[`${dir === sopDir ? 'sop' : 'analysis'}.${split}`] ?? 0) + 1;
}
for (const w of writers) {
  for (const kind of ['batch', 'sop']) {
    const files = readdirSync(join(root, w))
      .filter((f) => f.startsWith(kind) && f.endsWith('.txt'))
      .map((f) => join(root, w, f));
    if (!files.length) continue;
    const out = join(tmp, w, kind);
    try {
      execFileSync('node', [join(root, 'compile.mjs'), ...files, '--out', out], { stdio: 'pipe' });
    } catch (e) {
      console.error(`${w} ${kind}: does not compile, skipped\n${e.stderr}`);
      continue;
    }
    const labels = JSON.parse(readFileSync(join(out, 'labels.json'), 'utf8'));
    for (const [id, label] of Object.entries(labels)) {
      if (kind === 'sop') add(sopDir, 'holdout', id, label, out);
      else {
        const h = createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32;
        add(analysisDir, h < 0.5 ? 'train' : h < 0.65 ? 'dev' : 'holdout', id, label, out);
      }
    }
  }
}
console.log(JSON.stringify(counts));
