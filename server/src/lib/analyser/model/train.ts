import { DEFAULT_CHECKERS, DEFAULT_RULES } from '../defaults';
import { forModel } from '../normalise';
import { swapSpeakers } from '../roles';
import type { LearnExample, TextModel } from '../types';
import {
  ACT_OF_VIOLATION,
  ACTS,
  callFeatures,
  callTargets,
  fitHeads,
  type ModelTurn,
  NO_COUNTS,
  STANCES,
  turnFeatures,
} from './index';

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
 * The agent-act heads decide violations (layers.ts): their positives are rare (one agent turn in a hundred), so
 * they are balanced further and keep rarer n-grams.
 */
export const ACT_FIT = { ...BASE_FIT, minCount: 2, posCap: 20 };

/**
 * The agent acts of each turn of a call: its marks, and the turns where a built-in rule found a violation the call
 * is labelled with (most calls carry no marks; a rule's hit on a labelled call is a marked turn in all but name).
 * Null for a turn whose act is unknown: an unmarked call labelled with the act's violation, on a turn no rule hit.
 */
export function agentActs(call: TrainingCall): Map<number, Record<string, boolean>> {
  const real = call.swapped ? swapSpeakers(call.transcript) : call.transcript;
  const violations = call.labels.violation ?? [];
  const hit = new Map<number, Set<string>>();
  for (const checker of DEFAULT_CHECKERS)
    for (const v of checker.check({ transcript: real, segments: real.segments, rules: DEFAULT_RULES })) {
      const act = ACT_OF_VIOLATION[v.rule];
      if (!act || !violations.includes(v.rule)) continue;
      hit.set(v.segment, (hit.get(v.segment) ?? new Set()).add(act));
    }
  const labelled = new Set(violations.map((v) => ACT_OF_VIOLATION[v]).filter(Boolean));
  const out = new Map<number, Record<string, boolean>>();
  real.segments.forEach((s, seg) => {
    if (s.speaker !== 'agent') return;
    const marks = call.marks?.[String(seg)] ?? [];
    const targets: Record<string, boolean> = {};
    for (const a of ACTS) {
      const yes = marks.includes(a) || (hit.get(seg)?.has(a) ?? false);
      if (!yes && !call.marks && labelled.has(a)) continue;
      targets[`act:${a}`] = yes;
    }
    out.set(seg, targets);
  });
  return out;
}

/**
 * The base model from labelled calls: call heads from the call labels, turn heads (stance of customer turns, acts
 * of agent turns) from the calls that carry marks. Deterministic.
 */
export function trainBase(calls: TrainingCall[]): TextModel {
  const rows = calls
    .map((c) => ({ x: callFeatures(realTurns(c)), targets: callTargets(c.labels) }))
    .filter((r) => Object.keys(r.targets).length);
  let heads = fitHeads({}, rows, BASE_FIT);
  const stanceRows: { x: string[]; targets: Record<string, boolean> }[] = [];
  const actRows: { x: string[]; targets: Record<string, boolean> }[] = [];
  for (const c of calls) {
    const acts = agentActs(c);
    for (const t of realTurns(c)) {
      if (!t.norm) continue;
      if (t.role === 'agent') {
        const targets = acts.get(t.seg);
        if (targets && Object.keys(targets).length) actRows.push({ x: turnFeatures(t), targets });
      } else if (c.marks) {
        const marks = c.marks[String(t.seg)] ?? [];
        const targets: Record<string, boolean> = {};
        for (const s of STANCES) targets[`stance:${s}`] = marks.includes(s);
        stanceRows.push({ x: turnFeatures(t), targets });
      }
    }
  }
  if (stanceRows.length) heads = fitHeads(heads, stanceRows, BASE_FIT);
  if (actRows.length) heads = fitHeads(heads, actRows, ACT_FIT);
  return { version: 1, origin: 'base', trainedOn: calls.length, learned: { ...NO_COUNTS }, heads };
}
