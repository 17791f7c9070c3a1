import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { FieldError, fieldRows, validateCustomValues } from '../clueField';

/** /clueOrderField scopes: 1 order fields, 3 product fields. */
export const ORDER_FIELDS = 1;
export const PRODUCT_FIELDS = 3;

/** Custom values of an order or a product checked against the organisation's definitions (400 naming the field). */
export async function checkCustom(
  db: DbOrTx,
  orgId: number,
  scope: typeof ORDER_FIELDS | typeof PRODUCT_FIELDS,
  input: Record<string, unknown> | undefined,
  mode: 'create' | 'update',
): Promise<Record<string, unknown>> {
  const defs = (await fieldRows(db, orgId, scope)).filter((f) => !f.builtIn);
  try {
    return validateCustomValues(defs, input ?? {}, mode);
  } catch (e) {
    if (e instanceof FieldError) throw badRequest(e.message);
    throw e;
  }
}
