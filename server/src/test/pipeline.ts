import { sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context';

/**
 * Waits until the recording pipeline is idle: no job of its stages (transcription, analysis) queued or running, and
 * no job of any event consumer queued, waiting for a retry or running. Tests that look at what follows an analysis
 * (quality, insight, messages, the lead) wait on this rather than on the call's 已完成. A stage's own retry (of a
 * failed or superseded analysis) is not waited for: the call's status tells of it.
 */
export async function pipelineIdle(ctx: AppContext, ms = 30_000): Promise<void> {
  const stages = ['asr', 'analysis'];
  const table = sql.raw(`"${ctx.config.jobsSchema}".job`);
  const end = Date.now() + ms;
  for (;;) {
    const res = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${table}
      where (name = any(${sql.param(ctx.events.queues)}::text[]) and state in ('created', 'retry', 'active'))
         or (name = any(${sql.param(stages)}::text[]) and state in ('created', 'active'))`);
    if (Number(res.rows[0].n) === 0) return;
    if (Date.now() > end) throw new Error(`the pipeline is still busy after ${ms} ms (${res.rows[0].n} jobs)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
