import { type SQL, sql } from 'drizzle-orm';

/**
 * The read model this module publishes for statistics (issue 17): deals per signing day and owner, as a query the
 * statistics module aggregates inside the database (it never names crm_order itself). A deal is a live order that
 * was confirmed (2 已确认, 3 部分回款, 4 已回款); drafts, refunded and cancelled orders are not. Columns: day,
 * owner_id, orders, total_fen, paid_fen. Signing days within [start, end] (the org+signed_on index serves it).
 */
export const DEAL_STATUSES = [2, 3, 4] as const;

export function dealDayFacts(orgId: number, start: string, end: string): SQL {
  return sql`select signed_on as day, owner_id, count(*)::int as orders, sum(total_fen)::bigint as total_fen,
      sum(paid_fen)::bigint as paid_fen
    from crm_order
    where organization_id = ${orgId} and signed_on between ${start} and ${end} and deleted_at is null
      and status in (${sql.raw(DEAL_STATUSES.join(', '))})
    group by 1, 2`;
}
