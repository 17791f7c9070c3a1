/**
 * AI 设置 (/main/aiSetting) and 开通 AI (/aiOpenPage).
 *
 *   schema.ts      ai_org_setting (one row per organisation), ai_tag_group, ai_tag, ai_field, ai_model
 *   service.ts     AiSettingService (ctx.services.aiSetting): what the analysis pipeline reads, cached a few seconds
 *   aiOpen.ts      AI open (with the trial pack) and the AI-demand questionnaire
 *   tags.ts        AI tag groups and tags
 *   fields.ts      AI fields (the defaults written on first read)
 *   models.ts      analysis models (built-in, OpenAI-compatible) and their test
 *   risk.ts        risk rules as overrides of the analyser's defaults
 *   intention.ts   intention phrases;  msgPush.ts  message push;  showSet.ts  which results show
 *   hotWords.ts    /hotWord over the asr module's store
 *   routes.ts      wires the calls; seed.ts  the demo organisations' settings
 */
import type { Module } from '../../platform/context';
import { sealStoredKeys } from './models';
import { aiSettingRoutes } from './routes';
import { seedAiSettings } from './seed';
import { AiSettingService } from './service';

declare module '../../platform/context' {
  interface Services {
    aiSetting: AiSettingService;
  }
}

export type { MsgPushItem, OrgLlm, ShowSet } from './service';
export { AiSettingService } from './service';
/** Tag writes for other modules (the industry templates apply tags through these, with the user's session). */
export { allTags, deleteTag, saveTag, tagGroups, updateTag } from './tags';

export const aiSettingModule: Module = {
  name: 'aiSetting',
  async setup(ctx) {
    // keys saved before secrets were encrypted at rest are sealed now (idempotent)
    await sealStoredKeys(ctx.db);
    const svc = new AiSettingService(ctx);
    ctx.services.aiSetting = svc;
    aiSettingRoutes(ctx, svc);
  },
  async seed(ctx, demo) {
    for (const org of demo) {
      await seedAiSettings(ctx.db, org);
      await ctx.services.aiSetting.forget(org.orgId);
    }
  },
};
