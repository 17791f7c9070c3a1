/** SOP rules: the calls of contract.sop (/sop/ and the analysis-base twins /asr/V1/getSop…InQuality). */

import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { callCoverage, rulesInQuality } from './sopResults';
import type { SopService } from './sopService';

export function sopRoutes(ctx: AppContext, service: SopService): void {
  const { app } = ctx;
  const c = contract.sop;
  const view = { sign: ['quality:view', 'quality:edit'] as FunctionSign[] };
  const edit = (audit: string) => ({ sign: 'quality:edit' as const, audit });

  implement(app, c.getSopCreateUserList, view, ({ session }) => service.createUsers(session));
  implement(app, c.getSopExecuteDeptList, view, ({ session }) => service.depts(session));
  implement(app, c.getOrganizationClueFollowStatusList, view, ({ session }) => service.followStatuses(session));
  implement(app, c.getOrganizationRegisterTime, view, ({ session }) => service.registerTime(session));
  implement(app, c.createSopRule, edit('新增SOP规则'), ({ session, body }) => service.create(session, body));
  implement(app, c.getSopRuleList, view, ({ session, body }) => service.list(session, body));
  implement(app, c.selectSopAndItemInfoByRuleId, view, ({ session, body }) => service.detail(session, body.id));
  implement(app, c.updateSopRule, edit('修改SOP规则'), ({ session, body }) => service.update(session, body));
  implement(app, c.disableAndDeleteSopRule, edit('启用、停用或删除SOP规则'), ({ session, body }) =>
    service.operate(session, body),
  );
  implement(app, c.getSopItemNameByOrg, view, ({ session, body }) => service.itemNames(session, body));

  for (const call of [c.getSopItemInfoInQuality, c.asrGetSopItemInfoInQuality])
    implement(app, call, view, ({ session, body }) => callCoverage(ctx, session, body.recordingId));
  for (const call of [c.getSopRuleListInQuality, c.asrGetSopRuleListInQuality])
    implement(app, call, view, ({ session, body }) => rulesInQuality(ctx, session, body));
}
