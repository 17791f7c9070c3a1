/** /clue/autoassign (7.9): automatic assignment rules and the import tips, served by service.ts. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { AutoAssignService } from './service';

export function autoAssignRoutes({ app }: AppContext, svc: AutoAssignService): void {
  const c = contract.autoAssign;
  const edit = 'autoassign:edit' as const;
  implement(app, c.list, { sign: edit }, ({ session }) => svc.list(session));
  implement(app, c.importTips, { sign: 'clue:import' }, ({ session, query }) => svc.importTips(session, query));
  implement(app, c.detail, { sign: edit }, ({ session, query }) => svc.detail(session, query.id));
  implement(app, c.sort, { sign: edit, audit: '自动分配规则排序' }, ({ session, body }) => svc.sort(session, body.ids));
  implement(app, c.save, { sign: edit, audit: '保存自动分配规则' }, ({ session, body }) => svc.save(session, body));
  implement(app, c.users, { sign: edit }, ({ session }) => svc.users(session));
  implement(app, c.del, { sign: edit, audit: '删除自动分配规则' }, ({ session, query }) => svc.del(session, query.id));
  implement(app, c.setStatus, { sign: edit, audit: '启用/停用自动分配规则' }, ({ session, body }) =>
    svc.setStatus(session, body.id, body.status),
  );
}
