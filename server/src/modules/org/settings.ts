import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ORG_SETTINGS, type OrgSettingKey, type OrgSettingValue } from '@crm/core/contract/organization';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, must } from '../../platform/errors';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { updateSet } from '../../platform/update';
import { appUser, organization } from './schema';
import { getOrganization, type OrganizationRow } from './service';

/**
 * The organisation (/organization): its details, its open-API credentials and its settings.
 *
 * Settings are kept in organization.settings (jsonb) under one key each. Every setting is declared once in the
 * contract (ORG_SETTINGS of @crm/core/contract/organization: label, schema, default) and read and written by the one
 * generic pair below, which other modules use too (getOrgSetting(db, orgId, 'sourceRequired') …). A stored value
 * that no longer parses falls back to the default.
 */
export { ORG_SETTINGS, type OrgSettingKey, type OrgSettingValue };

type Calls = typeof contract.organization;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** What the schema of a setting cannot know: checks against the database before a value is stored. */
const SETTING_CHECKS: { [K in OrgSettingKey]?: (db: DbOrTx, s: Session, v: OrgSettingValue<K>) => Promise<void> } = {
  /** Notified users must belong to the organisation. */
  async riskWarning(db, s, v) {
    if (!v.notifyUserIds.length) return;
    const ids = [...new Set(v.notifyUserIds)];
    const [{ n }] = await db
      .select({ n: count() })
      .from(appUser)
      .where(and(scoped(s, appUser), inArray(appUser.id, ids)));
    if (n !== ids.length) throw badRequest('notifyUserIds：通知人不存在');
  },
};

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

/** Stores one setting (validated by its call); other keys of organization.settings are untouched (jsonb merge). */
export async function setOrgSetting<K extends OrgSettingKey>(
  db: DbOrTx,
  s: Session,
  key: K,
  value: OrgSettingValue<K>,
): Promise<OrgSettingValue<K>> {
  const check = SETTING_CHECKS[key] as ((db: DbOrTx, s: Session, v: OrgSettingValue<K>) => Promise<void>) | undefined;
  if (check) await check(db, s, value);
  return setOrgSettingOf(db, s.orgId, key, value);
}

/**
 * Stores one setting of an organisation named by id (the installation operator's AI unit price); 404 when there is
 * no such organisation.
 */
export async function setOrgSettingOf<K extends OrgSettingKey>(
  db: DbOrTx,
  orgId: number,
  key: K,
  value: OrgSettingValue<K>,
): Promise<OrgSettingValue<K>> {
  const [row] = await db
    .update(organization)
    .set({ settings: sql`${organization.settings} || ${JSON.stringify({ [key]: value })}::jsonb` })
    .where(eq(organization.id, orgId))
    .returning({ id: organization.id });
  must(row, '机构不存在');
  return value;
}

// ---------- organisation detail ----------

export async function organizationDetail(db: Db, s: Session): Promise<Answer<'getOrganizationDetail'>> {
  const org = must(await getOrganization(db, s.orgId));
  const [{ n }] = await db.select({ n: count() }).from(appUser).where(scoped(s, appUser));
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
    settings: Object.fromEntries(
      Object.keys(ORG_SETTINGS).map((k) => [k, settingOf(org, k as OrgSettingKey)]),
    ) as Answer<'getOrganizationDetail'>['settings'],
    createdAt: formatDateTime(org.createdAt),
  };
}

export async function updateOrganizationInfo(
  db: Db,
  s: Session,
  input: CallBody<Calls['updateOrganizationInfo']>,
): Promise<Answer<'updateOrganizationInfo'>> {
  // fields left out stay as they are (null clears contactName/industry); nothing to set is a no-op
  const set = updateSet(input);
  if (set) await db.update(organization).set(set).where(eq(organization.id, s.orgId));
  return { id: s.orgId };
}

/** This organisation and its secondary organisations (for organisation pickers); the current one first. */
export async function subOrganizations(db: Db, s: Session): Promise<Answer<'getSubOrganization'>> {
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
export async function markNoticeRead(db: Db, s: Session): Promise<Answer<'setNoticeRead'>> {
  await db.update(organization).set({ noticeRead: 2 }).where(eq(organization.id, s.orgId));
  return { noticeRead: 2 };
}

/** The base information of an organisation (getAuthOrganizationBaseInfo, whose caller may hold only a refresh token). */
export async function organizationBaseInfo(db: Db, orgId: number): Promise<Answer<'getAuthOrganizationBaseInfo'>> {
  const org = must(await getOrganization(db, orgId));
  return { id: org.id, name: org.name, balance: org.balance, versionId: org.versionId, versionName: org.versionName };
}
