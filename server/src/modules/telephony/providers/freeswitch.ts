import { randomUUID } from 'node:crypto';
import { joinUrl } from '../../../platform/outbound';
import { type EslConnection as Esl, EslConnection, type EslHeaders } from './esl';
import { type CallEventInput, type CallProvider, type DialRequest, type EventSink, reasonOfCause } from './types';

export interface FreeswitchSettings {
  eslHost: string;
  eslPort: number;
  eslPassword: string;
  /** Dial string of the seat leg; {seat} is replaced by the seat number. */
  seatEndpoint: string;
  /** HTTP base where the recordings folder is served (`<base>/crm/<callId>.wav`). */
  recordingBaseUrl: string;
  /** Set by the environment (FS_*): the operator's choice, outside the outbound-address policy. */
  trusted?: boolean;
}

const EVENTS = [
  'CHANNEL_ANSWER',
  'CHANNEL_PROGRESS',
  'CHANNEL_PROGRESS_MEDIA',
  'CHANNEL_HANGUP_COMPLETE',
  'BACKGROUND_JOB',
];

/** Channel variable values inside {…}: commas and quotes would end the value, so only safe characters pass. */
const safe = (v: string) => v.replace(/[^\w.+@/-]/g, '');

/**
 * The originate command: the seat's leg first (its phone rings), then, once the seat answers, a bridge to the
 * customer through the line's gateway showing the displayed number. The customer's leg records both legs in stereo
 * from the moment the customer answers (RECORD_STEREO_SWAP puts the seat on the left channel, the customer on the
 * right, as the transcription expects). Both legs carry crm_call_id, so every event names our call.
 */
export function originateCommand(req: DialRequest, s: Pick<FreeswitchSettings, 'seatEndpoint'>): string {
  const id = safe(req.callId);
  const shown = req.displayNumber ? safe(req.displayNumber) : '';
  const callerId = shown ? `,origination_caller_id_number=${shown},origination_caller_id_name=${shown}` : '';
  const seatLeg = `{origination_uuid=${id},crm_call_id=${id},crm_leg=seat,ignore_early_media=true,hangup_after_bridge=true,call_timeout=30${callerId}}${s.seatEndpoint.replace('{seat}', safe(req.seatNo))}`;
  const customerVars = [
    `crm_call_id=${id}`,
    'crm_leg=customer',
    'call_timeout=45',
    'RECORD_STEREO=true',
    'RECORD_STEREO_SWAP=true',
    `execute_on_answer='record_session \${recordings_dir}/crm/${id}.wav'`,
    ...(shown ? [`origination_caller_id_number=${shown}`, `effective_caller_id_number=${shown}`] : []),
  ].join(',');
  const customerLeg = `{${customerVars}}sofia/gateway/${safe(req.gateway)}/${safe(req.phone)}`;
  return `originate ${seatLeg} &bridge(${customerLeg})`;
}

