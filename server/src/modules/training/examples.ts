import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ExampleKindName } from '@crm/core/contract/training';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { page, pageRows } from '../../platform/paging';
import { anyOf, findScoped, type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { findRecording } from '../recording';
import { callFacets } from './facets';
import { callExample, callTrainLog } from './schema';

type Body<K extends keyof typeof contract.training> = CallBody<(typeof contract.training)[K]>;
type Answer<K extends keyof typeof contract.training> = CallAnswer<(typeof contract.training)[K]>;
export type ExampleRow = typeof callExample.$inferSelect;

export const EXAMPLE_MISSING = '案例不存在';

/**
 * The library a session sees: examples of calls its data scope covers, or that someone it covers marked (a manager's
 * pick stays in sight of those above them).
 */
export function exampleScope(s: Scope): SQL {
  return scoped(s, callExample, {
    owner: callExample.callOwnerId,
    orWhere: s.visibleUserIds ? anyOf(callExample.markedBy, s.visibleUserIds) : undefined,
  });
}

export function findExample(db: DbOrTx, s: Scope, id: number): Promise<ExampleRow> {
  return findScoped(db, s, callExample, id, {
    owner: callExample.callOwnerId,
    orWhere: s.visibleUserIds ? anyOf(callExample.markedBy, s.visibleUserIds) : undefined,
    missing: EXAMPLE_MISSING,
  });
}

/**
 * Marks a call the session may see as an example, or changes its mark (one example per call): its facets are copied
 * from the analysis as it stands and follow every later analysis.
 */
export async function markExample(db: DbOrTx, s: Session, input: Body<'markExample'>): Promise<{ id: number }> {
  const rec = await findRecording(db, s, input.recordingId);
  const facets = (await callFacets(db, s.orgId, [rec.id])).get(rec.id)!;
  const values = {
    kind: input.kind,
    note: input.note ?? null,
    moments: input.moments,
    callOwnerId: rec.ownerUserId ?? rec.uploadedBy,
    callTime: rec.callTime ?? rec.createdAt,
    durationMs: rec.durationMs,
    ...facets,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(callExample)
    .values({ organizationId: s.orgId, recordingId: rec.id, markedBy: s.userId, ...values })
    .onConflictDoUpdate({
      target: [callExample.organizationId, callExample.recordingId],
      targetWhere: sql`${callExample.deletedAt} is null`,
      set: values,
    })
    .returning({ id: callExample.id });
  return { id: row.id };
}

const hasItem = (col: AnyColumn, text: string) =>
  sql`exists (select 1 from unnest(${col}) x where x ilike ${likePattern(text)})`;

export async function examplePage(db: DbOrTx, s: Session, f: Body<'examplePage'>): Promise<Answer<'examplePage'>> {
  const where = and(
    exampleScope(s),
    f.kind ? eq(callExample.kind, f.kind) : undefined,
    f.tag ? hasItem(callExample.tags, f.tag) : undefined,
    f.intention ? eq(callExample.intention, f.intention) : undefined,
    f.sopItem ? hasItem(callExample.sopItems, f.sopItem) : undefined,
    f.objection ? hasItem(callExample.objections, f.objection) : undefined,
    f.keyword ? ilike(callExample.note, likePattern(f.keyword)) : undefined,
  );
  const { rows, total } = await pageRows(
    db,
    callExample,
    where,
    [desc(callExample.createdAt), desc(callExample.id)],
    f,
  );
  return page(await exampleViews(db, s.orgId, rows), total, f);
}

/** Every tag, intention, SOP item and objection the session's library carries: the library's filter choices. */
export async function exampleFacets(db: DbOrTx, s: Session): Promise<Answer<'exampleFacets'>> {
  const pick = (col: SQL) =>
    db.execute<{ v: string }>(
      sql`select distinct v from (select ${col} as v from ${callExample} where ${exampleScope(s)}) x
        where v is not null order by v limit 200`,
    );
  const [tags, intentions, sopItems, objections] = await Promise.all([
    pick(sql`unnest(${callExample.tags})`),
    pick(sql`${callExample.intention}`),
    pick(sql`unnest(${callExample.sopItems})`),
    pick(sql`unnest(${callExample.objections})`),
  ]);
  const list = (r: { rows: { v: string }[] }) => r.rows.map((x) => x.v);
  return { tags: list(tags), intentions: list(intentions), sopItems: list(sopItems), objections: list(objections) };
}

/** Takes a call out of the library; the trainings already assigned keep their call. */
export async function deleteExample(db: DbOrTx, s: Session, id: number): Promise<{ id: number }> {
  await findExample(db, s, id);
  await db
    .update(callExample)
    .set({ deletedAt: new Date() })
    .where(and(eq(callExample.id, id), exampleScope(s)));
  return { id };
}

export async function exampleViews(
  db: DbOrTx,
  orgId: number,
  rows: ExampleRow[],
): Promise<Answer<'examplePage'>['lists']> {
  const ids = rows.map((r) => r.id);
  const [names, counts] = await Promise.all([
    orgUsersByIds(
      db,
      orgId,
      rows.flatMap((r) => (r.callOwnerId ? [r.markedBy, r.callOwnerId] : [r.markedBy])),
    ),
    ids.length
      ? db
          .select({ exampleId: callTrainLog.exampleId, n: count() })
          .from(callTrainLog)
          .where(
            and(
              eq(callTrainLog.organizationId, orgId),
              inArray(callTrainLog.exampleId, ids),
              isNull(callTrainLog.deletedAt),
            ),
          )
          .groupBy(callTrainLog.exampleId)
      : [],
  ]);
  const trained = new Map(counts.map((c) => [c.exampleId, c.n]));
  return rows.map((r) => ({
    id: r.id,
    recordingId: r.recordingId,
    kind: r.kind,
    kindName: ExampleKindName[r.kind as keyof typeof ExampleKindName] ?? '',
    note: r.note,
    moments: r.moments,
    tags: r.tags,
    intention: r.intention,
    objections: r.objections,
    sopItems: r.sopItems,
    callOwnerName: r.callOwnerId ? (names.get(r.callOwnerId)?.realName ?? null) : null,
    callTime: formatDateTime(r.callTime),
    durationSeconds: Math.round(r.durationMs / 1000),
    markedByName: names.get(r.markedBy)?.realName ?? null,
    trainCount: trained.get(r.id) ?? 0,
    createdAt: formatDateTime(r.createdAt),
  }));
}
