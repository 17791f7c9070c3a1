import type { Deduction, ScorecardItem } from '@crm/core/contract/qualityCheck';
import { PerformanceFlagName, SCORE_BASE } from '@crm/core/contract/qualityCheck';

/**
 * A call's machine score under a scorecard: base 100 less each item's deductions (points per occurrence, capped by
 * the item's maxDeduct), zero when a fatal item occurred; passed at or above the pass line (never when fatal).
 */

export interface ScoringCard {
  passLine: number;
  items: ScorecardItem[];
}

/** What the call gives the card to score: its violations' rule names, its SOP items with hit or miss, its flags. */
export interface ScoringFacts {
  violations: { rule: string }[];
  sopItems: { itemId: number; name: string; hit: boolean }[];
  flags: number;
}

export interface Score {
  score: number;
  passed: boolean;
  fatal: boolean;
  deductions: Deduction[];
}

/** How often the item's event happened in the call, and what it was. */
function occurrences(item: ScorecardItem, f: ScoringFacts): { count: number; reason: string } {
  if (item.kind === 'violation') {
    const hits = f.violations.filter((v) => item.rule === null || v.rule === item.rule);
    return { count: hits.length, reason: item.rule ?? [...new Set(hits.map((v) => v.rule))].join('、') };
  }
  if (item.kind === 'sopMissed') {
    const missed = f.sopItems.filter((i) => !i.hit && (item.sopItemId === null || i.itemId === item.sopItemId));
    return { count: missed.length, reason: [...new Set(missed.map((i) => i.name))].join('、') };
  }
  const bit = item.flag ?? 0;
  return {
    count: bit && f.flags & bit ? 1 : 0,
    reason: PerformanceFlagName[bit as keyof typeof PerformanceFlagName] ?? '',
  };
}

export function scoreCall(card: ScoringCard, facts: ScoringFacts): Score {
  const deductions: Deduction[] = [];
  for (const item of card.items) {
    const { count, reason } = occurrences(item, facts);
    if (!count) continue;
    const points = Math.min(item.deduct * count, item.maxDeduct ?? SCORE_BASE, SCORE_BASE);
    deductions.push({ item: item.name, kind: item.kind, reason, count, points, fatal: item.fatal });
  }
  const fatal = deductions.some((d) => d.fatal);
  const score = fatal ? 0 : Math.max(0, SCORE_BASE - deductions.reduce((sum, d) => sum + d.points, 0));
  return { score, fatal, passed: !fatal && score >= card.passLine, deductions };
}
