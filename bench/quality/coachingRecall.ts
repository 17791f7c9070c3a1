// `node --import tsx bench/quality/coachingRecall.ts [item]`: the standard rule's recall on another hand-marked
// set, the practice sessions of bench/coaching/eval (train and dev only, never its holdout). Their scoring points are
// stricter than the SOP items (a product point wants the product tied to the customer's case), so a point marked
// done is an SOP item covered, while a point not done may still be one: recall only, and the misses listed for
// tuning. The SOP dev split alone is too small to show how the patterns generalise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transcript } from '@crm/core';
import { compileSop } from '../../server/src/modules/quality/sop/compile';
import { matchSop } from '../../server/src/modules/quality/sop/match';
import { predictedKeys } from './sopEval';
import { KEY_OF_ITEM, SOP_KEYS, type SopKey, STANDARD_SOP } from './standardSop';

const COACHING_EVAL = join(import.meta.dirname, '..', 'coaching', 'eval');

interface Session {
  id: string;
  script: string;
  turns: { role: 'agent' | 'customer'; text: string }[];
  labels: Record<string, { hit: boolean; turns: number[] }>;
}

/** Stage of a scoring point (eval/scripts.md) → SOP item; points that are no SOP item (risk notices) are left out. */
const KIND_OF_STAGE: Record<string, SopKey> = {
  开场: 'opening',
  需求挖掘: 'needs',
  产品介绍: 'product',
  报价: 'price',
  异议处理: 'objection',
  '促成/约定下一步': 'followup',
};
const NOT_SOP_ITEMS = new Set(['提示告知与免责', '风险提示']);

function pointKinds(): Map<string, SopKey> {
  const out = new Map<string, SopKey>();
  const md = readFileSync(join(COACHING_EVAL, 'scripts.md'), 'utf8');
  for (const line of md.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (!/^s\d\.p\d+$/.test(cells[1] ?? '')) continue;
    const kind = KIND_OF_STAGE[cells[3]];
    if (kind && !NOT_SOP_ITEMS.has(cells[2])) out.set(cells[1], kind);
  }
  return out;
}

function transcriptOf(s: Session): Transcript {
  let t = 0;
  const segments = s.turns.map((turn) => {
    const ms = turn.text.length * 230;
    const seg = { speaker: turn.role, startMs: t, endMs: t + ms, text: turn.text };
    t += ms + 500;
    return seg;
  });
  return { durationMs: t, segments } as Transcript;
}

const only = process.argv.slice(2).find((a) => !a.startsWith('-'));
const kinds = pointKinds();
const compiled = compileSop(STANDARD_SOP);
const counts = Object.fromEntries(SOP_KEYS.map((k) => [k, { tp: 0, fn: 0 }]));
for (const split of ['train', 'dev']) {
  const lines = readFileSync(join(COACHING_EVAL, split, 'sessions.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  for (const line of lines) {
    const s = JSON.parse(line) as Session;
    const transcript = transcriptOf(s);
    const predicted = predictedKeys(matchSop(transcript, compiled));
    // an item is covered when any of its points is marked done
    const marked = new Map<SopKey, number[]>();
    for (const [point, label] of Object.entries(s.labels)) {
      const kind = kinds.get(point);
      if (kind && label.hit) marked.set(kind, [...(marked.get(kind) ?? []), ...label.turns]);
    }
    // where no point of the item is marked done, a hit is listed for review (`--extra`): often a true SOP hit
    if (process.argv.includes('--extra'))
      for (const r of matchSop(transcript, compiled).items) {
        const kind = KEY_OF_ITEM.get(r.itemId);
        if (r.hit && kind && !marked.has(kind) && (!only || only === kind))
          console.log(`EXTRA ${kind} ${s.id} #${r.evidence?.segment} ${r.evidence?.text}`);
      }
    for (const [kind, turns] of marked) {
      if (predicted.has(kind)) counts[kind].tp++;
      else {
        counts[kind].fn++;
        if (!only || only === kind)
          console.log(`FN ${kind} ${s.id} ${[...new Set(turns)].map((i) => `#${i} ${s.turns[i]?.text}`).join(' | ')}`);
      }
    }
  }
}
for (const key of SOP_KEYS) {
  const c = counts[key];
  console.log(`coaching.${key}.recall: ${(c.tp / Math.max(1, c.tp + c.fn)).toFixed(3)} (${c.tp}/${c.tp + c.fn})`);
}
