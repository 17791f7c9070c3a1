/**
 * Enterprise WeCom (企业微信, plan.md group I): configuration, the API client, the callback, staff and customer sync.
 *
 *   schema.ts     wecom_config, wecom_token, wecom_event_seen, wecom_dept, wecom_member, wecom_contact, wecom_follow,
 *                 wecom_sync
 *   settings.ts   the configuration (secrets sealed and masked), callback keys, egress IPs, connection test
 *   client.ts     the WeCom API (outbound policy, token cached in the database, 42001/40014 refresh, 45009 backoff)
 *   crypto.ts     the callback crypto (@wecom/crypto) and flat XML
 *   callback.ts   GET/POST /api/wecom/wecom/callback
 *   sync.ts       staff and customer sync, resumable; contact-change events
 *   directory.ts  企微员工 / 企微客户: lists, binding by hand, a contact turned into a lead (import way 11)
 *   auth.ts       OAuth2 sign-in, binding on /userBindOrg, JS-SDK signatures
 *   sidebar.ts    the chat sidebar: the current chat's contact, its lead and the lead's AI side
 *   routes.ts     contract.wecom, wechatUser, wechatCustomer, wecomAuth
 *   testing/      the fake WeCom server (tests, e2e, bench, chaos)
 */
import type { Module } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { WeComAuth } from './auth';
import { callbackRoutes, EVENT_JOB, type EventJob } from './callback';
import { WeComDirectory } from './directory';
import { SYNC_JOB, type SyncJob, sidebarRoutes, wecomRoutes } from './routes';
import { WeComSidebar } from './sidebar';
import { WeComSync } from './sync';

/** Nightly staff sync of every organisation whose integration is on (Asia/Shanghai). */
export const NIGHTLY_JOB = 'wecom.nightly';

export const wecomModule: Module = {
  name: 'wecom',
  setup(ctx) {
    const sync = new WeComSync(ctx);
    const dir = new WeComDirectory(ctx);
    wecomRoutes(ctx, (orgId, kind) => sync.request(orgId, kind), dir, new WeComAuth(ctx));
    sidebarRoutes(ctx, new WeComSidebar(ctx, sync, dir));
    callbackRoutes(ctx, ctx.app);
    ctx.jobs.register<SyncJob>(SYNC_JOB, (data) => sync.run(data.orgId, data.kind), {
      queue: { retryLimit: 5, retryDelay: 5, expireInSeconds: 3600, heartbeatSeconds: 60 },
    });
    ctx.jobs.register<EventJob>(EVENT_JOB, (data) => applyEvent(sync, data), {
      queue: { retryLimit: 3, retryDelay: 5 },
    });
    ctx.jobs.register(NIGHTLY_JOB, () => sync.nightly(), { queue: { retryLimit: 1, expireInSeconds: 3600 } });
    ctx.jobs.schedule(NIGHTLY_JOB, '30 2 * * *');
  },
};

/** A decrypted callback event: change_contact (members) and change_external_contact (customers). */
async function applyEvent(sync: WeComSync, { orgId, event }: EventJob): Promise<void> {
  try {
    await applyOne(sync, orgId, event);
  } catch (e) {
    // the integration was switched off or its configuration removed: nothing to retry
    if (!(e instanceof AppError)) throw e;
  }
}

async function applyOne(sync: WeComSync, orgId: number, event: Record<string, string>): Promise<void> {
  if (event.Event === 'change_contact' && event.UserID && /_user$/.test(event.ChangeType ?? ''))
    await sync.memberChanged(orgId, event.UserID, event.ChangeType === 'delete_user');
  else if (event.Event === 'change_external_contact' && event.ExternalUserID && event.UserID)
    await sync.contactChanged(
      orgId,
      event.ExternalUserID,
      event.UserID,
      event.ChangeType === 'del_external_contact' || event.ChangeType === 'del_follow_user',
    );
}
