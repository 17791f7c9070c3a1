/**
 * AI customer insight: the calls of contract.insight (the briefing and a customer's AI results under /api/analysis,
 * the AI customer lists, insight and reminders under /api/robot, /aiRemark and /topic under /api/backend).
 */

import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { InsightCustomers } from './customers';
import { organisationInsights } from './insights';
import type { AiRemarks } from './remark';
import type { Reminders } from './reminders';
import type { Topics } from './topics';

export interface InsightParts {
  customers: InsightCustomers;
  reminders: Reminders;
  remarks: AiRemarks;
  topics: Topics;
}

export function insightRoutes(ctx: AppContext, p: InsightParts): void {
  const { app } = ctx;
  const c = contract.insight;
  // a customer's AI results: whoever sees the customer
  const customer = { sign: ['clue:view', 'insight:view'] as FunctionSign[] };
  const view = { sign: ['insight:view', 'insight:edit'] as FunctionSign[] };
  const edit = { sign: 'insight:edit' } as const;

  for (const call of [c.briefing, c.briefingIframe, c.aiClueBriefing])
    implement(app, call, customer, ({ session, body }) => p.customers.briefing(session, body.clueId));
  implement(app, c.refreshBriefing, { ...customer, audit: '重新生成 AI 沟通摘要' }, ({ session, body }) =>
    p.customers.refresh(session, body.clueId),
  );
  for (const call of [c.customerInfo, c.customerInfoIframe])
    implement(app, call, customer, ({ session, body }) => p.customers.customerInfo(session, body.clueId));
  for (const call of [c.riskList, c.riskListIframe])
    implement(app, call, customer, ({ session, body }) => p.customers.risks(session, body.clueId));
  implement(app, c.labelScore, customer, ({ session, body }) => p.customers.labelScore(session, body.clueId));
  implement(app, c.aiSaleDetail, customer, ({ session, query }) => p.customers.aiSaleDetail(session, query.clueId));

  implement(app, c.labelScorePage, view, ({ session, body }) => p.customers.page(session, body, 'labelScore'));
  implement(app, c.aiCluePage, view, ({ session, body }) => p.customers.page(session, body, 'labelScore'));
  implement(app, c.aiSalePage, view, ({ session, body }) => p.customers.page(session, body, 'intention'));
  implement(app, c.insights, view, ({ session, body }) => organisationInsights(ctx.db, session, body));

  implement(app, c.reminders, view, ({ session, body }) => p.reminders.list(session, body));
  implement(app, c.handleReminder, { ...view, audit: '处理商机提醒' }, ({ session, body }) =>
    p.reminders.handle(session, body),
  );
  implement(app, c.getReminderSetting, view, ({ session }) => p.reminders.setting(session.orgId));
  implement(app, c.saveReminderSetting, { ...edit, audit: '保存 AI 提醒设置' }, ({ session, body }) =>
    p.reminders.saveSetting(session, body),
  );

  implement(app, c.remarkGenerate, { sign: 'clue:edit' }, ({ session, body }) =>
    p.remarks.generate(session, body.recordingId),
  );
  implement(app, c.remarkSave, { sign: 'clue:edit', audit: '保存 AI 跟进' }, ({ session, body }) =>
    p.remarks.save(session, body),
  );

  implement(app, c.topicList, view, ({ session }) => p.topics.list(session));
  implement(app, c.topicSave, { ...edit, audit: '保存话题' }, ({ session, body }) => p.topics.save(session, body));
  implement(app, c.topicDelete, { ...edit, audit: '删除话题' }, ({ session, body }) =>
    p.topics.remove(session, body.id),
  );
  implement(app, c.topicTrend, view, ({ session, body }) => p.topics.trend(session, body));
  implement(app, c.topicHitPage, view, ({ session, body }) => p.topics.hitPage(session, body));
}
