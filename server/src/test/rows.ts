// Rows written straight into a module's tables, for tests that need a state no call of the API produces (a call
// made days ago, a job that died long ago, a score set by hand). Only the harness may name the modules' tables.
import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { insightCall } from '../modules/insight/schema';
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
