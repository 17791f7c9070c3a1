/**
 * The cost centre (费用中心): the prepaid-pack ledger (资源包) that AI usage is charged against.
 *
 *   schema.ts     cost_pack, cost_usage
 *   ledger.ts     add a pack, take units (locked, idempotent by ref key), the balance
 *   service.ts    CostCenterService (ctx.services.costCenter): metering switch, unit price, top-up listeners
 *   aiAnalyze.ts  the AI analysis account calls of /organizationCostCenter
 *   routes.ts     wires them
 */
import type { Module } from '../../platform/context';
import { costCenterRoutes } from './routes';
import { seedCostPacks } from './seed';
import { CostCenterService } from './service';

export type { CostCenterService };

declare module '../../platform/context' {
  interface Services {
    costCenter: CostCenterService;
  }
}

export const costCenterModule: Module = {
  name: 'costCenter',
  setup(ctx) {
    const costs = new CostCenterService(ctx.db, ctx.config, ctx.app.log);
    ctx.services.costCenter = costs;
    costCenterRoutes(ctx, costs);
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedCostPacks(ctx.db, org.orgId, org.adminId);
  },
};
