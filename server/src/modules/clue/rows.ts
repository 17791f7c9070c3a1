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
