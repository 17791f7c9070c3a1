/**
 * AI customer insight (spec plan group B), plugged into the analysis pipeline: its queue `insight.call` on `analysis.saved`.
 *
 *   schema.ts       insight_call, insight_mention (per-call extracted mentions), customer_briefing, insight_topic,
 *                   business_reminder, reminder_setting
 *   extract.ts      an analysed call → mentions (needs, budget, decision makers, objections with answers, promises,
 *                   competitors, next steps, questions), each citing its sentence
 *   recorder.ts     after each analysis: the call's rows replaced, the customer's briefing job queued, signals checked
 *   briefing.ts     the extractive briefing;  llmBriefing.ts  the model's, validated, falling back on failure
 *   customers.ts    briefing calls, label scores, risks, AI customer lists;  remark.ts  写跟进
 *   insights.ts     the organisation's insight;  topics.ts  topics, their trend and calls
 *   reminders.ts    business reminders (signals, once per key, quiet hours, visibility, push);  quiet.ts  the hours
 *   routes.ts       the calls;  seed.ts  demo topics, briefings and reminders
 */
import type { Module } from '../../platform/context';
import { InsightCustomers } from './customers';
import { BRIEFING_JOB, type BriefingJob, insightRecorder, removeInsight } from './recorder';
import { AiRemarks } from './remark';
import { REMINDER_SWEEP_JOB, Reminders } from './reminders';
import { insightRoutes } from './routes';
import { seedInsight } from './seed';
import { Topics } from './topics';

declare module '../../platform/context' {
  interface Services {
    insight: { customers: InsightCustomers; reminders: Reminders };
  }
}

export const insightModule: Module = {
  name: 'insight',
  setup(ctx) {
    const customers = new InsightCustomers(ctx);
    const reminders = new Reminders(ctx);
    ctx.services.insight = { customers, reminders };
    ctx.services.analysis.onAnalysed(
      'insight.call',
      insightRecorder(
        ctx,
        (orgId, clueId) => customers.rebuild(orgId, clueId).then(() => undefined),
        (e) => reminders.onCall(e),
      ),
      { concurrency: 2 }, // the slowest consumer of a call
    );
    ctx.events.on('recording.deleted', 'insight.removed', ({ orgId, recordingIds }) =>
      ctx.db.transaction((tx) => removeInsight(tx, orgId, recordingIds)),
    );
    // sent debounced per customer (recorder.ts): a burst of analysed calls rebuilds once more, not once per call
    ctx.jobs.register<BriefingJob>(BRIEFING_JOB, (d) => customers.rebuild(d.orgId, d.clueId).then(() => undefined), {
      queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 },
      concurrency: 2,
    });
    ctx.jobs.register(REMINDER_SWEEP_JOB, () => reminders.sweep(), {
      queue: { retryLimit: 0, expireInSeconds: 300 },
    });
    ctx.jobs.schedule(REMINDER_SWEEP_JOB, '* * * * *');
    insightRoutes(ctx, {
      customers,
      reminders,
      remarks: new AiRemarks(ctx),
      topics: new Topics(ctx.db, ctx.services.asr),
    });
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedInsight(ctx, org);
  },
};

export { analysedCallRows } from './readModel';
