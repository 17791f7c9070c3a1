import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { sopItemSpecs } from '../quality';
import { chatScript, practiceSession } from './schema';

/** /chatScript: practice scripts of the organisation (every seat practises them; practice:edit writes them). */

type Body<K extends keyof typeof contract.chatScript> = CallBody<(typeof contract.chatScript)[K]>;
type Answer<K extends keyof typeof contract.chatScript> = CallAnswer<(typeof contract.chatScript)[K]>;
export type ScriptRow = typeof chatScript.$inferSelect;

const MISSING = '陪练脚本不存在';

export const findScript = (db: DbOrTx, s: Scope, id: number) => findScoped(db, s, chatScript, id, { missing: MISSING });

/** Scoring points name SOP items of this organisation only. */
async function checkSopItems(db: Db, orgId: number, input: Body<'save'>): Promise<void> {
  const ids = [...new Set(input.scoringPoints.flatMap((p) => (p.sopItemId ? [p.sopItemId] : [])))];
  const found = await sopItemSpecs(db, orgId, ids);
  if (found.length !== ids.length) throw badRequest('评分点关联的 SOP 话术节点不存在或已删除');
}

const values = (input: Body<'save'>) => ({
  name: input.name,
  description: input.description ?? null,
  persona: {
    industry: input.persona.industry,
    needs: input.persona.needs ?? null,
    budget: input.persona.budget ?? null,
    character: input.persona.character ?? null,
    objections: input.persona.objections,
  },
  stages: input.stages,
  scoringPoints: input.scoringPoints.map((p) => ({
    name: p.name,
    stage: p.stage,
    sopItemId: p.sopItemId ?? null,
    keywords: p.keywords,
    score: p.score,
  })),
  forbiddenWords: input.forbiddenWords,
  passScore: input.passScore,
  status: input.status ?? 1,
});

export async function saveScript(db: Db, s: Session, input: Body<'save'>): Promise<Answer<'save'>> {
  await checkSopItems(db, s.orgId, input);
  const [row] = await db
    .insert(chatScript)
    .values({ organizationId: s.orgId, createdBy: s.userId, ...values(input) })
    .returning({ id: chatScript.id });
  return { id: row.id };
}

export async function updateScript(db: Db, s: Session, input: Body<'update'>): Promise<Answer<'update'>> {
  await findScript(db, s, input.id);
  await checkSopItems(db, s.orgId, input);
  await db
    .update(chatScript)
    .set({ ...values(input), updatedAt: new Date() })
    .where(and(eq(chatScript.id, input.id), scoped(s, chatScript)));
  return { id: input.id };
}

/** Soft delete: the sessions practised on a script keep their log and review. */
export async function deleteScripts(db: Db, s: Session, input: Body<'delete'>): Promise<Answer<'delete'>> {
  const gone = await db
    .update(chatScript)
    .set({ deletedAt: new Date() })
    .where(and(inArray(chatScript.id, input.ids), scoped(s, chatScript)))
    .returning({ id: chatScript.id });
  return { count: gone.length };
}

export async function listScripts(db: Db, s: Session, f: Body<'pagelist'>): Promise<Answer<'pagelist'>> {
  const where = and(
    scoped(s, chatScript),
    f.keyword ? ilike(chatScript.name, likePattern(f.keyword)) : undefined,
    f.status ? eq(chatScript.status, f.status) : undefined,
  );
  const { rows, total } = await pageRows(db, chatScript, where, [desc(chatScript.createdAt), desc(chatScript.id)], f);
  return page(await views(db, s.orgId, rows), total, f);
}

export async function scriptDetail(db: Db, s: Session, id: number): Promise<Answer<'detail'>> {
  const [view] = await views(db, s.orgId, [await findScript(db, s, id)]);
  return view;
}

async function views(db: Db, orgId: number, rows: ScriptRow[]): Promise<Answer<'detail'>[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [names, items, counts] = await Promise.all([
    orgUsersByIds(
      db,
      orgId,
      rows.map((r) => r.createdBy),
    ),
    sopItemSpecs(
      db,
      orgId,
      rows.flatMap((r) => r.scoringPoints.flatMap((p) => (p.sopItemId ? [p.sopItemId] : []))),
    ),
    db
      .select({ id: practiceSession.scriptId, n: count() })
      .from(practiceSession)
      .where(and(eq(practiceSession.organizationId, orgId), inArray(practiceSession.scriptId, ids)))
      .groupBy(practiceSession.scriptId),
  ]);
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  const sessions = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    persona: r.persona,
    stages: r.stages,
    scoringPoints: r.scoringPoints.map((p) => ({
      ...p,
      sopItemName: p.sopItemId ? (itemName.get(p.sopItemId) ?? null) : null,
    })),
    forbiddenWords: r.forbiddenWords,
    passScore: r.passScore,
    totalScore: r.scoringPoints.reduce((sum, p) => sum + p.score, 0),
    status: r.status,
    createdBy: r.createdBy,
    createdByName: names.get(r.createdBy)?.realName ?? null,
    sessionCount: sessions.get(r.id) ?? 0,
    createdAt: formatDateTime(r.createdAt)!,
    updatedAt: formatDateTime(r.updatedAt)!,
  }));
}

/** The organisation's scripts (not deleted) by name: what an industry template finds already there. */
export async function scriptsByName(db: Db, orgId: number): Promise<Map<string, ScriptRow>> {
  const rows = await db
    .select()
    .from(chatScript)
    .where(and(eq(chatScript.organizationId, orgId), isNull(chatScript.deletedAt)))
    .orderBy(asc(chatScript.id));
  const out = new Map<string, ScriptRow>();
  for (const r of rows) if (!out.has(r.name)) out.set(r.name, r);
  return out;
}
