import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const organization = pgTable(
  'organization',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Set for a secondary (branch) organisation: the main organisation's id. */
    parentId: integer('parent_id'),
    versionId: integer('version_id').notNull().default(1),
    versionName: varchar('version_name', { length: 50 }).notNull().default('标准版'),
    /** Money in fen. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    contactName: varchar('contact_name', { length: 50 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    industry: varchar('industry', { length: 50 }),
    /** Organisation settings (anti-collision, call-status refresh, seat duration, AI unit price, …). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Organisation notice read mark: 1 unread, 2 read (arriving at /serviceSetup sets 2). */
    noticeRead: smallint('notice_read').notNull().default(1),
    status: smallint('status').notNull().default(1),
    /** Open-API credentials (getOrganizationKey), created on first request. */
    appKey: varchar('app_key', { length: 40 }).unique('organization_app_key_uq'),
    appSecret: varchar('app_secret', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_parent_idx').on(t.parentId)],
);

export const department = pgTable(
  'department',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 50 }).notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    leaderUserId: integer('leader_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('department_org_idx').on(t.organizationId, t.parentId)],
);

export const position = pgTable(
  'position',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('position_org_name_uq').on(t.organizationId, t.name)],
);

export const role = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** super_admin, manager, seat (built in) or custom. */
    roleSign: varchar('role_sign', { length: 30 }).notNull().default('custom'),
    /** 1 own, 2 department and below, 3 all. */
    dataScope: smallint('data_scope').notNull().default(1),
    functionSigns: text('function_signs').array().notNull().default(sql`'{}'::text[]`),
    /** Permitted route paths (main routes, without /main); ['1'] means unrestricted. */
    routes: text('routes').array().notNull().default(sql`'{}'::text[]`),
    remark: varchar('remark', { length: 200 }),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('role_org_name_uq').on(t.organizationId, t.name)],
);

export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** Login name, unique across organisations. */
    username: varchar('username', { length: 64 }).notNull(),
    realName: varchar('real_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 100 }),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id'),
    deptId: integer('dept_id'),
    positionId: integer('position_id'),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isSalesChampion: boolean('is_sales_champion').notNull().default(false),
    /** 1 online, 2 busy, 3 resting, 4 offline. */
    workStatus: smallint('work_status').notNull().default(4),
    seatNo: varchar('seat_no', { length: 30 }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_user_username_uq').on(t.username),
    uniqueIndex('app_user_phone_uq').on(t.phone),
    index('app_user_org_idx').on(t.organizationId, t.deptId),
  ],
);
