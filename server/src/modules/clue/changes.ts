import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { clue } from './schema';

/**
 * Leads of an organisation by the time they last changed, for integrations that read what changed since their last
 * visit (the open API): keyset pages on (updated_at, id) over the live-updated index, oldest change first.
 */

const columns = {
  id: clue.id,
  type: clue.type,
  name: clue.name,
  company: clue.company,
  phone: clue.phone,
  phones: clue.phones,
  ownerId: clue.ownerId,
  importWay: clue.importWay,
  stage: clue.stage,
  remark: clue.remark,
  createdAt: clue.createdAt,
  updatedAt: clue.updatedAt,
  /** updated_at to the microsecond (PostgreSQL keeps microseconds, a JS Date milliseconds): the exact cursor. */
  changedAtMicros: sql<string>`(extract(epoch from ${clue.updatedAt}) * 1000000)::bigint::text`,
};

export type LeadChange = {
  id: number;
  type: number;
  name: string;
  company: string;
  phone: string;
  phones: string[];
  ownerId: number | null;
  importWay: number | null;
  stage: number | null;
  remark: string | null;
  createdAt: Date;
  updatedAt: Date;
  changedAtMicros: string;
};

/** The page after `after` (exclusive), or from `since` (inclusive) when no cursor is given. */
export async function leadsChangedSince(
  db: DbOrTx,
  orgId: number,
  opts: { since?: Date; after?: { micros: string; id: number }; limit: number },
): Promise<LeadChange[]> {
  const { since, after, limit } = opts;
  const at = after && sql`(timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond')`;
  const from = after
    ? or(sql`${clue.updatedAt} > ${at}`, and(sql`${clue.updatedAt} = ${at}`, sql`${clue.id} > ${after.id}`))
    : since
      ? sql`${clue.updatedAt} >= ${since.toISOString()}`
      : undefined;
  return (await db
    .select(columns)
    .from(clue)
    .where(and(eq(clue.organizationId, orgId), isNull(clue.deletedAt), from))
    .orderBy(asc(clue.updatedAt), asc(clue.id))
    .limit(limit)) as LeadChange[];
}

/** Live leads of the organisation by id, in the shape above. */
export async function leadChangesByIds(db: DbOrTx, orgId: number, ids: number[]): Promise<LeadChange[]> {
  if (!ids.length) return [];
  return (await db
    .select(columns)
    .from(clue)
    .where(and(eq(clue.organizationId, orgId), isNull(clue.deletedAt), inArray(clue.id, ids)))) as LeadChange[];
}

/** The newest live lead of each main number (the ids of the leads a batch just wrote). */
export async function leadIdsByPhones(db: DbOrTx, orgId: number, phones: string[]): Promise<Map<string, number>> {
  if (!phones.length) return new Map();
  const rows = await db
    .select({ phone: clue.phone, id: sql<number>`max(${clue.id})` })
    .from(clue)
    .where(and(eq(clue.organizationId, orgId), isNull(clue.deletedAt), inArray(clue.phone, phones)))
    .groupBy(clue.phone);
  return new Map(rows.map((r) => [r.phone, Number(r.id)]));
}
