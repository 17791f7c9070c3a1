/**
 * Leads and customers: the calls of contract.clue (lists, detail, writes, recycle bin, blacklist, lookups) and
 * contract.interaction (collaborators, follow-ups, interaction and change logs), served by the Clues parts.
 */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { areaTree, importTemplate, importWays } from './reader';
import type { Clues } from './service';

export function clueRoutes({ app }: AppContext, clues: Clues): void {
  const c = contract.clue;
  const { read, lists, write, bin } = clues;
  const view = { sign: 'clue:view' } as const;
  const edit = 'clue:edit' as const;

  implement(app, c.list, view, ({ session, body }) => lists.list(session, body));
  implement(app, c.seatPage, view, ({ session, body }) => lists.seatPage(session, body));
  implement(app, c.analysisList, view, ({ session, body }) => lists.list(session, body));
  implement(app, c.detail, view, ({ session, body }) => read.detail(session, body.clueId));
  implement(app, c.neighbours, view, ({ session, body: { clueId, ...filter } }) =>
    lists.neighbours(session, filter, clueId),
  );
  implement(app, c.tabData, view, ({ session, body }) => lists.tabData(session, body));

  implement(app, c.add, { sign: 'clue:add', audit: '新增客户' }, ({ session, body }) => write.add(session, body));
  implement(app, c.edit, { sign: edit, audit: '编辑客户' }, ({ session, body: { clueId, ...input } }) =>
    write.edit(session, clueId, input),
  );
  implement(app, c.delete, { sign: 'clue:delete', audit: '删除客户' }, ({ session, body }) =>
    write.moveToRecycleBin(session, body.clueIds),
  );
  implement(app, c.setBlacklist, { sign: edit, audit: '设置黑名单' }, ({ session, body }) =>
    write.setBlacklist(session, body.clueIds, body.black === 1, body.reason),
  );
  implement(app, c.lock, { sign: edit, audit: '锁定客户' }, ({ session, body }) =>
    write.setLock(session, body.clueIds, body.lockStatus),
  );
  implement(app, c.turnToCustomer, { sign: edit, audit: '线索转客户' }, ({ session, body }) =>
    write.turnToCustomer(session, body.clueIds),
  );
  implement(app, c.changeOwner, { sign: 'clue:assign', audit: '变更跟进人' }, ({ session, body }) =>
    write.changeOwner(session, body.clueIds, body.ownerId),
  );

  implement(app, c.recycleBin, view, ({ session, body }) => bin.list(session, body));
  implement(app, c.restore, { sign: 'clue:delete', audit: '还原客户' }, ({ session, body }) =>
    bin.restore(session, body.clueIds),
  );
  implement(app, c.purge, { sign: 'clue:delete', audit: '彻底删除客户' }, ({ session, body }) =>
    bin.purge(session, body.clueIds),
  );

  implement(app, c.blacklist, view, ({ session, body }) => lists.blacklist(session, body));
  implement(app, c.blacklistAdd, { sign: edit, audit: '加入黑名单' }, ({ session, body }) =>
    write.setBlacklist(session, body.clueIds, true, body.reason),
  );
  implement(app, c.blacklistRemove, { sign: edit, audit: '移出黑名单' }, ({ session, body }) =>
    write.setBlacklist(session, body.clueIds, false),
  );

  implement(app, c.location, view, ({ session }) => read.locations(session));
  implement(app, c.analysisLocation, view, ({ session }) => read.locations(session));
  implement(app, c.channelSource, view, ({ session }) => read.channelSources(session));
  implement(app, c.users, view, ({ session }) => read.users(session));
  implement(app, c.halfMask, view, ({ session, body }) => read.halfMask(session, body.clueId));
  implement(app, c.importFileName, { sign: 'clue:import' }, importTemplate);
  implement(app, c.areaList, {}, areaTree);
  implement(app, c.importWays, view, importWays);
  implement(app, c.analysisImportWays, view, importWays);

  const i = contract.interaction;
  const { collaborators, interactions } = clues;
  implement(app, i.collaborators, view, ({ session, body }) => collaborators.list(session, body.clueId));
  implement(app, i.addCollaborators, { sign: edit, audit: '添加协作人' }, ({ session, body }) =>
    collaborators.change(session, body.clueId, body.userIds, 'add'),
  );
  implement(app, i.removeCollaborators, { sign: edit, audit: '移除协作人' }, ({ session, body }) =>
    collaborators.change(session, body.clueId, body.userIds, 'remove'),
  );
  implement(app, i.list, view, ({ session, body }) => interactions.list(session, body));
  implement(app, i.addFollow, { sign: edit, audit: '写跟进' }, ({ session, body }) =>
    interactions.addFollow(session, body),
  );
  implement(app, i.fieldChangeLog, view, ({ session, body }) => interactions.fieldChangeLog(session, body));
}
