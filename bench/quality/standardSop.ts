// The standard sales script the benchmark measures. It lives in the product (the default rule offered to a new
// organisation) and is exported here under the benchmark's names; SOP_KEYS maps its item ids to the item keys of
// bench/quality/eval/LABELLING.md.
import { STANDARD_SOP } from '../../server/src/modules/quality/sop/standard';

export { STANDARD_SOP };

export const SOP_KEYS = ['opening', 'identity', 'needs', 'product', 'price', 'objection', 'followup'] as const;
export type SopKey = (typeof SOP_KEYS)[number];

/** Item id → label key (ids 1..7 in script order). */
export const KEY_OF_ITEM = new Map<number, SopKey>(
  STANDARD_SOP.items.map((item) => [item.id, SOP_KEYS[item.sort - 1]]),
);
