import { AsrStatus } from '@crm/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext, DemoOrg } from '../../platform/context';
import { recording } from '../recording/schema';
import type { AnalysisPipeline } from './pipeline';

/** Demo data: the demo recordings that have transcripts are analysed now, through the pipeline's own steps. */
export async function seedAnalyses(ctx: AppContext, pipeline: AnalysisPipeline, org: DemoOrg): Promise<number> {
  const rows = await ctx.db
    .select({ id: recording.id })
    .from(recording)
    .where(
      and(
        eq(recording.organizationId, org.orgId),
        eq(recording.asrStatus, AsrStatus.DONE),
        eq(recording.analysisStatus, 0),
      ),
    )
    .orderBy(recording.id);
  for (const r of rows) await pipeline.analyseNow(org.orgId, r.id);
  return rows.length;
}
