import type { Module } from '../../platform/context';
import { accountRoutes } from './routes';
import { AccountService } from './service';
import { createSmsProvider, type SmsProvider } from './sms';

declare module '../../platform/context' {
  interface Services {
    account: AccountService;
  }
  interface Overrides {
    /** Tests record the codes instead of sending them. */
    sms?: SmsProvider;
  }
}

export const accountModule: Module = {
  name: 'account',
  setup(ctx) {
    const sms = ctx.overrides.sms ?? createSmsProvider(ctx.config, ctx.app.log);
    const svc = new AccountService(ctx.db, ctx.config, ctx.tokens, ctx.limiter, sms);
    ctx.services.account = svc;
    accountRoutes(ctx, svc);
  },
};
