import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AsrStatus, AsrStatusLabel, formatDateTime, type Speaker, type Transcript } from '@crm/core';
import type { CallAnswer, CallBody, CallQuery, contract } from '@crm/core/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import type { DomainEvents, Outbox } from '../../platform/events';
import { page, pageRows } from '../../platform/paging';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import {
  decodeChannels,
  findRecording,
  mediaLink,
  ofVisibleRecording,
  presentRow,
  type RecordingRow,
  type RecordingStored,
  recordingInOrg,
  resolveRecording,
  staleQueued,
  withLeads,
  withLocalFile,
  withTempDir,
} from '../recording';
import type { AsrConfig } from './config';
import { type AsrEngine, createEngine, engineStatus } from './engines';
import { computeMetrics } from './metrics';
import { asrConfig, asrRecord, asrTranscript } from './schema';
import { buildTranscript, parseTranscript, swapRoles, transcriptText } from './transcript';
import { speechIntervals } from './vad';

type Calls = typeof contract.asr;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

export const JOB_ASR = 'asr';
export const JOB_METRICS = 'audio-metrics';

export interface AsrJob {
  orgId: number;
  recordingId: number;
}

/** What the recording shows of transcription and metrics: written by the recording module from `transcript.status`. */
type StageColumns = Omit<DomainEvents['transcript.status'], 'orgId' | 'recordingId'>;

const MAX_HOT_WORDS = 200;

/** Transcription and audio metrics of recordings: the `asr` and `audio-metrics` jobs, transcripts, hot words. */
/** What users are told when no speech engine is configured. */
export const NO_ENGINE_FOR_USERS = '管理员尚未配置语音识别';

