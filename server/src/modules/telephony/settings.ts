import { isIP } from 'node:net';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { addressAllowed, checkUrl, OUTBOUND_MESSAGES } from '../../platform/outbound';
import { findScoped, scoped } from '../../platform/scope';
import { openSecret, sealSecret } from '../../platform/secrets';
import type { Session } from '../../platform/session';
import { orgUser } from '../org';
import { missingOf, type Settings, webhookBase } from './config';
import { callLine, callProviderConfig, callSeat, callUserSetting } from './schema';
import { checkLineNumber, seatOfUser } from './seats';

type Calls = typeof contract.telephony;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type LineRow = typeof callLine.$inferSelect;

/** The provider configuration and lines (callDataConfig), each user's call settings (callset), SIP credentials. */

const SECRET_MASK = '******';
/** A stored app secret goes only to the API address it was saved with. */
export const SECRET_FOR_NEW_ADDRESS = '修改接口地址后请重新输入密钥';

/** Two base URLs name the same endpoint (trailing slashes aside). */
const sameAddress = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

const lineView = (l: LineRow) => ({
  id: l.id,
  name: l.name,
  numbers: l.numbers,
  gateway: l.gateway,
  status: l.status,
});

export async function linesOf(db: DbOrTx, orgId: number): Promise<LineRow[]> {
  return db
    .select()
    .from(callLine)
    .where(and(eq(callLine.organizationId, orgId), isNull(callLine.deletedAt)))
    .orderBy(asc(callLine.id));
}

export async function dataConfig(ctx: AppContext, s: Session): Promise<Answer<'dataConfig'>> {
  const { settings, source } = await ctx.services.telephony.settings(s.orgId);
  return {
    ...settings,
    // secrets are never answered, only whether they are set
    eslPassword: settings.eslPassword ? SECRET_MASK : '',
    appSecret: settings.appSecret ? SECRET_MASK : '',
    source,
    configured: settings.provider !== 'none' && !missingOf(settings),
    lines: (await linesOf(ctx.db, s.orgId)).map(lineView),
    webhookUrl: webhookBase(),
  };
}

export async function saveDataConfig(ctx: AppContext, s: Session, b: Body<'saveDataConfig'>) {
  const { settings: current, source } = await ctx.services.telephony.settings(s.orgId);
  const keep = source === 'organization' || source === 'none';
  const keepEsl = b.eslPassword === SECRET_MASK || (!b.eslPassword && keep);
  const keepApp = b.appSecret === SECRET_MASK || (!b.appSecret && keep);
  // a stored secret goes only to the address it was saved with: a new address needs the secret again
  if (keepApp && current.appSecret && b.apiBaseUrl && !sameAddress(b.apiBaseUrl, current.apiBaseUrl))
    throw badRequest(`appSecret：${SECRET_FOR_NEW_ADDRESS}`);
  if (keepEsl && current.eslPassword && b.eslHost && (b.eslHost !== current.eslHost || b.eslPort !== current.eslPort))
    throw badRequest('eslPassword：修改 ESL 地址后请重新输入密码');
  const next: Settings = {
    ...b,
    // '******' (or nothing) keeps the stored secret
    eslPassword: keepEsl ? current.eslPassword : b.eslPassword,
    appSecret: keepApp ? current.appSecret : b.appSecret,
  };
  if (next.provider !== 'none') {
    const missing = missingOf(next);
    if (missing) throw badRequest(`请填写${missing}`);
  }
  for (const url of [next.apiBaseUrl, next.recordingBaseUrl])
    if (url && !/^https?:\/\/\S+$/.test(url)) throw badRequest('接口地址须以 http:// 或 https:// 开头');
  // the organisation's addresses pass the outbound-address policy (platform/outbound.ts); names at connect time
  for (const [field, url] of [
    ['apiBaseUrl', next.apiBaseUrl],
    ['recordingBaseUrl', next.recordingBaseUrl],
  ] as const) {
    const problem = url ? checkUrl(url) : null;
    if (problem) throw badRequest(`${field}：${problem}`);
  }
  if (next.provider === 'freeswitch' && next.eslHost && isIP(next.eslHost.replace(/^\[|\]$/g, '')))
    if (!addressAllowed(next.eslHost, next.eslPort)) throw badRequest(`eslHost：${OUTBOUND_MESSAGES.blocked}`);
  if (next.sipWsUrl && !/^wss?:\/\/\S+$/.test(next.sipWsUrl))
    throw badRequest('sipWsUrl：SIP WebSocket 地址须以 ws:// 或 wss:// 开头');
  const { provider, ...plain } = next;
  const rest = { ...plain, eslPassword: sealSecret(plain.eslPassword), appSecret: sealSecret(plain.appSecret) };
  await ctx.db
    .insert(callProviderConfig)
    .values({ organizationId: s.orgId, provider, settings: rest })
    .onConflictDoUpdate({
      target: callProviderConfig.organizationId,
      set: { provider, settings: rest, updatedAt: new Date() },
    });
  return dataConfig(ctx, s);
}

