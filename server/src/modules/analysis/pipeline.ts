import { ANALYSIS_PAUSED_REASON } from '@crm/core/contract/analysis';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { analyse } from '../../lib/analyser/analyse';
import { DEFAULT_CHECKERS, DEFAULT_RULES } from '../../lib/analyser/defaults';
import type { AnalysisResult, AnalysisRules, Checker } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { DomainEvents, Outbox, SubscribeOptions } from '../../platform/events';
import { leadOfOrg } from '../clue';
import type { RecordingRow } from '../recording';
import { decidedResult, effectiveColumns } from './effective';
import { llmStep } from './llmStep';
import { modelOf } from './orgModel';
import { aiSettingOf, costCenterOf } from './ports';
import { callAnalysis, callAnalysisBatchItem, type HistoryEntry } from './schema';

/**
 * The analysis pipeline (DESIGN.md section 6): `transcript.saved` → job `analysis` → usage charged → one analysis per
 * call → `analysis.saved`, which each consumer (quality, insight, the lead's risk and tags, AI messages) handles in its
 * own queue. The analysis's status goes out as `analysis.status`, which the recording shows: 0 not analysed,
 * 1 queued (also while paused for balance), 2 running, 3 done, 4 failed with the reason.
 */

export const JOB_ANALYSIS = 'analysis';

export interface AnalysisJob {
  orgId: number;
  recordingId: number;
  /** Which analysis of the recording this is: its charge's ref key; a job of an older version does nothing. */
  version: number;
  batchId?: number | null;
}

/** Batch item states. */
export const ItemState = { WAITING: 0, DONE: 1, FAILED: 2, PAUSED: 3 } as const;

const BUILTIN_MODEL = '内置分析';
/** The entries a call's history keeps. */
const HISTORY_MAX = 50;

type StateColumns = Partial<typeof callAnalysis.$inferInsert>;

/** Checkers a module adds for an organisation (quality inspection: its forbidden words and regex rules). */
export type CheckerProvider = (orgId: number) => Promise<Checker[]>;

/** What a consumer of `analysis.saved` is given: the stored analysis of the call, loaded when its job runs. */
export interface AnalysedEvent {
  orgId: number;
  /** Which analysis of the call (a consumer's own event carries it on, for the next one to load it). */
  version: number;
  recording: RecordingRow;
  /** The result as decided (a person's complaint and violations over the machine's), and the effective values. */
  result: AnalysisResult;
  effective: ReturnType<typeof effectiveColumns>;
  /** Why the organisation's LLM was not used, when it failed. */
  llmError: string | null;
  /** When this analysis was stored: what a consumer wrote later is already of it (its job is run again). */
  analysedAt: Date;
}
export type AnalysedListener = (event: AnalysedEvent) => Promise<void>;

export class AnalysisPipeline {
  private readonly checkerProviders: CheckerProvider[] = [];
  /** Jobs run by the seed (analyseNow): their events' consumers run in the same call, not through the queues. */
  private readonly runNow = new WeakSet<AnalysisJob>();

  /**
   * The checker extension point: the pipeline runs the default checkers (forbidden words, regex rules, abuse) and
   * those every provider gives for the call's organisation; their violations are the call's like any other.
   */
  addCheckers(provider: CheckerProvider): void {
    this.checkerProviders.push(provider);
  }

  /**
   * A consumer of `analysis.saved` (`<module>.<consumer>`, its own queue): given the stored analysis, or not called
   * when the recording is gone or a newer analysis was asked for (whose event follows). Must be idempotent.
   */
  onAnalysed(subscriber: `${string}.${string}`, listener: AnalysedListener, opts?: SubscribeOptions): void {
    this.ctx.events.on(
      'analysis.saved',
      subscriber,
      async (p) => {
        const e = await this.analysed(p.orgId, p.recordingId, p.version);
        if (e) await listener(e);
      },
      opts,
    );
  }

