/** /organizationCostCenter (费用中心): the calls of contract.costCenter, served by aiAnalyze.ts. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { addAiAnalyzePack, aiAnalyzeBalance, aiAnalyzePacks, aiAnalyzeRecords, usageSum } from './aiAnalyze';
import type { CostCenterService } from './service';

export function costCenterRoutes(ctx: AppContext, costs: CostCenterService): void {
  const { app, db } = ctx;
  const c = contract.costCenter;
  // every user's header shows the AI account tip: a session is enough
  implement(app, c.getAiAnalyzeBalance, {}, ({ session }) => aiAnalyzeBalance(costs, session));
  implement(app, c.aiAnalyzePackDetailsPageList, { sign: 'cost:view' }, ({ session, body }) =>
    aiAnalyzePacks(db, session, body),
  );
  implement(app, c.getAiAnalyzeRecordList, { sign: 'cost:view' }, ({ session, body }) =>
    aiAnalyzeRecords(db, session, body),
  );
  // the installation operator's grant (`operator: true` in the contract), audited with the money before and after
  implement(
    app,
    c.addAiAnalyzePack,
    { audit: '赠送 AI 资源包', snapshot: (body) => ctx.services.operator.money(body.organizationId) },
    ({ body }) => addAiAnalyzePack(costs, body),
  );

  // the guidance account: the same ledger, kind 'guidance' (AI 实时指导)
  const g = contract.guidanceCostCenter;
  const GUIDANCE = 'guidance';
  implement(app, g.getRealTimeGuidanceBalance, {}, ({ session }) => aiAnalyzeBalance(costs, session, GUIDANCE));
  implement(app, g.aiGuidancePackDetailsPageList, { sign: 'cost:view' }, ({ session, body }) =>
    aiAnalyzePacks(db, session, body, GUIDANCE),
  );
  implement(app, g.getAiGuidanceRecordList, { sign: 'cost:view' }, ({ session, body }) =>
    aiAnalyzeRecords(db, session, body, GUIDANCE),
  );
  implement(app, g.getAiGuidanceRecordListSum, { sign: 'cost:view' }, ({ session, body }) =>
    usageSum(db, session, body, GUIDANCE),
  );
}