export class AsrService {
  private engine: AsrEngine | null = null;
  private engineError: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    readonly cfg: AsrConfig,
  ) {
    try {
      this.engine = createEngine(cfg);
    } catch (e) {
      this.engineError = (e as Error).message;
    }
  }

  private get db() {
    return this.ctx.db;
  }

  /** The engine's status for the operator (engineStatus: how to configure it, by environment). */
  get status() {
    return engineStatus(this.cfg);
  }

  /**
   * Both queues retry with backoff; the worker's heartbeat lets another process (or this one after a restart) take
   * over a job whose worker died mid-way within about a minute, instead of waiting for the job to expire.
   */
  registerJobs(): void {
    this.ctx.jobs.register<AsrJob>(JOB_ASR, (data) => this.runAsr(data), {
      queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600, heartbeatSeconds: 60 },
    });
    this.ctx.jobs.register<AsrJob>(JOB_METRICS, (data) => this.runMetrics(data), {
      queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 1800, heartbeatSeconds: 60 },
    });
    // in the recording's own transaction: an uploaded transcript is 已完成 as soon as the upload answers
    this.ctx.events.onInTransaction('recording.stored', async (outbox, stored) => {
      for (const e of stored) await this.afterStored(outbox, e);
    });
    this.ctx.events.on('recording.deleted', 'asr.removed', (e) => this.removeFor(this.db, e.orgId, e.recordingIds));
  }

  /** The recording's columns of this stage, set by the recording module from the event as it is emitted. */
  private stageStatus(orgId: number, recordingId: number, set: StageColumns): Promise<void> {
    return this.ctx.events.emit('transcript.status', { orgId, recordingId, ...set });
  }

  /**
   * On start: recordings left 排队中 for a while with no job (the process stopped between storing the row and queueing
   * its job) are queued again; so are those still 识别中/分析中 long after their job would have expired (the worker
   * died on each retry). Jobs are idempotent, so a recording queued twice is only transcribed again.
   */
  async requeueStale(olderThanMinutes = 10, runningOlderThanMinutes = 120): Promise<number> {
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    const stale = await staleQueued(this.db, ago(olderThanMinutes), ago(runningOlderThanMinutes));
    for (const r of stale) {
      if ((r.asrStatus === AsrStatus.QUEUED || r.asrStatus === AsrStatus.RUNNING) && this.engine)
        await this.ctx.jobs.send(JOB_ASR, { orgId: r.organizationId, recordingId: r.id } satisfies AsrJob);
      if (r.metricsStatus === 1 || r.metricsStatus === 2)
        await this.ctx.jobs.send(JOB_METRICS, { orgId: r.organizationId, recordingId: r.id } satisfies AsrJob);
    }
    return stale.length;
  }

  /** `recording.stored`, in its transaction: its uploaded transcript or a transcription job; and the metrics job. */
  private async afterStored(outbox: Outbox, { orgId, recordingId, transcript }: RecordingStored): Promise<void> {
    if (transcript) await this.storeTranscript(outbox, orgId, recordingId, transcript, 'upload');
    else await this.queueAsr(outbox, orgId, recordingId);
    await outbox.send(JOB_METRICS, { orgId, recordingId } satisfies AsrJob);
  }

  /**
   * A transcript uploaded again with a recording already stored: it becomes the recording's transcript (analysis
   * follows, as for a new upload).
   */
  async attachUploaded(orgId: number, recordingId: number, t: Transcript): Promise<void> {
    await this.ctx.events.transaction((_tx, outbox) => this.storeTranscript(outbox, orgId, recordingId, t, 'upload'), {
      userWaits: true,
    });
  }

  /** A transcript uploaded with its recording (JSON form or plain text); throws a validation error. */
  parseUploaded(text: string, durationMs: number): Transcript | null {
    return text.trim() ? parseTranscript(text, durationMs) : null;
  }

  /** Queues a transcription; answers the state it leaves the recording in. */
  private async queueAsr(outbox: Outbox, orgId: number, recordingId: number): Promise<StageColumns> {
    if (!this.engine) {
      const failed = {
        asrStatus: this.engineError ? AsrStatus.FAILED : AsrStatus.NO_ENGINE,
        asrError: this.engineError ?? AsrStatusLabel[AsrStatus.NO_ENGINE],
      };
      await outbox.emit('transcript.status', { orgId, recordingId, ...failed });
      return failed;
    }
    const queued = { asrStatus: AsrStatus.QUEUED, asrError: null };
    await outbox.emit('transcript.status', { orgId, recordingId, ...queued });
    await outbox.send(JOB_ASR, { orgId, recordingId } satisfies AsrJob);
    return queued;
  }

  /** Queues a transcription in a transaction of its own. */
  private queueAsrNow(orgId: number, recordingId: number): Promise<StageColumns> {
    return this.ctx.events.transaction((_, outbox) => this.queueAsr(outbox, orgId, recordingId));
  }

  // ---------- jobs ----------

  /** The `asr` job: decode, split stereo by channel, transcribe, store. Idempotent: a rerun replaces the transcript. */
  async runAsr({ orgId, recordingId }: AsrJob): Promise<void> {
    const row = await recordingInOrg(this.db, orgId, recordingId);
    if (!row) return; // deleted meanwhile
    if (!this.engine) {
      await this.queueAsrNow(orgId, recordingId);
      return;
    }
    const engine = this.engine;
    await this.stageStatus(orgId, recordingId, { asrStatus: AsrStatus.RUNNING, asrError: null });
    const started = Date.now();
    try {
      const hotWords = await this.hotWords(orgId);
      const transcript = await withLocalFile(this.ctx.storage, row.fileKey, async (path) => {
        const stereo = row.channels >= 2;
        const chans = await decodeChannels(path, row.ext, 16000, stereo ? 2 : 1);
        const agentIdx = this.cfg.agentChannel === 'right' ? 1 : 0;
        const parts: { speaker: Speaker | null; segments: Awaited<ReturnType<AsrEngine['transcribe']>> }[] = [];
        for (let c = 0; c < chans.length; c++) {
          const speaker: Speaker | null = stereo ? (c === agentIdx ? 'agent' : 'customer') : null;
          const segments = await engine.transcribe({
            samples: chans[c],
            sampleRate: 16000,
            hotWords,
            name: `rec${recordingId}_${c}`,
          });
          parts.push({ speaker, segments });
        }
        const durationMs = Math.round(((chans[0]?.length ?? 0) / 16000) * 1000) || row.durationMs;
        return buildTranscript(durationMs, parts);
      });
      await this.ctx.events.transaction(async (tx, outbox) => {
        await this.storeTranscript(outbox, orgId, recordingId, transcript, engine.name);
        const elapsed = Date.now() - started;
        await this.logRun(tx, orgId, recordingId, engine.name, AsrStatus.DONE, row.durationMs, elapsed, null);
      });
    } catch (e) {
      const msg = (e as Error).message || String(e);
      await this.stageStatus(orgId, recordingId, { asrStatus: AsrStatus.FAILED, asrError: msg.slice(0, 1000) });
      const elapsed = Date.now() - started;
      await this.logRun(this.db, orgId, recordingId, engine.name, AsrStatus.FAILED, row.durationMs, elapsed, msg);
      throw e; // retried by the queue with backoff
    }
  }

  /** The `audio-metrics` job: Silero VAD per channel, then talk time, ratio, silences, monologue, interruptions. */
  async runMetrics({ orgId, recordingId }: AsrJob): Promise<void> {
    const row = await recordingInOrg(this.db, orgId, recordingId);
    if (!row) return;
    await this.stageStatus(orgId, recordingId, { metricsStatus: 2, metricsError: null });
    try {
      const metrics = await withLocalFile(this.ctx.storage, row.fileKey, async (path) => {
        const stereo = row.channels >= 2;
        const chans = await decodeChannels(path, row.ext, 16000, stereo ? 2 : 1);
        const durationMs = Math.round(((chans[0]?.length ?? 0) / 16000) * 1000) || row.durationMs;
        if (!stereo) return computeMetrics(durationMs, await speechIntervals(chans[0]), [], false);
        const agentIdx = this.cfg.agentChannel === 'right' ? 1 : 0;
        return computeMetrics(
          durationMs,
          await speechIntervals(chans[agentIdx]),
          await speechIntervals(chans[1 - agentIdx]),
          true,
        );
      });
      await this.stageStatus(orgId, recordingId, { metrics, metricsStatus: 3, metricsError: null });
    } catch (e) {
      await this.stageStatus(orgId, recordingId, {
        metricsStatus: 4,
        metricsError: ((e as Error).message || String(e)).slice(0, 1000),
      });
      throw e;
    }
  }

  /** Saves a transcript with 已完成 and `transcript.saved`, stamped with its save time, in the outbox's transaction. */
  private async storeTranscript(
    outbox: Outbox,
    orgId: number,
    recordingId: number,
    t: Transcript,
    engine: string,
  ): Promise<void> {
    const savedAt = await this.saveTranscript(orgId, recordingId, t, engine, outbox.tx);
    await outbox.emit('transcript.status', { orgId, recordingId, asrStatus: AsrStatus.DONE, asrError: null });
    await outbox.emit('transcript.saved', { orgId, recordingId, savedAt: savedAt.getTime() });
  }

  private async logRun(
    db: DbOrTx,
    orgId: number,
    recordingId: number,
    engine: string,
    status: number,
    audioMs: number,
    elapsedMs: number,
    error: string | null,
  ) {
    await db.insert(asrRecord).values({
      organizationId: orgId,
      recordingId,
      engine,
      status,
      audioMs,
      elapsedMs,
      error: error?.slice(0, 2000) ?? null,
    });
  }

  // ---------- transcripts ----------

  /** Saves (or replaces) the transcript of a recording; answers its save time. */
  async saveTranscript(
    orgId: number,
    recordingId: number,
    t: Transcript,
    engine: string,
    db: DbOrTx = this.db,
  ): Promise<Date> {
    const values = {
      durationMs: t.durationMs,
      segments: t.segments,
      text: transcriptText(t.segments),
      engine,
      rolesSwapped: false,
      updatedAt: new Date(),
    };
    await db
      .insert(asrTranscript)
      .values({ organizationId: orgId, recordingId, ...values })
      .onConflictDoUpdate({ target: asrTranscript.recordingId, set: values });
    return values.updatedAt;
  }

  /**
   * A short clip (the speech assistant's microphone input, a practice session's spoken line; at most about a minute)
   * transcribed at once with the installation's engine and the organisation's hot words: its text. Nothing is stored.
   */
  async transcribeClip(orgId: number, audio: Buffer, ext: string): Promise<string> {
    if (!this.engine) throw badRequest(NO_ENGINE_FOR_USERS);
    const engine = this.engine;
    const hotWords = await this.hotWords(orgId);
    return withTempDir(async (dir) => {
      const path = join(dir, `clip.${ext}`);
      await writeFile(path, audio);
      const [samples] = await decodeChannels(path, ext, 16000, 1).catch(() => {
        throw badRequest('无法读取录音，请重新录音');
      });
      if (!samples?.length) throw badRequest('录音为空');
      const segments = await engine
        .transcribe({ samples, sampleRate: 16000, hotWords, name: `clip_${orgId}` })
        .catch((e: Error) => {
          this.ctx.app.log.warn({ err: e }, 'clip transcription failed');
          throw badRequest('语音识别失败，请稍后重试');
        });
      return segments
        .map((x) => x.text.trim())
        .filter(Boolean)
        .join('，');
    });
  }

  /** The transcript of a recording of this organisation, or null. Other modules (analysis) read it here. */
  async getTranscript(orgId: number, recordingId: number, db: DbOrTx = this.db) {
    const [row] = await db
      .select()
      .from(asrTranscript)
      .where(and(eq(asrTranscript.organizationId, orgId), eq(asrTranscript.recordingId, recordingId)));
    return row ?? null;
  }

  /** ASR create: transcribe a recording that has no transcript yet (or whose last run failed). */
  async create(s: Session, recordingId: number): Promise<Answer<'create'>> {
    const row = await findRecording(this.db, s, recordingId);
    if (row.asrStatus === AsrStatus.QUEUED || row.asrStatus === AsrStatus.RUNNING) return this.state(row);
    if (await this.getTranscript(s.orgId, row.id)) return this.state(row);
    return this.state({ ...row, ...(await this.queueAsrNow(s.orgId, row.id)) });
  }

  /** Rerun: transcription again (replacing the transcript), or the metrics, or both. */
  async rerun(s: Session, { id, what }: Body<'rerun'>): Promise<Answer<'rerun'>> {
    let row = await findRecording(this.db, s, id);
    if (what !== 'metrics') {
      if (!this.engine) throw badRequest(this.engineError ?? '未配置语音识别引擎，无法重新识别');
      row = { ...row, ...(await this.queueAsrNow(s.orgId, row.id)) };
    }
    if (what !== 'asr') {
      const queued = { metricsStatus: 1, metricsError: null };
      await this.ctx.events.transaction(async (_, outbox) => {
        await outbox.emit('transcript.status', { orgId: s.orgId, recordingId: row.id, ...queued });
        await outbox.send(JOB_METRICS, { orgId: s.orgId, recordingId: row.id } satisfies AsrJob);
      });
      row = { ...row, ...queued };
    }
    return this.state(row);
  }

  private state(row: RecordingRow): Answer<'create'> {
    return {
      recordId: row.id,
      asrStatus: row.asrStatus,
      asrStatusName: AsrStatusLabel[row.asrStatus as 1],
      asrError: row.asrError,
      metricsStatus: row.metricsStatus,
    };
  }

  /** Role: swap who is the agent and who the customer (a stereo recording wired the other way round). */
  async swapRole(s: Session, recordingId: number): Promise<Answer<'swapRole'>> {
    const row = await findRecording(this.db, s, recordingId);
    const t = await this.getTranscript(s.orgId, row.id);
    if (!t) throw badRequest('该录音还没有转写文本');
    const segments = swapRoles(t.segments);
    // only over the transcript as read: of two quick clicks one swaps, the other is told (not a double swap)
    await this.ctx.events.transaction(async (tx, outbox) => {
      const savedAt = new Date();
      const [swapped] = await tx
        .update(asrTranscript)
        .set({ segments, text: transcriptText(segments), rolesSwapped: !t.rolesSwapped, updatedAt: savedAt })
        .where(and(eq(asrTranscript.id, t.id), eq(asrTranscript.rolesSwapped, t.rolesSwapped)))
        .returning({ id: asrTranscript.id });
      if (!swapped) throw conflict('角色刚刚已被互换，请刷新后查看');
      const m = row.metrics;
      if (m?.perChannel)
        await outbox.emit('transcript.status', { orgId: s.orgId, recordingId: row.id, metrics: computeSwap(m) });
      await outbox.emit('transcript.saved', { orgId: s.orgId, recordingId: row.id, savedAt: savedAt.getTime() });
    });
    return { recordId: row.id, rolesSwapped: !t.rolesSwapped, segments };
  }

  /** Transcript and state of one recording (of a scope already checked): what the call detail shows. */
  private async detail(row: RecordingRow): Promise<Answer<'get'>> {
    const owner = row.ownerUserId
      ? (await orgUsersByIds(this.db, row.organizationId, [row.ownerUserId])).get(row.ownerUserId)
      : undefined;
    const t = await this.getTranscript(row.organizationId, row.id);
    return {
      ...presentRow(row, owner?.realName ?? null),
      engine: t?.engine ?? null,
      rolesSwapped: t?.rolesSwapped ?? false,
      transcript: t ? { durationMs: t.durationMs, segments: t.segments } : null,
      text: t?.text ?? '',
      metrics: row.metrics ?? null,
    };
  }

  /** ASR get: the transcript, state and metrics of a recording the session may see. */
  async get(s: Session, recordingId: number): Promise<Answer<'get'>> {
    return this.detail(await findRecording(this.db, s, recordingId));
  }

  /** ASR text: the plain text, one line per sentence. */
  async text(s: Session, recordingId: number): Promise<Answer<'text'>> {
    const row = await findRecording(this.db, s, recordingId);
    const t = await this.getTranscript(s.orgId, row.id);
    return { recordId: row.id, asrStatus: row.asrStatus, text: t?.text ?? '' };
  }

  /**
   * getAsrText: the call detail page, by recording id with a session (recording:view), or by share ticket (maskId)
   * without one; its player plays through the same ticket.
   */
  async callDetail(s: Session | null, q: CallQuery<Calls['getAsrText']>): Promise<Answer<'getAsrText'>> {
    const row = await resolveRecording(this.ctx, s, q);
    // the bound lead's name and number (issue 26: a call bound to a lead shows who it was with)
    const [detail] = await withLeads(this.ctx, row.organizationId, s, [await this.detail(row)]);
    return {
      ...detail,
      playUrl: q.maskId
        ? `/api/robot/recording/v1/play?maskId=${encodeURIComponent(q.maskId)}`
        : await mediaLink(this.ctx, row),
    };
  }

  /** Transcripts go with their recordings (`recording.deleted`). */
  async removeFor(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
    if (!recordingIds.length) return;
    await tx
      .delete(asrTranscript)
      .where(and(eq(asrTranscript.organizationId, orgId), inArray(asrTranscript.recordingId, recordingIds)));
  }

  // ---------- hot words, engine, runs ----------

  /** The organisation's hot words, for the transcription job. */
  private async hotWords(orgId: number): Promise<string[]> {
    const [row] = await this.db.select().from(asrConfig).where(eq(asrConfig.organizationId, orgId));
    return row?.hotWords ?? [];
  }

  /** The same hot words for other modules (the analysis rules, /hotWord of the AI settings): one store. */
  hotWordsOf(orgId: number): Promise<string[]> {
    return this.hotWords(orgId);
  }

  /**
   * The hot words and the engine's status as the user may see it: without an engine, 管理员尚未配置语音识别; how to
   * configure it (the operator's environment) only to administrators (asr:edit), with the path of the speech settings.
   */
  async getConfig(s: Session): Promise<Answer<'getConfig'>> {
    const [row] = await this.db.select().from(asrConfig).where(scoped(s, asrConfig));
    const status = this.status;
    const hotWords = row?.hotWords ?? [];
    if (status.configured) return { hotWords, ...status, settingsPath: null };
    const admin = s.isSuperAdmin || s.signs.has('asr:edit');
    return {
      hotWords,
      engine: status.engine,
      configured: false,
      message: NO_ENGINE_FOR_USERS,
      detail: admin
        ? `${status.message}：语音识别引擎由系统运维在服务器上配置，配置后重启服务即可转写；热词可在 AI 设置中维护。录音播放与音频指标不受影响`
        : '暂不能转写录音，录音播放与音频指标不受影响',
      settingsPath: admin ? '/main/aiSetting' : null,
    };
  }

  async saveHotWords(s: Session, words: string[]): Promise<Answer<'saveConfig'>> {
    const clean = [...new Set(words.map((w) => w.trim()).filter(Boolean))];
    if (clean.length > MAX_HOT_WORDS) throw badRequest(`hotWords：热词最多 ${MAX_HOT_WORDS} 个`);
    const long = clean.find((w) => w.length > 20);
    if (long) throw badRequest(`hotWords：热词「${long}」超过 20 个字`);
    await this.db
      .insert(asrConfig)
      .values({ organizationId: s.orgId, hotWords: clean, updatedBy: s.userId })
      .onConflictDoUpdate({
        target: asrConfig.organizationId,
        set: { hotWords: clean, updatedBy: s.userId, updatedAt: new Date() },
      });
    return { hotWords: clean };
  }

  /** Transcription runs of the recordings the session may see. */
  async runs(s: Session, p: Body<'runs'>): Promise<Answer<'runs'>> {
    const where = and(
      scoped(s, asrRecord),
      ofVisibleRecording(this.db, s, asrRecord.recordingId),
      p.recordingId ? eq(asrRecord.recordingId, p.recordingId) : undefined,
      p.status ? eq(asrRecord.status, p.status) : undefined,
    );
    const { rows, total } = await pageRows(this.db, asrRecord, where, [desc(asrRecord.id)], p);
    return page(
      rows.map((r) => ({
        ...r,
        statusName: AsrStatusLabel[r.status as 1] ?? '--',
        rtf: r.audioMs ? Math.round((r.elapsedMs / r.audioMs) * 1000) / 1000 : null,
        createdAt: formatDateTime(r.createdAt),
      })),
      total,
      p,
    );
  }
}

function computeSwap(m: NonNullable<RecordingRow['metrics']>): NonNullable<RecordingRow['metrics']> {
  const flip = (s: Speaker | null): Speaker | null => (s === 'agent' ? 'customer' : s === 'customer' ? 'agent' : null);
  const total = m.agentTalkMs + m.customerTalkMs;
  return {
    ...m,
    agentTalkMs: m.customerTalkMs,
    customerTalkMs: m.agentTalkMs,
    talkRatio: total ? Math.round((m.customerTalkMs / total) * 1000) / 1000 : null,
    longestMonologueSpeaker: flip(m.longestMonologueSpeaker),
    overlaps: m.overlaps.map((o) => ({ ...o, by: flip(o.by) as Speaker })),
    speech: { agent: m.speech.customer, customer: m.speech.agent },
  };
}
