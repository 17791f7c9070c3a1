import { CONFIRM_HIGH, CONFIRM_LOW } from './defaults';
import type { AnalysisThresholds, Decision, Evidence, Layer } from './types';

/** The 待确认 band of the rules (defaults when the organisation's settings predate it). */
export function band(t: Partial<AnalysisThresholds>): { low: number; high: number } {
  const low = t.confirmLow ?? CONFIRM_LOW;
  return { low, high: Math.max(low, t.confirmHigh ?? CONFIRM_HIGH) };
}

/**
 * A yes/no decision from its score: yes from `confirmLow` on, 待确认 while below `confirmHigh` (a rule's hit scores 1
 * and is never pending).
 */
export function decide(score: number, layer: Layer, evidence: Evidence[], t: Partial<AnalysisThresholds>): Decision {
  const { low, high } = band(t);
  const s = Math.max(0, Math.min(1, Math.round(score * 1000) / 1000));
  const value = s >= low;
  return { value, score: s, pending: value && s < high, layer, evidence: value ? evidence : [] };
}

/** No decision: nothing said either way. */
export const NO: Decision = { value: false, score: 0, pending: false, layer: 'default', evidence: [] };
