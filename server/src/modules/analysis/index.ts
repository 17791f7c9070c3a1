/**
 * AI call analysis (DESIGN.md section 6): the pipeline and the call-analysis calls.
 *
 *   schema.ts      call_analysis (machine result, corrections, effective columns), batches, comments, clue_ai_tag
 *   engine/        the analyser (built-in: lexicons, rules, jieba; checkers)
 *   pipeline.ts    the `analysis` job: charge, analyse, LLM step, store, `analysis.saved`; pause and resume
 *   consumers.ts   on `transcript.saved`, `analysis.saved` (the lead's risk and tags, messages), `recording.deleted`
 *   events.ts      the events it emits: `analysis.status`, `analysis.saved`
 *   llmStep.ts     the OpenAI-compatible step (summary, AI fields, labels, intention)
 *   messages.ts    AI messages to the owner and managers, once per call and kind
 *   clueTags.ts    a lead's AI tags (/clue/aiTag)
 *   effective.ts   machine result + corrections → what the list and the panel show
 *   listing.ts     list and export;  detail.ts  the AI panel;  corrections.ts  hand corrections
 *   reanalyse.ts   re-analysis batches;  comments.ts  threaded comments;  filters.ts  filter sources
 */
import type { Module } from '../../platform/context';
import { analysisConsumers } from './consumers';
import { AnalysisPipeline } from './pipeline';
import { analysisRoutes } from './routes';
import { seedAnalyses } from './seed';

declare module '../../platform/context' {
  interface Services {
    analysis: AnalysisPipeline;
  }
}

export const analysisModule: Module = {
  name: 'analysis',
  setup(ctx) {
    const pipeline = new AnalysisPipeline(ctx);
    ctx.services.analysis = pipeline;
    pipeline.registerJobs();
    analysisConsumers(ctx, pipeline);
    analysisRoutes(ctx);
    pipeline.listenForTopUps();
    ctx.app.addHook('onReady', async () => {
      pipeline.listenForTopUps();
      if (!ctx.jobs.isStarted) return;
      try {
        const n = await pipeline.requeueStale();
        if (n) ctx.app.log.info(`requeued ${n} analyses left 排队中`);
      } catch (err) {
        ctx.app.log.error({ err }, 'requeue of stale analyses failed');
      }
    });
  },
  async seed(ctx, demo) {
    ctx.services.analysis.listenForTopUps();
    for (const org of demo) await seedAnalyses(ctx, ctx.services.analysis, org);
  },
};

export type { AnalysedEvent } from './pipeline';
export type { OrgLlm } from './ports';
export { aiSettingOf } from './ports';
export { analysisSummary, analysisTexts, machineResults, riskyRecordingIds } from './readModel';
export { reanalyse } from './reanalyse';
