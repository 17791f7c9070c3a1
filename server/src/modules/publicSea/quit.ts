import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { Clues } from '../clue';
import { orgUser } from '../org';
import type { Pools } from './pools';

type Body<K extends keyof typeof contract.publicSeaPool> = CallBody<(typeof contract.publicSeaPool)[K]>;
type Answer<K extends keyof typeof contract.publicSeaPool> = CallAnswer<(typeof contract.publicSeaPool)[K]>;

/**
 * A departing user: what they hold (quitUserCheck) and the handover in one step: the account is disabled (the users
 * module's own rules: not oneself, not the super administrator) and every lead they own goes, in one transaction,
 * into a pool as departed-employee data (sea entry 2) or to a chosen colleague. A handover that failed after the
 * account was disabled can simply be run again.
 */
export class QuitHandover {
  constructor(
    private readonly db: Db,
    private readonly ctx: AppContext,
    private readonly clues: Clues,
    private readonly pools: Pools,
    private readonly now: () => Date,
  ) {}

  private async target(s: Session, userId: number) {
    const u = await orgUser(this.db, s.orgId, userId);
    if (!u || !seesUser(s, u.id)) throw notFound('员工不存在');
    return u;
  }

  async check(s: Session, userId: number): Promise<Answer<'quitUserCheck'>> {
    const u = await this.target(s, userId);
    return {
      userId: u.id,
      realName: u.realName,
      status: u.status,
      ...(await this.clues.sea.holdings(this.db, s.orgId, u.id)),
    };
  }

  async handover(s: Session, input: Body<'quitUserHandover'>): Promise<Answer<'quitUserHandover'>> {
    const u = await this.target(s, input.userId);
    const time = this.now();
    let move: () => Promise<number>;
    if (input.mode === 1) {
      if (!input.poolId) throw badRequest('poolId：请选择转入的公海');
      const pool = await this.pools.managed(this.db, s, input.poolId);
      move = () =>
        this.db.transaction(async (tx) => {
          const ids = await this.clues.sea.ownedIds(tx, s.orgId, u.id);
          const moved = await this.clues.sea.putInSea(tx, s.orgId, ids, {
            action: 'quit',
            operatorId: s.userId,
            poolId: pool.id,
            seaEntryType: 2,
            reason: `${u.realName}离职`,
            title: '离职员工数据转入公海',
            content: `原跟进人${u.realName}离职，转入公海「${pool.name}」`,
            time,
          });
          return moved.length;
        });
    } else {
      if (!input.toUserId) throw badRequest('toUserId：请选择接收客户的员工');
      if (input.toUserId === u.id) throw badRequest('toUserId：接收人不能是离职员工本人');
      const to = await orgUser(this.db, s.orgId, input.toUserId);
      if (to?.status !== 1) throw badRequest('toUserId：接收人不存在或已停用');
      if (!seesUser(s, to.id)) throw forbidden('不能把客户交接给数据权限以外的员工');
      move = () =>
        this.db.transaction(async (tx) => {
          const ids = await this.clues.sea.ownedIds(tx, s.orgId, u.id);
          const moved = await this.clues.sea.giveTo(
            tx,
            s.orgId,
            ids,
            {
              action: 'handover',
              operatorId: s.userId,
              toUserId: to.id,
              receiveType: 1,
              transferMode: 5,
              reason: `${u.realName}离职`,
              title: '离职交接',
              content: `原跟进人${u.realName}离职，交接给${to.realName}`,
              time,
            },
            u.id,
          );
          return moved.length;
        });
    }
    if (input.disable === 1 && u.status === 1) await this.ctx.services.users.updateStatus(s, { id: u.id, status: 2 });
    return { count: await move() };
  }
}
