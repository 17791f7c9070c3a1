// SOP item detection against the hand-marked evaluation set (bench/quality/eval/LABELLING.md): micro precision and
// recall over (call, item) pairs, overall and per item, per split. Aggregates only: the holdout is never printed
// per call.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTranscript } from '../../server/src/modules/asr/transcript';
import { compileSop } from '../../server/src/modules/quality/sop/compile';
import { matchSop } from '../../server/src/modules/quality/sop/match';
import type { SopOptions, SopResult, SopRuleSpec } from '../../server/src/modules/quality/sop/types';
import { KEY_OF_ITEM, SOP_KEYS, type SopKey, STANDARD_SOP } from './standardSop';

export const EVAL_DIR = join(import.meta.dirname, 'eval');

export interface SopLabel {
  industry?: string;
  items: Record<SopKey, number[]>;
  note?: string;
}

export interface SopCall {
  file: string;
  label: SopLabel;
  result: SopResult | null;
  error?: string;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface SopFigures {
  calls: number;
  errors: number;
  all: Counts;
  perItem: Record<SopKey, Counts>;
}

/** Every labelled call of a split, matched against the rule. */
export function matchSplit(
  split: string,
  rule: SopRuleSpec = STANDARD_SOP,
  opts: SopOptions = {},
  root = EVAL_DIR,
): SopCall[] {
  const dir = join(root, split);
  const labelsFile = join(dir, 'labels.json');
  if (!existsSync(labelsFile)) return [];
  let labels: Record<string, SopLabel>;
  try {
    labels = JSON.parse(readFileSync(labelsFile, 'utf8'));
  } catch {
    return []; // being written right now
  }
  const files = new Set(readdirSync(dir));
  const compiled = compileSop(rule);
  const calls: SopCall[] = [];
  for (const [file, label] of Object.entries(labels)) {
    if (!files.has(file)) continue;
    try {
      const transcript = parseTranscript(readFileSync(join(dir, file), 'utf8'), 0);
      calls.push({ file, label, result: matchSop(transcript, compiled, opts) });
    } catch (e) {
      calls.push({ file, label, result: null, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return calls;
}

/** The keys the matcher found covered in a call. */
export function predictedKeys(result: SopResult): Set<SopKey> {
  const out = new Set<SopKey>();
  for (const item of result.items) {
    const key = KEY_OF_ITEM.get(item.itemId);
    if (item.hit && key) out.add(key);
  }
  return out;
}

export function figuresOf(calls: SopCall[]): SopFigures {
  const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
  const perItem = Object.fromEntries(SOP_KEYS.map((k) => [k, zero()])) as Record<SopKey, Counts>;
  const all = zero();
  for (const call of calls) {
    if (!call.result) continue;
    const predicted = predictedKeys(call.result);
    for (const key of SOP_KEYS) {
      const expected = (call.label.items[key] ?? []).length > 0;
      const said = predicted.has(key);
      const field = expected && said ? 'tp' : said ? 'fp' : expected ? 'fn' : null;
      if (!field) continue;
      perItem[key][field]++;
      all[field]++;
    }
  }
  return { calls: calls.length, errors: calls.filter((c) => !c.result).length, all, perItem };
}

export const precision = (c: Counts) => (c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : null);
export const recall = (c: Counts) => (c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : null);

/** `name → value` lines of one split: `sop.precision`, `sop.opening.recall` … */
export function flatten(f: SopFigures): [string, number][] {
  const out: [string, number][] = [
    ['sop.calls', f.calls],
    ['sop.errors', f.errors],
  ];
  const put = (name: string, c: Counts) => {
    const p = precision(c);
    const r = recall(c);
    if (p !== null) out.push([`${name}.precision`, p]);
    if (r !== null) out.push([`${name}.recall`, r]);
  };
  put('sop', f.all);
  for (const key of SOP_KEYS) put(`sop.${key}`, f.perItem[key]);
  // how many calls cover each item by hand: a kind's figures mean something with 10 or more
  for (const key of SOP_KEYS) out.push([`sop.${key}.positives`, f.perItem[key].tp + f.perItem[key].fn]);
  return out;
}
