import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnalysisResult } from '../../lib/analyser/types';
import type { DbOrTx } from '../../platform/db';
import { decidedResult } from './effective';
import { callAnalysis } from './schema';

/** The call analyses as other modules read them (insight): they never name the analysis tables themselves. */

/** A call's analysis: its status (3 done), effective intention and summary; undefined before any analysis. */
export async function analysisSummary(
  db: DbOrTx,
  orgId: number,
  recordingId: number,
): Promise<{ status: number; intention: number | null; summary: string | null } | undefined> {
  const [row] = await db
    .select({ status: callAnalysis.status, intention: callAnalysis.intention, summary: callAnalysis.summary })
    .from(callAnalysis)
    .where(and(eq(callAnalysis.organizationId, orgId), eq(callAnalysis.recordingId, recordingId)));
  return row;
}

/**
 * The results of calls of the organisation as decided (a person's complaint and violations over the machine's), by
 * recording id (calls not analysed are absent).
 */
export async function machineResults(
  db: DbOrTx,
  orgId: number,
  recordingIds: number[],
): Promise<Map<number, AnalysisResult | null>> {
  if (!recordingIds.length) return new Map();
  const rows = await db
    .select({
      recordingId: callAnalysis.recordingId,
      machine: callAnalysis.machine,
      correction: callAnalysis.correction,
    })
    .from(callAnalysis)
    .where(and(eq(callAnalysis.organizationId, orgId), inArray(callAnalysis.recordingId, recordingIds)));
  return new Map(rows.map((r) => [r.recordingId, r.machine && decidedResult(r.machine, r.correction ?? null)]));
}

/** The recording ids of the organisation's calls whose analysis found a risk, as a subquery (one column). */
export function riskyRecordingIds(orgId: number): SQL {
  return sql`select ${callAnalysis.recordingId} from ${callAnalysis}
    where ${callAnalysis.organizationId} = ${orgId} and ${callAnalysis.risk} = 1`;
}

/** The organisation's analysed calls' searchable text, as a subquery with the columns recording_id, search_text. */
export function analysisTexts(orgId: number): SQL {
  return sql`select ${callAnalysis.recordingId} as recording_id, ${callAnalysis.searchText} as search_text
    from ${callAnalysis} where ${callAnalysis.organizationId} = ${orgId}`;
}
