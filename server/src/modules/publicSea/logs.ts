import { formatDateTime, ReceiveType, SeaEntryType, TransferMode } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { MOVE_ACTIONS } from '@crm/core/contract/publicSea';
import type { Db } from '../../platform/db';
import { page } from '../../platform/paging';
import type { Session } from '../../platform/session';
import type { Clues } from '../clue';
import { orgUsersByIds } from '../org';
import type { Pools } from './pools';

type Body<K extends keyof typeof contract.leadLog> = CallBody<(typeof contract.leadLog)[K]>;
type Answer<K extends keyof typeof contract.leadLog> = CallAnswer<(typeof contract.leadLog)[K]>;

const label = (map: Record<number, string>, v: number | null) => (v ? (map[v] ?? '') : '');

/** /clueMonitor (every move of a lead with its receive type and transfer mode) and /unlockList. */
export class LeadLogs {
  constructor(
    private readonly db: Db,
    private readonly clues: Clues,
    private readonly pools: Pools,
  ) {}

  async monitor(s: Session, f: Body<'clueMonitorPageList'>): Promise<Answer<'clueMonitorPageList'>> {
    const { rows, total } = await this.clues.moveLog.moves(s, f);
    const userIds = rows.flatMap((r) => [r.fromUserId, r.toUserId, r.operatorId]).filter((x): x is number => !!x);
    const [users, names, poolName] = await Promise.all([
      orgUsersByIds(this.db, s.orgId, userIds),
      this.clues.moveLog.names(
        s.orgId,
        rows.map((r) => r.clueId),
      ),
      this.pools.names(
        s,
        rows.map((r) => r.poolId),
      ),
    ]);
    const name = (id: number | null) => (id ? (users.get(id)?.realName ?? '') : '');
    return page(
      rows.map((r) => ({
        id: r.id,
        clueId: r.clueId,
        clueName: names.get(r.clueId) ?? '',
        action: r.action,
        actionName: MOVE_ACTIONS[r.action as keyof typeof MOVE_ACTIONS] ?? r.action,
        fromUserId: r.fromUserId,
        fromUserName: name(r.fromUserId),
        toUserId: r.toUserId,
        toUserName: name(r.toUserId),
        operatorName: r.operatorId ? name(r.operatorId) : '系统',
        poolId: r.poolId,
        poolName: r.poolId ? (poolName.get(r.poolId) ?? '') : '',
        receiveType: r.receiveType,
        receiveTypeName: label(ReceiveType, r.receiveType),
        transferMode: r.transferMode,
        transferModeName: label(TransferMode, r.transferMode),
        seaEntryType: r.seaEntryType,
        seaEntryTypeName: label(SeaEntryType, r.seaEntryType),
        reason: r.reason,
        createdAt: formatDateTime(r.createdAt) ?? '',
      })),
      total,
      f,
    );
  }

  async unlocks(s: Session, f: Body<'unlockPageList'>): Promise<Answer<'unlockPageList'>> {
    const { rows, total } = await this.clues.moveLog.unlocks(s, f);
    const [users, names] = await Promise.all([
      orgUsersByIds(
        this.db,
        s.orgId,
        rows.map((r) => r.userId).filter((x): x is number => !!x),
      ),
      this.clues.moveLog.names(
        s.orgId,
        rows.map((r) => r.clueId),
      ),
    ]);
    return page(
      rows.map((r) => ({
        id: r.id,
        clueId: r.clueId,
        clueName: names.get(r.clueId) ?? '',
        userId: r.userId,
        userName: r.userId ? (users.get(r.userId)?.realName ?? '') : '',
        createdAt: formatDateTime(r.createdAt) ?? '',
      })),
      total,
      f,
    );
  }
}
