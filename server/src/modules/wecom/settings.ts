/**
 * The organisation's WeCom configuration: saved with its secrets sealed (platform/secrets.ts) and shown masked; the
 * callback keys; the on/off switch; the connection test with a Chinese reason for each failure.
 */
import { randomBytes } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { WECOM_OAUTH_BASE, WECOM_SECRET_MASK } from '@crm/core/contract/wecom';
import { eq } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { checkUrl, hostOf, OutboundError } from '../../platform/outbound';
import { openSecret, sealSecret } from '../../platform/secrets';
import { WeComClient } from './client';
import { WeComError } from './errors';
import { wecomConfig } from './schema';

type C = typeof contract.wecom;
type Answer<K extends keyof C> = CallAnswer<C[K]>;

/** A configuration with its secrets opened. */
export interface WeComSettings {
  orgId: number;
  corpId: string;
  agentId: string;
  agentSecret: string;
  contactSecret: string;
  token: string;
  encodingAesKey: string;
  apiBaseUrl: string;
  oauthBaseUrl: string;
  open: boolean;
  updatedAt: Date;
}

const open = (v: string) => {
  try {
    return openSecret(v) ?? '';
  } catch {
    // a key that cannot be opened (SECRETS_KEY changed) reads as not set: the form asks for it again
    return '';
  }
};

export async function settingsOf(db: DbOrTx, orgId: number): Promise<WeComSettings | null> {
  const [row] = await db.select().from(wecomConfig).where(eq(wecomConfig.organizationId, orgId)).limit(1);
  if (!row) return null;
  return {
    orgId,
    corpId: row.corpId,
    agentId: row.agentId,
    agentSecret: open(row.agentSecret),
    contactSecret: open(row.contactSecret),
    token: open(row.token),
    encodingAesKey: open(row.encodingAesKey),
    apiBaseUrl: row.apiBaseUrl,
    oauthBaseUrl: row.oauthBaseUrl,
    open: row.open === 1,
    updatedAt: row.updatedAt,
  };
}

/** The settings of an organisation whose integration is on and complete, else a Chinese refusal. */
export async function activeSettings(db: DbOrTx, orgId: number): Promise<WeComSettings> {
  const s = await settingsOf(db, orgId);
  if (!s?.corpId || !s.agentSecret) throw badRequest('尚未配置企业微信，请先在企业微信配置中填写企业 ID 与应用 Secret');
  if (!s.open) throw badRequest('企业微信未开启，请先在企业微信配置中开启');
  return s;
}

/** The client for the app's secret, or for the contacts secret where one is set (`contacts`). */
export function clientOf(db: DbOrTx, config: Config, s: WeComSettings, contacts = false): WeComClient {
  return new WeComClient(db, {
    corpId: s.corpId,
    secret: contacts && s.contactSecret ? s.contactSecret : s.agentSecret,
    apiBaseUrl: s.apiBaseUrl,
    backoffMs: config.wecom.backoffMs,
  });
}

/** Where WeCom sends the callbacks of an organisation: PUBLIC_BASE_URL, else the address the admin is using. */
export function callbackUrl(config: Config, origin: string, orgId: number): string {
  return `${config.wecom.publicBaseUrl || origin}/api/wecom/wecom/callback?org=${orgId}`;
}

const mask = (v: string) => (v ? WECOM_SECRET_MASK : '');

export async function configView(
  db: DbOrTx,
  config: Config,
  orgId: number,
  origin: string,
): Promise<Answer<'getWeComConfig'>> {
  const s = await settingsOf(db, orgId);
  const cb = callbackUrl(config, origin, orgId);
  return {
    configured: !!(s?.corpId && s.agentSecret),
    open: s?.open ? 1 : 2,
    corpId: s?.corpId ?? '',
    agentId: s?.agentId ?? '',
    agentSecret: mask(s?.agentSecret ?? ''),
    contactSecret: mask(s?.contactSecret ?? ''),
    token: mask(s?.token ?? ''),
    encodingAesKey: mask(s?.encodingAesKey ?? ''),
    apiBaseUrl: s?.apiBaseUrl ?? '',
    oauthBaseUrl: s?.oauthBaseUrl ?? '',
    callbackUrl: cb,
    trustedDomain: hostOf(cb),
    updatedAt: formatDateTime(s?.updatedAt ?? null),
  };
}

