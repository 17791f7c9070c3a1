/**
 * The installation operator (运营人员): an account above the organisations that holds money, prices and grants.
 *
 *   schema.ts     operator_account, operator_session, operator_audit
 *   service.ts    accounts (command line, environment, demo), sign-in and sessions, the audit log, organisations' money
 *   routes.ts     /operator/* (sign-in, organisations, audit log); the money calls themselves keep their paths in
 *                 billing, costCenter and org, marked `operator: true` in the contract (platform/http.ts serves
 *                 them to operator sessions only and writes their audit rows with before and after)
 *   cli.ts        `npm run operator -- create|passwd|list|disable|enable`
 */

import { redact } from '../../platform/audit';
import type { Module } from '../../platform/context';
import { installOperatorAuth } from '../../platform/operatorSession';
import { operatorRoutes } from './routes';
import { type MoneyReader, OperatorService, type OrgMoney } from './service';

export { OperatorService, type OrgMoney };

declare module '../../platform/context' {
  interface Services {
    operator: OperatorService;
  }
}

export const operatorModule: Module = {
  name: 'operator',
  async setup(ctx) {
    // read at call time: the modules that own money are set up after this one
    const reader = (): MoneyReader => ({
      aiMinutesLeft: async (orgId) => (await ctx.services.costCenter.balance(orgId, 'ai_analyze')).remaining,
      aiUnitPriceFen: (orgId) => ctx.services.costCenter.unitPriceFen(orgId, 'ai_analyze'),
      seatRateFenPerMonth: (orgId) => ctx.services.billing.seatRate(orgId),
      callRates: (orgId) => ctx.services.billing.callRates(orgId),
    });
    const ops = new OperatorService(ctx.db, ctx.config, ctx.tokens, ctx.limiter, reader);
    ctx.services.operator = ops;
    installOperatorAuth(
      ctx.app,
      ctx.tokens,
      (claims) => ops.load(claims),
      (req, e) =>
        ops.audit(
          { operatorId: req.operator?.operatorId ?? null, operatorAccount: req.operator?.account ?? '', ip: req.ip },
          {
            ...e,
            path: req.routeOptions.url ?? req.url,
            detail: redact({ body: req.body }),
          },
        ),
    );
    operatorRoutes(ctx, ops);
    // the first operator of an installation, by environment (created once; the command line changes it later)
    const boot = ctx.config.operatorBootstrap;
    if (boot && (await ops.ensure(boot.account, boot.password, { operatorId: null, operatorAccount: '环境变量' })))
      ctx.app.log.info({ account: boot.account }, 'operator account created from OPERATOR_ACCOUNT');
  },
};