  /** The stored analysis `version` of a call, as its consumers read it (undefined when superseded or gone). */
  async analysed(orgId: number, recordingId: number, version: number): Promise<AnalysedEvent | undefined> {
    const [row] = await this.db.select().from(callAnalysis).where(this.rowOf(orgId, recordingId));
    if (!row?.machine || row.version !== version || row.analysedVersion !== version) return undefined;
    const recording = await this.ctx.services.recording.getInOrg(orgId, recordingId);
    if (!recording) return undefined;
    const effective = effectiveColumns(row.machine, row.correction ?? null);
    const analysedAt = row.analysedAt ?? row.updatedAt;
    const result = decidedResult(row.machine, row.correction ?? null);
    return { orgId, version, recording, result, effective, llmError: row.llmError, analysedAt };
  }

  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * Retries with backoff like the asr job; the heartbeat hands a job whose worker died to another within a minute.
   * A pg-boss worker waits out its polling interval (0.5 s) between fetches, so each of the ANALYSIS_CONCURRENCY
   * workers fetches up to 5 calls at a time (each completed or failed on its own): a call takes tens of ms.
   */
  registerJobs(concurrency = this.ctx.config.analysisConcurrency): void {
    this.ctx.jobs.register<AnalysisJob>(JOB_ANALYSIS, (data) => this.run(data), {
      queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 900, heartbeatSeconds: 60 },
      concurrency,
      batchSize: 5,
    });
  }

  /**
   * `transcript.saved`: queue an analysis when AI is open for the organisation, once per transcript: run again (by its
   * job after the emitter's eager run, or retried) it finds an analysis asked for since the transcript was saved.
   */
  async onTranscript({ orgId, recordingId, savedAt }: DomainEvents['transcript.saved']): Promise<void> {
    const settings = aiSettingOf(this.ctx);
    if (!settings || !(await settings.isOpen(orgId))) return;
    await this.queue(orgId, recordingId, null, new Date(savedAt));
  }

  /**
   * A new analysis of a recording: its version, 排队中, and its job, in one transaction; `unlessSince`: not when one
   * was asked for (or went on) since then.
   */
  async queue(orgId: number, recordingId: number, batchId: number | null, unlessSince?: Date): Promise<void> {
    await this.ctx.events.transaction(async (tx, outbox) => {
      const version = await this.nextVersion(tx, orgId, recordingId, batchId, unlessSince);
      if (version === undefined) return;
      await outbox.emit('analysis.status', { orgId, recordingId, status: 1 });
      await outbox.send(JOB_ANALYSIS, { orgId, recordingId, version, batchId } satisfies AnalysisJob);
    });
  }

  private async nextVersion(
    tx: DbOrTx,
    orgId: number,
    recordingId: number,
    batchId: number | null,
    unlessSince?: Date,
  ): Promise<number | undefined> {
    const reset = { status: 1, paused: false, pausedReason: null, error: null, batchId, updatedAt: new Date() };
    const [row] = await tx
      .insert(callAnalysis)
      .values({ organizationId: orgId, recordingId, version: 1, ...reset })
      .onConflictDoUpdate({
        target: [callAnalysis.organizationId, callAnalysis.recordingId],
        set: { version: sql`${callAnalysis.version} + 1`, ...reset },
        // the row locked, two runs at once: the second sees the first's update
        ...(unlessSince ? { where: lt(callAnalysis.updatedAt, unlessSince) } : {}),
      })
      .returning({ version: callAnalysis.version });
    return row?.version;
  }

  /** A transaction of the job's, with its events (run by the seed: their consumers run after it, in this call). */
  private transaction<T>(job: AnalysisJob, fn: (outbox: Outbox) => Promise<T>): Promise<T> {
    return this.ctx.events.transaction((_, outbox) => fn(outbox), { now: this.runNow.has(job) });
  }

  /** `setStatus` in a transaction of its own. */
  private changeState(job: AnalysisJob, status: number, item: number, extra: StateColumns = {}): Promise<boolean> {
    return this.transaction(job, (outbox) => this.setStatus(outbox, job, status, item, extra));
  }

  /**
   * Sets the state of analysis `version` of a recording, with `analysis.status` (nothing when a newer one was asked
   * for meanwhile), and its batch item's.
   */
  private async setStatus(
    outbox: Outbox,
    job: AnalysisJob,
    status: number,
    item: number,
    extra: StateColumns = {},
  ): Promise<boolean> {
    const set = await outbox.tx
      .update(callAnalysis)
      .set({ status, updatedAt: new Date(), ...extra })
      .where(and(this.rowOf(job.orgId, job.recordingId), eq(callAnalysis.version, job.version)))
      .returning({ id: callAnalysis.id });
    if (set.length) await outbox.emit('analysis.status', { orgId: job.orgId, recordingId: job.recordingId, status });
    await this.itemState(outbox.tx, job, item);
    return set.length > 0;
  }

  private rowOf(orgId: number, recordingId: number) {
    return and(eq(callAnalysis.organizationId, orgId), eq(callAnalysis.recordingId, recordingId));
  }

  private async itemState(tx: DbOrTx, job: AnalysisJob, state: number): Promise<void> {
    if (!job.batchId) return;
    await tx
      .update(callAnalysisBatchItem)
      .set({ state, updatedAt: new Date() })
      .where(
        and(eq(callAnalysisBatchItem.batchId, job.batchId), eq(callAnalysisBatchItem.recordingId, job.recordingId)),
      );
  }

  /**
   * The `analysis` job. Idempotent: a job of an older version than the row's, or of one already stored, does
   * nothing; the charge's ref key makes a retried job charge once. `charge: false` for the seed.
   */
  async run(job: AnalysisJob, opts: { charge?: boolean } = {}): Promise<void> {
    const { orgId, recordingId } = job;
    const rec = await this.ctx.services.recording.getInOrg(orgId, recordingId);
    if (!rec) return; // deleted meanwhile
    const [row] = await this.db
      .select({ version: callAnalysis.version, analysedVersion: callAnalysis.analysedVersion })
      .from(callAnalysis)
      .where(this.rowOf(orgId, recordingId));
    if (!row || row.version !== job.version) return; // a newer analysis was asked for; its job does the work
    if (row.analysedVersion === job.version) return; // stored, with its state and `analysis.saved`
    // a retry of a failed item is under way again
    if (!(await this.changeState(job, 2, ItemState.WAITING))) return;
    try {
      const t = await this.ctx.services.asr.getTranscript(orgId, recordingId);
      if (!t) {
        await this.changeState(job, 4, ItemState.FAILED, { error: '该录音还没有转写文本' });
        return;
      }
      const transcript = { durationMs: t.durationMs, segments: t.segments };
      if (opts.charge !== false && !(await this.charge(rec, job, transcript.durationMs))) return;
      const settings = aiSettingOf(this.ctx);
      const rules: AnalysisRules = (await settings?.rulesFor(orgId)) ?? DEFAULT_RULES;
      const added = (await Promise.all(this.checkerProviders.map((p) => p(orgId)))).flat();
      // the organisation's learned model (else the base model); churn risk only for an existing customer
      const { model } = await modelOf(this.ctx, orgId);
      const existingCustomer = await this.existingCustomer(orgId, rec.clueId);
      let result: AnalysisResult = analyse(transcript, rules, [...DEFAULT_CHECKERS, ...added], {
        model,
        existingCustomer,
      });
      let llmError: string | null = null;
      let modelName = BUILTIN_MODEL;
      let history: HistoryEntry[] = [];
      const llm = await settings?.llmFor(orgId);
      if (llm) {
        try {
          ({ result, history } = await llmStep(llm, result, transcript, rules));
          modelName = `${llm.name} / ${llm.model}`.slice(0, 100);
        } catch (e) {
          llmError = `${llm.name}：${(e as Error).message || String(e)}`.slice(0, 1000);
        }
      }
      await this.transaction(job, async (outbox) => {
        const extra = { llmError, modelName, searchText: t.text, history };
        if (await this.store(outbox.tx, rec, job.version, result, extra)) await this.afterStored(outbox, job);
      });
    } catch (e) {
      await this.changeState(job, 4, ItemState.FAILED, { error: ((e as Error).message || String(e)).slice(0, 1000) });
      throw e; // retried by the queue with backoff
    }
  }

  /** The call's lead is an existing customer: a customer, or a lead that has signed (已报名, 已续费). */
  private async existingCustomer(orgId: number, clueId: number | null): Promise<boolean> {
    if (!clueId) return false;
    const lead = await leadOfOrg(this.db, orgId, clueId);
    return Boolean(lead && (lead.type === 2 || lead.stage === 7 || lead.stage === 8));
  }

  /** Charges the call's started minutes; without balance the analysis waits (paused) and nothing is lost. */
  private async charge(rec: RecordingRow, job: AnalysisJob, transcriptMs: number): Promise<boolean> {
    const costs = costCenterOf(this.ctx);
    if (!costs) return true;
    const durationMs = rec.durationMs || transcriptMs;
    const charged = await costs.charge(rec.organizationId, 'ai_analyze', {
      units: Math.max(1, Math.ceil(durationMs / 60_000)),
      refKey: `analysis:${rec.id}:${job.version}`,
      recordingId: rec.id,
      userId: rec.ownerUserId,
      remark: `通话分析：${rec.fileName}`,
    });
    if (charged.ok) return true;
    await this.changeState(job, 1, ItemState.PAUSED, { paused: true, pausedReason: ANALYSIS_PAUSED_REASON });
    return false;
  }

  /** Stores the result (replacing the last) and keeps the corrections over it; false when a newer one was asked. */
  private async store(
    tx: DbOrTx,
    rec: RecordingRow,
    version: number,
    m: AnalysisResult,
    extra: { llmError: string | null; modelName: string; searchText: string; history: HistoryEntry[] },
  ): Promise<boolean> {
    const { organizationId: orgId, id: recordingId } = rec;
    const [current] = await tx
      .select({ correction: callAnalysis.correction })
      .from(callAnalysis)
      .where(this.rowOf(orgId, recordingId));
    const e = effectiveColumns(m, current?.correction ?? null);
    const stored = await tx
      .update(callAnalysis)
      .set({
        ...e,
        machine: m,
        analysedVersion: version,
        paused: false,
        pausedReason: null,
        error: null,
        llmError: extra.llmError,
        modelName: extra.modelName,
        searchText: extra.searchText,
        // the call's history keeps what happened in earlier analyses too (the newest HISTORY_MAX)
        ...(extra.history.length
          ? {
              history: sql`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from (select e, n from jsonb_array_elements(${callAnalysis.history} || ${JSON.stringify(extra.history)}::jsonb) with ordinality as x(e, n) order by n desc limit ${HISTORY_MAX}) y)`,
            }
          : {}),
        analysedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(this.rowOf(orgId, recordingId), eq(callAnalysis.version, version)))
      .returning({ id: callAnalysis.id });
    return stored.length > 0;
  }

  /** In the transaction that stores the result: 已完成, the batch item, `analysis.saved`. */
  private async afterStored(outbox: Outbox, job: AnalysisJob): Promise<void> {
    await this.setStatus(outbox, job, 3, ItemState.DONE, { error: null });
    await outbox.emit('analysis.saved', { orgId: job.orgId, recordingId: job.recordingId, version: job.version });
  }

  private listening = false;

  /** A top-up of AI analysis resumes the calls that waited for it (once; the cost centre may be set up later). */
  listenForTopUps(): void {
    const costs = costCenterOf(this.ctx);
    if (this.listening || !costs) return;
    this.listening = true;
    costs.onTopUp(async (orgId, kind) => {
      if (kind === 'ai_analyze') await this.resume(orgId);
    });
  }

  /** After a top-up of AI analysis: every paused call of the organisation is queued again (same version). */
  async resume(orgId: number): Promise<number> {
    return this.ctx.events.transaction(async (tx, outbox) => {
      const paused = await tx
        .update(callAnalysis)
        .set({ paused: false, pausedReason: null, updatedAt: new Date() })
        .where(and(eq(callAnalysis.organizationId, orgId), eq(callAnalysis.paused, true)))
        .returning({
          recordingId: callAnalysis.recordingId,
          version: callAnalysis.version,
          batchId: callAnalysis.batchId,
        });
      for (const p of paused) await this.itemState(tx, { orgId, ...p }, ItemState.WAITING);
      await outbox.sendAll(
        JOB_ANALYSIS,
        paused.map((p) => ({ orgId, ...p }) satisfies AnalysisJob),
      );
      return paused.length;
    });
  }

  /**
   * On start: analyses left 排队中 (not paused) for a while, or 分析中 long after their job would have expired, are
   * queued again (the process died between storing the row and queueing, or mid-job).
   */
  async requeueStale(olderThanMinutes = 10, runningOlderThanMinutes = 60): Promise<number> {
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    const stale = await this.db
      .select({
        orgId: callAnalysis.organizationId,
        recordingId: callAnalysis.recordingId,
        version: callAnalysis.version,
        batchId: callAnalysis.batchId,
      })
      .from(callAnalysis)
      .where(
        or(
          and(
            eq(callAnalysis.status, 1),
            eq(callAnalysis.paused, false),
            lt(callAnalysis.updatedAt, ago(olderThanMinutes)),
          ),
          and(eq(callAnalysis.status, 2), lt(callAnalysis.updatedAt, ago(runningOlderThanMinutes))),
        ),
      )
      .limit(5000);
    for (const s of stale) await this.ctx.jobs.send(JOB_ANALYSIS, s satisfies AnalysisJob);
    return stale.length;
  }

  /**
   * The seed: analyse a recording now, through the same steps as the job and its consumers, without the queues or a
   * charge.
   */
  async analyseNow(orgId: number, recordingId: number): Promise<void> {
    const version = (await this.nextVersion(this.db, orgId, recordingId, null)) as number;
    const job: AnalysisJob = { orgId, recordingId, version };
    this.runNow.add(job);
    await this.run(job, { charge: false });
  }
}
