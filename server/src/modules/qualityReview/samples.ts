import { randomInt } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AppealStatusName, SampleModeName } from '@crm/core/contract/qualityReview';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { listCheckedCalls } from '../quality';
import { ownedCallsBetween, recordingFiles } from '../recording';
import { drawRandom } from './draw';
import { callReview, reviewAppeal, reviewSample, reviewSampleCall } from './schema';

/** Samples of calls for human review: drawn at random or by rule within the creator's data scope, and their progress. */

type Calls = typeof contract.qualityReview;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type SampleRow = typeof reviewSample.$inferSelect;

/** A sample larger than this is refused: a narrower range or a smaller share is asked for. */
export const MAX_SAMPLE_CALLS = 5000;

/** Samples the session sees: those created by users of its data scope, and those it reviews. */
const sampleScope = (s: Session): SQL =>
  scoped(s, reviewSample, {
    owner: reviewSample.createdBy,
    orWhere: sql`${s.userId} = any(${reviewSample.reviewerIds})`,
  });

interface Drawn {
  recordingId: number;
  ownerUserId: number | null;
  machineScore: number | null;
  passed: boolean | null;
}

async function draw(db: DbOrTx, s: Session, input: Body<'createSample'>, seed: number): Promise<Drawn[]> {
  const ownerUserIds = s.visibleUserIds ?? undefined;
  const checked = await listCheckedCalls(db, s.orgId, {
    startTime: input.startTime,
    endTime: input.endTime,
    ownerUserIds,
  });
  if (input.mode === 'rule') {
    const max = input.maxScore;
    return checked
      .filter((c) => !c.passed || (max !== undefined && c.score < max))
      .map((c) => ({
        recordingId: c.recordingId,
        ownerUserId: c.ownerUserId,
        machineScore: c.score,
        passed: c.passed,
      }));
  }
  const machine = new Map(checked.map((c) => [c.recordingId, c]));
  const calls = await ownedCallsBetween(db, s, input.startTime, input.endTime);
  const owners = new Map(calls.map((c) => [c.recordingId, c.ownerUserId]));
  return drawRandom(calls, input.percent ?? 100, seed).map((id) => ({
    recordingId: id,
    ownerUserId: owners.get(id) ?? null,
    machineScore: machine.get(id)?.score ?? null,
    passed: machine.get(id)?.passed ?? null,
  }));
}

export async function createSample(
  db: DbOrTx,
  s: Session,
  input: Body<'createSample'>,
): Promise<Answer<'createSample'>> {
  const reviewers = [...new Set(input.reviewerIds)];
  const found = await orgUsersByIds(db, s.orgId, reviewers);
  if (found.size !== reviewers.length || [...found.values()].some((u) => u.status !== 1))
    throw badRequest('reviewerIds：复核人不存在或已停用');
  const seed = randomInt(1, 2 ** 31 - 1);
  const calls = await draw(db, s, input, seed);
  if (calls.length > MAX_SAMPLE_CALLS)
    throw badRequest(`抽中 ${calls.length} 条通话，超过 ${MAX_SAMPLE_CALLS} 条，请缩小时间范围或抽样比例`);
  const row = await db.transaction(async (tx) => {
    const [sample] = await tx
      .insert(reviewSample)
      .values({
        organizationId: s.orgId,
        name: input.name,
        mode: input.mode,
        percent: input.mode === 'random' ? (input.percent ?? null) : null,
        maxScore: input.mode === 'rule' ? (input.maxScore ?? null) : null,
        startTime: input.startTime,
        endTime: input.endTime,
        seed,
        reviewerIds: reviewers,
        createdBy: s.userId,
      })
      .returning();
    for (let i = 0; i < calls.length; i += 1000)
      await tx
        .insert(reviewSampleCall)
        .values(calls.slice(i, i + 1000).map((c) => ({ ...c, organizationId: s.orgId, sampleId: sample.id })));
    return sample;
  });
  const [view] = await sampleViews(db, s.orgId, [row]);
  return { ...view, recordingIds: calls.map((c) => c.recordingId) };
}

export async function listSamples(db: DbOrTx, s: Session, f: Body<'sampleList'>): Promise<Answer<'sampleList'>> {
  const t = reviewSample;
  const where = and(
    sampleScope(s),
    f.keyword ? ilike(t.name, likePattern(f.keyword)) : undefined,
    f.mode ? eq(t.mode, f.mode) : undefined,
  );
  const { rows, total } = await pageRows(db, t, where, [desc(t.createdAt), desc(t.id)], f);
  return page(await sampleViews(db, s.orgId, rows), total, f);
}

