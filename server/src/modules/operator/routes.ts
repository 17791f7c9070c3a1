/**
 * /operator (运营后台): the operator's own calls of contract.operator. The money calls it makes keep the spec's paths
 * and are served by their modules (billing, costCenter, org), marked `operator: true` in the contract.
 */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { OperatorService } from './service';

export function operatorRoutes(ctx: AppContext, ops: OperatorService): void {
  const { app } = ctx;
  const c = contract.operator;
  implement(app, c.login, { auth: 'none' }, ({ body, req }) => ops.login(body, req.ip));
  implement(app, c.logout, {}, ({ session }) => ops.logout(session));
  implement(app, c.me, {}, ({ session }) => ({ id: session.operatorId, account: session.account }));
  implement(app, c.organizationPageList, {}, ({ body }) => ops.organizationPage(body));
  implement(app, c.organizationDetail, {}, ({ body }) => ops.organizationDetail(body.organizationId));
  implement(app, c.auditPageList, {}, ({ body }) => ops.auditPage(body));
}
