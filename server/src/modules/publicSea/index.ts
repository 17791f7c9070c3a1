import type { Module } from '../../platform/context';
import { DROP_IN_CRON, DROP_IN_JOB } from './dropIn';
import { publicSeaRoutes } from './routes';
import { seedPublicSea } from './seed';
import { PublicSea } from './service';

declare module '../../platform/context' {
  interface Services {
    publicSea: PublicSea;
  }
  interface Overrides {
    /** The clock of the pool's rules (claim delays, daily caps, drop-in): tests move it. */
    poolClock?: () => Date;
  }
}

/** The public pool; needs the clue and clueImport modules (set up before it). */
export const publicSeaModule: Module = {
  name: 'publicSea',
  setup(ctx) {
    const sea = new PublicSea(ctx, ctx.overrides.poolClock ?? (() => new Date()));
    ctx.services.publicSea = sea;
    ctx.jobs.register<{ orgId?: number; poolId?: number }>(
      DROP_IN_JOB,
      async (data) => {
        if (data.orgId) await sea.dropIn.run(data.orgId, data.poolId);
        else await sea.dropIn.runAll();
      },
      { queue: { retryLimit: 3, expireInSeconds: 3600, heartbeatSeconds: 60 } },
    );
    ctx.jobs.schedule(DROP_IN_JOB, DROP_IN_CRON);
    publicSeaRoutes(ctx, sea);
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedPublicSea(ctx, org);
  },
};

export { dayStart } from './claims';
export type { Pools } from './pools';
