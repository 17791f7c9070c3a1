/**
 * The public pool: /publicSeaPool (pools, order, delete, a departing user), /organizationPublicsea (the pool's leads,
 * claims, assignment, transfer in, rules, drop-in, export) and /log (unlock records, clue monitor).
 */
import type { FunctionSign } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { PublicSea } from './service';

export function publicSeaRoutes({ app }: AppContext, sea: PublicSea): void {
  const p = contract.publicSeaPool;
  const manage = 'publicsea:edit' as const;
  const view = { sign: ['publicsea:receive', 'publicsea:edit'] as FunctionSign[] };
  implement(app, p.list, view, ({ session }) => sea.pools.list(session));
  implement(app, p.save, { sign: manage, audit: '保存公海' }, ({ session, body }) => sea.pools.save(session, body));
  implement(app, p.del, { sign: manage, audit: '删除公海' }, ({ session, body }) => sea.pools.del(session, body));
  implement(app, p.resetSortNum, { sign: manage, audit: '公海排序' }, ({ session, body }) =>
    sea.pools.resetSortNum(session, body.ids),
  );
  implement(app, p.quitUserCheck, { sign: 'user:edit' }, ({ session, query }) => sea.quit.check(session, query.userId));
  implement(app, p.quitUserHandover, { sign: 'user:edit', audit: '离职交接' }, ({ session, body }) =>
    sea.quit.handover(session, body),
  );

  const o = contract.organizationPublicsea;
  implement(app, o.list, view, ({ session, body }) => sea.claims.list(session, body));
  // claims are the busiest write: the move log (/clueMonitor) is their record, the operation log would be a second
  // row and a second commit for each
  implement(app, o.receive, { sign: 'publicsea:receive' }, ({ session, body }) =>
    sea.claims.receive(session, body.poolId, body.clueId),
  );
  implement(app, o.batchReceive, { sign: 'publicsea:receive' }, ({ session, body }) =>
    sea.claims.claim(session, body.poolId, body.clueIds),
  );
  implement(app, o.assign, { sign: manage, audit: '分配公海客户' }, ({ session, body }) =>
    sea.claims.assign(session, body),
  );
  implement(app, o.transferToSea, { sign: 'clue:edit', audit: '客户转入公海' }, ({ session, body }) =>
    sea.claims.transferToSea(session, body),
  );
  implement(app, o.delete, { sign: manage, audit: '删除公海客户' }, ({ session, body }) =>
    sea.claims.remove(session, body),
  );
  implement(app, o.packageList, view, ({ session }) => sea.claims.packageList(session));
  implement(app, o.getSetting, view, ({ session, body }) => sea.pools.detail(session, body.id));
  implement(app, o.saveSetting, { sign: manage, audit: '保存公海规则' }, ({ session, body }) =>
    sea.pools.saveSetting(session, body),
  );
  implement(app, o.runDropIn, { sign: manage, audit: '执行掉入规则' }, ({ session, body }) =>
    sea.runDropIn(session, body.poolId),
  );
  implement(app, o.export, { sign: 'clue:export', audit: '导出公海客户' }, ({ session, body }) =>
    sea.export(session, body),
  );

  const l = contract.leadLog;
  implement(app, l.unlockPageList, { sign: 'clue:view' }, ({ session, body }) => sea.logs.unlocks(session, body));
  implement(app, l.clueMonitorPageList, { sign: 'clue:view' }, ({ session, body }) => sea.logs.monitor(session, body));
}
