import type { CallEndReasonKey } from '@crm/core/contract/telephony';

/** What a provider is asked to do for one call. */
export interface DialRequest {
  /** Our call id: the provider echoes it in every event (origination uuid, user data). */
  callId: string;
  seatNo: string;
  phone: string;
  displayNumber: string | null;
  /** FreeSWITCH gateway or the cloud provider's line id. */
  gateway: string;
}

/** The provider-neutral form of a call event. */
export type CallEventType = 'dialing' | 'ringing' | 'answered' | 'ended' | 'recording';

export interface CallEventInput {
  callId: string;
  /** Unique per event of the call (the same event delivered twice has the same key). */
  eventKey: string;
  type: CallEventType;
  at: Date;
  providerCallId?: string | null;
  /** Talk seconds reported with a hang-up. */
  billableSeconds?: number;
  reason?: CallEndReasonKey | null;
  recordingUrl?: string | null;
  error?: string | null;
  payload?: Record<string, unknown>;
}

export interface CallProvider {
  readonly kind: 'freeswitch' | 'cloud';
  /** Sends the call; resolves once the provider accepted it (events follow). */
  originate(req: DialRequest): Promise<{ providerCallId: string | null }>;
  hangup(callId: string, providerCallId: string | null): Promise<void>;
  /** Where the call's recording can be downloaded once it ended (null: it will come by webhook). */
  recordingUrl(callId: string): string | null;
  close(): Promise<void>;
}

/** Where a provider delivers the events it reads itself (FreeSWITCH's event socket). */
export type EventSink = (ev: CallEventInput) => Promise<void>;

/** Maps a SIP / FreeSWITCH hang-up cause to why the call ended (talk seconds decide NORMAL_CLEARING). */
export function reasonOfCause(cause: string | undefined, billableSeconds: number): CallEndReasonKey {
  if (billableSeconds > 0) return 'answered';
  switch ((cause ?? '').toUpperCase()) {
    case 'USER_BUSY':
    case 'BUSY':
      return 'busy';
    case 'NO_ANSWER':
    case 'NO_USER_RESPONSE':
    case 'ALLOTTED_TIMEOUT':
    case 'NORMAL_CLEARING':
      return 'no_answer';
    case 'CALL_REJECTED':
    case 'REJECTED':
      return 'rejected';
    case 'UNALLOCATED_NUMBER':
    case 'NO_ROUTE_DESTINATION':
    case 'NUMBER_CHANGED':
    case 'SUBSCRIBER_ABSENT':
    case 'NETWORK_OUT_OF_ORDER':
    case 'UNREACHABLE':
      return 'unreachable';
    case 'ORIGINATOR_CANCEL':
      return 'cancelled';
    case 'USER_NOT_REGISTERED':
      return 'seat_no_answer';
    default:
      return 'failed';
  }
}
