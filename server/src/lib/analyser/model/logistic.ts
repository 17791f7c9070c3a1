import type { ModelHead } from '../types';

/** One example for a head: its features and whether the label holds. */
export interface Example {
  x: string[];
  y: boolean;
}

export interface FitOptions {
  /** Full-batch gradient steps. */
  iterations?: number;
  /** L2 pull towards the starting weights (the base model, or zero). */
  l2?: number;
  /** Learning rate (AdaGrad). */
  rate?: number;
  /** Features seen in fewer examples are left out (the model stays small). */
  minCount?: number;
  /** Weights smaller than this (in absolute value) are dropped at the end (the model stays small). */
  prune?: number;
  /** The most a positive example weighs against the negatives (rare labels are balanced up to this). */
  posCap?: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probability a head gives to a set of features (each feature counts 1 / sqrt(number of features)). */
export function predict(head: ModelHead, x: string[]): number {
  let z = 0;
  for (const f of x) z += head.weights[f] ?? 0;
  return sigmoid(head.bias + (x.length ? z / Math.sqrt(x.length) : 0));
}

/** Every feature's contribution to a head's score, for evidence: the sum of its weights over the features. */
export function contribution(head: ModelHead, x: string[]): number {
  let z = 0;
  for (const f of x) z += head.weights[f] ?? 0;
  return z;
}

/**
 * Logistic regression fitted by full-batch AdaGrad, deterministic (no shuffling, no randomness). Starts from `from`
 * (the model being updated) and is pulled back towards it by L2, so that a few corrections move it without erasing
 * what it knew. Positives and negatives are weighted to balance (capped), since most labels are rare.
 */
export function fit(from: ModelHead | undefined, examples: Example[], options: FitOptions = {}): ModelHead {
  const iterations = options.iterations ?? 120;
  const l2 = options.l2 ?? 0.002;
  const rate = options.rate ?? 0.5;
  const minCount = options.minCount ?? 1;
  const prune = options.prune ?? 2e-4;
  const count = new Map<string, number>();
  for (const e of examples) for (const f of e.x) count.set(f, (count.get(f) ?? 0) + 1);
  // Only the features of the examples move; the others keep the weights they had (no gradient but the L2 pull
  // towards themselves).
  const names = [...count.keys()].filter((f) => (count.get(f) ?? 0) >= minCount || (from && f in from.weights)).sort();
  const index = new Map<string, number>(names.map((f, i) => [f, i]));
  const prior = Float64Array.from(names, (f) => from?.weights[f] ?? 0);
  const w = Float64Array.from(prior);
  let bias = from?.bias ?? 0;
  const rows = examples.map((e) => {
    const ids = Int32Array.from(e.x.map((f) => index.get(f) ?? -1).filter((i) => i >= 0));
    return { ids, scale: e.x.length ? 1 / Math.sqrt(e.x.length) : 0, y: e.y ? 1 : 0 };
  });
  const positives = rows.filter((r) => r.y).length;
  const negatives = rows.length - positives;
  const posWeight = positives && negatives ? Math.min(options.posCap ?? 5, negatives / positives) : 1;
  const total = rows.reduce((n, r) => n + (r.y ? posWeight : 1), 0) || 1;
  const g2 = new Float64Array(names.length);
  let b2 = 0;
  const grad = new Float64Array(names.length);
  for (let it = 0; it < iterations && rows.length; it++) {
    grad.fill(0);
    let gb = 0;
    for (const r of rows) {
      let z = bias;
      for (const i of r.ids) z += w[i] * r.scale;
      const err = (sigmoid(z) - r.y) * (r.y ? posWeight : 1);
      gb += err;
      const ge = err * r.scale;
      for (const i of r.ids) grad[i] += ge;
    }
    for (let i = 0; i < names.length; i++) {
      const g = grad[i] / total + l2 * (w[i] - prior[i]);
      if (g === 0) continue;
      g2[i] += g * g;
      w[i] -= (rate * g) / Math.sqrt(g2[i] + 1e-8);
    }
    gb /= total;
    b2 += gb * gb;
    bias -= (rate * gb) / Math.sqrt(b2 + 1e-8);
  }
  const weights: Record<string, number> = {};
  if (from) for (const [f, v] of Object.entries(from.weights)) if (!index.has(f)) weights[f] = v;
  for (let i = 0; i < names.length; i++) {
    const v = Math.round(w[i] * 1e4) / 1e4;
    if (Math.abs(v) >= prune) weights[names[i]] = v;
  }
  return {
    bias: Math.round(bias * 1e4) / 1e4,
    weights,
    positives: (from?.positives ?? 0) + positives,
    examples: (from?.examples ?? 0) + rows.length,
  };
}
