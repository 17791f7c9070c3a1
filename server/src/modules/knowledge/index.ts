/**
 * Knowledge bases (知识库, 机构知识库) with cited answers, and industry templates (行业模板). Spec plan group F.
 *
 *   schema.ts        knowledge_entry, knowledge_passage (jieba tokens, 'simple' tsvector, real[] vector),
 *                    knowledge_question, knowledge_feedback, template_application
 *   tokens.ts        jieba words for the index and queries;  parse.ts  .docx .pdf .txt .md .xlsx → passages
 *   passages.ts      writing passages; the parse job (knowledge.parse);  embeddings.ts  /v1/embeddings client
 *   search.ts        words + vectors, fused;  ask.ts  the cited answer and its check
 *   service.ts       entries;  questions.ts  search, ask, ratings, gaps;  routes.ts  their calls
 *   templates/       the six industries' data, where each part lands (targets.ts), apply and undo (service.ts)
 */
import type { Module } from '../../platform/context';
import { createEmbedder, type EmbeddingsConfig, embeddingsFromEnv } from './embeddings';
import { PARSE_JOB, type ParseJob, reindexPassages, runParse } from './passages';
import { QuestionService } from './questions';
import { knowledgeRoutes } from './routes';
import { seedKnowledge } from './seed';
import { EntryService } from './service';
import { templateRoutes } from './templateRoutes';
import { TemplateService } from './templates/service';

declare module '../../platform/context' {
  interface Overrides {
    /** The embeddings endpoint (tests: a local fake); default from KNOWLEDGE_EMBEDDINGS_* of the environment. */
    knowledgeEmbeddings?: EmbeddingsConfig | null;
  }
}

export const knowledgeModule: Module = {
  name: 'knowledge',
  setup(ctx) {
    const cfg =
      ctx.overrides.knowledgeEmbeddings !== undefined ? ctx.overrides.knowledgeEmbeddings : embeddingsFromEnv();
    const embedder = cfg ? createEmbedder(cfg) : null;
    const entries = new EntryService(ctx.db, ctx.storage, ctx.jobs, !!embedder);
    const questions = new QuestionService(ctx.db, embedder, async (orgId) => {
      const llm = await ctx.services.aiSetting.llmFor(orgId);
      return llm?.client ?? null;
    });
    ctx.jobs.register<ParseJob>(PARSE_JOB, (data) => runParse(ctx.db, ctx.storage, embedder, data), {
      queue: { retryLimit: 3, expireInSeconds: 900 },
    });
    knowledgeRoutes(ctx, entries, questions);
    // passages made by an earlier version of the terms are made again in the background after start
    ctx.app.addHook('onReady', async () => {
      reindexPassages(ctx.db)
        .then((n) => n && ctx.app.log.info(`knowledge: terms of ${n} passages made again`))
        .catch((err) => ctx.app.log.error({ err }, 'knowledge: reindex of passages failed'));
    });
    templateRoutes(ctx, new TemplateService(ctx, entries));
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedKnowledge(ctx.db, org.orgId, org.adminId);
  },
};
export { searchPassages } from './search';
export { anyWordQuery, tokensOf, words } from './tokens';
