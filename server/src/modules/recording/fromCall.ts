import { formatDateTime } from '@crm/core';
import type { AppContext } from '../../platform/context';
import { unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { storeRecording } from './upload';

/** A recording the telephony side fetched after a call (a local temporary file) and the call it belongs to. */
export interface CallRecordingInput {
  orgId: number;
  /** The seat who made the call: the recording is theirs. */
  userId: number;
  clueId: number | null;
  phone: string;
  /** The call record's id (callInfoId of the recording). */
  callId: string;
  callTime: Date;
  path: string;
  fileName: string;
  /** A transcript the provider gave with the recording (DESIGN.md section 6 form), if any. */
  transcript?: string;
}

/**
 * Stores a call's recording as an upload of the seat's would be (checks, de-duplication, storage, binding to the
 * lead) and queues transcription and analysis; no session is involved, the seat stands as the uploader.
 */
export async function storeCallRecording(ctx: AppContext, r: CallRecordingInput) {
  const seat: Session = {
    sessionId: `telephony:${r.callId}`,
    userId: r.userId,
    ...unscoped(r.orgId, "a call's recording is stored for its seat by the system"),
    username: 'telephony',
    deptId: null,
    roleId: null,
    roleSign: 'system',
    dataScope: 3,
    signs: new Set(),
    isSuperAdmin: false,
  };
  return storeRecording(ctx, seat, r.path, r.fileName, {
    source: 1, // RecordingSource 企业电话
    callType: 1, // CallType 呼出
    clueId: r.clueId ?? undefined,
    phone: r.phone,
    callInfoId: r.callId,
    callTime: formatDateTime(r.callTime) ?? undefined,
    channel: 'telephony',
    transcript: r.transcript,
  });
}
