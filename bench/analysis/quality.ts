// Quality of the built-in analyser against the hand-labelled evaluation set (bench/analysis/eval/LABELLING.md):
// call tags, intention, violations, complaints and abuse, per split group, as aggregate figures only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyse } from '../../server/src/lib/analyser/analyse';
import { ABUSE_RULE } from '../../server/src/lib/analyser/checkers/abuse';
import { DEFAULT_RULES } from '../../server/src/lib/analyser/defaults';
import type { AnalysisResult } from '../../server/src/lib/analyser/types';
import { parseTranscript } from '../../server/src/modules/asr/transcript';

export const EVAL_DIR = join(import.meta.dirname, 'eval');
/** The splits the analyser may be tuned on (LABELLING.md); the holdout is never among them. */
export const DEV_SPLITS = ['dev-a', 'dev-b', 'dev-c'];

export interface CallLabel {
  industry?: string;
  intention: string | null;
  tags: number[];
  violations: string[];
  note?: string;
}

export interface LabelledCall {
  split: string;
  file: string;
  label: CallLabel;
  result: AnalysisResult | null;
  error?: string;
}

/** Precision and recall from counts; null where the denominator is zero. */
export interface PR {
  precision: number | null;
  recall: number | null;
  tp: number;
  fp: number;
  fn: number;
}

export interface QualityFigures {
  calls: number;
  errors: number;
  tags: PR;
  perTag: Record<number, PR>;
  intentionAccuracy: number | null;
  perIntention: Record<string, PR>;
  violations: PR;
  perRule: Record<string, PR>;
  complaint: { recall: number | null; falsePositiveRate: number | null };
  abuse: PR;
}

/** Every labelled call of the splits, analysed with the default rules. */
export function analyseSplits(splits: string[], root = EVAL_DIR): LabelledCall[] {
  const calls: LabelledCall[] = [];
  for (const split of splits) {
    const dir = join(root, split);
    const labelsFile = join(dir, 'labels.json');
    if (!existsSync(labelsFile)) continue;
    const labels = JSON.parse(readFileSync(labelsFile, 'utf8')) as Record<string, CallLabel>;
    const files = new Set(readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'labels.json'));
    for (const [file, label] of Object.entries(labels)) {
      if (!files.has(file)) continue;
      try {
        const transcript = parseTranscript(readFileSync(join(dir, file), 'utf8'), 0);
        calls.push({ split, file, label, result: analyse(transcript, DEFAULT_RULES) });
      } catch (e) {
        calls.push({ split, file, label, result: null, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  return calls;
}

function pr(tp: number, fp: number, fn: number): PR {
  return {
    precision: tp + fp > 0 ? tp / (tp + fp) : null,
    recall: tp + fn > 0 ? tp / (tp + fn) : null,
    tp,
    fp,
    fn,
  };
}

/** Set-overlap counts of predicted and expected items over calls, overall and per item. */
function setCounts<T>(pairs: { expected: T[]; predicted: T[] }[]): { all: PR; per: Map<T, PR> } {
  const per = new Map<T, { tp: number; fp: number; fn: number }>();
  const bump = (k: T, field: 'tp' | 'fp' | 'fn') => {
    const c = per.get(k) ?? { tp: 0, fp: 0, fn: 0 };
    c[field]++;
    per.set(k, c);
  };
  for (const { expected, predicted } of pairs) {
    const e = new Set(expected);
    const p = new Set(predicted);
    for (const k of p) bump(k, e.has(k) ? 'tp' : 'fp');
    for (const k of e) if (!p.has(k)) bump(k, 'fn');
  }
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const out = new Map<T, PR>();
  for (const [k, c] of per) {
    tp += c.tp;
    fp += c.fp;
    fn += c.fn;
    out.set(k, pr(c.tp, c.fp, c.fn));
  }
  return { all: pr(tp, fp, fn), per: out };
}

const isComplaint = (l: { intention: string | null; tags: number[] }) =>
  l.intention === 'complaint' || l.tags.includes(2);

export function qualityOf(calls: LabelledCall[]): QualityFigures {
  const scored = calls.filter((c) => c.result);
  const predicted = (c: LabelledCall) => c.result as AnalysisResult;
  const tags = setCounts(
    scored.map((c) => ({ expected: c.label.tags, predicted: predicted(c).tags.map((t) => t.tag) })),
  );
  const violations = setCounts(
    scored.map((c) => ({
      expected: c.label.violations,
      predicted: [...new Set(predicted(c).violations.map((v) => v.rule))],
    })),
  );
  const intentions = setCounts(
    scored.map((c) => ({
      expected: [String(c.label.intention)],
      predicted: [String(predicted(c).intention)],
    })),
  );
  const correct = scored.filter((c) => String(c.label.intention) === String(predicted(c).intention)).length;
  let complaintTp = 0;
  let complaintP = 0;
  let complaintFp = 0;
  let complaintN = 0;
  for (const c of scored) {
    const expected = isComplaint(c.label);
    const said = predicted(c).potentialComplaint;
    if (expected) {
      complaintP++;
      if (said) complaintTp++;
    } else {
      complaintN++;
      if (said) complaintFp++;
    }
  }
  const rule = (name: string) => violations.per.get(name) ?? pr(0, 0, 0);
  return {
    calls: calls.length,
    errors: calls.length - scored.length,
    tags: tags.all,
    perTag: Object.fromEntries([...tags.per].sort((a, b) => a[0] - b[0])),
    intentionAccuracy: scored.length ? correct / scored.length : null,
    perIntention: Object.fromEntries([...intentions.per].sort()),
    violations: violations.all,
    perRule: Object.fromEntries([...violations.per].sort()),
    complaint: {
      recall: complaintP ? complaintTp / complaintP : null,
      falsePositiveRate: complaintN ? complaintFp / complaintN : null,
    },
    abuse: rule(ABUSE_RULE),
  };
}

/** The figures of the dev splits and of the holdout split (aggregates only; the holdout is never printed per call). */
export function qualityFigures(root = EVAL_DIR): { dev: QualityFigures; holdout: QualityFigures } {
  return {
    dev: qualityOf(analyseSplits(DEV_SPLITS, root)),
    holdout: qualityOf(analyseSplits(['holdout'], root)),
  };
}

/** Flat `name → value` lines of one group of figures, as the benchmark prints them (`tag_4.precision` …). */
export function flatten(q: QualityFigures): [string, number][] {
  const out: [string, number][] = [
    ['calls', q.calls],
    ['errors', q.errors],
  ];
  const put = (name: string, v: number | null) => {
    if (v !== null) out.push([name, v]);
  };
  const putPr = (name: string, p: PR) => {
    put(`${name}.precision`, p.precision);
    put(`${name}.recall`, p.recall);
  };
  putPr('tags', q.tags);
  for (const [tag, p] of Object.entries(q.perTag)) putPr(`tag_${tag}`, p);
  put('intention.accuracy', q.intentionAccuracy);
  for (const [label, p] of Object.entries(q.perIntention)) putPr(`intention_${label}`, p);
  putPr('violations', q.violations);
  for (const [rule, p] of Object.entries(q.perRule)) putPr(`rule_${rule}`, p);
  put('complaint.recall', q.complaint.recall);
  put('complaint.false_positive_rate', q.complaint.falsePositiveRate);
  putPr('abuse', q.abuse);
  return out;
}
