/** Human review: the calls of contract.qualityReview (/aiCallCheck sample, review, appeal, history). */
import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { createAppeal, decideAppeal, listAppeals } from './appeals';
import { historyOf } from './history';
import { saveReview } from './reviews';
import { createSample, listSamples, sampleCalls } from './samples';

export function qualityReviewRoutes(ctx: AppContext): void {
  const { app, db } = ctx;
  const c = contract.qualityReview;
  const view = { sign: ['quality:view', 'quality:edit'] as FunctionSign[] };
  const edit = (audit: string) => ({ sign: 'quality:edit' as const, audit });

  implement(app, c.createSample, edit('新建复核抽样'), ({ session, body }) => createSample(db, session, body));
  implement(app, c.sampleList, view, ({ session, body }) => listSamples(db, session, body));
  implement(app, c.sampleCalls, view, ({ session, body }) => sampleCalls(db, session, body));
  implement(app, c.saveReview, edit('保存人工复核'), ({ session, body }) => saveReview(ctx, session, body));
  // a seat appeals its own calls and follows its appeals: no quality sign, the call's owner is checked
  implement(app, c.createAppeal, { audit: '提交质检申诉' }, ({ session, body }) => createAppeal(ctx, session, body));
  implement(app, c.appealList, {}, ({ session, body }) => listAppeals(db, session, body));
  implement(app, c.decideAppeal, edit('处理质检申诉'), ({ session, body }) => decideAppeal(ctx, session, body));
  implement(
    app,
    c.history,
    { sign: ['quality:view', 'quality:edit', 'recording:view'] as FunctionSign[] },
    ({ session, body }) => historyOf(db, session, body.recordingId),
  );
}
