import { and, gt, lt } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { userTopic } from '../../platform/push';
import type { CallEventInput, CallEventType } from './providers/types';
import { callRecord } from './schema';

/**
 * The life of a call record. It is written before dialling (phase 0, status 1 未拨打); every provider event moves
 * it forward in one statement that is idempotent by (call id, event key) and commutative: phases only rise, the
 * answer time is the earliest reported, the end the latest, talk seconds the largest, and the first reason given
 * stays. Whatever the order or repetition of the events, the record ends in the same final state. The sweeper
 * ends calls whose provider went silent, so that every record reaches a final status.
 */

export type CallRow = typeof callRecord.$inferSelect;

export const PHASE = { created: 0, dialing: 1, ringing: 2, answered: 3, ended: 4 } as const;
const PHASE_OF: Record<Exclude<CallEventType, 'recording'>, number> = {
  dialing: PHASE.dialing,
  ringing: PHASE.ringing,
  answered: PHASE.answered,
  ended: PHASE.ended,
};

/** CallStatus of a phase: 1 未拨打, 102 更新中 (dialling, ringing), 2 已接通, 3 未接通. */
export function statusOf(phase: number, answered: boolean): 1 | 2 | 3 | 102 {
  if (phase === PHASE.created) return 1;
  if (phase < PHASE.answered) return 102;
  if (phase === PHASE.answered) return 2;
  return answered ? 2 : 3;
}

/** Unanswered calls with no event for this long, and answered ones silent for this long, are ended by the sweeper. */
export const SILENT_UNANSWERED_SECONDS = 180;
export const SILENT_ANSWERED_SECONDS = 4 * 3600;
/** How far back the sweeper looks (it runs every minute: a call is ended within minutes of going silent). */
const SWEEP_WINDOW_DAYS = 7;

/**
 * The statement of applyEvent: the event row (ignored when already there) and the record's new state at once. It is
 * a fixed text with typed parameters so that PostgreSQL plans it once per connection (a named prepared statement):
 * planning this statement cost more than running it. $1 call id, $2 event key, $3 type, $4 time, $5 payload,
 * $6 phase, $7 is an answer, $8 is an end, $9 talk seconds, $10 provider call id, $11 reason, $12 error,
 * $13 recording link, $14 moves the dialling time.
 */
const NEW_PHASE = 'greatest(c.phase, $6::smallint)';
const NEW_ANSWERED = `case
    when $7::boolean then least(coalesce(c.answered_at, $4::timestamptz), $4::timestamptz)
    when $8::boolean and $9::int > 0 then coalesce(c.answered_at, $4::timestamptz - make_interval(secs => $9::int))
    else c.answered_at end`;
const NEW_BILLABLE = 'greatest(c.billable_seconds, $9::int)';
const NEW_ENDED =
  'case when $8::boolean then greatest(coalesce(c.ended_at, $4::timestamptz), $4::timestamptz) else c.ended_at end';
const NEW_DIALED =
  'case when $14::boolean then least(coalesce(c.dialed_at, $4::timestamptz), $4::timestamptz) else c.dialed_at end';
const APPLY_EVENT = `
  with ev as (
    insert into call_event (organization_id, call_id, event_key, type, at, payload)
    select organization_id, call_id, $2::varchar, $3::varchar, $4::timestamptz, $5::jsonb
    from call_record where call_id = $1::varchar
    on conflict (call_id, event_key) do nothing
    returning call_id
  )
  update call_record c set
    phase = ${NEW_PHASE},
    status = case
      when ${NEW_PHASE} = 0 then 1
      when ${NEW_PHASE} < 3 then 102
      when ${NEW_PHASE} = 3 then 2
      when (${NEW_ANSWERED}) is not null or ${NEW_BILLABLE} > 0 then 2
      else 3 end,
    provider_call_id = coalesce(c.provider_call_id, $10::varchar),
    dialed_at = ${NEW_DIALED},
    answered_at = ${NEW_ANSWERED},
    ended_at = ${NEW_ENDED},
    billable_seconds = ${NEW_BILLABLE},
    duration_seconds = case when (${NEW_ENDED}) is null then c.duration_seconds
      else greatest(0, floor(extract(epoch from (${NEW_ENDED}) - coalesce(${NEW_DIALED}, c.created_at))))::int end,
    end_reason = case when $8::boolean then coalesce(c.end_reason, $11::varchar) else c.end_reason end,
    error = coalesce(c.error, $12::varchar),
    recording_url = coalesce($13::varchar, c.recording_url),
    final_event_key = case when c.phase < 4 and ${NEW_PHASE} = 4 then $2::varchar else c.final_event_key end,
    last_event_at = now()
  from ev where c.call_id = ev.call_id
  returning c.*`;

type Client = {
  query(
    q: string | { name: string; text: string; values: unknown[] },
    v?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[] }>;
};

/** Runs a fixed statement: named (prepared once per connection) on PostgreSQL, plain on PGlite. */
async function run(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client?: Client }).$client;
  if (client && client instanceof pg.Pool) return (await client.query({ name, text, values })).rows;
  if (!client) throw new Error('telephony: the database driver exposes no client');
  return (await client.query(text, values)).rows;
}

