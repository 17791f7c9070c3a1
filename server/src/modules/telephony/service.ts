import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { OutboundError, operatorFetch, safeFetch } from '../../platform/outbound';
import { DEFAULT_LINE } from '../billing';
import { correctLastCall } from '../clue';
import { usersWithRoles } from '../org';
import { environmentSettings, missingOf, type Settings, settingsOf, webhookBase } from './config';
import { applyEvent, type CallRow, PHASE, pushStatus, sweepSilentCalls } from './lifecycle';
import { CloudProvider } from './providers/cloud';
import { FreeswitchProvider } from './providers/freeswitch';
import type { CallEventInput, CallProvider } from './providers/types';
import { callLine, callRecord, callTaskLead } from './schema';

export const JOB_RECORDING = 'telephony.recording';
export const JOB_SWEEP = 'telephony.sweep';
/** The message when no provider is configured (calling off, everything else works). */
export const NO_LINE = '未配置外呼线路，请联系管理员在「外呼设置」中配置服务商与线路';
/** The largest recording fetched from a provider. */
const MAX_RECORDING_BYTES = 200 * 1024 * 1024;

/**
 * The calling engine of the process (`ctx.services.telephony`): providers by configuration (one instance per
 * configuration, FreeSWITCH keeps its event socket open), provider events into call records, what follows a final
 * status (the lead, the task, the recording), and the sweeper.
 */
export class Telephony {
  readonly env: Settings;
  private readonly providers = new Map<string, CallProvider>();

  constructor(private readonly ctx: AppContext) {
    this.env = environmentSettings();
  }

  settings(orgId: number) {
    return settingsOf(this.ctx.db, orgId, this.env);
  }

  /** The organisation's provider; refuses with 未配置外呼线路 when none is configured. */
  async provider(orgId: number): Promise<{ provider: CallProvider; settings: Settings; trusted: boolean }> {
    const { settings, source } = await this.settings(orgId);
    if (settings.provider === 'none' || missingOf(settings)) throw badRequest(NO_LINE);
    // the environment's provider is the operator's choice; an organisation's passes the outbound-address policy
    const trusted = source === 'environment';
    const key = JSON.stringify({ ...settings, trusted });
    let p = this.providers.get(key);
    if (!p) {
      p =
        settings.provider === 'freeswitch'
          ? new FreeswitchProvider(
              { ...settings, trusted },
              (ev) => this.handleEvent(ev).then(() => {}),
              (msg, err) => this.ctx.app.log.warn({ err }, msg),
            )
          : new CloudProvider({ ...settings, webhookUrl: webhookBase(), trusted });
      this.providers.set(key, p);
    }
    return { provider: p, settings, trusted };
  }

  /** Applies a provider event and what follows it; answers the record, or null for a duplicate. */
  async handleEvent(ev: CallEventInput): Promise<CallRow | null> {
    const row = await applyEvent(this.ctx.db, ev);
    if (row) await this.afterChange(row, ev.eventKey);
    return row;
  }

  /**
   * After a change by the event `eventKey`: the live status, and for a final record the lead, the task and the
   * recording. The event that ended the call counts it on the lead, once; a later event that changes the result
   * corrects the lead without counting again.
   */
  async afterChange(row: CallRow, eventKey: string): Promise<void> {
    await pushStatus(this.ctx, row);
    if (row.phase !== PHASE.ended) return;
    const answered = row.status === 2;
    if (row.finalEventKey === eventKey) {
      if (row.clueId)
        await this.ctx.services.clue.recordCall(row.organizationId, row.clueId, {
          callStatus: answered ? 2 : 3,
          durationSeconds: row.billableSeconds,
          time: row.createdAt,
        });
      await this.chargeFee(row);
    } else if (row.clueId)
      // a late event changed a final record: the lead follows without counting the call twice
      await correctLastCall(this.ctx.db, row.organizationId, row.clueId, answered ? 2 : 3, row.billableSeconds);
    if (row.taskLeadId)
      await this.ctx.db
        .update(callTaskLead)
        .set({ callStatus: answered ? 2 : 3, talkSeconds: row.billableSeconds })
        .where(and(eq(callTaskLead.id, row.taskLeadId), eq(callTaskLead.lastCallId, row.callId)));
    if (!row.recordingId && answered) await this.queueRecording(row);
  }

  /**
   * Charges the call's fee through billing (once, by the event that ended it): billing's rate for the line's name,
   * '*' (the default rate) for a call without a line. A charge that fails never fails the call: no rate means nothing
   * to charge; a balance too small is logged and told to the organisation's administrators and managers.
   */
  async chargeFee(row: CallRow): Promise<void> {
    if (row.billableSeconds <= 0) return;
    const { db, app } = this.ctx;
    const log = { callId: row.callId, orgId: row.organizationId, billableSeconds: row.billableSeconds };
    try {
      const [line] = row.lineId
        ? await db
            .select({ name: callLine.name })
            .from(callLine)
            .where(and(eq(callLine.id, row.lineId), eq(callLine.organizationId, row.organizationId)))
            .limit(1)
        : [];
      const lineName = line?.name ?? DEFAULT_LINE;
      // billing is set up after telephony: looked up at call time
      const res = await this.ctx.services.billing.chargeCall(row.organizationId, {
        callId: row.callId,
        line: lineName,
        billableSeconds: row.billableSeconds,
        userId: row.userId,
      });
      if (res.ok) return;
      app.log.warn({ ...log, line: lineName, reason: res.reason }, `call fee not charged: ${res.reason}`);
      if (res.reason !== 'insufficient') return;
      await this.ctx.services.notice.notify(
        row.organizationId,
        await usersWithRoles(db, row.organizationId, ['super_admin', 'manager']),
        {
          title: '余额不足',
          content: `账户余额不足，通话（${lineName}，${row.billableSeconds} 秒）的通话费未能扣除，请及时充值`,
          msgType: 'balance',
        },
      );
    } catch (err) {
      app.log.warn({ ...log, err }, 'call fee: charge failed');
    }
  }

