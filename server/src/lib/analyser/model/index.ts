import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IntentionKey, LearnExample, LearnedCounts, LearnOutcome, ModelHead, TextModel } from '../types';
import { callFeatures, type ModelTurn, turnFeatures } from './features';
import { contribution, type Example, type FitOptions, fit, predict } from './logistic';

export type { ModelTurn } from './features';

export const NO_COUNTS: LearnedCounts = { total: 0, intention: 0, tags: 0, complaint: 0, violation: 0, abuse: 0 };

export const INTENTIONS: IntentionKey[] = ['strong', 'general', 'none', 'mismatch', 'complaint', 'invalid'];
/** The violations the learned layer decides (the built-in rule names of DEFAULT_RULES, plus 施压销售). */
export const MODEL_VIOLATIONS = ['承诺收益', '夸大承诺', '索要敏感信息', '私下交易', '辱骂客户', '施压销售'];
/** Customer stance and agent acts of a turn (the corpus's per-turn marks). */
export const STANCES = ['interested', 'hesitant', 'refusing', 'dissatisfied', 'abusive'] as const;
export const ACTS = ['promise', 'pressure', 'insult', 'sensitive', 'offbook'] as const;
/** Which agent act shows which violation (evidence of a model-decided violation). */
export const ACT_OF_VIOLATION: Record<string, (typeof ACTS)[number]> = {
  承诺收益: 'promise',
  夸大承诺: 'promise',
  索要敏感信息: 'sensitive',
  私下交易: 'offbook',
  辱骂客户: 'insult',
  施压销售: 'pressure',
};

/** A model with no heads (what an organisation starts from when it has no base model). */
export function emptyModel(): TextModel {
  return { version: 1, origin: 'org', trainedOn: 0, learned: { ...NO_COUNTS }, heads: {} };
}

const BASE_FILE = join(import.meta.dirname, 'base.json');
let base: TextModel | null = null;

/** The committed base model (trained from the corpus's train split by `npm run train:analyser`), loaded once. */
export function baseModel(): TextModel {
  if (!base) {
    base = existsSync(BASE_FILE)
      ? (JSON.parse(readFileSync(BASE_FILE, 'utf8')) as TextModel)
      : { version: 1, origin: 'base', trainedOn: 0, learned: { ...NO_COUNTS }, heads: {} };
  }
  return base;
}

/** The call-level targets one correction gives, head name → label (labels not given are not learned). */
export function callTargets(labels: LearnExample['labels']): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const { intention, tags, violation } = labels;
  if (intention) for (const k of INTENTIONS) out[`intention:${k}`] = intention === k;
  if (tags) for (const t of [1, 2, 3]) out[`tag:${t}`] = tags.includes(t);
  const complaint =
    labels.complaint ??
    (intention !== undefined || tags ? intention === 'complaint' || (tags?.includes(2) ?? false) : undefined);
  if (complaint !== undefined) out.complaint = complaint;
  if (violation) for (const v of MODEL_VIOLATIONS) out[`violation:${v}`] = violation.includes(v);
  const abuse = labels.abuse ?? (violation ? violation.includes('辱骂客户') : undefined);
  if (abuse !== undefined) out.abuse = abuse;
  return out;
}

/** Fits every head named in `targets` of the examples; pure, deterministic. */
export function fitHeads(
  heads: Record<string, ModelHead>,
  examples: { x: string[]; targets: Record<string, boolean> }[],
  options: FitOptions = {},
): Record<string, ModelHead> {
  const out = { ...heads };
  const names = [...new Set(examples.flatMap((e) => Object.keys(e.targets)))].sort();
  for (const name of names) {
    const rows: Example[] = [];
    for (const e of examples) if (name in e.targets) rows.push({ x: e.x, y: e.targets[name] });
    out[name] = fit(heads[name], rows, options);
  }
  return out;
}

/** The turns of a transcript by their labelled speaker (learn() reads corrections so: the manager saw them so). */
export function turnsOf(transcript: LearnExample['transcript'], norm: (text: string) => string): ModelTurn[] {
  return transcript.segments.map((s, seg) => ({ seg, role: s.speaker, norm: norm(s.text) }));
}

/**
 * Learns an organisation's corrections: a copy of `model` (or of an empty model) whose call-level heads are refitted
 * on the examples, pulled towards what the model knew; pure. `norm` is the analyser's normalisation.
 */
export function learnWith(
  model: TextModel | null,
  examples: LearnExample[],
  norm: (text: string) => string,
  options: FitOptions = {},
): LearnOutcome {
  const from = model ? structuredClone(model) : emptyModel();
  const learned = { ...NO_COUNTS };
  const rows: { x: string[]; targets: Record<string, boolean> }[] = [];
  for (const e of examples) {
    const targets = callTargets(e.labels);
    if (!Object.keys(targets).length) continue;
    learned.total++;
    if (e.labels.intention !== undefined) learned.intention++;
    if (e.labels.tags) learned.tags++;
    if (e.labels.complaint !== undefined) learned.complaint++;
    if (e.labels.violation) learned.violation++;
    if (e.labels.abuse !== undefined) learned.abuse++;
    rows.push({ x: callFeatures(turnsOf(e.transcript, norm)), targets });
  }
  const total = { ...from.learned };
  for (const k of Object.keys(total) as (keyof LearnedCounts)[]) total[k] += learned[k];
  const heads = rows.length ? fitHeads(from.heads, rows, options) : from.heads;
  return { model: { ...from, origin: 'org', learned: total, heads }, learned };
}

/** What the learned layer says of a call: call-level probabilities and, per head, the turn that shows it most. */
export interface ModelReading {
  call: Record<string, number>;
  /** Turn head (stance:x / act:x) → best segment and its probability. */
  turn: Record<string, { seg: number; p: number }>;
  /** The segment (of the given role) contributing most to a call head; null when none contributes. */
  strongestTurn(head: string, role: ModelTurn['role']): number | null;
}

/** Runs the model's heads over a call. */
export function readCall(model: TextModel, turns: ModelTurn[]): ModelReading {
  const x = callFeatures(turns);
  const call: Record<string, number> = {};
  const turnHeads: string[] = [];
  for (const [name, head] of Object.entries(model.heads)) {
    if (name.startsWith('stance:') || name.startsWith('act:')) turnHeads.push(name);
    else call[name] = predict(head, x);
  }
  let perTurn: string[][] | null = null;
  const features = () => {
    perTurn ??= turns.map(turnFeatures);
    return perTurn;
  };
  const turn: ModelReading['turn'] = {};
  for (const name of turnHeads) {
    const role = name.startsWith('stance:') ? 'customer' : 'agent';
    let best: { seg: number; p: number } | null = null;
    turns.forEach((t, i) => {
      if (t.role !== role) return;
      const p = predict(model.heads[name], features()[i]);
      if (!best || p > best.p) best = { seg: t.seg, p };
    });
    if (best) turn[name] = best;
  }
  return {
    call,
    turn,
    strongestTurn(head, role) {
      const h = model.heads[head];
      if (!h) return null;
      let best: { seg: number; z: number } | null = null;
      turns.forEach((t, i) => {
        if (t.role !== role) return;
        const z = contribution(h, features()[i]);
        if (z > 0 && (!best || z > best.z)) best = { seg: t.seg, z };
      });
      return (best as { seg: number } | null)?.seg ?? null;
    },
  };
}

export { callFeatures, turnFeatures };
