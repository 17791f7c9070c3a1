/** /mergeCustomer (7.10) and /clue/duplicate: duplicate groups, checks, merges and merge records. */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { MergeService } from './service';

export function mergeRoutes({ app }: AppContext, svc: MergeService): void {
  const m = contract.mergeCustomer;
  const edit = { sign: 'merge:edit' } as const;
  implement(app, m.goingToMerge, edit, ({ session, body }) => svc.groups(session, body));
  implement(app, m.repeatCheck, { sign: 'clue:view' }, ({ session, body }) => svc.check(session, body.clueId));
  implement(app, m.merge, { ...edit, audit: '合并客户' }, ({ session, body }) => svc.merge(session, body));
  implement(app, m.repeatMerge, { ...edit, audit: '合并重复客户' }, ({ session, body }) =>
    svc.repeatMerge(session, body.clueId),
  );
  implement(app, m.recordDetail, edit, ({ session, query }) => svc.recordDetail(session, query.id));
  implement(app, m.records, edit, ({ session, body }) => svc.records(session, body));

  const d = contract.clueDuplicate;
  implement(app, d.pagelist, edit, ({ session, body }) => svc.groups(session, body));
  implement(app, d.check, { sign: 'clue:view' }, ({ session, body }) => svc.check(session, body.clueId));
}
