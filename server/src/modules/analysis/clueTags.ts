import { AiLabel, formatDateTime } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { AnalysisResult } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { recording } from '../recording/schema';
import type { effectiveColumns } from './effective';
import { clueAiTag } from './schema';

/**
 * A lead's AI tags (/clue/aiTag): the AI labels and the organisation's AI tags its calls hit. Each analysis writes
 * the tags of its call; a re-analysis that no longer finds a tag takes back the row it wrote. A user hides a wrong
 * tag; it shows again only when another call hits it.
 */

type Calls = typeof contract.analysis;

interface TagHit {
  kind: 'label' | 'custom';
  tagId: number;
  tagName: string;
}

function hitsOf(m: AnalysisResult, e: ReturnType<typeof effectiveColumns>, names?: Map<number, string>): TagHit[] {
  const customNames = new Map([...(names ?? []), ...m.customTags.map((t) => [t.id, t.name] as const)]);
  return [
    ...e.aiLabels.map((l) => ({ kind: 'label' as const, tagId: l, tagName: AiLabel[l as 1] ?? String(l) })),
    ...e.customTagIds.map((id) => ({
      kind: 'custom' as const,
      tagId: id,
      tagName: customNames.get(id) ?? `标签${id}`,
    })),
  ];
}

/** After an analysis (or a correction) of a call bound to a lead. */
export async function writeClueTags(
  db: DbOrTx,
  orgId: number,
  clueId: number,
  recordingId: number,
  m: AnalysisResult,
  e: ReturnType<typeof effectiveColumns>,
  /** Names of the organisation's AI tags (for tags a person added). */
  names?: Map<number, string>,
): Promise<void> {
  const hits = hitsOf(m, e, names);
  const keys = hits.map((h) => `${h.kind}:${h.tagId}`);
  // rows this call wrote for tags it no longer has
  await db
    .delete(clueAiTag)
    .where(
      and(
        eq(clueAiTag.organizationId, orgId),
        eq(clueAiTag.clueId, clueId),
        eq(clueAiTag.recordingId, recordingId),
        isNull(clueAiTag.removedBy),
        keys.length ? notInArray(sql`${clueAiTag.kind} || ':' || ${clueAiTag.tagId}`, keys) : undefined,
      ),
    );
  if (!hits.length) return;
  await db
    .insert(clueAiTag)
    .values(hits.map((h) => ({ organizationId: orgId, clueId, recordingId, ...h })))
    .onConflictDoUpdate({
      target: [clueAiTag.organizationId, clueAiTag.clueId, clueAiTag.kind, clueAiTag.tagId],
      set: {
        tagName: sql`excluded.tag_name`,
        recordingId: sql`excluded.recording_id`,
        // hidden by a user: shown again only when another call hits it
        removedBy: sql`case when ${clueAiTag.recordingId} is distinct from excluded.recording_id then null else ${clueAiTag.removedBy} end`,
        removedAt: sql`case when ${clueAiTag.recordingId} is distinct from excluded.recording_id then null else ${clueAiTag.removedAt} end`,
        updatedAt: new Date(),
      },
    });
}

/** /clue/aiTag/listByClue: the tags shown on a lead the session may see. */
export async function listClueTags(
  ctx: AppContext,
  s: Session,
  clueId: number,
): Promise<CallAnswer<Calls['clueAiTags']>> {
  await ctx.services.clue.get(s, clueId);
  const rows = await ctx.db
    .select({ tag: clueAiTag, callTime: recording.callTime })
    .from(clueAiTag)
    .leftJoin(
      recording,
      and(eq(recording.id, clueAiTag.recordingId), eq(recording.organizationId, clueAiTag.organizationId)),
    )
    .where(and(eq(clueAiTag.organizationId, s.orgId), eq(clueAiTag.clueId, clueId), isNull(clueAiTag.removedBy)))
    .orderBy(asc(clueAiTag.kind), asc(clueAiTag.tagId));
  return rows.map(({ tag, callTime }) => ({
    id: tag.id,
    clueId: tag.clueId,
    kind: tag.kind as 'label' | 'custom',
    tagId: tag.tagId,
    tagName: tag.tagName,
    recordingId: tag.recordingId,
    callTime: formatDateTime(callTime),
    createdAt: formatDateTime(tag.createdAt),
  }));
}

/** /clue/aiTag/remove: hides a wrong tag of a lead the session may see. */
export async function removeClueTag(
  ctx: AppContext,
  s: Session,
  id: number,
): Promise<CallAnswer<Calls['removeClueAiTag']>> {
  const [row] = await ctx.db
    .select()
    .from(clueAiTag)
    .where(and(eq(clueAiTag.organizationId, s.orgId), eq(clueAiTag.id, id)));
  if (!row) throw notFound('AI 标签不存在');
  await ctx.services.clue.get(s, row.clueId);
  const done = await ctx.db
    .update(clueAiTag)
    .set({ removedBy: s.userId, removedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(clueAiTag.organizationId, s.orgId), eq(clueAiTag.id, id), isNull(clueAiTag.removedBy)))
    .returning({ id: clueAiTag.id });
  return { count: done.length };
}
