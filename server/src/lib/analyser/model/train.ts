import { forModel } from '../normalise';
import type { LearnExample, TextModel } from '../types';
import { ACTS, callFeatures, callTargets, fitHeads, type ModelTurn, NO_COUNTS, STANCES, turnFeatures } from './index';

/** A labelled call of the corpus: a correction plus the writer's speaker swap flag and per-turn marks. */
export interface TrainingCall extends LearnExample {
  swapped: boolean;
  marks?: Record<string, string[]>;
}

/** The turns by real role (a swapped call is read the right way round). */
export function realTurns(call: TrainingCall): ModelTurn[] {
  return call.transcript.segments.map((s, seg) => ({
    seg,
    role: call.swapped ? (s.speaker === 'agent' ? 'customer' : 'agent') : s.speaker,
    norm: forModel(s.text),
  }));
}

/** Options of the base model's fit (the same as learn()'s defaults but with a minimum feature count). */
export const BASE_FIT = { iterations: 150, l2: 0.002, rate: 0.5, minCount: 3, prune: 0.04 };

/**
 * The base model from labelled calls: call heads from the call labels, turn heads (stance of customer turns, acts
 * of agent turns) from the calls that carry marks. Deterministic.
 */
export function trainBase(calls: TrainingCall[]): TextModel {
  const rows = calls
    .map((c) => ({ x: callFeatures(realTurns(c)), targets: callTargets(c.labels) }))
    .filter((r) => Object.keys(r.targets).length);
  let heads = fitHeads({}, rows, BASE_FIT);
  const turnRows: { x: string[]; targets: Record<string, boolean> }[] = [];
  for (const c of calls) {
    if (!c.marks) continue;
    for (const t of realTurns(c)) {
      if (!t.norm) continue;
      const marks = c.marks[String(t.seg)] ?? [];
      const targets: Record<string, boolean> = {};
      if (t.role === 'customer') for (const s of STANCES) targets[`stance:${s}`] = marks.includes(s);
      else for (const a of ACTS) targets[`act:${a}`] = marks.includes(a);
      turnRows.push({ x: turnFeatures(t), targets });
    }
  }
  if (turnRows.length) heads = fitHeads(heads, turnRows, BASE_FIT);
  return { version: 1, origin: 'base', trainedOn: calls.length, learned: { ...NO_COUNTS }, heads };
}
