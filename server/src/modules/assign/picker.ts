import type { AssignConditions, AssignMember } from './schema';

/** A member as the picker sees it: the rule's member with its counts and whether it may receive now. */
export interface Candidate extends AssignMember {
  total: number;
  today: number;
  available: boolean;
}

/**
 * The member who receives the next lead: among those available and under their daily cap, the one furthest behind
 * their share, i.e. with the smallest (total + 1) / weight (round robin: every weight 1), ties to the earlier member.
 * Over any run of leads each member's count stays within one lead of total × weight / Σweights, so the shares meet
 * the weights however many leads come. Null when nobody can receive.
 */
export function pickMember(members: Candidate[], weighted: boolean): Candidate | null {
  let best: Candidate | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const m of members) {
    if (!m.available || (m.dailyCap > 0 && m.today >= m.dailyCap)) continue;
    const score = (m.total + 1) / (weighted ? Math.max(1, m.weight) : 1);
    if (score < bestScore) {
      best = m;
      bestScore = score;
    }
  }
  return best;
}

/** What a rule reads of a lead. */
export interface LeadFacts {
  importWay: number;
  channelSourceId: number | null;
  provinceCode: string | null;
  cityCode: string | null;
  custom: Record<string, unknown>;
}

const text = (v: unknown): string[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? v.map((x) => String(x)) : [String(v)];

/** True when a lead meets every condition of a rule (an empty list is no condition). */
export function matches(c: AssignConditions, lead: LeadFacts): boolean {
  if (c.channelSourceIds.length && !(lead.channelSourceId && c.channelSourceIds.includes(lead.channelSourceId)))
    return false;
  if (c.importWays.length && !c.importWays.includes(lead.importWay)) return false;
  if (c.areaCodes.length && !c.areaCodes.some((code) => code === lead.provinceCode || code === lead.cityCode))
    return false;
  for (const cc of c.customConditions) {
    const values = text(lead.custom[cc.fieldName]);
    if (!values.some((v) => cc.values.includes(v))) return false;
  }
  return true;
}
