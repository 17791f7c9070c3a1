import { and, eq, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { type Scope, scoped } from '../../platform/scope';
import { clue } from './schema';

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