export async function saveLine(ctx: AppContext, s: Session, b: Body<'saveLine'>) {
  const values = {
    name: b.name,
    numbers: [...new Set(b.numbers)],
    gateway: b.gateway,
    status: b.status,
  };
  if (b.id) {
    await findScoped(ctx.db, s, callLine, b.id, { missing: '线路不存在' });
    const [row] = await ctx.db
      .update(callLine)
      .set(values)
      .where(and(eq(callLine.id, b.id), scoped(s, callLine)))
      .returning();
    return lineView(row);
  }
  const [row] = await ctx.db
    .insert(callLine)
    .values({ organizationId: s.orgId, ...values })
    .returning();
  return lineView(row);
}

export async function deleteLine(ctx: AppContext, s: Session, id: number) {
  await findScoped(ctx.db, s, callLine, id, { missing: '线路不存在' });
  await ctx.db.transaction(async (tx) => {
    await tx.update(callLine).set({ deletedAt: new Date() }).where(eq(callLine.id, id));
    await tx
      .update(callSeat)
      .set({ lineId: null })
      .where(and(eq(callSeat.organizationId, s.orgId), eq(callSeat.lineId, id)));
    await tx
      .update(callUserSetting)
      .set({ lineId: null })
      .where(and(eq(callUserSetting.organizationId, s.orgId), eq(callUserSetting.lineId, id)));
  });
  return { id };
}

async function userSetting(db: DbOrTx, s: Session) {
  const [row] = await db.select().from(callUserSetting).where(eq(callUserSetting.userId, s.userId)).limit(1);
  return row && row.organizationId === s.orgId ? row : undefined;
}

export async function callSet(ctx: AppContext, s: Session): Promise<Answer<'callSet'>> {
  const row = await userSetting(ctx.db, s);
  return {
    lineId: row?.lineId ?? null,
    displayNumber: row?.displayNumber ?? null,
    autoNextSeconds: row?.autoNextSeconds ?? 0,
    lines: (await linesOf(ctx.db, s.orgId)).filter((l) => l.status === 1).map(lineView),
  };
}

export async function saveCallSet(ctx: AppContext, s: Session, b: Body<'saveCallSet'>): Promise<Answer<'saveCallSet'>> {
  if (b.lineId) await findScoped(ctx.db, s, callLine, b.lineId, { missing: '线路不存在' });
  if (b.displayNumber) await checkLineNumber(ctx.db, s.orgId, b.lineId, b.displayNumber);
  const values = { lineId: b.lineId, displayNumber: b.displayNumber, autoNextSeconds: b.autoNextSeconds };
  await ctx.db
    .insert(callUserSetting)
    .values({ userId: s.userId, organizationId: s.orgId, ...values })
    .onConflictDoUpdate({ target: callUserSetting.userId, set: values });
  return values;
}

/**
 * The line and displayed number a user's call goes out on: the user's own setting, else the seat's, else the first
 * active line and its first number.
 */
export async function dialRoute(db: DbOrTx, s: Session, seat: typeof callSeat.$inferSelect) {
  const [mine, lines] = await Promise.all([userSetting(db, s), linesOf(db, s.orgId)]);
  const active = lines.filter((l) => l.status === 1);
  const lineId = mine?.lineId ?? seat.lineId ?? active[0]?.id ?? null;
  const line = active.find((l) => l.id === lineId) ?? null;
  const displayNumber = mine?.displayNumber ?? seat.displayNumber ?? line?.numbers[0] ?? null;
  return { line, displayNumber };
}

export async function sipAccount(ctx: AppContext, s: Session): Promise<Answer<'sipAccount'>> {
  const [{ settings }, seat, user] = await Promise.all([
    ctx.services.telephony.settings(s.orgId),
    seatOfUser(ctx.db, s.orgId, s.userId),
    orgUser(ctx.db, s.orgId, s.userId),
  ]);
  const empty = { wsUrl: '', domain: '', username: '', password: '', displayName: user?.realName ?? '' };
  if (!settings.sipWsUrl || !settings.sipDomain)
    return { ...empty, configured: false, message: '未配置 SIP 服务器，请联系管理员在「外呼设置」中填写' };
  if (!seat) return { ...empty, configured: false, message: '您还没有绑定坐席，请联系管理员在坐席管理中绑定' };
  return {
    configured: true,
    wsUrl: settings.sipWsUrl,
    domain: settings.sipDomain,
    username: seat.seatNo,
    password: openSecret(seat.sipPassword),
    displayName: user?.realName ?? seat.seatNo,
    message: null,
  };
}
