import { contract } from '@crm/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import { implement } from '../../platform/http';
import { readMultipart } from '../../platform/multipart';
import { archiveStatus } from './archivePull';
import { saveArchive } from './archiveSettings';
import type { ChatAssistants } from './assistants';
import type { ChatAnalyses } from './chatAnalysis';
import type { ChatReader } from './chats';
import type { ChatDirectory } from './directory';
import type { ChatImports } from './imports';
import type { ChatSearch } from './search';
import type { ConversationSettings } from './settings';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export interface ConversationParts {
  reader: ChatReader;
  search: ChatSearch;
  analyses: ChatAnalyses;
  imports: ChatImports;
  directory: ChatDirectory;
  assistants: ChatAssistants;
  settings: ConversationSettings;
}

const MEDIA_TYPES: Record<string, string> = {
  image: 'image/jpeg',
  voice: 'audio/mpeg',
  file: 'application/octet-stream',
};

/** /msg (wecom), /weixin (backend), /wxuser, /wxcustomer and /assistant (robot). */
export function conversationRoutes(ctx: AppContext, p: ConversationParts): void {
  const { app } = ctx;
  const view = { sign: 'clue:view' } as const;
  const admin = { sign: 'org:edit' } as const;

  const m = contract.msg;
  implement(app, m.chatList, view, ({ session, body }) => p.reader.list(session, body));
  implement(app, m.msgList, view, ({ session, body }) => p.reader.messages(session, body));
  implement(app, m.searchMsg, view, ({ session, body }) => p.search.search(session, body));
  implement(app, m.searchChatCount, view, ({ session, body }) => p.search.count(session, body));
  implement(app, m.chatAnalyzeDetail, view, async ({ session, body }) => {
    const c = await p.reader.one(session, body.chatId);
    if (body.refresh === 1) await p.analyses.run(session.orgId, c.id);
    return p.analyses.detail(session.orgId, c.id);
  });
  implement(app, m.shareChat, { ...view, audit: '分享会话' }, ({ session, body }) =>
    p.reader.share(session, body.chatId),
  );
  implement(app, m.publicChat, { auth: 'none' }, ({ query }) => p.reader.shared(query.token));
  implement(app, m.archiveStatus, view, ({ session }) => archiveStatus(ctx.db, session.orgId));
  implement(app, m.saveArchiveConfig, { ...admin, audit: '保存会话存档配置' }, async ({ session, body }) => {
    await saveArchive(ctx.db, session.orgId, {
      corpId: body.corpId,
      secret: body.archiveSecret,
      privateKey: body.privateKey,
      open: body.open === undefined ? undefined : body.open === 1,
      staffConsent: body.staffConsent === 1,
    });
    return archiveStatus(ctx.db, session.orgId);
  });
  implement(app, m.media, { auth: 'none', raw: true }, async ({ query, reply }) => {
    const f = await p.reader.media(query.media);
    return reply
      .header('content-type', MEDIA_TYPES[f.type] ?? 'application/octet-stream')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(f.name)}`)
      .header('cache-control', 'private, max-age=3600')
      .send(f.stream);
  });

  const w = contract.weixin;
  implement(
    app,
    w.uploadWeiXinWord,
    { ...view, audit: '上传个人微信聊天记录', bodyLimit: p.settings.uploadMaxBytes + 1024 * 1024 },
    async ({ session, req }) => {
      const { files } = await readMultipart(
        req,
        {
          maxBytes: p.settings.uploadMaxBytes,
          maxFiles: 2,
          notMultipart: 'file：请以 multipart/form-data 上传聊天记录',
          tooMany: 'file：一次只能上传一个文件',
          tooLarge: `file：文件不能超过 ${Math.round(p.settings.uploadMaxBytes / 1048576)} MB`,
        },
        async (part, fileName) => ({ fileName, data: await part.toBuffer() }),
      );
      if (files.length > 1) throw badRequest('file：一次只能上传一个文件');
      if (!files[0]) throw badRequest('file：请选择聊天记录文件');
      return p.imports.upload(session, files[0].fileName, files[0].data);
    },
  );
  implement(app, w.saveWeiXinWord, { ...view, audit: '保存个人微信聊天记录' }, ({ session, body }) =>
    p.imports.save(session, body),
  );

  const u = contract.wxuser;
  implement(app, u.pagelist, view, ({ session, body }) => p.directory.accounts(session, body));
  implement(app, u.bindUser, { sign: 'org:edit', audit: '个微员工绑定系统用户' }, ({ session, body }) =>
    p.directory.bindUser(session, body),
  );
  const k = contract.wxcustomer;
  implement(app, k.pagelist, view, ({ session, body }) => p.directory.contacts(session, body));
  implement(app, k.bindClue, { sign: 'clue:edit', audit: '个微客户关联线索' }, ({ session, body }) =>
    p.directory.bindClue(session, body),
  );
  implement(app, k.toClue, { sign: 'clue:add', audit: '个微客户转为线索' }, ({ session, body }) =>
    p.directory.toClue(session, body),
  );

  const a = contract.wechatAssistant;
  implement(app, a.selectOrgWechatAssistant, admin, ({ session }) => p.assistants.list(session));
  implement(app, a.saveOrgWechatAssistant, { ...admin, audit: '新增个人微信助手' }, ({ session, body }) =>
    p.assistants.create(session, body.name),
  );
  implement(app, a.deleteOrgWechatAssistant, { ...admin, audit: '停用个人微信助手' }, ({ session, body }) =>
    p.assistants.remove(session, body.id),
  );
  app.register(async (scope: FastifyInstance) => {
    // the signature covers the bytes sent: the body is kept as text beside its parsed form
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 40 * 1024 * 1024 },
      (req, text, done) => {
        (req as FastifyRequest).rawBody = text as string;
        try {
          done(null, text ? JSON.parse(text as string) : {});
        } catch {
          done(new AppError(400, '请求格式错误：不是有效的 JSON', 400), undefined);
        }
      },
    );
    implement(scope, a.push, { auth: 'none', bodyLimit: 40 * 1024 * 1024 }, ({ req, body }) =>
      p.assistants.push(req, body),
    );
  });
}
