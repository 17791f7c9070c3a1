import { and, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { clueScope } from './query';
import { clue } from './schema';

const query = new QueryBuilder();

/**
 * The live leads (not in the recycle bin) of every organisation, for a job that looks at other modules' rows of
 * leads: a subquery named `lead` (id, organizationId, ownerId, lastFollowTime) joined by `lead.id` and
 * `lead.organizationId`.
 */
export function liveLeads() {
  return query
    .select({
      id: clue.id,
      organizationId: clue.organizationId,
      ownerId: clue.ownerId,
      lastFollowTime: clue.lastFollowTime,
    })
    .from(clue)
    .where(isNull(clue.deletedAt))
    .as('lead');
}

/**
 * The leads the session may see (clueScope), as a subquery named `lead` (id, name, company): filter by
 * `inArray(myTable.clueId, visibleLeadIds(s))`, or join `visibleLeads(s)` by `lead.id`.
 */
export function visibleLeads(s: Session) {
  return query
    .select({ id: clue.id, name: clue.name, company: clue.company })
    .from(clue)
    .where(clueScope(s))
    .as('lead');
}

export function visibleLeadIds(s: Session) {
  return query.select({ id: clue.id }).from(clue).where(clueScope(s));
}

/**
 * Every lead of the organisation (live or in the recycle bin) by id with its name, as a subquery with the columns
 * id, name (for another module's raw query that names the lead of its rows).
 */
export function leadNames(orgId: number): SQL {
  return sql`select ${clue.id} as id, ${clue.name} as name from ${clue} where ${clue.organizationId} = ${orgId}`;
}

/**
 * Leads as other modules read them (the boards): a subquery of the scope's live leads and customers held by staff
 * (those of the public sea are left out, as on the lead list and the statistics screens, unless `withSea`), created
 * within the range when one is given, with the columns id, owner_id, import_way, channel_source_id, stage, created_at.
 */
export function leadRows(s: Scope, range?: { from: Date; to: Date }, withSea = false): SQL {
  const where = and(
    scoped(s, clue, { owner: clue.ownerId }),
    withSea ? undefined : and(eq(clue.isInSea, 2), isNotNull(clue.ownerId)),
    range ? gte(clue.createdAt, range.from) : undefined,
    range ? lte(clue.createdAt, range.to) : undefined,
  );
  return sql`select ${clue.id} as id, ${clue.ownerId} as owner_id, ${clue.importWay} as import_way,
    ${clue.channelSourceId} as channel_source_id, ${clue.stage} as stage, ${clue.createdAt} as created_at
    from ${clue} where ${where}`;
}
