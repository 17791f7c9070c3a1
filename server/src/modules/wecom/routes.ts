/** /api/wecom/wecom/*: configuration, connection test and syncs (contract.wecom). The callback: callback.ts. */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { WeComAuth } from './auth';
import type { WeComDirectory } from './directory';
import { wecomSync } from './schema';
import {
  activeSettings,
  callbackKeys,
  configView,
  egressIps,
  saveConfig,
  switchOpen,
  testConnection,
} from './settings';
import type { WeComSidebar } from './sidebar';
import type { SyncKind } from './sync';

export const SYNC_JOB = 'wecom.sync';
export interface SyncJob {
  orgId: number;
  kind: SyncKind;
}

const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
const admin = { sign: 'org:edit' } as const;

export function wecomRoutes(
  ctx: AppContext,
  request: (orgId: number, kind: SyncKind) => Promise<boolean>,
  dir: WeComDirectory,
  auth: WeComAuth,
): void {
  const { app, db, config } = ctx;
  const c = contract.wecom;
  implement(app, c.getQwServerIp, admin, () => egressIps(config));
  implement(app, c.getWeComConfig, admin, ({ session, req }) => configView(db, config, session.orgId, originOf(req)));
  implement(app, c.getWeComConfigOpen, {}, async ({ session }) => {
    const v = await configView(db, config, session.orgId, '');
    return { configured: v.configured, open: v.open };
  });
  implement(app, c.getWeComKey, admin, ({ session }) => callbackKeys(db, session.orgId));
  implement(app, c.openWeComConfig, { ...admin, audit: '开关企业微信' }, ({ session, body }) =>
    switchOpen(db, session.orgId, body.open),
  );
  implement(app, c.saveWeComConfig, { ...admin, audit: '保存企业微信配置' }, async ({ session, body, req }) => {
    await saveConfig(db, session.orgId, body);
    return configView(db, config, session.orgId, originOf(req));
  });
  implement(app, c.testWeComConfig, admin, ({ session }) => testConnection(db, config, session.orgId));
  const start = async (orgId: number, kind: SyncKind) => {
    await activeSettings(db, orgId);
    if (!(await request(orgId, kind))) return { started: false, message: '同步进行中，请稍候' };
    await ctx.jobs.send<SyncJob>(SYNC_JOB, { orgId, kind }, { singletonKey: `wecom-${kind}-${orgId}` });
    return { started: true, message: '已开始同步' };
  };
  implement(app, c.updateWeComUser, { ...admin, audit: '同步企微员工' }, ({ session }) => start(session.orgId, 'user'));
  implement(app, c.updateWeComCustom, { ...admin, audit: '同步企微客户' }, ({ session }) =>
    start(session.orgId, 'customer'),
  );
  implement(app, c.syncStatus, admin, async ({ session }) => {
    const rows = await db
      .select()
      .from(wecomSync)
      .where(and(eq(wecomSync.organizationId, session.orgId)));
    const of = (kind: SyncKind) => {
      const r = rows.find((x) => x.kind === kind);
      return {
        kind,
        status: r?.status ?? 0,
        message: r?.message ?? '尚未同步',
        done: r?.done ?? 0,
        startedAt: formatDateTime(r?.startedAt ?? null),
        finishedAt: formatDateTime(r?.finishedAt ?? null),
      };
    };
    return { user: of('user'), customer: of('customer') };
  });

  const u = contract.wechatUser;
  implement(app, u.pagelist, admin, ({ session, body }) => dir.members(session, body));
  implement(app, u.bindUser, { ...admin, audit: '企微员工绑定用户' }, ({ session, body }) =>
    dir.bindUser(session, body),
  );
  const k = contract.wechatCustomer;
  implement(app, k.pagelist, { sign: 'clue:view' }, ({ session, body }) => dir.customers(session, body));
  implement(app, k.detail, { sign: 'clue:view' }, ({ session, body }) => dir.customer(session, body.externalUserid));
  implement(app, k.bindClue, { sign: 'clue:edit', audit: '企微客户关联线索' }, ({ session, body }) =>
    dir.bindClue(session, body),
  );
  implement(app, k.toClue, { sign: 'clue:add', audit: '企微客户转为线索' }, ({ session, body }) =>
    dir.toClue(session, body),
  );

  const a = contract.wecomAuth;
  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
  implement(app, a.oauthUrl, { auth: 'none' }, ({ query, req }) => auth.oauthUrl(query, originOf(req)));
  implement(app, a.oauthLogin, { auth: 'none' }, ({ body, req }) => auth.login(body, meta(req)));
  implement(app, a.oauthBind, { auth: 'none', audit: '企业微信成员绑定账号' }, ({ body, req }) =>
    auth.bind(body, meta(req)),
  );
  implement(app, a.jsapiSignature, {}, ({ session, query }) => auth.jsapiSignature(session, query));
}

/** The chat sidebar's three calls (/api/wecom/sidebar/*): what a user who may see leads reads beside a chat. */
export function sidebarRoutes(ctx: AppContext, sidebar: WeComSidebar): void {
  const c = contract.wecomSidebar;
  const view = { sign: 'clue:view' } as const;
  implement(ctx.app, c.getCustomerDetailInWechat, view, ({ session, body }) => sidebar.contact(session, body));
  implement(ctx.app, c.getCustomerInfoByClueIdNew, view, ({ session, body }) => sidebar.customerInfo(session, body));
  implement(ctx.app, c.getAiCommBriefing, view, ({ session, body }) => sidebar.briefing(session, body));
}
