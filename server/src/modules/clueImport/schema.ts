import type { ImportStart } from '@crm/core/contract/clueImport';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/**
 * Options chosen for an import (contract.clueImport.start): the column mapping, who gets the rows, their channel
 * source, type and tags, stored with the record when the import starts.
 */
export type ImportOptions = Omit<z.output<typeof ImportStart>, 'recordId' | 'importWay'>;

/**
 * One import or export job. kind 1 import, 2 export. status 0 waiting, 1 running, 2 finished, 3 failed.
 * Imports count imported, duplicate and invalid rows; rejected rows are written to invalidFileKey with reasons.
 */
export const clueImportRecord = pgTable(
  'clue_import_record',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: smallint('kind').notNull().default(1),
    importWay: smallint('import_way').notNull().default(1),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    /** Size of the uploaded file in bytes (progress is read bytes / size while streaming). */
    fileSize: integer('file_size').notNull().default(0),
    options: jsonb('options').$type<ImportOptions | Record<string, unknown>>().notNull().default({}),
    status: smallint('status').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicate: integer('duplicate').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    invalidFileKey: varchar('invalid_file_key', { length: 300 }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('clue_import_record_org_idx').on(t.organizationId, t.kind, t.id.desc())],
);
