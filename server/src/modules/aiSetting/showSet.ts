import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AI_SHOW_ITEMS, AI_SHOW_KEYS, type AiShowKey } from '@crm/core/contract/aiSetting';

/** Which parts of an analysis the call detail and the list show (/api/clue/getAiTagShowSet). Absent keys show. */

type Calls = typeof contract.aiSetting;

/** What the analysis screens ask: each part shown or not, and the organisation's AI tags that are hidden. */
export interface ShowSet {
  show: Record<AiShowKey, boolean>;
  hiddenTagIds: number[];
}

export function showMap(stored: Record<string, boolean>): Record<AiShowKey, boolean> {
  return Object.fromEntries(AI_SHOW_KEYS.map((k) => [k, stored[k] ?? true])) as Record<AiShowKey, boolean>;
}

export function presentShowSet(stored: Record<string, boolean>): CallAnswer<Calls['getShowSet']> {
  const show = showMap(stored);
  return { items: AI_SHOW_KEYS.map((key) => ({ key, name: AI_SHOW_ITEMS[key], show: show[key] })) };
}

export function mergeShowSet(
  stored: Record<string, boolean>,
  input: CallBody<Calls['setShowSet']>,
): Record<string, boolean> {
  return { ...showMap(stored), ...Object.fromEntries(input.items.map((i) => [i.key, i.show])) };
}
