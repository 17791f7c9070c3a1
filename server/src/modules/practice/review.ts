import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { type PracticeStage, PracticeStatusName } from '@crm/core/contract/practice';
import { and, asc, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { type Scope, scoped, unscoped } from '../../platform/scope';
import { orgUsersByIds } from '../org';
import { type SopItemSpec, sopItemSpecs } from '../quality';
import { chatScript, practiceSession, practiceTurn } from './schema';
import { scoreConversation } from './scoring';
import type { SessionRow } from './sessions';

type S = typeof contract.chatScriptTrainingSession;
type Body<K extends keyof S> = CallBody<S[K]>;
type Answer<K extends keyof S> = CallAnswer<S[K]>;
type TurnRow = typeof practiceTurn.$inferSelect;
export type Viewer = Scope & { userId: number; signs: Set<string>; isSuperAdmin: boolean };

/** Reviews, the practice log (陪练记录) and each person's progress. */

/** practice:view (or the super admin) sees the sessions of the data scope; everyone else only their own. */
export function visibleSessions(s: Viewer): SQL {
  const others = s.isSuperAdmin || s.signs.has('practice:view');
  return and(
    scoped(s, practiceSession, others ? { owner: practiceSession.userId } : {}),
    others ? undefined : eq(practiceSession.userId, s.userId),
  )!;
}

export function turnView(t: TurnRow) {
  return {
    seq: t.seq,
    speaker: t.speaker,
    text: t.text,
    stage: t.stage,
    source: t.source,
    fallback: t.fallback,
    recordingId: t.recordingId,
    via: t.via,
    at: formatDateTime(t.createdAt)!,
  };
}

const turnsOf = (db: DbOrTx, orgId: number, sessionId: number) =>
  db
    .select()
    .from(practiceTurn)
    .where(and(eq(practiceTurn.sessionId, sessionId), eq(practiceTurn.organizationId, orgId)))
    .orderBy(asc(practiceTurn.seq));

/** The review of a session from its turns and its script (a deleted script still reviews its sessions). */
export async function scoreSession(db: DbOrTx, row: SessionRow) {
  const s = unscoped(row.organizationId, 'a session is reviewed against the script it was practised on');
  const [[script], turns] = await Promise.all([
    db
      .select()
      .from(chatScript)
      .where(and(eq(chatScript.id, row.scriptId), scoped(s, chatScript, { deleted: true }))),
    turnsOf(db, row.organizationId, row.id),
  ]);
  if (!script) throw notFound('陪练脚本不存在');
  const ids = script.scoringPoints.flatMap((p) => (p.sopItemId ? [p.sopItemId] : []));
  const sop = new Map<number, SopItemSpec>((await sopItemSpecs(db, row.organizationId, ids)).map((i) => [i.id, i]));
  const lines = turns.map((t) => ({ speaker: t.speaker, text: t.text, stage: t.stage }));
  return {
    ...scoreConversation(
      {
        stages: script.stages as PracticeStage[],
        scoringPoints: script.scoringPoints,
        forbiddenWords: script.forbiddenWords,
        passScore: row.passScore,
      },
      lines,
      sop,
    ),
    scriptId: script.id,
  };
}

export async function reviewOf(db: Db, s: Viewer, id: number): Promise<Answer<'review'>> {
  const [row] = await db
    .select()
    .from(practiceSession)
    .where(and(eq(practiceSession.id, id), visibleSessions(s)))
    .limit(1);
  if (!row) throw notFound('陪练会话不存在');
  // a running session is reviewed as it stands (a preview); an ended one as stored at its end
  const scored = (row.review as Awaited<ReturnType<typeof scoreSession>> | null) ?? (await scoreSession(db, row));
  const [turns, names] = await Promise.all([turnsOf(db, s.orgId, id), orgUsersByIds(db, s.orgId, [row.userId])]);
  return {
    sessionId: row.id,
    scriptId: row.scriptId,
    scriptName: row.scriptName,
    userId: row.userId,
    userName: names.get(row.userId)?.realName ?? null,
    status: row.status,
    statusName: PracticeStatusName[row.status as 1 | 2 | 3] ?? '',
    startedAt: formatDateTime(row.startedAt)!,
    endedAt: formatDateTime(row.endedAt),
    durationSeconds: durationOf(row),
    totalScore: scored.totalScore,
    fullScore: scored.fullScore,
    passScore: row.passScore,
    passed: scored.passed,
    points: scored.points,
    stages: scored.stages,
    forbidden: scored.forbidden,
    turns: turns.map(turnView),
  };
}

const durationOf = (r: SessionRow) =>
  Math.max(0, Math.round(((r.endedAt ?? new Date()).getTime() - r.startedAt.getTime()) / 1000));

export async function listSessions(db: Db, s: Viewer, f: Body<'pagelist'>): Promise<Answer<'pagelist'>> {
  const p = practiceSession;
  const where = and(
    visibleSessions(s),
    f.scriptId ? eq(p.scriptId, f.scriptId) : undefined,
    f.userId ? eq(p.userId, f.userId) : undefined,
    f.status ? eq(p.status, f.status) : undefined,
    f.passed ? eq(p.passed, f.passed === 1) : undefined,
    f.startTime ? gte(p.startedAt, f.startTime) : undefined,
    f.endTime ? lte(p.startedAt, f.endTime) : undefined,
  );
  const { rows, total } = await pageRows(db, p, where, [desc(p.startedAt), desc(p.id)], f);
  const names = await orgUsersByIds(
    db,
    s.orgId,
    rows.map((r) => r.userId),
  );
  return page(
    rows.map((r) => ({
      id: r.id,
      scriptId: r.scriptId,
      scriptName: r.scriptName,
      userId: r.userId,
      userName: names.get(r.userId)?.realName ?? null,
      status: r.status,
      statusName: PracticeStatusName[r.status as 1 | 2 | 3] ?? '',
      engine: r.engine,
      totalScore: r.totalScore,
      passScore: r.passScore,
      passed: r.passed,
      turnCount: r.turnCount,
      durationSeconds: durationOf(r),
      chargedMinutes: r.chargedMinutes,
      startedAt: formatDateTime(r.startedAt)!,
      endedAt: formatDateTime(r.endedAt),
    })),
    total,
    f,
  );
}

/** Each visible person's scored sessions in time order (the last 200 of each person at most). */
export async function progressOf(db: Db, s: Viewer, f: Body<'progress'>): Promise<Answer<'progress'>> {
  const p = practiceSession;
  const rows = await db
    .select({ id: p.id, userId: p.userId, at: p.startedAt, score: p.totalScore, passed: p.passed })
    .from(p)
    .where(
      and(
        visibleSessions(s),
        f.userId ? eq(p.userId, f.userId) : undefined,
        f.scriptId ? eq(p.scriptId, f.scriptId) : undefined,
      ),
    )
    .orderBy(asc(p.startedAt))
    .limit(5000);
  const names = await orgUsersByIds(
    db,
    s.orgId,
    rows.map((r) => r.userId),
  );
  const byUser = new Map<number, Answer<'progress'>[number]>();
  for (const r of rows) {
    if (r.score === null) continue;
    let entry = byUser.get(r.userId);
    if (!entry) {
      entry = { userId: r.userId, userName: names.get(r.userId)?.realName ?? null, points: [] };
      byUser.set(r.userId, entry);
    }
    entry.points.push({ sessionId: r.id, at: formatDateTime(r.at)!, score: r.score, passed: Boolean(r.passed) });
  }
  for (const e of byUser.values()) e.points = e.points.slice(-200);
  return [...byUser.values()];
}
