import type { TranscriptSegment } from '@crm/core';
import { PRACTICE_STAGES, type PracticeStage } from '@crm/core/contract/practice';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { buildPool, type Pool } from './pool';
import { practiceCustomerLine } from './schema';
import { stageOfCustomerLine, usableLine } from './stages';

/**
 * The index of customer sentences by stage (practice_customer_line), written after every analysed call and read,
 * per organisation and stage, into the built-in customer's pools (pool.ts), kept in memory a short while.
 */

/** Distinct sentences per stage held in a pool: the ones most customers said (a long tail adds nothing but memory). */
export const POOL_SIZE = 4000;
const CACHE_MS = 60_000;

/** The customer sentences of a call with their stage and the agent sentence before each. */
export function customerLinesOf(segments: TranscriptSegment[]) {
  const customer = segments.flatMap((s, i) => (s.speaker === 'customer' ? [i] : []));
  const out: { segment: number; stage: PracticeStage; agentText: string; customerText: string }[] = [];
  let agentBefore = '';
  let nth = 0;
  for (const [i, s] of segments.entries()) {
    if (s.speaker !== 'customer') {
      agentBefore = s.text;
      continue;
    }
    const n = nth++;
    if (!usableLine(s.text)) continue;
    out.push({
      segment: i,
      stage: stageOfCustomerLine(s.text, agentBefore, n, customer.length),
      agentText: agentBefore.slice(0, 500),
      customerText: s.text.trim().slice(0, 200),
    });
  }
  return out;
}

/** Indexes one analysed call (again: the same rows; idempotent by recording and segment). */
export async function indexCall(
  db: DbOrTx,
  orgId: number,
  recordingId: number,
  segments: TranscriptSegment[],
): Promise<number> {
  const lines = customerLinesOf(segments);
  if (!lines.length) return 0;
  await db
    .insert(practiceCustomerLine)
    .values(lines.map((l) => ({ organizationId: orgId, recordingId, ...l })))
    .onConflictDoNothing();
  return lines.length;
}

export async function removeCalls(db: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  if (!recordingIds.length) return;
  await db
    .delete(practiceCustomerLine)
    .where(
      and(eq(practiceCustomerLine.organizationId, orgId), inArray(practiceCustomerLine.recordingId, recordingIds)),
    );
}

/** The organisation's pools, one per stage, loaded together and kept CACHE_MS (dropped when this process indexes). */
export class CustomerLines {
  private readonly cache = new Map<number, { at: number; pools: Promise<Map<PracticeStage, Pool>> }>();

  constructor(private readonly db: DbOrTx) {}

  forget(orgId: number): void {
    this.cache.delete(orgId);
  }

  pools(orgId: number): Promise<Map<PracticeStage, Pool>> {
    const hit = this.cache.get(orgId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.pools;
    const pools = this.load(orgId);
    this.cache.set(orgId, { at: Date.now(), pools });
    pools.catch(() => this.cache.delete(orgId));
    return pools;
  }

  private async load(orgId: number): Promise<Map<PracticeStage, Pool>> {
    const l = practiceCustomerLine;
    const rows = (await this.db.execute(sql`
      select stage, customer_text, agent_texts, recording_id, n from (
        select ${l.stage} as stage, ${l.customerText} as customer_text,
          (array_agg(${l.agentText} order by ${l.id} desc))[1:3] as agent_texts,
          max(${l.recordingId}) as recording_id, count(*)::int as n,
          row_number() over (partition by ${l.stage} order by count(*) desc, max(${l.id}) desc) as rank
        from ${l} where ${l.organizationId} = ${orgId}
        group by ${l.stage}, ${l.customerText}
      ) ranked where rank <= ${POOL_SIZE} order by stage, n desc, recording_id desc`)) as unknown as {
      rows: { stage: PracticeStage; customer_text: string; agent_texts: string[]; recording_id: number; n: number }[];
    };
    const out = new Map<PracticeStage, Pool>();
    for (const stage of PRACTICE_STAGES)
      out.set(
        stage,
        buildPool(
          stage,
          rows.rows
            .filter((r) => r.stage === stage)
            .map((r) => ({
              customerText: r.customer_text,
              agentTexts: r.agent_texts ?? [],
              recordingId: Number(r.recording_id),
              count: Number(r.n),
            })),
        ),
      );
    return out;
  }
}
