// Rows written straight into a module's tables, for tests that need a state no call of the API produces (a call
// made days ago, a job that died long ago, a score set by hand). Only the harness may name the modules' tables.
import { and, eq, isNull } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { clue } from '../modules/clue/schema';
import { clueDict, clueField, tag, tagGroup } from '../modules/clueField/schema';
import { insightCall } from '../modules/insight/schema';
import { crmOrder } from '../modules/order/schema';
import { appUser, department, organization, position, role } from '../modules/org/schema';
import { qualityCheck } from '../modules/quality/schema';
import { recording } from '../modules/recording/schema';
import { callRecord } from '../modules/telephony/schema';
import type { TestApp } from './harness';

/** A recording row as if uploaded (no file behind it); answers its id. */
export async function insertRecording(t: TestApp, values: typeof recording.$inferInsert): Promise<number> {
  const [row] = await t.database.db.insert(recording).values(values).returning({ id: recording.id });
  return row.id;
}

/** A recording's row as stored. */
export async function recordingRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(recording).where(eq(recording.id, id));
  return row;
}

/** Sets columns of a recording as a crashed or slow job would have left them. */
export async function setRecordingRow(t: TestApp, id: number, values: PgUpdateSetSource<typeof recording>) {
  await t.database.db.update(recording).set(values).where(eq(recording.id, id));
}

/** A lead as stored, whatever the lead module's checks would say (a creation date in the past); answers its id. */
export async function insertLead(t: TestApp, values: typeof clue.$inferInsert): Promise<number> {
  const [row] = await t.database.db.insert(clue).values(values).returning({ id: clue.id });
  return row.id;
}

/** The owners and how they received them of the organisation's live leads (of one import when given), by id. */
export async function leadOwners(t: TestApp, orgId: number, importRecordId?: number) {
  return t.database.db
    .select({ ownerId: clue.ownerId, receiveType: clue.receiveType })
    .from(clue)
    .where(
      and(
        eq(clue.organizationId, orgId),
        isNull(clue.deletedAt),
        importRecordId ? eq(clue.importRecordId, importRecordId) : undefined,
      ),
    )
    .orderBy(clue.id);
}

/** Sets columns of a lead as time would have (a follow-up long ago). */
export async function setLeadRow(t: TestApp, id: number, values: PgUpdateSetSource<typeof clue>) {
  await t.database.db.update(clue).set(values).where(eq(clue.id, id));
}

/** An entry of the organisation's lead dictionaries (kind 4: channel source); answers its id. */
export async function insertClueDict(t: TestApp, values: typeof clueDict.$inferInsert): Promise<number> {
  const [row] = await t.database.db.insert(clueDict).values(values).returning({ id: clueDict.id });
  return row.id;
}

/** An order as stored, signed on any day. */
export async function insertOrder(t: TestApp, values: typeof crmOrder.$inferInsert) {
  await t.database.db.insert(crmOrder).values(values);
}

/** A call as the telephony module records it. */
export async function insertCallRecord(t: TestApp, values: typeof callRecord.$inferInsert) {
  await t.database.db.insert(callRecord).values(values);
}

/** An analysed call as the insight module stores it. */
export async function insertInsightCall(t: TestApp, values: typeof insightCall.$inferInsert) {
  await t.database.db.insert(insightCall).values(values);
}

/** A call's machine quality score, replacing the one stored. */
export async function putQualityCheck(t: TestApp, values: typeof qualityCheck.$inferInsert) {
  await t.database.db
    .insert(qualityCheck)
    .values(values)
    .onConflictDoUpdate({ target: [qualityCheck.organizationId, qualityCheck.recordingId], set: values });
}

/** The tables a test may read a stored row of by name (`storedRow`): what no call answers in full. */
const readable = {
  appUser,
  clue,
  clueDict,
  clueField,
  department,
  organization,
  position,
  recording,
  role,
  tag,
  tagGroup,
};
export type ReadableTable = keyof typeof readable;

/** A row exactly as stored (every column, updatedAt included), or undefined. */
export async function storedRow(
  t: TestApp,
  name: ReadableTable,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const table = readable[name];
  const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown> | undefined;
}
