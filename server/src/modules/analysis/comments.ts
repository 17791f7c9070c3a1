import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { CallComment } from '@crm/core/contract/analysis';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { findRecording } from '../recording';
import { aiCallComment } from './schema';

/** /aiCallComment: comments on a call the session may see, in threads (a reply names the comment it answers). */

type Calls = typeof contract.analysis;
type Row = typeof aiCallComment.$inferSelect;

async function present(ctx: AppContext, orgId: number, rows: Row[], all: Row[] = rows): Promise<CallComment[]> {
  const names = await orgUsersByIds(
    ctx.db,
    orgId,
    all.map((r) => r.userId),
  );
  const byId = new Map(all.map((r) => [r.id, r]));
  return rows.map((r) => {
    const ref = r.ref != null ? byId.get(r.ref) : undefined;
    return {
      id: r.id,
      recordingId: r.recordingId,
      ref: r.ref,
      refAuthorName: ref ? (names.get(ref.userId)?.realName ?? null) : null,
      text: r.text,
      authorId: r.userId,
      authorName: names.get(r.userId)?.realName ?? null,
      createdAt: formatDateTime(r.createdAt),
    };
  });
}

export async function addComment(
  ctx: AppContext,
  s: Session,
  b: CallBody<Calls['addComment']>,
): Promise<CallAnswer<Calls['addComment']>> {
  const rec = await findRecording(ctx.db, s, b.recordingId);
  let parent: Row | undefined;
  if (b.ref) {
    [parent] = await ctx.db
      .select()
      .from(aiCallComment)
      .where(
        and(
          eq(aiCallComment.organizationId, s.orgId),
          eq(aiCallComment.recordingId, rec.id),
          eq(aiCallComment.id, b.ref),
        ),
      );
    if (!parent) throw badRequest('ref：回复的评论不存在');
  }
  const [row] = await ctx.db
    .insert(aiCallComment)
    .values({
      organizationId: s.orgId,
      recordingId: rec.id,
      userId: s.userId,
      ref: parent?.id ?? null,
      rootId: parent ? (parent.rootId ?? parent.id) : null,
      text: b.text,
    })
    .returning();
  const [view] = await present(ctx, s.orgId, [row], parent ? [row, parent] : [row]);
  return view;
}

export async function listComments(
  ctx: AppContext,
  s: Session,
  recordingId: number,
): Promise<CallAnswer<Calls['comments']>> {
  const rec = await findRecording(ctx.db, s, recordingId);
  const rows = await ctx.db
    .select()
    .from(aiCallComment)
    .where(and(eq(aiCallComment.organizationId, s.orgId), eq(aiCallComment.recordingId, rec.id)))
    .orderBy(asc(aiCallComment.id));
  const views = await present(ctx, s.orgId, rows);
  const roots = views.filter((_, i) => rows[i].rootId == null);
  return roots.map((root) => ({
    ...root,
    replies: views.filter((_, i) => rows[i].rootId === root.id),
  }));
}
