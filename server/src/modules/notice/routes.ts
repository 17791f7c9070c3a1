/** Organisation notices and the caller's messages: the calls of contract.notice, served by NoticeService. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { NoticeService } from './service';

export function noticeRoutes(ctx: AppContext, svc: NoticeService): void {
  const { app } = ctx;
  const c = contract.notice;
  // Organisation notices (公告). Everyone reads published notices; notice:edit writes and sees drafts.
  implement(app, c.list, {}, ({ session, body }) => svc.listNotices(session, body));
  implement(app, c.detail, {}, ({ session, body }) => svc.detail(session, body.id));
  implement(app, c.save, { sign: 'notice:edit', audit: '新增公告' }, ({ session, body }) => svc.save(session, body));
  implement(app, c.update, { sign: 'notice:edit', audit: '修改公告' }, ({ session, body }) =>
    svc.update(session, body),
  );
  implement(app, c.remove, { sign: 'notice:edit', audit: '删除公告' }, ({ session, body }) =>
    svc.remove(session, body.id),
  );

  // The caller's messages (站内消息): normal and AI lists, unread counts, read marks.
  implement(app, c.messages, {}, ({ session, body }) => svc.listMessages(session, body));
  implement(app, c.setRead, {}, ({ session, body }) => svc.setRead(session, body.ids));
  implement(app, c.setAllRead, {}, ({ session, body }) => svc.setAllRead(session, body.kind));
  implement(app, c.unreadCounts, {}, ({ session }) => svc.unreadCounts(session));
  // The push connection's client id, bound to the caller's session (platform/push.ts).
  implement(app, c.pushClient, {}, ({ session }) => ({ clientId: ctx.push.issueClientId(session) }));
}
