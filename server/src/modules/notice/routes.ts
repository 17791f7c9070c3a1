import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import { type NoticeService, NoticeStatus } from './service';

const id = z.coerce
  .number({ error: 'id：请传入公告 id' })
  .int()
  .positive('id：请传入公告 id')
  .max(2_147_483_647, 'id：公告 id 无效');
const NoticeBody = {
  title: z.string().trim().min(1, '请输入公告标题').max(100, '公告标题最多 100 个字'),
  content: z.string().trim().min(1, '请输入公告内容').max(20000, '公告内容最多 20000 个字'),
};
const kind = z.enum(['ai', 'normal'], { error: 'kind 只能是 ai 或 normal' }).optional();

export function noticeRoutes(ctx: AppContext, svc: NoticeService): void {
  defineRoutes(ctx.app, 'backend', (r) => {
    // Organisation notices (公告). Everyone reads published notices; notice:edit writes and sees drafts.
    r.post(
      '/noticeController/list',
      {
        body: z.object({
          ...pageQuery,
          title: z.string().trim().max(100).optional(),
          status: z
            .union([z.literal(NoticeStatus.PUBLISHED), z.literal(NoticeStatus.DRAFT)], {
              error: 'status 只能是 1（已发布）或 2（草稿）',
            })
            .optional(),
        }),
        summary: '公告列表',
      },
      ({ session, body }) => svc.listNotices(session, body),
    );
    r.post('/noticeController/detail', { body: z.object({ id }), summary: '公告详情' }, ({ session, body }) =>
      svc.detail(session, body.id),
    );
    r.post(
      '/noticeController/save',
      { sign: 'notice:edit', audit: '新增公告', body: z.object({ ...NoticeBody, publish: z.boolean().default(true) }) },
      ({ session, body }) => svc.save(session, body),
    );
    r.post(
      '/noticeController/update',
      {
        sign: 'notice:edit',
        audit: '修改公告',
        body: z.object({ id, ...NoticeBody, publish: z.boolean().optional() }),
      },
      ({ session, body }) => svc.update(session, body),
    );
    r.post(
      '/noticeController/delete',
      { sign: 'notice:edit', audit: '删除公告', body: z.object({ id }) },
      ({ session, body }) => svc.remove(session, body.id),
    );

    // The caller's messages (站内消息): normal and AI lists, unread counts, read marks.
    r.post(
      '/appNotice/list',
      {
        body: z.object({
          ...pageQuery,
          kind,
          msgType: z.string().trim().max(50).optional(),
          isRead: z.union([z.literal(0), z.literal(1)], { error: 'isRead 只能是 0 或 1' }).optional(),
        }),
        summary: '我的消息列表',
      },
      ({ session, body }) => svc.listMessages(session, body),
    );
    r.post(
      '/appNotice/setReadByIds',
      {
        body: z.object({
          ids: z
            .array(
              z.coerce.number().int().positive('ids：消息 id 无效').max(Number.MAX_SAFE_INTEGER, 'ids：消息 id 无效'),
              { error: 'ids：请传入消息 id 列表' },
            )
            .min(1, 'ids：请至少传入一条消息 id')
            .max(500, 'ids：一次最多 500 条'),
        }),
        summary: '消息标记已读',
      },
      ({ session, body }) => svc.setRead(session, body.ids),
    );
    r.post('/appNotice/setAllRead', { body: z.object({ kind }), summary: '全部标记已读' }, ({ session, body }) =>
      svc.setAllRead(session, body.kind),
    );
    r.post('/appNotice/getRedDotNew', { summary: '未读消息数（普通与 AI）' }, ({ session }) =>
      svc.unreadCounts(session),
    );
  });
}
