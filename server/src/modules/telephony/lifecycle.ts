import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { userTopic } from '../../platform/push';
import type { CallEventInput, CallEventType } from './providers/types';
import { callEvent, callRecord } from './schema';

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

/**
 * Applies one event: the event row (ignored when already there) and the record's new state, in one statement.
 * Answers the record after the change, or null when the event was a duplicate or names no call of ours.
 */
export async function applyEvent(db: DbOrTx, ev: CallEventInput): Promise<CallRow | null> {
  const at = ev.at.toISOString();
  const isEnd = ev.type === 'ended';
  const billsec = Math.max(0, Math.round(ev.billableSeconds ?? 0));
  const phase = ev.type === 'recording' ? 0 : PHASE_OF[ev.type];
  // the new values, written once and reused by the status expression
  const newPhase = sql`greatest(c.phase, ${phase}::smallint)`;
  const newAnswered = sql`case
      when ${ev.type === 'answered'}::boolean then least(coalesce(c.answered_at, ${at}::timestamptz), ${at}::timestamptz)
      when ${isEnd && billsec > 0}::boolean then coalesce(c.answered_at, ${at}::timestamptz - make_interval(secs => ${billsec}))
      else c.answered_at end`;
  const newBillable = sql`greatest(c.billable_seconds, ${billsec})`;
  const newEnded = isEnd
    ? sql`greatest(coalesce(c.ended_at, ${at}::timestamptz), ${at}::timestamptz)`
    : sql`c.ended_at`;
  const newDialed =
    ev.type === 'dialing' || ev.type === 'ringing' || ev.type === 'answered'
      ? sql`least(coalesce(c.dialed_at, ${at}::timestamptz), ${at}::timestamptz)`
      : sql`c.dialed_at`;
  const res = await db.execute<Record<string, unknown>>(sql`
    with ev as (
      insert into ${callEvent} (organization_id, call_id, event_key, type, at, payload)
      select organization_id, call_id, ${ev.eventKey}, ${ev.type}, ${at}::timestamptz, ${JSON.stringify(ev.payload ?? {})}::jsonb
      from ${callRecord} where call_id = ${ev.callId}
      on conflict (call_id, event_key) do nothing
      returning call_id
    )
    update ${callRecord} c set
      phase = ${newPhase},
      status = case
        when ${newPhase} = 0 then 1
        when ${newPhase} < 3 then 102
        when ${newPhase} = 3 then 2
        when ${newAnswered} is not null or ${newBillable} > 0 then 2
        else 3 end,
      provider_call_id = coalesce(c.provider_call_id, ${ev.providerCallId ?? null}),
      dialed_at = ${newDialed},
      answered_at = ${newAnswered},
      ended_at = ${newEnded},
      billable_seconds = ${newBillable},
      duration_seconds = case when ${newEnded} is null then c.duration_seconds
        else greatest(0, floor(extract(epoch from ${newEnded} - coalesce(${newDialed}, c.created_at))))::int end,
      end_reason = case when ${isEnd}::boolean then coalesce(c.end_reason, ${ev.reason ?? null}) else c.end_reason end,
      error = coalesce(c.error, ${ev.error ?? null}),
      recording_url = coalesce(${ev.recordingUrl ?? null}, c.recording_url),
      last_event_at = now()
    from ev where c.call_id = ev.call_id
    returning c.*`);
  const row = res.rows[0];
  return row ? rowOf(row) : null;
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
    settled: Boolean(r.settled),
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
        lt(callRecord.phase, PHASE.ended),
        lt(callRecord.createdAt, new Date(now.getTime() - SILENT_UNANSWERED_SECONDS * 1000)),
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
      at: now,
      reason: 'timeout',
      payload: { by: 'sweeper' },
    });
    if (row) out.push(row);
  }
  return out;
}

/** The first time a record is final: marks it settled and answers true (once, across processes). */
export async function claimSettlement(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(callRecord)
    .set({ settled: true })
    .where(and(eq(callRecord.id, id), eq(callRecord.settled, false), eq(callRecord.phase, PHASE.ended)))
    .returning({ id: callRecord.id });
  return rows.length > 0;
}
