import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, inArray } from 'drizzle-orm';
import type { AppContext, Services } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { scoped, seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { userOfOrg } from '../org';
import { findRecording, recordingScope, refuseSelfReview, updateRecording } from './rows';
import { recording } from './schema';

/** Whom and what recordings are given to: owner and lead (binding, and the owner and lead an upload names). */

type Body<K extends keyof typeof contract.recording> = CallBody<(typeof contract.recording)[K]>;
type Answer<K extends keyof typeof contract.recording> = CallAnswer<(typeof contract.recording)[K]>;

/** The lead service (module `clue`, set up after this one): absent from a context built without it. */
export const clueLookup = (ctx: AppContext): Partial<Services>['clue'] => {
  const services: Partial<Services> = ctx.services;
  return services.clue;
};

/** Giving recordings to another user (binding, or an upload's ownerUserId) takes this sign. */
export const mayAssignRecordings = (s: Session) => s.isSuperAdmin || s.signs.has('recording:assign');

/**
 * The user recordings are given to: a user of the organisation. Another user than oneself takes
 * 'recording:assign' and must be inside the caller's data scope (a seat cannot hand its calls to anyone, a
 * manager only to the people it manages).
 */
export async function assignableUser(ctx: AppContext, s: Session, userId: number): Promise<number> {
  const { id } = await userOfOrg(ctx.db, s, userId);
  if (id === s.userId) return id;
  if (!mayAssignRecordings(s)) throw forbidden('无权限把录音分配给其他员工');
  if (!seesUser(s, id)) throw forbidden('不能把录音分配给数据权限以外的员工');
  return id;
}

/** A lead of the organisation that the caller's data scope covers (a recording is not pinned to others' leads). */
export async function checkClue(ctx: AppContext, s: Session, clueId: number): Promise<number> {
  const lookup = clueLookup(ctx);
  if (lookup) {
    try {
      await lookup.get(s, clueId);
    } catch (e) {
      if (e instanceof AppError && e.status === 404) throw notFound('线索不存在');
      throw e;
    }
  }
  return clueId;
}

/** The recordings of `ids` (each one the session may see, else 404 录音不存在). */
async function visibleRows(ctx: AppContext, s: Session, ids: number[]) {
  const rows = await ctx.db
    .select({ id: recording.id, ownerUserId: recording.ownerUserId })
    .from(recording)
    .where(and(recordingScope(s), inArray(recording.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound('录音不存在');
  return rows;
}

export async function bindClue(ctx: AppContext, s: Session, input: Body<'bindClue'>): Promise<Answer<'bindClue'>> {
  const visible = (await visibleRows(ctx, s, input.ids)).map((r) => r.id);
  if (input.clueId) await checkClue(ctx, s, input.clueId);
  await ctx.db
    .update(recording)
    .set({ clueId: input.clueId, updatedAt: new Date() })
    .where(and(scoped(s, recording), inArray(recording.id, visible)));
  return { count: visible.length };
}

/**
 * Gives recordings to a user. With 'recording:assign': any recording the caller sees, to a user of its data
 * scope. Without it (a seat uploading its own calls) only claiming for oneself recordings that have no owner yet.
 */
export async function bindUser(ctx: AppContext, s: Session, input: Body<'bindUser'>): Promise<Answer<'bindUser'>> {
  const rows = await visibleRows(ctx, s, input.ids);
  await assignableUser(ctx, s, input.userId);
  if (!mayAssignRecordings(s) && rows.some((r) => r.ownerUserId !== null && r.ownerUserId !== input.userId))
    throw forbidden('无权限修改录音归属');
  const visible = rows.map((r) => r.id);
  await ctx.db
    .update(recording)
    .set({ ownerUserId: input.userId, updatedAt: new Date() })
    .where(and(scoped(s, recording), inArray(recording.id, visible)));
  return { count: visible.length };
}

/** Deletes recordings and their files; `recording.deleted` takes their transcripts, analyses and quality results. */
export async function removeRecordings(ctx: AppContext, s: Session, ids: number[]): Promise<Answer<'remove'>> {
  const rows = await ctx.db
    .select()
    .from(recording)
    .where(and(recordingScope(s), inArray(recording.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound('录音不存在');
  const found = rows.map((r) => r.id);
  // what other modules keep of them (transcripts, analyses, quality results, insight) goes with the event
  await ctx.events.transaction(async (tx, outbox) => {
    await tx.delete(recording).where(and(scoped(s, recording), inArray(recording.id, found)));
    await outbox.emit('recording.deleted', { orgId: s.orgId, recordingIds: found });
  });
  for (const r of rows) {
    await ctx.storage.delete(r.fileKey);
    if (r.playKey) await ctx.storage.delete(r.playKey);
  }
  return { count: rows.length };
}

/** Score and remark left out stay as they are; null (or '' for the remark) clears them. */
export async function saveQuality(
  ctx: AppContext,
  s: Session,
  input: Body<'saveQuality'>,
): Promise<Answer<'saveQuality'>> {
  const row = await findRecording(ctx.db, s, input.id);
  refuseSelfReview(s, row);
  const { qualityScore = row.qualityScore, qualityRemark = row.qualityRemark } = input;
  await updateRecording(ctx.db, s.orgId, row.id, {
    qualityScore: input.qualityScore,
    qualityRemark: input.qualityRemark,
  });
  if (qualityScore !== row.qualityScore || qualityRemark !== row.qualityRemark)
    await ctx.services.qualityReview?.onManualScore(s, {
      recordingId: row.id,
      scoreBefore: row.qualityScore,
      scoreAfter: qualityScore,
      remark: qualityRemark,
    });
  return { id: row.id, qualityScore, qualityRemark };
}