/** One ESL event as a call event (null: not about one of our calls). */
export function eventOf(h: EslHeaders, body: string, jobs: Map<string, string>): CallEventInput | null {
  const name = h['Event-Name'];
  const micros = Number(h['Event-Date-Timestamp']);
  const at = Number.isFinite(micros) && micros > 0 ? new Date(micros / 1000) : new Date();
  if (name === 'BACKGROUND_JOB') {
    const callId = jobs.get(h['Job-UUID'] ?? '');
    if (!callId) return null;
    jobs.delete(h['Job-UUID']);
    const text = body.trim();
    if (text.startsWith('+OK')) return null;
    const cause = text.replace(/^-ERR\s*/, '');
    return {
      callId,
      eventKey: 'originate-failed',
      type: 'ended',
      at,
      reason: reasonOfCause(cause, 0),
      error: `FreeSWITCH：${cause || text}`.slice(0, 300),
      payload: { job: h['Job-UUID'], result: text.slice(0, 200) },
    };
  }
  const callId = h.variable_crm_call_id;
  if (!callId) return null;
  const leg = h.variable_crm_leg === 'customer' ? 'customer' : 'seat';
  const payload = { event: name, leg, uuid: h['Unique-ID'], cause: h['Hangup-Cause'] };
  if (name === 'CHANNEL_ANSWER')
    return leg === 'customer'
      ? { callId, eventKey: 'answer:customer', type: 'answered', at, payload }
      : { callId, eventKey: 'answer:seat', type: 'dialing', at, payload };
  if (name === 'CHANNEL_PROGRESS' || name === 'CHANNEL_PROGRESS_MEDIA')
    return leg === 'customer' ? { callId, eventKey: `ringing:${name}`, type: 'ringing', at, payload } : null;
  if (name === 'CHANNEL_HANGUP_COMPLETE') {
    const billsec = Number(h.variable_billsec ?? 0) || 0;
    if (leg === 'customer')
      return {
        callId,
        eventKey: 'hangup:customer',
        type: 'ended',
        at,
        billableSeconds: billsec,
        reason: reasonOfCause(h['Hangup-Cause'], billsec),
        payload,
      };
    // the seat's leg: the reason only when the seat never picked up (the customer's leg tells the rest)
    const seatAnswered = Number(h['Caller-Channel-Answered-Time'] ?? 0) > 0 || billsec > 0;
    return {
      callId,
      eventKey: 'hangup:seat',
      type: 'ended',
      at,
      reason: seatAnswered ? null : 'seat_no_answer',
      payload,
    };
  }
  return null;
}

/**
 * FreeSWITCH through its event socket: one connection per configuration, kept open (reconnected on loss) so that
 * hang-up events reach us; originate by bgapi.
 */
export class FreeswitchProvider implements CallProvider {
  readonly kind = 'freeswitch' as const;
  private conn: Promise<Esl> | null = null;
  private readonly jobs = new Map<string, string>();
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly s: FreeswitchSettings,
    private readonly sink: EventSink,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  private connection(): Promise<Esl> {
    this.conn ??= this.open().catch((e) => {
      this.conn = null;
      throw e;
    });
    return this.conn;
  }

  private async open(): Promise<Esl> {
    const c = await EslConnection.connect({
      host: this.s.eslHost,
      port: this.s.eslPort,
      password: this.s.eslPassword,
      policy: !this.s.trusted,
    });
    await c.subscribe(EVENTS);
    c.on('event', (h: EslHeaders, body: string) => {
      const ev = eventOf(h, body, this.jobs);
      if (ev) this.sink(ev).catch((e) => this.log('telephony: FreeSWITCH event not stored', e));
    });
    c.on('close', () => {
      this.conn = null;
      if (this.stopped) return;
      // keep listening: events of calls under way must not be lost
      this.retry = setTimeout(
        () => this.connection().catch((e) => this.log('telephony: ESL reconnect failed', e)),
        2000,
      );
    });
    return c;
  }

  /**
   * Runs a command on the open connection. A connection that broke under the command (FreeSWITCH restarted, the link
   * dropped, its close not yet seen) is replaced and the command sent once more on the new one. An originate sent
   * twice cannot dial twice: its seat leg carries origination_uuid = the call id, which FreeSWITCH keeps unique.
   */
  private async send<T>(command: (c: Esl) => Promise<T>): Promise<T> {
    const c = await this.connection();
    try {
      return await command(c);
    } catch (e) {
      if (!c.closed) throw e;
      if (this.conn && (await this.conn.catch(() => null)) === c) this.conn = null;
      return command(await this.connection());
    }
  }

  async originate(req: DialRequest): Promise<{ providerCallId: string | null }> {
    const job = randomUUID();
    this.jobs.set(job, req.callId);
    try {
      await this.send((c) => c.bgapi(originateCommand(req, this.s), job));
    } catch (e) {
      this.jobs.delete(job);
      throw e;
    }
    return { providerCallId: req.callId };
  }

  async hangup(callId: string): Promise<void> {
    await this.send((c) => c.api(`uuid_kill ${safe(callId)}`));
  }

  recordingUrl(callId: string): string | null {
    if (!this.s.recordingBaseUrl) return null;
    try {
      return joinUrl(this.s.recordingBaseUrl, `crm/${safe(callId)}.wav`);
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const c = await this.conn?.catch(() => null);
    c?.close();
  }
}
