import { randomBytes } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, must } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { updateSet } from '../../platform/update';
import { idField, num, switchField } from '../../platform/validation';
import { appUser, organization } from './schema';
import { getOrganization, type OrganizationRow } from './service';

/**
 * Organisation settings, kept in organization.settings (jsonb) under one key each. Every setting is declared once
 * here — its Chinese label, zod schema and default — and read and written by the one generic pair below, which
 * other modules use too (getOrgSetting(db, orgId, 'sourceRequired') …). A stored value that no longer parses
 * falls back to the default.
 */
export const ORG_SETTINGS = {
  /** 防撞单: one phone number may belong to one owner for the protection period. */
  antiCollision: {
    label: '防撞单',
    schema: z.object({
      status: switchField('防撞单开关'),
      /** Days a customer stays protected for its owner; 0 = no limit. */
      protectDays: num(
        z.number().int('保护天数须为整数').min(0, '保护天数不能小于 0').max(3650, '保护天数不能大于 3650'),
      ),
      /** 1 the whole organisation, 2 within the department. */
      scope: switchField('防撞范围'),
    }),
    defaults: { status: 2, protectDays: 30, scope: 1 },
  },
  /** How often the web refreshes the call status of a list (seconds). */
  callStatusRefresh: {
    label: '通话状态刷新',
    schema: z.object({
      status: switchField('开关'),
      intervalSeconds: num(
        z.number().int('刷新间隔须为整数').min(5, '刷新间隔不能小于 5 秒').max(600, '刷新间隔不能大于 600 秒'),
      ),
    }),
    defaults: { status: 1, intervalSeconds: 30 },
  },
  /** Daily call-time limit of each seat. */
  seatDuration: {
    label: '坐席时长',
    schema: z.object({
      status: switchField('开关'),
      dailyLimitMinutes: num(
        z.number().int('每日时长须为整数').min(1, '每日时长不能小于 1 分钟').max(1440, '每日时长不能大于 1440 分钟'),
      ),
    }),
    defaults: { status: 2, dailyLimitMinutes: 480 },
  },
  /** AI risk warnings (ai_risk messages) and who besides the owner receives them. */
  riskWarning: {
    label: '风险预警',
    schema: z.object({
      status: switchField('开关'),
      notifyUserIds: z.array(idField('通知人'), { error: '通知人列表不正确' }).max(50, '通知人最多 50 个'),
    }),
    defaults: { status: 1, notifyUserIds: [] as number[] },
    async check(db: DbOrTx, orgId: number, v: { notifyUserIds: number[] }) {
      if (!v.notifyUserIds.length) return;
      const ids = [...new Set(v.notifyUserIds)];
      const [{ n }] = await db
        .select({ n: count() })
        .from(appUser)
        .where(and(eq(appUser.organizationId, orgId), inArray(appUser.id, ids)));
      if (n !== ids.length) throw badRequest('notifyUserIds：通知人不存在');
    },
  },
  /** Before a call: confirm and show a tip. */
  beforeCall: {
    label: '拨打前设置',
    schema: z.object({
      status: switchField('开关'),
      tip: z.string().trim().max(200, '拨打前提示最多 200 个字'),
    }),
    defaults: { status: 2, tip: '' },
  },
  /** Show the customer profile (AI briefing) during a call. */
  customerProfileShow: {
    label: '客户画像展示',
    schema: z.object({ status: switchField('开关') }),
    defaults: { status: 1 },
  },
  /** AI analysis unit price, fen per minute of audio. */
  aiUnitPrice: {
    label: 'AI 单价',
    schema: z.object({
      pricePerMinute: num(
        z.number().int('单价须为整数（分）').min(0, '单价不能小于 0').max(100_000, '单价不能大于 100000 分'),
      ),
    }),
    defaults: { pricePerMinute: 10 },
  },
  /** A new lead must name its channel source. */
  sourceRequired: {
    label: '渠道来源必填',
    schema: z.object({ status: switchField('开关') }),
    defaults: { status: 2 },
  },
  /** After a call ends, jump to the lead's detail. */
  callJumpClue: {
    label: '通话后跳转线索',
    schema: z.object({ status: switchField('开关') }),
    defaults: { status: 2 },
  },
  /** Quick binding of recordings to the lead called last. */
  quickBindSet: {
    label: '快捷绑定',
    schema: z.object({ status: switchField('开关') }),
    defaults: { status: 2 },
  },
  /** The closing words a seat reads at the end of a call. */
  callEndingScript: {
    label: '结束语话术',
    schema: z.object({ content: z.string().trim().max(500, '结束语最多 500 个字') }),
    defaults: { content: '' },
  },
} as const;

export type OrgSettingKey = keyof typeof ORG_SETTINGS;
export type OrgSettingValue<K extends OrgSettingKey> = z.output<(typeof ORG_SETTINGS)[K]['schema']>;

