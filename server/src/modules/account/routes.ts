/** Sign-in, sessions and passwords: the calls of contract.account, served by AccountService. */
import { contract } from '@crm/core/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { AccountService, RequestMeta } from './service';

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export function accountRoutes(ctx: AppContext, svc: AccountService): void {
  const { app } = ctx;
  const c = contract.account;
  implement(app, c.login, { auth: 'none' }, ({ body, req }) =>
    'account' in body ? svc.loginByPassword(body, meta(req)) : svc.loginBySms(body, meta(req)),
  );
  implement(app, c.refreshToken, { auth: 'none' }, ({ body }) => svc.refresh(body.refreshToken));
  implement(app, c.logOut, {}, ({ session }) => svc.logout(session));
  implement(app, c.sendSmsCode, { auth: 'none' }, ({ body, req }) => svc.sendSmsCode(body.phone, body.type, req.ip));
  implement(app, c.verifyAccount, { auth: 'none' }, ({ body, req }) => svc.verifyAccount(body, meta(req)));
  implement(app, c.changePassword, { auth: 'optional' }, ({ session, body }) => svc.changePassword(session, body));
  implement(app, c.imageCode, { auth: 'none' }, ({ req }) => svc.newImageCode(req.ip));
  implement(app, c.register, { auth: 'none' }, ({ body, req }) => svc.register(body, meta(req)));
  implement(app, c.version, {}, ({ session }) => svc.version(session));
  implement(app, c.tempToken, {}, ({ session }) => svc.tempToken(session));
  implement(app, c.userInfo, {}, ({ session }) => svc.userInfo(session));
  implement(app, c.geetestParams, { auth: 'none' }, ({ query, req }) =>
    svc.geetestParams(query.mobile, req.headers['user-agent']),
  );
  implement(app, c.dingLogin, { auth: 'none' }, ({ query, req }) => svc.loginByDingCode(query.code, meta(req)));
  implement(app, c.captchaRequired, { auth: 'none' }, async ({ query, req }) => ({
    captchaRequired: await svc.captchaRequired(query.account, req.ip),
  }));
}
