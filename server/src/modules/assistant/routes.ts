/** 话术助手 and 话术记录: the calls of contract.assistant (/hkzs/*). */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AssistantEvent } from '@crm/core/contract/assistant';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendNdjson } from '../../platform/ndjson';
import { sendXlsx } from '../../platform/xlsxExport';
import type { AssistantChat } from './chat';
import type { AssistantQuota } from './quota';
import { copy, exportHistory, history, rate, usage } from './records';

export function assistantRoutes(ctx: AppContext, chat: AssistantChat, quota: AssistantQuota): void {
  const { app, db } = ctx;
  const c = contract.assistant;
  const use = { sign: 'assistant:use' as const };
  implement(app, c.chat, use, ({ session, body }) => chat.chat(session, body));
  implement(app, c.chatStream, { ...use, raw: true }, async ({ session, body, reply }) => {
    const prepared = await chat.prepare(session, body);
    return sendNdjson<AssistantEvent>(reply, (emit) =>
      chat.stream(session, prepared, emit).catch((err) => {
        reply.log.error({ err }, 'assistant stream failed');
        emit({ type: 'error', msg: '生成失败，请稍后重试' });
      }),
    );
  });
  implement(app, c.history, use, ({ session, body }) => history(db, session, body));
  implement(app, c.rate, use, ({ session, body }) => rate(db, session, body));
  implement(app, c.copy, use, ({ session, body }) => copy(db, session, body.id));
  implement(app, c.usage, use, ({ session }) => usage(db, session));
  implement(app, c.transcribe, use, async ({ session, body }) => ({
    text: await ctx.services.asr.transcribeClip(session.orgId, Buffer.from(body.audio, 'base64'), body.format),
  }));
  implement(app, c.quota, use, ({ session }) => quota.of(session.orgId, session.userId));
  implement(app, c.setQuota, { sign: 'practice:edit', audit: '设置话术助手额度' }, async ({ session, body }) => {
    await quota.set(session.orgId, session.userId, body);
    return quota.of(session.orgId, session.userId);
  });
  implement(app, c.addPack, { audit: '赠送话术助手次数包' }, ({ body }) => quota.grant(body));
  implement(app, c.export, { ...use, raw: true }, async ({ session, body, req, reply }) => {
    const write = exportHistory(db, session, body);
    await app.audit(req, '导出话术记录');
    const name = `话术记录_${formatDateTime(new Date())!.replace(/\D/g, '')}.xlsx`;
    return sendXlsx(reply, name, write, 'speech-records.xlsx');
  });
}
