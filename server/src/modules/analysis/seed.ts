import { AsrStatus } from '@crm/core';
import type { AppContext, DemoOrg } from '../../platform/context';
import { recordingsInState } from '../recording';
import type { AnalysisPipeline } from './pipeline';

/** Demo data: the demo recordings that have transcripts are analysed now, through the pipeline's own steps. */
export async function seedAnalyses(ctx: AppContext, pipeline: AnalysisPipeline, org: DemoOrg): Promise<number> {
  const rows = await recordingsInState(ctx.db, org.orgId, { asrStatus: AsrStatus.DONE, analysisStatus: 0 });
  for (const r of rows) await pipeline.analyseNow(org.orgId, r.id);
  return rows.length;
}
