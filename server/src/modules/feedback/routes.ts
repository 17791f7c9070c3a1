/**
 * /problemFeedback (意见反馈), under /api/backend. The spec names the base only; the calls are named here:
 * POST save, list, detail, reply, updateStatus.
 */
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import { pageQuery } from '../../platform/paging';
import {
  codeField,
  dateTimeField,
  idField,
  keywordField,
  optionalCode,
  optionalId,
  optionalText,
} from '../../platform/validation';
import { createFeedback, feedbackDetail, listFeedback, replyFeedback, updateFeedbackStatus } from './service';

const TYPES = [1, 2, 3, 4] as const;
const STATUSES = [1, 2, 3] as const;
const imageUrl = z
  .string()
  .trim()
  .max(500, '图片地址过长')
  .regex(/^(https?:\/\/|\/)\S+$/, '图片地址不正确');

export function feedbackRoutes(ctx: AppContext): void {
  const { db } = ctx;
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post(
      '/problemFeedback/save',
      {
        body: z.object({
          type: codeField('反馈类型', TYPES),
          content: z
            .string({ error: '请输入反馈内容' })
            .trim()
            .min(1, '请输入反馈内容')
            .max(2000, '反馈内容最多 2000 个字'),
          images: z.array(imageUrl, { error: '图片列表不正确' }).max(9, '图片最多 9 张').default([]),
          contact: optionalText('联系方式', 100),
        }),
        audit: '提交意见反馈',
      },
      ({ session, body }) => createFeedback(db, session, body),
    );
    r.post(
      '/problemFeedback/list',
      {
        body: z.object({
          ...pageQuery,
          type: optionalCode('反馈类型', TYPES),
          status: optionalCode('处理状态', STATUSES),
          keyword: keywordField,
          userId: optionalId('反馈人'),
          startTime: dateTimeField,
          endTime: dateTimeField,
        }),
        summary: '意见反馈列表（本人；管理员看全部）',
      },
      ({ session, body }) => listFeedback(db, session, body),
    );
    r.post(
      '/problemFeedback/detail',
      { body: z.object({ id: idField('反馈') }), summary: '意见反馈详情' },
      ({ session, body }) => feedbackDetail(db, session, body.id),
    );
    r.post(
      '/problemFeedback/reply',
      {
        body: z.object({
          id: idField('反馈'),
          reply: z
            .string({ error: '请输入回复内容' })
            .trim()
            .min(1, '请输入回复内容')
            .max(2000, '回复内容最多 2000 个字'),
          status: optionalCode('处理状态', STATUSES),
        }),
        sign: 'log:view',
        audit: '回复意见反馈',
      },
      ({ session, body }) => replyFeedback(db, session, body),
    );
    r.post(
      '/problemFeedback/updateStatus',
      {
        body: z.object({ id: idField('反馈'), status: codeField('处理状态', STATUSES) }),
        sign: 'log:view',
        audit: '修改反馈状态',
      },
      ({ session, body }) => updateFeedbackStatus(db, session, body),
    );
  });
}
