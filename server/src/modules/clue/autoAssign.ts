import type { DbOrTx } from '../../platform/db';

/** What an automatic assignment rule reads of a new lead. */
export interface NewLeadAttrs {
  importWay: number;
  channelSourceId: number | null;
  provinceCode: string | null;
  cityCode: string | null;
  custom: Record<string, unknown>;
}

/** The owner a rule chose for a new lead. */
export interface AutoPick {
  ruleId: number;
  ruleName: string;
  userId: number;
  userName: string;
}

/**
 * The automatic assignment of new leads (the assign module provides it; Clues.useAutoAssign): for each lead, in the
 * caller's transaction, the owner chosen by the first enabled rule it matches, or null.
 */
export type AutoAssigner = (
  tx: DbOrTx,
  orgId: number,
  leads: NewLeadAttrs[],
  time: Date,
) => Promise<(AutoPick | null)[]>;
