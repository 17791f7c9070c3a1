/**
 * Quality inspection (spec plan group C). This slice: forbidden-word lists and regex rules as checkers of the
 * analysis pipeline, and the hits they leave.
 *
 *   schema.ts       prohibition_word_list, org_regex_rule, prohibition_hit
 *   prohibition.ts  word lists as matchers (folded text, whole word by jieba boundaries, side)
 *   regex.ts        regex rules as matchers, and the guard against catastrophic patterns
 *   checkers.ts     an organisation's compiled rules (cached, dropped on save) → the pipeline's checkers
 *   consumers.ts    its queues on `analysis.saved` (hits, SOP, then the score), `recording.deleted`
 *   hits.ts         after each analysis: the call's hits stored;  hitList.ts  the hit list and counts
 *   service.ts      the rules' calls;  routes.ts  the calls;  seed.ts  demo rules
 *   sop/            the SOP matcher;  sopRules.ts  enabled SOP rules compiled per organisation, where each applies
 *   sopService.ts   SOP rule calls;  sopResults.ts  per-call coverage (+ history);  sopRoutes.ts;  sopSeed.ts
 *
 *   scoring.ts      a call's score under a card;  scorecards.ts  the cards (one active; default);  checks.ts  the
 *                   per-call score (+ history);  checkList.ts  the list, head, second level;  checkExport.ts  its
 *                   export job;  recheck.ts  re-check a range;  checkRoutes.ts;  checkRows.ts  scores for other modules
 *
 * Human review will be further files here, each plugging into the same pipeline events.
 */
import { asc, eq } from 'drizzle-orm';
import type { Module } from '../../platform/context';
import { CHECK_EXPORT_JOB, runCheckExport } from './checkExport';
import { QualityRules } from './checkers';
import { checkRoutes } from './checkRoutes';
import { qualityConsumers } from './consumers';
import { qualityRoutes } from './routes';
import { sopItem } from './schema';
import { ScorecardService, seedScorecard } from './scorecards';
import { seedQuality } from './seed';
import { QualityService } from './service';
import { sopRoutes } from './sopRoutes';
import { SopRules } from './sopRules';
import { seedSop } from './sopSeed';
import { SopService } from './sopService';

declare module '../../platform/context' {
  interface Services {
    quality: { rules: QualityRules; service: QualityService; sopRules: SopRules; sop: SopService };
  }
}

export const qualityModule: Module = {
  name: 'quality',
  setup(ctx) {
    const rules = new QualityRules(ctx.db);
    const service = new QualityService(ctx.db, rules);
    const sopRules = new SopRules(ctx.db);
    const sop = new SopService(ctx.db, sopRules, ctx.services.clueField);
    ctx.services.quality = { rules, service, sopRules, sop };
    ctx.services.analysis.addCheckers(rules.checkersFor);
    qualityConsumers(ctx, rules, sopRules);
    ctx.jobs.register<{ recordId: number }>(CHECK_EXPORT_JOB, (data) => runCheckExport(ctx, data.recordId), {
      queue: { retryLimit: 1, expireInSeconds: 3600, heartbeatSeconds: 60 },
    });
    qualityRoutes(ctx, service);
    sopRoutes(ctx, sop);
    checkRoutes(ctx, new ScorecardService(ctx.db));
  },
  async seed(ctx, demo) {
    for (const org of demo) {
      await seedQuality(ctx.db, org);
      await seedSop(ctx.db, org);
      const items = await ctx.db
        .select({ id: sopItem.id, name: sopItem.name })
        .from(sopItem)
        .where(eq(sopItem.organizationId, org.orgId))
        .orderBy(asc(sopItem.sort));
      await seedScorecard(ctx.db, org.orgId, org.adminId, items);
      // the demo calls were analysed (by the analysis seed) before these rules existed: the caches hold "no rules"
      await ctx.services.quality.rules.forget(org.orgId);
      await ctx.services.quality.sopRules.forget(org.orgId);
    }
  },
};

export { listCheckedCalls } from './checkRows';
export { checkRows, sopItemsCovered } from './readModel';
export { compileSop, matchSop, type SopItemSpec, type SopResult } from './sop';
export { sopItemSpecs } from './sopRules';
