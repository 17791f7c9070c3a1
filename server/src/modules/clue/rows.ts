import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { must, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { clueScope } from './query';
import { clue } from './schema';
import type { ClueRow } from './view';

/**
 * One lead the session may see (clueScope: organisation, data scope or collaboration), live or (`deleted`) in the
 * recycle bin; 404 otherwise, also for another organisation's id. `forUpdate` locks its row until the transaction
 * `db` ends.
 */
export async function findClue(
  db: DbOrTx,
  s: Session,
  clueId: number,
  opts: { deleted?: boolean; forUpdate?: boolean } = {},
): Promise<ClueRow> {
  const query = db
    .select()
    .from(clue)
    .where(and(eq(clue.id, clueId), clueScope(s, { deleted: opts.deleted })))
    .limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return must(row, '客户不存在');
}

/** The chosen leads of a batch operation; 404 when any is missing or outside the session's scope. */
export async function findClues(
  db: DbOrTx,
  s: Session,
  ids: number[],
  opts: { deleted?: boolean } = {},
): Promise<ClueRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(clue)
    .where(and(inArray(clue.id, unique), clueScope(s, { deleted: opts.deleted })));
  if (rows.length !== unique.length) throw notFound('客户不存在');
  return rows;
}

/** Up to `limit` customers (leads turned into customers) of the organisation, whoever's (demo orders). */
export function someCustomers(db: DbOrTx, orgId: number, limit: number) {
  return db
    .select({ id: clue.id, name: clue.name, company: clue.company, ownerId: clue.ownerId })
    .from(clue)
    .where(and(eq(clue.organizationId, orgId), eq(clue.type, 2)))
    .limit(limit);
}

/**
 * A lead of the organisation by id, live or in the recycle bin, whoever owns it: the columns other modules' jobs
 * (no session) decide by and name it with. Undefined when the organisation has no such lead.
 */
export async function leadOfOrg(
  db: DbOrTx,
  orgId: number,
  clueId: number,
): Promise<Pick<ClueRow, 'followStatusId' | 'stage' | 'name' | 'company' | 'type'> | undefined> {
  const [row] = await db
    .select({
      followStatusId: clue.followStatusId,
      stage: clue.stage,
      name: clue.name,
      company: clue.company,
      type: clue.type,
    })
    .from(clue)
    .where(and(eq(clue.organizationId, orgId), eq(clue.id, clueId)))
    .limit(1);
  return row;
}
