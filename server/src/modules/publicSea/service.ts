import type { CallBody, contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import type { Session } from '../../platform/session';
import type { ClueFilter } from '../clue';
import { clueIdsOfFilter } from '../clue';
import { PoolClaims } from './claims';
import { DropIn } from './dropIn';
import { LeadLogs } from './logs';
import { Pools } from './pools';
import { QuitHandover } from './quit';

export interface PoolPackage {
  poolId: number;
  seaTypes?: number[];
  filter?: object;
}

/**
 * The public pool (`ctx.services.publicSea`): pools and their rules (pools), what is done with a pool's leads
 * (claims), the drop-in job (dropIn), a departing user's handover (quit), the move and unlock logs (logs). Leads are
 * rows of the lead table: every move goes through the clue module's functions (Clues.sea).
 */
export class PublicSea {
  readonly pools: Pools;
  readonly claims: PoolClaims;
  readonly dropIn: DropIn;
  readonly quit: QuitHandover;
  readonly logs: LeadLogs;

  constructor(
    private readonly ctx: AppContext,
    readonly now: () => Date,
  ) {
    const clues = ctx.services.clue;
    this.pools = new Pools(ctx.db, clues);
    this.claims = new PoolClaims(ctx.db, clues, this.pools, now);
    this.dropIn = new DropIn(ctx.db, clues, this.pools, now, ctx.database.kind === 'pglite' ? 1 : 2);
    this.quit = new QuitHandover(ctx.db, ctx, clues, this.pools, now);
    this.logs = new LeadLogs(ctx.db, clues, this.pools);
  }

  /** Runs the drop-in rules now (of one pool, or of every pool in order). */
  async runDropIn(s: Session, poolId?: number) {
    if (poolId) await this.pools.managed(this.ctx.db, s, poolId);
    return { count: await this.dropIn.run(s.orgId, poolId) };
  }

  /**
   * Ids of a pool package's leads (a pool the session sees, narrowed by sea types and the lead list's filter), up
   * to `max`, newest first; `ids` narrows them to leads chosen one by one. A call task is built from them.
   */
  async leadIds(s: Session, pkg: PoolPackage, max: number, ids?: number[]): Promise<number[]> {
    const { poolId, seaTypes, filter } = pkg;
    const pool = await this.pools.visible(this.ctx.db, s, poolId);
    const f = { ...filter, isInSea: 1, poolIds: [pool.id], seaTypes } as ClueFilter;
    return clueIdsOfFilter(this.ctx.db, this.ctx.services.clue.lists, s, f, max, ids);
  }

  /** A pool's leads (the list's filter) as a background export. */
  async export(s: Session, body: CallBody<typeof contract.organizationPublicsea.export>) {
    const { poolId, seaTypes, ...filter } = body;
    const pool = await this.pools.visible(this.ctx.db, s, poolId);
    return this.ctx.services.clueExport.startExport(
      s,
      { ...filter, isInSea: 1, poolIds: [pool.id], seaTypes } as never,
      `公海客户_${pool.name}`,
    );
  }
}
