import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { type CallRecordingInput, storeCallRecording } from './fromCall';
import { interactionsForClue } from './listing';
import { type RecordingRow, recordingInOrg } from './rows';
import { recording } from './schema';

/**
 * What other modules (and the jobs) ask of recordings, as `ctx.services.recording`. The module's own jobs live in
 * their files: rows.ts (scope, lookups, presentation), upload.ts and chunked.ts (storing), binding.ts (owner, lead,
 * deletion, quality), listing.ts (list, export, lookups), playback.ts (share tickets, transcoding, Range).
 */
export function recordingService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** By organisation only, no session: for jobs and callers that scoped the recording already. */
    getInOrg: (orgId: number, id: number): Promise<RecordingRow | undefined> => recordingInOrg(db, orgId, id),
    /** The lead's interaction records: its calls (the clue module, for a lead it has scoped). */
    interactionsForClue: (orgId: number, clueId: number) => interactionsForClue(db, orgId, clueId),
    /** Leads merged into one (the merge module): their recordings follow the lead kept, in the merge's transaction. */
    moveToClue: async (tx: DbOrTx, orgId: number, fromClueIds: number[], toClueId: number) => {
      await tx
        .update(recording)
        .set({ clueId: toClueId })
        .where(and(eq(recording.organizationId, orgId), inArray(recording.clueId, fromClueIds)));
    },
    /** A call's recording fetched from the telephony provider: stored and queued like an upload (telephony module). */
    storeFromCall: (input: CallRecordingInput) => storeCallRecording(ctx, input),
  };
}

export type RecordingService = ReturnType<typeof recordingService>;