/**
 * Applies one event: the event row (ignored when already there) and the record's new state, in one statement.
 * Answers the record after the change, or null when the event was a duplicate or names no call of ours.
 */
export async function applyEvent(db: DbOrTx, ev: CallEventInput): Promise<CallRow | null> {
  const billsec = Math.max(0, Math.round(ev.billableSeconds ?? 0));
  const rows = await run(db, 'telephony_apply_event', APPLY_EVENT, [
    ev.callId,
    ev.eventKey.slice(0, 120),
    ev.type,
    ev.at.toISOString(),
    JSON.stringify(ev.payload ?? {}),
    ev.type === 'recording' ? 0 : PHASE_OF[ev.type],
    ev.type === 'answered',
    ev.type === 'ended',
    billsec,
    ev.providerCallId ?? null,
    ev.type === 'ended' ? (ev.reason ?? null) : null,
    ev.error ?? null,
    ev.recordingUrl ?? null,
    ev.type === 'dialing' || ev.type === 'ringing' || ev.type === 'answered',
  ]);
  return rows[0] ? rowOf(rows[0]) : null;
}

/** A raw row (snake_case, from db.execute) as the table's row type. */
function rowOf(r: Record<string, unknown>): CallRow {
  const d = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    callId: String(r.call_id),
    providerCallId: (r.provider_call_id as string) ?? null,
    provider: String(r.provider),
    userId: Number(r.user_id),
    seatId: r.seat_id === null ? null : Number(r.seat_id),
    seatNo: (r.seat_no as string) ?? null,
    lineId: r.line_id === null ? null : Number(r.line_id),
    clueId: r.clue_id === null ? null : Number(r.clue_id),
    taskId: r.task_id === null ? null : Number(r.task_id),
    taskLeadId: r.task_lead_id === null ? null : Number(r.task_lead_id),
    phone: String(r.phone),
    displayNumber: (r.display_number as string) ?? null,
    phase: Number(r.phase),
    status: Number(r.status),
    endReason: (r.end_reason as string) ?? null,
    dialedAt: d(r.dialed_at),
    answeredAt: d(r.answered_at),
    endedAt: d(r.ended_at),
    durationSeconds: Number(r.duration_seconds),
    billableSeconds: Number(r.billable_seconds),
    recordingUrl: (r.recording_url as string) ?? null,
    recordingId: r.recording_id === null ? null : Number(r.recording_id),
    followId: r.follow_id === null ? null : Number(r.follow_id),
    error: (r.error as string) ?? null,
    lastEventAt: d(r.last_event_at),
    finalEventKey: (r.final_event_key as string) ?? null,
    createdAt: d(r.created_at) ?? new Date(),
  };
}

/** What happens after a record changed: the live status to the seat, and once final, the lead and the task. */
export type AfterChange = (ctx: AppContext, row: CallRow) => Promise<void>;

/** Sends the record's status to its seat's browser (MQTT), as the /outCall page follows it. */
export async function pushStatus(ctx: AppContext, row: CallRow): Promise<void> {
  await ctx.push.publish(userTopic(row.organizationId, row.userId), {
    type: 'call_status',
    callId: row.callId,
    clueId: row.clueId,
    taskId: row.taskId,
    status: row.status,
    ended: row.phase === PHASE.ended,
    endReason: row.endReason,
    billableSeconds: row.billableSeconds,
    recordingId: row.recordingId,
  });
}

/** Open calls whose provider went silent: ended as 超时未回传 (answered ones keep 已接通). */
export async function sweepSilentCalls(db: DbOrTx, now = new Date()): Promise<CallRow[]> {
  const stale = await db
    .select({
      callId: callRecord.callId,
      phase: callRecord.phase,
      lastEventAt: callRecord.lastEventAt,
      createdAt: callRecord.createdAt,
    })
    .from(callRecord)
    .where(
      and(
        gt(callRecord.createdAt, new Date(now.getTime() - SWEEP_WINDOW_DAYS * 86_400_000)),
        lt(callRecord.createdAt, new Date(now.getTime() - SILENT_UNANSWERED_SECONDS * 1000)),
        lt(callRecord.phase, PHASE.ended),
      ),
    )
    .limit(500);
  const out: CallRow[] = [];
  for (const c of stale) {
    const last = (c.lastEventAt ?? c.createdAt).getTime();
    const limit = (c.phase === PHASE.answered ? SILENT_ANSWERED_SECONDS : SILENT_UNANSWERED_SECONDS) * 1000;
    if (now.getTime() - last < limit) continue;
    const row = await applyEvent(db, {
      callId: c.callId,
      eventKey: 'sweeper-timeout',
      type: 'ended',
      // the end is when the provider was last heard of: a lost hang-up does not bill hours of silence
      at: new Date(last),
      reason: 'timeout',
      payload: { by: 'sweeper' },
    });
    if (row) out.push(row);
  }
  return out;
}
