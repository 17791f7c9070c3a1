import type { CascadeNode, FieldGroupItem } from '@crm/core/contract/shapes';
import {
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

/**
 * Custom field definitions of an organisation: lead/customer fields (scope 2), order fields (1) and product fields (3).
 * The standard lead fields live in code (standardFields.ts); the built-in 'nextFollowTime' row switches that field on.
 */
export const clueField = pgTable(
  'clue_field',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** 1 order, 2 lead/customer, 3 product (queryOrderOrganizationField type). */
    scope: smallint('scope').notNull().default(2),
    /** Key of the value in clue.custom: cf_<n> for custom fields. */
    fieldName: varchar('field_name', { length: 64 }).notNull(),
    fieldLabel: varchar('field_label', { length: 50 }).notNull(),
    /** The group (topic) the field is shown under, e.g. 基本信息. */
    fieldTopic: varchar('field_topic', { length: 50 }).notNull().default('基本信息'),
    fieldType: smallint('field_type').notNull(),
    showType: smallint('show_type').notNull().default(1),
    isRequired: smallint('is_required').notNull().default(0),
    isShow: smallint('is_show').notNull().default(1),
    groupList: jsonb('group_list').$type<FieldGroupItem[]>().notNull().default([]),
    cascadeData: jsonb('cascade_data').$type<CascadeNode[]>().notNull().default([]),
    /** Number limits or text length: { min, max, maxLength, decimals }. */
    rules: jsonb('rules')
      .$type<{ min?: number; max?: number; maxLength?: number; decimals?: number }>()
      .notNull()
      .default({}),
    builtIn: boolean('built_in').notNull().default(false),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clue_field_org_name_uq').on(t.organizationId, t.scope, t.fieldName)],
);

/**
 * The small option lists of an organisation, one table for all kinds: 1 follow-up way, 2 follow-up status,
 * 3 follow-up phase, 4 channel source, 5 lost-order reason.
 */
export const clueDict = pgTable(
  'clue_dict',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    sortNo: integer('sort_no').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clue_dict_org_kind_name_uq').on(t.organizationId, t.kind, t.name)],
);

export const tagGroup = pgTable(
  'clue_tag_group',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default('#1677ff'),
    /** 1 single choice within the group, 2 multiple. */
    chooseType: smallint('choose_type').notNull().default(2),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clue_tag_group_org_name_uq').on(t.organizationId, t.name)],
);

export const tag = pgTable(
  'clue_tag',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    groupId: integer('group_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clue_tag_group_name_uq').on(t.organizationId, t.groupId, t.name)],
);

/** Duplicate rules (clueFieldRepeat): a lead is a duplicate when every field of an enabled rule matches. */
export const clueRepeatRule = pgTable(
  'clue_repeat_rule',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    fieldNames: text('field_names').array().notNull(),
    enabled: smallint('enabled').notNull().default(1),
    /** 1 the whole organisation (pool and recycle bin included), 2 leads not in the recycle bin. */
    range: smallint('range').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clue_repeat_rule_org_idx').on(t.organizationId)],
);

/**
 * Per role and field: access 0 hidden, 1 read-only, 2 editable; masked for phone-like fields.
 * No row means editable and unmasked.
 */
export const clueFieldRole = pgTable(
  'clue_field_role',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    roleId: integer('role_id').notNull(),
    fieldName: varchar('field_name', { length: 64 }).notNull(),
    access: smallint('access').notNull().default(2),
    masked: boolean('masked').notNull().default(false),
  },
  (t) => [uniqueIndex('clue_field_role_uq').on(t.organizationId, t.roleId, t.fieldName)],
);

/** A user's chosen and ordered columns for one list (type: 1 my customers, 2 public sea, 3 recycle bin, …). */
export const clueUserTable = pgTable(
  'clue_user_table',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    type: smallint('type').notNull().default(1),
    columns: jsonb('columns').$type<{ fieldName: string; width?: number; fixed?: string | null }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clue_user_table_uq').on(t.userId, t.type)],
);