  /** Queues the fetch of a call's recording, once per call (a provider link, or FreeSWITCH's file). */
  async queueRecording(row: CallRow): Promise<void> {
    const url = row.recordingUrl ?? (await this.providerRecordingUrl(row))?.url;
    if (!url) return;
    await this.ctx.jobs.send(
      JOB_RECORDING,
      { callId: row.callId },
      { singletonKey: `${row.callId}:${url}`, retryLimit: 5, retryDelay: 10, retryBackoff: true },
    );
  }

  /** FreeSWITCH's recording link, and whether the environment set its base (trusted) or the organisation. */
  private async providerRecordingUrl(row: CallRow): Promise<{ url: string; trusted: boolean } | null> {
    if (row.provider !== 'freeswitch') return null;
    try {
      const { provider, trusted } = await this.provider(row.organizationId);
      const url = provider.recordingUrl(row.callId);
      return url ? { url, trusted } : null;
    } catch {
      return null;
    }
  }

  /**
   * The recording job: downloads the call's recording and hands it to the recordings pipeline (stored, bound to the
   * lead, transcribed and analysed). Idempotent: a call that has its recording is left alone.
   */
  async fetchRecording(callId: string): Promise<void> {
    const { db } = this.ctx;
    const [row] = await db.select().from(callRecord).where(eq(callRecord.callId, callId)).limit(1);
    if (!row || row.recordingId) return;
    // a link from a callback is the caller's to choose: always under the outbound-address policy
    const source = row.recordingUrl ? { url: row.recordingUrl, trusted: false } : await this.providerRecordingUrl(row);
    if (!source) return;
    const { url } = source;
    const dir = await mkdtemp(join(tmpdir(), 'call-rec-'));
    try {
      const res = await (source.trusted ? operatorFetch : safeFetch)(url, { timeoutMs: 120_000 }).catch((e) => {
        // an address the policy refuses stays refused: no retries, a log line for the operator
        if (e instanceof OutboundError && (e.kind === 'blocked' || e.kind === 'invalid')) return null;
        throw e;
      });
      if (!res) {
        this.ctx.app.log.warn({ callId }, 'telephony: recording link refused by the outbound-address policy');
        return;
      }
      if (!res.ok || !res.body) throw new Error(`录音下载失败：HTTP ${res.status}`);
      if (Number(res.headers.get('content-length') ?? 0) > MAX_RECORDING_BYTES) throw new Error('录音文件过大');
      const ext = /\.(wav|mp3|m4a|ogg|flac|amr|aac)(\?|$)/i.exec(url)?.[1]?.toLowerCase() ?? 'wav';
      const path = join(dir, `call.${ext}`);
      await pipeline(Readable.fromWeb(res.body as never), createWriteStream(path));
      await this.attachRecording(row, path, ext);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Stores a call's recording (a local file) through the recordings pipeline, bound to the call's lead, and links it
   * to the call record; a transcript the provider gave goes with it.
   */
  async attachRecording(row: CallRow, path: string, ext: string, transcript?: string): Promise<number> {
    const stored = await this.ctx.services.recording.storeFromCall({
      orgId: row.organizationId,
      userId: row.userId,
      clueId: row.clueId,
      phone: row.phone,
      callId: row.callId,
      callTime: row.answeredAt ?? row.createdAt,
      path,
      fileName: `${row.phone}_${row.callId.slice(0, 8)}.${ext}`,
      transcript,
    });
    const [updated] = await this.ctx.db
      .update(callRecord)
      .set({ recordingId: stored.recordId })
      .where(and(eq(callRecord.id, row.id), isNull(callRecord.recordingId)))
      .returning();
    if (updated) await pushStatus(this.ctx, updated);
    return stored.recordId;
  }

  /** Ends calls whose provider went silent, and forgets webhook nonces past their window. */
  async sweep(): Promise<number> {
    const ended = await sweepSilentCalls(this.ctx.db);
    for (const row of ended) await this.afterChange(row, 'sweeper-timeout');
    await this.ctx.db.execute(sql`delete from call_webhook_nonce where received_at < now() - interval '1 day'`);
    return ended.length;
  }

  registerJobs(): void {
    this.ctx.jobs.register<{ callId: string }>(JOB_RECORDING, (d) => this.fetchRecording(d.callId), {
      queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
      concurrency: 2,
    });
    this.ctx.jobs.register<object>(JOB_SWEEP, async () => {
      await this.sweep();
    });
    this.ctx.jobs.schedule(JOB_SWEEP, '* * * * *');
    this.ctx.app.addHook('onClose', async () => {
      for (const p of this.providers.values()) await p.close();
      this.providers.clear();
    });
  }
}
