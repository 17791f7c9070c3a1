import { AiLabel, CallTag, IntentionLabel } from '@crm/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { INTENTION_CODE } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { machineResults } from '../analysis';
import { sopItemsCovered } from '../quality';
import { callExample } from './schema';

/**
 * What an example call is found by in the library: its tags (call tags, AI labels, the organisation's own tags),
 * intention, the objections the customer raised and the SOP items the agent covered. Read from the analysis and the
 * quality modules' faces and copied onto the example, so that the library is searched in one table.
 */
export interface CallFacets {
  tags: string[];
  intention: string | null;
  objections: string[];
  sopItems: string[];
}

const label = (map: Record<number, string>, code: number) => map[code] as string | undefined;
const unique = (xs: (string | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x?.trim()))];

export async function callFacets(db: DbOrTx, orgId: number, recordingIds: number[]): Promise<Map<number, CallFacets>> {
  const [results, sop] = await Promise.all([
    machineResults(db, orgId, recordingIds),
    sopItemsCovered(db, orgId, recordingIds),
  ]);
  const out = new Map<number, CallFacets>();
  for (const id of recordingIds) {
    const r = results.get(id);
    out.set(id, {
      tags: r
        ? unique([
            ...r.tags.map((t) => label(CallTag, t.tag)),
            ...r.aiLabels.map((l) => label(AiLabel, l)),
            ...r.customTags.map((t) => t.name),
          ])
        : [],
      intention: r?.intention ? (label(IntentionLabel, INTENTION_CODE[r.intention]) ?? null) : null,
      objections: r ? unique(r.summaryParts.objections.map((o) => o.slice(0, 100))) : [],
      sopItems: sop.get(id) ?? [],
    });
  }
  return out;
}

/** Copies a call's facets onto its example (if it is one): after marking, and after every later check of the call. */
export async function refreshFacets(db: DbOrTx, orgId: number, recordingId: number): Promise<void> {
  const where = and(
    eq(callExample.organizationId, orgId),
    eq(callExample.recordingId, recordingId),
    isNull(callExample.deletedAt),
  );
  const [example] = await db.select({ id: callExample.id }).from(callExample).where(where);
  if (!example) return;
  const f = (await callFacets(db, orgId, [recordingId])).get(recordingId)!;
  await db.update(callExample).set(f).where(eq(callExample.id, example.id));
}

/**
 * The consumers: once the SOP check of a (re-)analysed call is stored, its example follows (`training.facets`); a
 * deleted call leaves the library (`training.removed`; its trainings stay, saying the recording is gone).
 */
export function trainingConsumers(ctx: AppContext): void {
  ctx.events.on('quality.sopChecked', 'training.facets', ({ orgId, recordingId }) =>
    refreshFacets(ctx.db, orgId, recordingId),
  );
  ctx.events.on('recording.deleted', 'training.removed', async ({ orgId, recordingIds }) => {
    if (!recordingIds.length) return;
    await ctx.db
      .update(callExample)
      .set({ deletedAt: new Date() })
      .where(
        and(
          eq(callExample.organizationId, orgId),
          inArray(callExample.recordingId, recordingIds),
          isNull(callExample.deletedAt),
        ),
      );
  });
}