export async function getOrgSetting<K extends OrgSettingKey>(
  db: DbOrTx,
  orgId: number,
  key: K,
): Promise<OrgSettingValue<K>> {
  const org = must(await getOrganization(db, orgId));
  return settingOf(org, key);
}

function settingOf<K extends OrgSettingKey>(org: OrganizationRow, key: K): OrgSettingValue<K> {
  const def = ORG_SETTINGS[key];
  const stored = org.settings?.[key];
  const parsed = def.schema.safeParse({ ...def.defaults, ...(stored && typeof stored === 'object' ? stored : {}) });
  return (parsed.success ? parsed.data : def.defaults) as OrgSettingValue<K>;
}

/** Validates and stores one setting; other keys of organization.settings are untouched (jsonb merge). */
export async function setOrgSetting<K extends OrgSettingKey>(
  db: DbOrTx,
  orgId: number,
  key: K,
  value: unknown,
): Promise<OrgSettingValue<K>> {
  const def = ORG_SETTINGS[key];
  const parsed = def.schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue.path.join('.')}：${issue.message}`);
  }
  if ('check' in def) await def.check(db, orgId, parsed.data as never);
  await db
    .update(organization)
    .set({ settings: sql`${organization.settings} || ${JSON.stringify({ [key]: parsed.data })}::jsonb` })
    .where(eq(organization.id, orgId));
  return parsed.data as OrgSettingValue<K>;
}

// ---------- organisation detail ----------

export async function organizationDetail(db: Db, s: Session) {
  const org = must(await getOrganization(db, s.orgId));
  const [{ n }] = await db.select({ n: count() }).from(appUser).where(eq(appUser.organizationId, org.id));
  return {
    id: org.id,
    organizationId: org.id,
    name: org.name,
    organizationName: org.name,
    parentId: org.parentId,
    isMain: org.parentId === null,
    versionId: org.versionId,
    versionName: org.versionName,
    /** Fen. */
    balance: org.balance,
    contactName: org.contactName,
    contactPhone: org.contactPhone,
    industry: org.industry,
    status: org.status,
    noticeRead: org.noticeRead,
    userCount: n,
    settings: Object.fromEntries(Object.keys(ORG_SETTINGS).map((k) => [k, settingOf(org, k as OrgSettingKey)])),
    createdAt: formatDateTime(org.createdAt),
  };
}

export async function updateOrganizationInfo(
  db: Db,
  s: Session,
  input: { name?: string; contactName?: string | null; contactPhone?: string; industry?: string | null },
) {
  // fields left out stay as they are (null clears contactName/industry); nothing to set is a no-op
  const set = updateSet(input);
  if (set) await db.update(organization).set(set).where(eq(organization.id, s.orgId));
  return { id: s.orgId };
}

/** This organisation and its secondary organisations (for organisation pickers); the current one first. */
export async function subOrganizations(db: Db, s: Session) {
  const rows = await db
    .select({
      id: organization.id,
      name: organization.name,
      parentId: organization.parentId,
      status: organization.status,
    })
    .from(organization)
    .where(or(eq(organization.id, s.orgId), eq(organization.parentId, s.orgId)))
    .orderBy(sql`${organization.id} <> ${s.orgId}`, organization.id);
  return rows.map((o) => ({
    ...o,
    organizationId: o.id,
    organizationName: o.name,
    isMain: o.parentId === null,
    isCurrent: o.id === s.orgId,
  }));
}

/** Arriving at /serviceSetup marks the organisation notice read (2). */
export async function markNoticeRead(db: Db, s: Session) {
  await db.update(organization).set({ noticeRead: 2 }).where(eq(organization.id, s.orgId));
  return { noticeRead: 2 };
}

// ---------- open-API credentials ----------

const newKey = () => ({
  appKey: `ak${randomBytes(12).toString('hex')}`,
  appSecret: randomBytes(32).toString('base64url'),
});

/** The organisation's open-API key and secret, created on first request. */
export async function organizationKey(db: Db, s: Session) {
  const [created] = await db
    .update(organization)
    .set(newKey())
    .where(and(eq(organization.id, s.orgId), isNull(organization.appKey)))
    .returning({ appKey: organization.appKey, appSecret: organization.appSecret });
  const row = created ?? must(await getOrganization(db, s.orgId));
  return { organizationId: s.orgId, appKey: row.appKey!, appSecret: row.appSecret! };
}

export async function resetOrganizationKey(db: Db, s: Session) {
  const [row] = await db
    .update(organization)
    .set(newKey())
    .where(eq(organization.id, s.orgId))
    .returning({ appKey: organization.appKey, appSecret: organization.appSecret });
  return { organizationId: s.orgId, appKey: row.appKey!, appSecret: row.appSecret! };
}

/** For the open-API module: the organisation behind an app key. */
export async function organizationByAppKey(db: DbOrTx, appKey: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organization).where(eq(organization.appKey, appKey)).limit(1);
  return row;
}
