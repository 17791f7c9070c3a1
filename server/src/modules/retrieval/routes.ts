/** /customerRetrieval: customers that left their owner, taking them back, and the settings. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { RetrievalService } from './service';

export function retrievalRoutes({ app }: AppContext, svc: RetrievalService): void {
  const c = contract.customerRetrieval;
  implement(app, c.pagelist, { sign: 'clue:view' }, ({ session, body }) => svc.list(session, body));
  implement(app, c.retrieve, { sign: 'clue:edit', audit: '找回客户' }, ({ session, body }) =>
    svc.retrieve(session, body.clueIds),
  );
  implement(app, c.getSetting, { sign: 'clue:view' }, ({ session }) => svc.setting(session.orgId));
  implement(app, c.saveSetting, { sign: 'retrieval:edit', audit: '保存客户找回设置' }, ({ session, body }) =>
    svc.saveSetting(session, body),
  );
}
