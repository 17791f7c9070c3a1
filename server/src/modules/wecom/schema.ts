import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** An organisation's Enterprise WeCom configuration. Secrets (app, contacts, token, AES key) are sealed at rest. */
export const wecomConfig = pgTable('wecom_config', {
  organizationId: integer('organization_id').primaryKey(),
  corpId: varchar('corp_id', { length: 64 }).notNull(),
  agentId: varchar('agent_id', { length: 20 }).notNull(),
  agentSecret: text('agent_secret').notNull().default(''),
  contactSecret: text('contact_secret').notNull().default(''),
  token: text('token').notNull().default(''),
  encodingAesKey: text('encoding_aes_key').notNull().default(''),
  /** '' = WeCom's own (WECOM_API_BASE, WECOM_OAUTH_BASE). */
  apiBaseUrl: varchar('api_base_url', { length: 300 }).notNull().default(''),
  oauthBaseUrl: varchar('oauth_base_url', { length: 300 }).notNull().default(''),
  /** 1 on, 2 off. */
  open: smallint('open').notNull().default(2),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * WeCom's access tokens and JS-SDK tickets, shared by every process: one per corp, secret (its hash with the API
 * base) and kind ('token', 'jsapi', 'agent_config'). The value is sealed.
 */
export const wecomToken = pgTable(
  'wecom_token',
  {
    corpId: varchar('corp_id', { length: 64 }).notNull(),
    secretKey: varchar('secret_key', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.corpId, t.secretKey, t.kind] })],
);

/** Callback events already taken (WeCom retries three times after 5 s): the hash of the decrypted message. */
export const wecomEventSeen = pgTable(
  'wecom_event_seen',
  {
    organizationId: integer('organization_id').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.hash] }), index('wecom_event_seen_time_idx').on(t.receivedAt)],
);

export const wecomDept = pgTable(
  'wecom_dept',
  {
    organizationId: integer('organization_id').notNull(),
    deptId: integer('dept_id').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    sortNo: integer('sort_no').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.deptId] })],
);

/** A member (员工) of the corp and the CRM user it is bound to. */
export const wecomMember = pgTable(
  'wecom_member',
  {
    organizationId: integer('organization_id').notNull(),
    userid: varchar('userid', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull().default(''),
    departments: integer('departments').array().notNull().default(sql`'{}'::int[]`),
    position: varchar('position', { length: 100 }).notNull().default(''),
    /** Only where WeCom still gives it (not to apps created since 2022). */
    mobile: varchar('mobile', { length: 32 }).notNull().default(''),
    /** WeCom's: 1 active, 2 disabled, 4 not activated, 5 left. */
    status: smallint('status').notNull().default(1),
    crmUserId: integer('crm_user_id'),
    /** 0 unbound, 1 matched by phone, 2 bound by hand. */
    bindWay: smallint('bind_way').notNull().default(0),
    /** A CRM user of the same name (and department name) proposed for binding. */
    suggestedUserId: integer('suggested_user_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userid] }),
    index('wecom_member_user_idx').on(t.organizationId, t.crmUserId),
  ],
);

/** An external contact (客户) of the corp and the lead it is bound to. */
export const wecomContact = pgTable(
  'wecom_contact',
  {
    organizationId: integer('organization_id').notNull(),
    externalUserid: varchar('external_userid', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull().default(''),
    /** 1 WeChat user, 2 WeCom user. */
    type: smallint('type').notNull().default(1),
    unionid: varchar('unionid', { length: 64 }),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    gender: smallint('gender').notNull().default(0),
    corpName: varchar('corp_name', { length: 100 }).notNull().default(''),
    clueId: integer('clue_id'),
    /** 0 unbound, 1 matched by remark mobile, 2 matched by union id, 3 bound by hand, 4 turned into a new lead. */
    bindWay: smallint('bind_way').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.externalUserid] }),
    index('wecom_contact_clue_idx').on(t.organizationId, t.clueId),
    index('wecom_contact_synced_idx').on(t.organizationId, t.syncedAt),
  ],
);

/** A member's follow-up of an external contact (remark, mobiles, tags, when and how added). */
export const wecomFollow = pgTable(
  'wecom_follow',
  {
    organizationId: integer('organization_id').notNull(),
    externalUserid: varchar('external_userid', { length: 64 }).notNull(),
    userid: varchar('userid', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    description: varchar('description', { length: 500 }).notNull().default(''),
    remarkMobiles: text('remark_mobiles').array().notNull().default(sql`'{}'::text[]`),
    tagIds: text('tag_ids').array().notNull().default(sql`'{}'::text[]`),
    addedAt: timestamp('added_at', { withTimezone: true }),
    addWay: integer('add_way').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.externalUserid, t.userid] }),
    index('wecom_follow_user_idx').on(t.organizationId, t.userid),
  ],
);

/**
 * A sync run of an organisation ('user' or 'customer'): its state and where it stands, so that a run killed midway
 * resumes from the last page written (`cursor`) rather than from the start.
 */
export const wecomSync = pgTable(
  'wecom_sync',
  {
    organizationId: integer('organization_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** 0 never, 1 running, 2 done, 3 failed. */
    status: smallint('status').notNull().default(0),
    message: varchar('message', { length: 500 }).notNull().default(''),
    done: integer('done').notNull().default(0),
    cursor: jsonb('cursor').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind] })],
);