async function sampleViews(db: DbOrTx, orgId: number, rows: SampleRow[]): Promise<Answer<'sampleList'>['lists']> {
  const ids = rows.map((r) => r.id);
  const progress = ids.length
    ? await db
        .select({
          sampleId: reviewSampleCall.sampleId,
          total: count(),
          reviewed: count(reviewSampleCall.reviewedAt),
        })
        .from(reviewSampleCall)
        .where(and(eq(reviewSampleCall.organizationId, orgId), inArray(reviewSampleCall.sampleId, ids)))
        .groupBy(reviewSampleCall.sampleId)
    : [];
  const bySample = new Map(progress.map((p) => [p.sampleId, p]));
  const names = await orgUsersByIds(
    db,
    orgId,
    rows.flatMap((r) => [r.createdBy, ...r.reviewerIds]),
  );
  return rows.map((r) => {
    const p = bySample.get(r.id);
    const total = Number(p?.total ?? 0);
    const reviewed = Number(p?.reviewed ?? 0);
    return {
      id: r.id,
      name: r.name,
      mode: r.mode,
      modeName: SampleModeName[r.mode],
      percent: r.percent,
      maxScore: r.maxScore,
      startTime: formatDateTime(r.startTime),
      endTime: formatDateTime(r.endTime),
      reviewerIds: r.reviewerIds,
      reviewerNames: r.reviewerIds.map((id) => names.get(id)?.realName ?? ''),
      total,
      reviewed,
      progress: total ? Math.round((reviewed / total) * 100) : 0,
      createdBy: r.createdBy,
      createdByName: names.get(r.createdBy)?.realName ?? null,
      createdAt: formatDateTime(r.createdAt),
    };
  });
}

/** The calls of a sample the session sees, those of its data scope, with machine score, review and appeal state. */
export async function sampleCalls(db: DbOrTx, s: Session, f: Body<'sampleCalls'>): Promise<Answer<'sampleCalls'>> {
  await findScoped(db, s, reviewSample, f.id, {
    owner: reviewSample.createdBy,
    orWhere: sql`${s.userId} = any(${reviewSample.reviewerIds})`,
    missing: '抽样不存在',
  });
  const t = reviewSampleCall;
  const where = and(
    scoped(s, t, { owner: t.ownerUserId }),
    eq(t.sampleId, f.id),
    f.reviewState === 1 ? isNull(t.reviewedAt) : f.reviewState === 2 ? isNotNull(t.reviewedAt) : undefined,
    f.ownerUserId ? eq(t.ownerUserId, f.ownerUserId) : undefined,
  );
  const { rows, total } = await pageRows(db, t, where, [asc(t.id)], f);
  const ids = rows.map((r) => r.recordingId);
  const [recs, reviews, appeals] = ids.length
    ? await Promise.all([
        recordingFiles(db, s.orgId, ids),
        db
          .select()
          .from(callReview)
          .where(and(eq(callReview.organizationId, s.orgId), inArray(callReview.recordingId, ids))),
        db
          .select({ recordingId: reviewAppeal.recordingId, status: reviewAppeal.status })
          .from(reviewAppeal)
          .where(and(eq(reviewAppeal.organizationId, s.orgId), inArray(reviewAppeal.recordingId, ids)))
          .orderBy(asc(reviewAppeal.id)),
      ])
    : [new Map<number, never>(), [], []];
  const reviewById = new Map(reviews.map((r) => [r.recordingId, r]));
  // ascending ids: the last one written per call is its latest appeal
  const appealById = new Map(appeals.map((a) => [a.recordingId, a.status]));
  const names = await orgUsersByIds(db, s.orgId, [
    ...rows.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])),
    ...reviews.map((r) => r.reviewerId),
  ]);
  const lists = rows.map((r) => {
    const rec = recs.get(r.recordingId);
    const review = reviewById.get(r.recordingId);
    const appeal = appealById.get(r.recordingId) ?? null;
    return {
      recordingId: r.recordingId,
      fileName: rec?.fileName ?? null,
      ownerUserId: r.ownerUserId,
      ownerName: r.ownerUserId ? (names.get(r.ownerUserId)?.realName ?? null) : null,
      callTime: formatDateTime(rec?.callTime ?? null),
      durationMs: rec?.durationMs ?? null,
      machineScore: r.machineScore,
      passed: r.passed,
      reviewed: r.reviewedAt !== null,
      reviewScore: review?.score ?? null,
      reviewComment: review?.comment ?? null,
      reviewerId: review?.reviewerId ?? null,
      reviewerName: review ? (names.get(review.reviewerId)?.realName ?? null) : null,
      reviewedAt: formatDateTime(r.reviewedAt),
      appealStatus: appeal,
      appealStatusName: appeal ? (AppealStatusName[appeal as keyof typeof AppealStatusName] ?? null) : null,
    };
  });
  return page(lists, total, f);
}
