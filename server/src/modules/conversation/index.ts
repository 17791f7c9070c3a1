/**
 * Conversations (会话存档, 个微员工, 个微客户, /we; plan.md group I second half, issue 30): one store of chats whatever
 * their channel, personal WeChat exports and assistant pushes into it, the conversation view, full-text search and
 * the call analyser on chats.
 *
 *   schema.ts        chat_account, chat_contact, chat, chat_message (jieba tokens, 'simple' tsvector), chat_analysis,
 *                    chat_assistant, chat_import
 *   store.ts         accounts, contacts, chats and messages in (deduplicated), counters, voice transcription
 *   parse.ts         .docx .txt .html .csv exports → messages;  imports.ts  upload with preview, then save
 *   assistants.ts    assistant tokens and their signed pushes;  directory.ts  个微员工 / 个微客户, matching
 *   chats.ts         chat list, messages, the /we link, media links;  search.ts  full-text search and counts
 *   analysisModel.ts a chat as the analyser's transcript;  chatAnalysis.ts  the job, ai_chat_key, the detail
 *   settings.ts      CONVERSATION_* settings;  routes.ts  the calls
 *   financeSdk.ts    WeCom's Finance SDK through koffi (WECOM_FINANCE_SDK_PATH);  archiveSettings.ts  corp, secret, key
 *   archivePull.ts   the chat archive pull: every minute per organisation from the last stored seq
 */
import type { Module } from '../../platform/context';
import { ARCHIVE_PULL_JOB, ARCHIVE_SWEEP_JOB, ArchivePull, type ArchivePullJob, ConcurrentPull } from './archivePull';
import { ChatAssistants, VOICE_JOB, type VoiceJob } from './assistants';
import { ChatAnalyses } from './chatAnalysis';
import { ChatReader } from './chats';
import { ChatDirectory } from './directory';
import { ChatImports } from './imports';
import { conversationRoutes } from './routes';
import { ChatSearch } from './search';
import { conversationSettings } from './settings';
import { ChatStore, transcribeVoice } from './store';

export const conversationModule: Module = {
  name: 'conversation',
  setup(ctx) {
    const settings = conversationSettings();
    const analyses = new ChatAnalyses(ctx, settings);
    analyses.register();
    const store = new ChatStore(ctx, analyses.queue);
    ctx.jobs.register<VoiceJob>(
      VOICE_JOB,
      (d) => transcribeVoice(ctx, ctx.services.asr, analyses.queue, d.orgId, d.messageId),
      { queue: { retryLimit: 3, retryDelay: 10, expireInSeconds: 600 } },
    );
    const archive = new ArchivePull(ctx, store);
    ctx.jobs.register(ARCHIVE_SWEEP_JOB, () => archive.sweep(), { queue: { retryLimit: 0, expireInSeconds: 120 } });
    ctx.jobs.register<ArchivePullJob>(
      ARCHIVE_PULL_JOB,
      async (d) => {
        try {
          await archive.pull(d.orgId);
        } catch (e) {
          if (!(e instanceof ConcurrentPull)) throw e; // the other pull stores this batch
        }
      },
      { queue: { retryLimit: 3, retryDelay: 10, expireInSeconds: 900, heartbeatSeconds: 60 } },
    );
    ctx.jobs.schedule(ARCHIVE_SWEEP_JOB, '* * * * *');
    const reader = new ChatReader(ctx, settings.shareHours);
    conversationRoutes(ctx, {
      reader,
      search: new ChatSearch(ctx.db, reader),
      analyses,
      imports: new ChatImports(ctx.db, store),
      directory: new ChatDirectory(ctx, store),
      assistants: new ChatAssistants(ctx, store, settings.assistantSkewSeconds),
      settings,
    });
  },
};

export { analyseChat, type ChatLine } from './analysisModel';
