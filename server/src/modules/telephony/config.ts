import type { ProviderSettings } from '@crm/core/contract/telephony';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { isSealed, openSecret, SECRET_PREFIX, sealSecret } from '../../platform/secrets';
import { callProviderConfig, callSeat } from './schema';

export type Settings = z.output<typeof ProviderSettings>;
export type SettingsSource = 'organization' | 'environment' | 'none';

const EMPTY: Settings = {
  provider: 'none',
  eslHost: '',
  eslPort: 8021,
  eslPassword: '',
  seatEndpoint: 'user/{seat}',
  recordingBaseUrl: '',
  apiBaseUrl: '',
  appId: '',
  appSecret: '',
  sipWsUrl: '',
  sipDomain: '',
};

/**
 * The installation's provider, from the environment (README: 外呼). An organisation's own configuration
 * (/callDataConfig/save) takes its place.
 */
export function environmentSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const provider = (env.TELEPHONY_PROVIDER ?? '').trim().toLowerCase();
  if (provider && !['none', 'freeswitch', 'cloud'].includes(provider))
    throw new Error(`TELEPHONY_PROVIDER=${provider} 无效：可选 freeswitch、cloud 或留空`);
  return {
    provider: (provider || 'none') as Settings['provider'],
    eslHost: env.FS_ESL_HOST ?? '127.0.0.1',
    eslPort: Number(env.FS_ESL_PORT ?? 8021),
    eslPassword: env.FS_ESL_PASSWORD ?? 'ClueCon',
    seatEndpoint: env.FS_SEAT_ENDPOINT ?? 'user/{seat}',
    recordingBaseUrl: env.FS_RECORDING_BASE_URL ?? '',
    apiBaseUrl: env.CLOUD_CALL_API_URL ?? '',
    appId: env.CLOUD_CALL_APP_ID ?? '',
    appSecret: env.CLOUD_CALL_APP_SECRET ?? '',
    sipWsUrl: env.SIP_WS_URL ?? '',
    sipDomain: env.SIP_DOMAIN ?? '',
  };
}

/** The address providers reach this server at (webhooks): PUBLIC_BASE_URL, else the local listener. */
export function webhookBase(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.PUBLIC_BASE_URL || `http://127.0.0.1:${env.PORT ?? 8080}`;
  return `${base.replace(/\/$/, '')}/api/robot/pscccall`;
}

/** What is missing for a provider to be usable ('' when it is complete). */
export function missingOf(s: Settings): string {
  if (s.provider === 'freeswitch') return s.eslHost ? '' : 'ESL 地址';
  if (s.provider === 'cloud') return !s.apiBaseUrl ? '接口地址' : !s.appId || !s.appSecret ? '账号或密钥' : '';
  return '服务商';
}

/** The organisation's settings and where they come from. */
export async function settingsOf(
  db: DbOrTx,
  orgId: number,
  env: Settings,
): Promise<{ settings: Settings; source: SettingsSource }> {
  const [row] = await db.select().from(callProviderConfig).where(eq(callProviderConfig.organizationId, orgId)).limit(1);
  if (row && row.provider !== 'none')
    return {
      settings: {
        ...EMPTY,
        ...opened(row.settings as Partial<Settings>),
        provider: row.provider as Settings['provider'],
      },
      source: 'organization',
    };
  if (row) return { settings: { ...EMPTY, ...opened(row.settings as Partial<Settings>) }, source: 'none' };
  return env.provider !== 'none' ? { settings: env, source: 'environment' } : { settings: EMPTY, source: 'none' };
}

/** The stored settings with their secrets opened (they are sealed at rest; platform/secrets.ts). */
function opened(s: Partial<Settings>): Partial<Settings> {
  const open = (v: string | undefined) => {
    try {
      return openSecret(v) ?? undefined;
    } catch {
      // a key that cannot be opened (SECRETS_KEY changed) reads as not set: the form asks for it again
      return '';
    }
  };
  return { ...s, eslPassword: open(s.eslPassword), appSecret: open(s.appSecret) };
}

/** Seals the secrets stored before encryption at rest: settings' secrets, seats' SIP passwords (idempotent; at start). */
export async function sealStoredSettings(db: DbOrTx): Promise<number> {
  const rows = await db.select().from(callProviderConfig);
  let n = 0;
  for (const row of rows) {
    const s = row.settings as Partial<Settings>;
    if ((!s.appSecret || isSealed(s.appSecret)) && (!s.eslPassword || isSealed(s.eslPassword))) continue;
    const sealed = { ...s, appSecret: sealSecret(s.appSecret) ?? '', eslPassword: sealSecret(s.eslPassword) ?? '' };
    await db
      .update(callProviderConfig)
      .set({ settings: sealed })
      .where(
        and(
          eq(callProviderConfig.organizationId, row.organizationId),
          sql`${callProviderConfig.settings} = ${JSON.stringify(s)}::jsonb`,
        ),
      );
    n++;
  }
  const seats = await db
    .select({ id: callSeat.id, sipPassword: callSeat.sipPassword })
    .from(callSeat)
    .where(sql`${callSeat.sipPassword} not like ${`${SECRET_PREFIX}%`}`);
  for (const seat of seats)
    await db
      .update(callSeat)
      .set({ sipPassword: sealSecret(seat.sipPassword) })
      .where(and(eq(callSeat.id, seat.id), eq(callSeat.sipPassword, seat.sipPassword)));
  return n + seats.length;
}

export const emptySettings = (): Settings => ({ ...EMPTY });