/** Saves the form; a secret sent back masked or empty keeps the stored one. */
export async function saveConfig(db: DbOrTx, orgId: number, b: CallBody<C['saveWeComConfig']>): Promise<void> {
  for (const url of [b.apiBaseUrl, b.oauthBaseUrl]) {
    const problem = url ? checkUrl(url) : null;
    if (problem) throw badRequest(problem);
  }
  const old = await settingsOf(db, orgId);
  const keep = (given: string | undefined, stored: string | undefined) =>
    !given || given === WECOM_SECRET_MASK ? (stored ?? '') : given;
  const values = {
    corpId: b.corpId,
    agentId: b.agentId,
    agentSecret: sealSecret(keep(b.agentSecret, old?.agentSecret)),
    contactSecret: sealSecret(keep(b.contactSecret, old?.contactSecret)),
    token: sealSecret(keep(b.token, old?.token)),
    encodingAesKey: sealSecret(keep(b.encodingAesKey, old?.encodingAesKey)),
    apiBaseUrl: b.apiBaseUrl ?? '',
    oauthBaseUrl: b.oauthBaseUrl ?? '',
    updatedAt: new Date(),
  };
  if (!values.agentSecret) throw badRequest('请输入应用 Secret');
  await db
    .insert(wecomConfig)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({ target: wecomConfig.organizationId, set: values });
}

export async function switchOpen(db: DbOrTx, orgId: number, on: 1 | 2): Promise<Answer<'openWeComConfig'>> {
  const s = await settingsOf(db, orgId);
  if (on === 1 && !(s?.corpId && s.agentSecret)) throw badRequest('请先保存企业微信配置再开启');
  if (s)
    await db.update(wecomConfig).set({ open: on, updatedAt: new Date() }).where(eq(wecomConfig.organizationId, orgId));
  return { open: on };
}

const randomAlnum = (n: number) => {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(n), (b) => chars[b % chars.length]).join('');
};

/** The callback token and key to enter in the console: the saved ones, or new random ones to save. */
export async function callbackKeys(db: DbOrTx, orgId: number): Promise<Answer<'getWeComKey'>> {
  const s = await settingsOf(db, orgId);
  if (s?.token && s.encodingAesKey) return { token: s.token, encodingAesKey: s.encodingAesKey, generated: false };
  return { token: randomAlnum(16), encodingAesKey: randomAlnum(43), generated: true };
}

export function egressIps(config: Config): Answer<'getQwServerIp'> {
  const ips = config.wecom.egressIps;
  return {
    ips,
    message: ips.length
      ? '请把以上地址加入自建应用的“企业可信 IP”'
      : '未设置出口 IP：请由系统运维在 WECOM_EGRESS_IPS 中填写本服务器访问外网所用的公网 IP',
  };
}

/** Tries the app secret, the contacts secret, the trusted IP and the customer-contact permission in turn. */
export async function testConnection(db: DbOrTx, config: Config, orgId: number): Promise<Answer<'testWeComConfig'>> {
  const s = await settingsOf(db, orgId);
  if (!s?.corpId || !s.agentSecret)
    return { ok: false, steps: [{ name: '配置', ok: false, message: '请先保存企业 ID 与应用 Secret' }] };
  const steps: Answer<'testWeComConfig'>['steps'] = [];
  const step = async (name: string, okText: string, run: () => Promise<unknown>) => {
    try {
      await run();
      steps.push({ name, ok: true, message: okText });
      return true;
    } catch (e) {
      steps.push({ name, ok: false, message: reasonOf(e) });
      return false;
    }
  };
  const app = clientOf(db, config, s);
  if (await step('应用 Secret', '应用 Secret 正确', () => app.accessToken(true))) {
    await step('可信 IP 与通讯录', '可以读取通讯录', () => app.get('department/simplelist'));
    await step('客户联系权限', '应用可以调用客户联系接口', () => app.get('externalcontact/get_follow_user_list'));
  }
  if (s.contactSecret)
    await step('通讯录 Secret', '通讯录 Secret 正确', () => clientOf(db, config, s, true).accessToken(true));
  await step('授权地址', 'OAuth2 授权地址可用', async () => {
    const problem = checkUrl(s.oauthBaseUrl || WECOM_OAUTH_BASE);
    if (problem) throw new Error(problem);
  });
  return { ok: steps.every((x) => x.ok), steps };
}

export function reasonOf(e: unknown): string {
  if (e instanceof WeComError || e instanceof OutboundError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/** A WeCom call made for a user's request: WeCom's refusal or an unreachable server answers 400 with its reason. */
export async function asked<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof WeComError || e instanceof OutboundError) throw badRequest(e.message);
    throw e;
  }
}
