/** /problemFeedback (意见反馈): the calls of contract.feedback, served by service.ts. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { createFeedback, feedbackDetail, listFeedback, replyFeedback, updateFeedbackStatus } from './service';

export function feedbackRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.feedback;
  implement(app, c.save, { audit: '提交意见反馈' }, ({ session, body }) => createFeedback(db, session, body));
  implement(app, c.list, {}, ({ session, body }) => listFeedback(db, session, body));
  implement(app, c.detail, {}, ({ session, body }) => feedbackDetail(db, session, body.id));
  implement(app, c.reply, { sign: 'feedback:edit', audit: '回复意见反馈' }, ({ session, body }) =>
    replyFeedback(db, session, body),
  );
  implement(app, c.updateStatus, { sign: 'feedback:edit', audit: '修改反馈状态' }, ({ session, body }) =>
    updateFeedbackStatus(db, session, body),
  );
}
