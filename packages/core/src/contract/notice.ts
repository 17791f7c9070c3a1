import { z } from 'zod';
import { backend, IdAnswer } from './call';
import { INT4_MAX, num, pageOf, pageQuery } from './fields';

/**
 * Organisation notices (/noticeController, 公告) and each user's messages (/appNotice, 站内消息), under /api/backend.
 * Everyone reads published notices; holders of notice:edit write them and see drafts. Messages are the caller's own.
 */

/** Notice status: published notices are visible to everyone of the organisation; drafts only to editors. */
export const NoticeStatus = { PUBLISHED: 1, DRAFT: 2 } as const;

const noticeId = num(z.number({ error: '请选择公告' }).int().positive('请选择公告').max(INT4_MAX, '公告不正确'));
const noticeText = {
  title: z.string().trim().min(1, '请输入公告标题').max(100, '公告标题最多 100 个字'),
  content: z.string().trim().min(1, '请输入公告内容').max(20000, '公告内容最多 20000 个字'),
};
/** Which message list: AI messages (msgType ai_*) or the others. */
const kind = z.enum(['ai', 'normal'], { error: '消息类别只能是 AI 消息或普通消息' }).optional();
export type MessageKind = NonNullable<z.infer<typeof kind>>;

export const NoticeFilter = z.object({
  ...pageQuery,
  title: z.string().trim().max(100).optional(),
  status: z
    .union([z.literal(NoticeStatus.PUBLISHED), z.literal(NoticeStatus.DRAFT)], {
      error: '状态只能是 1（已发布）或 2（草稿）',
    })
    .optional(),
});

export const NoticeInput = z.object({ ...noticeText, publish: z.boolean().default(true) });
export const NoticeUpdate = z.object({ id: noticeId, ...noticeText, publish: z.boolean().optional() });

export const MessageFilter = z.object({
  ...pageQuery,
  kind,
  msgType: z.string().trim().max(50).optional(),
  isRead: z.union([z.literal(0), z.literal(1)], { error: '已读状态只能是 0 或 1' }).optional(),
});

/** An organisation notice. */
export const Notice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  /** NoticeStatus: 1 published, 2 draft. */
  status: z.number(),
  createUserId: z.number(),
  createUserName: z.string(),
  publishTime: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});

/** The customer a clue reminder is about (param.clueInfo). */
export const MessageClueInfo = z.looseObject({
  name: z.string().nullish(),
  company: z.string().nullish(),
  time: z.string().nullish(),
  clueId: z.union([z.number(), z.string()]).nullish(),
});

/** What a message carries for its type (a clue reminder's clueInfo, an announced notice's noticeId …). */
export const MessageParam = z.looseObject({ clueInfo: MessageClueInfo.nullish() });
export type MessageParam = z.infer<typeof MessageParam>;

/** A message to one user, as the list answers it and the push delivers it (spec: id, content, param, data, msgType). */
export const Message = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  msgType: z.string(),
  param: MessageParam,
  /** The same as param (the spec names both). */
  data: MessageParam,
  /** The organisation notice this message announces, if any. */
  noticeId: z.number().nullable(),
  isRead: z.union([z.literal(0), z.literal(1)]),
  readTime: z.string().nullable(),
  createTime: z.string().nullable(),
});

/** The caller's unread messages, by list. */
export const UnreadCounts = z.object({
  /** Unread messages of the normal list. */
  unreadCount: z.number(),
  /** Unread AI messages (msgType ai_*). */
  aiUnreadCount: z.number(),
  totalUnreadCount: z.number(),
});

const byId = z.object({ id: noticeId });

/**
 * What a browser connects to the push (/mqtt) with, besides its access token: a client id the server issued to its
 * session. /mqtt refuses any other id (CONNACK 2), so nobody can connect under someone else's and take it over.
 */
export const PushClient = z.object({ clientId: z.string() });

export const notice = {
  list: backend.post('/noticeController/list', '公告列表', { body: NoticeFilter, answer: pageOf(Notice) }),
  detail: backend.post('/noticeController/detail', '公告详情', { body: byId, answer: Notice }),
  save: backend.post('/noticeController/save', '新增公告', { body: NoticeInput, answer: Notice }),
  update: backend.post('/noticeController/update', '修改公告', { body: NoticeUpdate, answer: Notice }),
  remove: backend.post('/noticeController/delete', '删除公告', { body: byId, answer: IdAnswer }),
  messages: backend.post('/appNotice/list', '我的消息列表', { body: MessageFilter, answer: pageOf(Message) }),
  setRead: backend.post('/appNotice/setReadByIds', '消息标记已读', {
    body: z.object({
      ids: z
        .array(num(z.number().int().positive('消息不正确').max(Number.MAX_SAFE_INTEGER, '消息不正确')), {
          error: '请选择消息',
        })
        .min(1, '请至少选择一条消息')
        .max(500, '一次最多 500 条'),
    }),
    answer: UnreadCounts,
  }),
  setAllRead: backend.post('/appNotice/setAllRead', '全部标记已读', { body: z.object({ kind }), answer: UnreadCounts }),
  unreadCounts: backend.post('/appNotice/getRedDotNew', '未读消息数（普通与 AI）', { answer: UnreadCounts }),
  pushClient: backend.post('/appNotice/pushClient', '消息推送连接参数（MQTT 客户端 id）', { answer: PushClient }),
};
