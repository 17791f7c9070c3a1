import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { anyOf, type Scope, scoped } from '../../platform/scope';
import { crmOrder } from './schema';

/**
 * Orders as other modules read them (the boards): a subquery of the scope's live orders signed within the days and in
 * one of the statuses, with the columns id, order_no, clue_id, customer_name, owner_id, status, total_fen, paid_fen,
 * signed_on (a 'YYYY-MM-DD' date). The order module keeps its tables; readers select from this.
 */
export function dealRows(s: Scope, f: { fromDay: string; toDay: string; statuses: readonly number[] }): SQL {
  const where = and(
    scoped(s, crmOrder, { owner: crmOrder.ownerId }),
    gte(crmOrder.signedOn, f.fromDay),
    lte(crmOrder.signedOn, f.toDay),
    anyOf(crmOrder.status, f.statuses),
  );
  return sql`select ${crmOrder.id} as id, ${crmOrder.orderNo} as order_no, ${crmOrder.clueId} as clue_id,
    ${crmOrder.customerName} as customer_name, ${crmOrder.ownerId} as owner_id, ${crmOrder.status} as status,
    ${crmOrder.totalFen} as total_fen, ${crmOrder.paidFen} as paid_fen, ${crmOrder.signedOn}::text as signed_on
    from ${crmOrder} where ${where}`;
}
