/**
 * The speech assistant (话术助手, plan.md F; issue 27): suggestions for 帮你谈, 帮你回, 润色 and 开场白, with the
 * organisation's model or, without one, retrieved from its best calls and scripts; the records (话术记录).
 *
 *   schema.ts     assistant_pair (the retrieval index), assistant_gram (bigram counts), assistant_record,
 *                 assistant_suggestion, assistant_rank (ratings by origin), assistant_usage (metering)
 *   pairs.ts      a transcript → (customer sentence, agent reply) pairs;  grams.ts  normalisation and bigrams
 *   indexer.ts    `assistant.index` on `analysis.saved`, `assistant.removed`, the `assistant.backfill` job
 *   retrieve.ts   similar sentences through the rarest bigrams;  scripts.ts  the SOP items as scripts
 *   builtin.ts    the built-in answers;  rules.ts  rule rewrites;  model.ts  the model's answers
 *   chat.ts       one use;  records.ts  history, rating, copies, usage, export;  routes.ts  the calls
 *   quota.ts      answers metered in the pack ledger (kind 'assistant') and the monthly quotas (practice's Quota)
 */
import type { Module, Services } from '../../platform/context';
import { AssistantChat } from './chat';
import { AssistantIndexer, BACKFILL_JOB, type BackfillJob } from './indexer';
import { AssistantQuota } from './quota';
import { assistantRoutes } from './routes';

declare module '../../platform/context' {
  interface Services {
    assistant: { indexer: AssistantIndexer };
  }
}

export const assistantModule: Module = {
  name: 'assistant',
  setup(ctx) {
    const indexer = new AssistantIndexer(ctx);
    ctx.services.assistant = { indexer };
    ctx.services.analysis.onAnalysed('assistant.index', indexer.onAnalysed);
    ctx.events.on('recording.deleted', 'assistant.removed', ({ orgId, recordingIds }) =>
      indexer.remove(orgId, recordingIds),
    );
    ctx.jobs.register<BackfillJob>(BACKFILL_JOB, (d) => indexer.backfill(d).then(() => undefined), {
      queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 3600, heartbeatSeconds: 60 },
    });
    const quota = new AssistantQuota(
      ctx.db,
      (ctx.services as Partial<Services>).costCenter,
      ctx.config.coachingPackPrices.assistant,
    );
    assistantRoutes(ctx, new AssistantChat(ctx, indexer, quota), quota);
  },
};

/** Metering for the quota: an organisation's assistant uses of a month (YYYY-MM), in total and by user. */
export { assistantUses } from './records';
/** Retrieval over the organisation's best-call replies, for live guidance's cards. */
export { type PairHit, retrievePairs } from './retrieve';
