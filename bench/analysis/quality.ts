// Quality of the built-in analyser against the hand-labelled evaluation set (bench/analysis/eval/LABELLING.md):
// call tags, intention, violations, complaints and abuse, per split group, as aggregate figures only.
import type { Transcript } from '@crm/core';
import { analyse } from '../../server/src/lib/analyser/analyse';
import { ABUSE_RULE } from '../../server/src/lib/analyser/checkers/abuse';
import { DEFAULT_RULES } from '../../server/src/lib/analyser/defaults';
import { learn } from '../../server/src/lib/analyser/learn';
import type { AnalyseOptions, AnalysisResult } from '../../server/src/lib/analyser/types';
import { type CallLabel, EVAL_DIR, loadSplit } from './corpus';

export { EVAL_DIR };
/** The splits: train (the base model is trained from it), dev (tuning), holdout (never tuned on; aggregates only). */
export const SPLITS = ['train', 'dev', 'holdout'] as const;

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
  complaint: {
    precision: number | null;
    recall: number | null;
    falsePositiveRate: number | null;
    recallAtFpr10: number | null;
  };
  abuse: PR;
}

/** Every labelled call of the splits, analysed with the default rules (and `options`: the model). */
export function analyseSplits(
  splits: readonly string[],
  root = EVAL_DIR,
  options: AnalyseOptions = {},
): LabelledCall[] {
  const calls: LabelledCall[] = [];
  for (const split of splits) {
    for (const c of loadSplit(split, root)) {
      if (!c.transcript) {
        calls.push({ split, file: c.file, label: c.label, result: null, error: c.error });
        continue;
      }
      try {
        calls.push({ split, file: c.file, label: c.label, result: analyse(c.transcript, DEFAULT_RULES, [], options) });
      } catch (e) {
        calls.push({
          split,
          file: c.file,
          label: c.label,
          result: null,
          error: e instanceof Error ? e.message : String(e),
        });
      }
    }
  }
  return calls;
}

/** Recall at a false-positive rate of at most `fpr`, from scores (ties broken pessimistically). */
export function recallAtFpr(scored: { score: number; positive: boolean }[], fpr = 0.1): number | null {
  const positives = scored.filter((s) => s.positive).length;
  const negatives = scored.length - positives;
  if (!positives) return null;
  const allowed = Math.floor(fpr * negatives);
  const negativeScores = scored
    .filter((s) => !s.positive)
    .map((s) => s.score)
    .sort((a, b) => b - a);
  // The lowest threshold that lets at most `allowed` negatives through (a score strictly above it counts).
  const threshold = negativeScores.length > allowed ? negativeScores[allowed] : -Infinity;
  return scored.filter((s) => s.positive && s.score > threshold).length / positives;
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
  const complaintScores = scored.map((c) => ({
    score: predicted(c).complaint.score,
    positive: isComplaint(c.label),
  }));
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
      precision: complaintTp + complaintFp ? complaintTp / (complaintTp + complaintFp) : null,
      recall: complaintP ? complaintTp / complaintP : null,
      recallAtFpr10: recallAtFpr(complaintScores, 0.1),
      falsePositiveRate: complaintN ? complaintFp / complaintN : null,
    },
    abuse: rule(ABUSE_RULE),
  };
}

/** The figures of each split (aggregates only; the holdout is never printed per call). */
export function qualityFigures(
  root = EVAL_DIR,
  options: AnalyseOptions = {},
  splits: readonly (typeof SPLITS)[number][] = SPLITS,
): Partial<Record<(typeof SPLITS)[number], QualityFigures>> {
  return Object.fromEntries(splits.map((s) => [s, qualityOf(analyseSplits([s], root, options))]));
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
  put('complaint.precision', q.complaint.precision);
  put('complaint.recall', q.complaint.recall);
  put('complaint.recall_at_fpr10', q.complaint.recallAtFpr10);
  put('complaint.false_positive_rate', q.complaint.falsePositiveRate);
  putPr('abuse', q.abuse);
  return out;
}

/** Characters of a summary as ROUGE-1 counts them (Chinese: one token per character; punctuation dropped). */
function tokens(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const ch of text.replace(/[\s\p{P}\p{S}]/gu, '')) out.set(ch, (out.get(ch) ?? 0) + 1);
  return out;
}

/** ROUGE-1 F1 of a summary against a reference (character unigrams). */
export function rouge1(candidate: string, reference: string): number {
  const c = tokens(candidate);
  const r = tokens(reference);
  let overlap = 0;
  for (const [k, n] of c) overlap += Math.min(n, r.get(k) ?? 0);
  const cn = [...c.values()].reduce((a, b) => a + b, 0);
  const rn = [...r.values()].reduce((a, b) => a + b, 0);
  if (!cn || !rn || !overlap) return 0;
  const p = overlap / cn;
  const rec = overlap / rn;
  return (2 * p * rec) / (p + rec);
}

/** Mean ROUGE-1 of the analyser's summaries against the labels' reference summaries (calls that have one). */
export function summaryRouge(split: string, root = EVAL_DIR): number | null {
  const scores: number[] = [];
  for (const c of loadSplit(split, root)) {
    if (!c.transcript || !c.label.summary) continue;
    scores.push(rouge1(analyse(c.transcript, DEFAULT_RULES).summary, c.label.summary));
  }
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
}

/**
 * The learning curve of an organisation's model: complaint recall at a false-positive rate of 0.1 on the holdout
 * (from the complaint scores) after learn() from n corrections of the train split (the first n in file order,
 * starting from no model, so that the curve shows what corrections alone teach).
 */
export function learningCurve(counts = [0, 50, 200], root = EVAL_DIR, split = 'holdout'): [number, number][] {
  const train = loadSplit('train', root).filter((c) => c.transcript && c.label.intention !== null);
  const test = loadSplit(split, root).filter((c) => c.transcript);
  const out: [number, number][] = [];
  for (const n of counts) {
    if (n > train.length) continue;
    const model = n
      ? learn(
          null,
          train.slice(0, n).map((c) => ({
            transcript: c.transcript as Transcript,
            labels: { intention: c.label.intention, tags: c.label.tags, violation: c.label.violations },
          })),
        ).model
      : null;
    const scored = test.map((c) => ({
      score: analyse(c.transcript as Transcript, DEFAULT_RULES, [], { model }).complaint.score,
      positive: isComplaint(c.label),
    }));
    const recall = recallAtFpr(scored, 0.1);
    if (recall !== null) out.push([n, recall]);
  }
  return out;
}
