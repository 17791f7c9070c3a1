/**
 * AI role-play practice (AI 陪练, spec plan F): practice scripts, sessions against an AI customer, their review and
 * log, and the practice Quota.
 *
 *   schema.ts      chat_script, practice_session, practice_turn, practice_customer_line, practice_quota
 *   scripts.ts     /chatScript calls (scoring points name the organisation's SOP items through quality's face)
 *   stages.ts      the six stages of a sales call and where a sentence belongs;  pool.ts  the built-in retrieval
 *   lines.ts       the index of customer sentences by stage, built after every analysed call (`practice.lines`)
 *   customer.ts    the built-in AI customer;  llmCustomer.ts  the organisation's model as the customer (streamed)
 *   sessions.ts    start, say, heartbeat, end, the expiry job (`practice.expire`); `practice.ended` (events.ts)
 *   scoring.ts     the review: quality's SOP matcher and the analyser's word checker;  review.ts  review, log, progress
 *   pointKinds.ts  what a point's kind adds (amounts, next steps, concerns);  meaningClasses.ts  words alike
 *   forbidden.ts   forbidden words as written and with a few words in between
 *   quota.ts       minutes in the pack ledger (kind 'practice') and the monthly quotas;  secret.ts  voice credential
 *   settings.ts    PRACTICE_* environment settings;  routes.ts  the calls;  seed.ts  demo scripts
 */
import type { Module, Services } from '../../platform/context';
import './events';
import { CustomerLines, indexCall, removeCalls } from './lines';
import { PracticeQuota } from './quota';
import { practiceRoutes } from './routes';
import { seedPractice } from './seed';
import { EXPIRE_JOB, PracticeSessions } from './sessions';
import { practiceSettings } from './settings';

export {
  deleteScripts,
  type ScriptRow,
  saveScript,
  scriptDetail,
  scriptsByName,
  updateScript,
} from './scripts';
export { agentStage } from './stages';

export const practiceModule: Module = {
  name: 'practice',
  setup(ctx) {
    const settings = practiceSettings();
    const lines = new CustomerLines(ctx.db);
    const quota = new PracticeQuota(
      ctx.db,
      (ctx.services as Partial<Services>).costCenter,
      settings,
      ctx.config.coachingPackPrices.practice,
    );
    const sessions = new PracticeSessions(ctx, lines, quota, settings);
    ctx.jobs.register<{ orgId: number; sessionId: number }>(EXPIRE_JOB, (d) => sessions.expire(d.orgId, d.sessionId), {
      queue: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 },
    });
    ctx.services.analysis.onAnalysed('practice.lines', async (e) => {
      const transcript = await ctx.services.asr.getTranscript(e.orgId, e.recording.id);
      if (!transcript) return;
      if (await indexCall(ctx.db, e.orgId, e.recording.id, transcript.segments)) lines.forget(e.orgId);
    });
    ctx.events.on('recording.deleted', 'practice.removed', async ({ orgId, recordingIds }) => {
      await removeCalls(ctx.db, orgId, recordingIds);
      lines.forget(orgId);
    });
    practiceRoutes(ctx, sessions, quota, settings);
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedPractice(ctx, org);
  },
};

/** The metered-use Quota (packs, monthly quotas), for the other AI uses metered like practice (the assistant's). */
export { MeteredQuota, type MeterSpec, type MonthlyLimits } from './quota';
