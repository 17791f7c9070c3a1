/** /industryTemplate: the calls of contract.industryTemplate. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { TemplateService } from './templates/service';

export function templateRoutes(ctx: AppContext, svc: TemplateService): void {
  const { app } = ctx;
  const c = contract.industryTemplate;
  const sign = 'template:edit' as const;
  implement(app, c.list, { sign }, ({ session }) => svc.list(session));
  implement(app, c.detail, { sign }, ({ session, body }) => svc.detail(session, body.code));
  implement(app, c.apply, { sign, audit: '应用行业模板' }, ({ session, body }) => svc.apply(session, body));
  implement(app, c.undo, { sign, audit: '撤销行业模板应用' }, ({ session }) => svc.undo(session));
}
