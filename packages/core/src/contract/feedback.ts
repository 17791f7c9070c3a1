import { z } from 'zod';
import { backend, IdAnswer } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  keywordField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/** /problemFeedback (意见反馈), under /api/backend. The spec names the base only; the calls are named here. */

export const FEEDBACK_TYPES = [1, 2, 3, 4] as const;
export const FEEDBACK_STATUSES = [1, 2, 3] as const;
export const FeedbackTypeName = { 1: '功能建议', 2: '系统问题', 3: '使用咨询', 4: '其他' } as const;
export const FeedbackStatusName = { 1: '待处理', 2: '处理中', 3: '已处理' } as const;

const imageUrl = z
  .string()
  .trim()
  .max(500, '图片地址过长')
  .regex(/^(https?:\/\/|\/)\S+$/, '图片地址不正确');

export const FeedbackInput = z.object({
  type: codeField('反馈类型', FEEDBACK_TYPES),
  content: z.string({ error: '请输入反馈内容' }).trim().min(1, '请输入反馈内容').max(2000, '反馈内容最多 2000 个字'),
  images: z.array(imageUrl, { error: '图片列表不正确' }).max(9, '图片最多 9 张').default([]),
  contact: optionalText('联系方式', 100),
});

export const FeedbackFilter = z.object({
  ...pageQuery,
  type: optionalCode('反馈类型', FEEDBACK_TYPES),
  status: optionalCode('处理状态', FEEDBACK_STATUSES),
  keyword: keywordField,
  /** Administrators: only one user's feedback. */
  userId: optionalId('反馈人'),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

/** One feedback as the list and the detail show it. */
export const Feedback = z.object({
  id: z.number(),
  type: z.number(),
  typeName: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  userId: z.number(),
  username: z.string().nullable(),
  realName: z.string().nullable(),
  reply: z.string().nullable(),
  replyUserId: z.number().nullable(),
  replyUserName: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});

const feedbackId = z.object({ id: idField('反馈') });

export const feedback = {
  save: backend.post('/problemFeedback/save', '提交意见反馈', { body: FeedbackInput, answer: IdAnswer }),
  list: backend.post('/problemFeedback/list', '意见反馈列表（本人；管理员看全部）', {
    body: FeedbackFilter,
    answer: pageOf(Feedback),
  }),
  detail: backend.post('/problemFeedback/detail', '意见反馈详情', { body: feedbackId, answer: Feedback }),
  reply: backend.post('/problemFeedback/reply', '回复意见反馈（默认改为已处理）', {
    body: feedbackId.extend({
      reply: z.string({ error: '请输入回复内容' }).trim().min(1, '请输入回复内容').max(2000, '回复内容最多 2000 个字'),
      status: optionalCode('处理状态', FEEDBACK_STATUSES),
    }),
    answer: IdAnswer,
  }),
  updateStatus: backend.post('/problemFeedback/updateStatus', '修改反馈状态', {
    body: feedbackId.extend({ status: codeField('处理状态', FEEDBACK_STATUSES) }),
    answer: z.object({ id: z.number(), status: z.number() }),
  }),
};
