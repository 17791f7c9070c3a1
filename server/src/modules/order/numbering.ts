import { formatDate } from '@crm/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { crmOrderSeq } from './schema';

/**
 * The next order number of an organisation: DD + the Shanghai day + the day's sequence, 4 digits at least
 * (DD202611270001). One upsert takes it: concurrent orders wait on the counter row and never get the same number;
 * in the caller's transaction, a rolled-back order gives its number back.
 */
export async function nextOrderNo(db: DbOrTx, orgId: number, now = new Date()): Promise<string> {
  const day = formatDate(now)!.replace(/\D/g, '');
  const [row] = await db
    .insert(crmOrderSeq)
    .values({ organizationId: orgId, day, last: 1 })
    .onConflictDoUpdate({
      target: [crmOrderSeq.organizationId, crmOrderSeq.day],
      set: { last: sql`${crmOrderSeq.last} + 1` },
    })
    .returning({ last: crmOrderSeq.last });
  return `DD${day}${String(row.last).padStart(4, '0')}`;
}
