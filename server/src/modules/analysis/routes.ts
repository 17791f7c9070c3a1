/**
 * AI call analysis: the calls of contract.analysis (/asr/V1 call-analysis list, export, AI panel, corrections,
 * re-analysis, filter sources; /aiCallComment; /clue/aiTag), served by the files of this module.
 */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx } from '../../platform/xlsxExport';
import { listClueTags, removeClueTag } from './clueTags';
import { addComment, listComments } from './comments';
import { updateCallAnalysis } from './corrections';
import { analysisDetail, panelRecording } from './detail';
import { applications, deptUserTree } from './filters';
import { callAnalysisSheet, listCallAnalyses } from './listing';
import { orgModelState, resetOrgModel } from './orgModel';
import { progress, reanalyse } from './reanalyse';

export function analysisRoutes(ctx: AppContext): void {
  const { app } = ctx;
  const c = contract.analysis;
  const view = { sign: 'analysis:view' } as const;
  implement(app, c.list, view, ({ session, body }) => listCallAnalyses(ctx, session, body));
  implement(app, c.export, { ...view, raw: true }, async ({ session, body, req, reply }) => {
    const sheet = await callAnalysisSheet(ctx, session, body);
    await app.audit(req, '导出通话分析列表', { count: sheet.count });
    return sendXlsx(reply, '通话分析.xlsx', sheet.write, 'call-analysis.xlsx');
  });
  // the AI panel: with a session (analysis:view), or without one through the call detail's share ticket (maskId)
  implement(app, c.detail, { ...view, auth: 'optional' }, async ({ session, query }) =>
    analysisDetail(ctx, await panelRecording(ctx, session, query), query.maskId ? null : session),
  );
  implement(app, c.update, { sign: 'analysis:correct', audit: '修正通话 AI 分析' }, ({ session, body }) =>
    updateCallAnalysis(ctx, session, body),
  );
  implement(app, c.reanalyse, { sign: 'analysis:correct', audit: '重新分析通话' }, ({ session, body }) =>
    reanalyse(ctx, session, body),
  );
  implement(app, c.orgModel, { sign: ['analysis:view', 'analysis:edit'] }, ({ session }) =>
    orgModelState(ctx, session),
  );
  implement(app, c.resetOrgModel, { sign: 'analysis:edit', audit: '重置本机构模型' }, ({ session }) =>
    resetOrgModel(ctx, session),
  );
  implement(app, c.reanalyseProgress, view, ({ session, body }) => progress(ctx, session, body.batchId));
  implement(app, c.applications, view, ({ session }) => applications(ctx, session));
  implement(app, c.deptUserTree, view, ({ session }) => deptUserTree(ctx, session));
  implement(app, c.addComment, { ...view, audit: '评论通话' }, ({ session, body }) => addComment(ctx, session, body));
  implement(app, c.comments, view, ({ session, body }) => listComments(ctx, session, body.recordingId));
  implement(app, c.clueAiTags, view, ({ session, body }) => listClueTags(ctx, session, body.clueId));
  implement(
    app,
    c.removeClueAiTag,
    { sign: ['analysis:correct', 'clue:edit'], audit: '移除客户 AI 标签' },
    ({ session, body }) => removeClueTag(ctx, session, body.id),
  );
}
