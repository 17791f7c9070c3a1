import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { scoped, updateScoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern, uniqueViolation } from '../../platform/validation';
import { appUser, position } from './schema';
import { findPosition } from './scope';
import { userCountsBy } from './service';

/** Positions (岗位, /organizationStation). */

type Calls = typeof contract.positions;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

export async function listPositions(db: Db, s: Session, q: Body<'list'>): Promise<Answer<'list'>> {
  const where = and(scoped(s, position), q.keyword ? ilike(position.name, likePattern(q.keyword)) : undefined);
  const { rows, total } = await pageRows(db, position, where, [asc(position.sortNo), asc(position.id)], q);
  const countOf = await userCountsBy(
    db,
    s,
    appUser.positionId,
    rows.map((r) => r.id),
  );
  return page(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      stationName: r.name,
      sortNo: r.sortNo,
      remark: r.remark,
      userCount: countOf.get(r.id) ?? 0,
      createdAt: formatDateTime(r.createdAt),
    })),
    total,
    q,
  );
}

const nameTaken = (e: unknown) => {
  if (uniqueViolation(e) !== null) return conflict('岗位名称已存在');
  return e;
};

export async function createPosition(db: Db, s: Session, input: Body<'save'>): Promise<Answer<'save'>> {
  try {
    const [row] = await db
      .insert(position)
      .values({ organizationId: s.orgId, name: input.name, sortNo: input.sortNo ?? 0, remark: input.remark ?? null })
      .returning({ id: position.id });
    return { id: row.id };
  } catch (e) {
    throw nameTaken(e);
  }
}

export async function updatePosition(db: Db, s: Session, input: Body<'update'>): Promise<Answer<'update'>> {
  await findPosition(db, s, input.id);
  try {
    await updateScoped(db, s, position, input);
  } catch (e) {
    throw nameTaken(e);
  }
  return { id: input.id };
}

export async function deletePosition(db: Db, s: Session, id: number): Promise<Answer<'delete'>> {
  return db.transaction(async (tx) => {
    await findPosition(tx, s, id);
    const n = (await userCountsBy(tx, s, appUser.positionId, [id])).get(id) ?? 0;
    if (n > 0) throw badRequest(`该岗位下还有 ${n} 个用户，不能删除`);
    await tx.delete(position).where(and(eq(position.id, id), scoped(s, position)));
    return { id };
  });
}
