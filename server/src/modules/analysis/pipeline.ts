import { ANALYSIS_PAUSED_REASON } from '@crm/core/contract/analysis';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { analyse } from '../../lib/analyser/analyse';
import { DEFAULT_CHECKERS, DEFAULT_RULES } from '../../lib/analyser/defaults';
import type { AnalysisResult, AnalysisRules, Checker } from '../../lib/analyser/types';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { type RecordingRow, recordingInOrg, updateRecording } from '../recording';
import { writeClueTags } from './clueTags';
import { effectiveColumns } from './effective';
import { llmStep } from './llmStep';
import { sendAiMessages } from './messages';
import { aiSettingOf, costCenterOf } from './ports';
import { removeAnalyses } from './removal';
import { callAnalysis, callAnalysisBatchItem } from './schema';

/**
 * The analysis pipeline (DESIGN.md section 6): transcript saved → job `analysis` → one analysis per call → the lead's
 * risk and AI tags → AI messages → usage charged. The recording's analysis_status is what users see: 0 not analysed,
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

/** Checkers a module adds for an organisation (quality inspection: its forbidden words and regex rules). */
export type CheckerProvider = (orgId: number) => Promise<Checker[]>;

/** What a module hears after an analysis is stored (and again when a retry re-runs its effects). */
export interface AnalysedEvent {
  orgId: number;
  recording: RecordingRow;
  /** The machine's result, and the effective values (corrections applied). */
  result: AnalysisResult;
  effective: ReturnType<typeof effectiveColumns>;
}
export type AnalysedListener = (event: AnalysedEvent) => Promise<void>;

export class AnalysisPipeline {
  private readonly checkerProviders: CheckerProvider[] = [];
  private readonly analysedListeners: AnalysedListener[] = [];

  /**
   * The checker extension point: the pipeline runs the default checkers (forbidden words, regex rules, abuse) and
   * those every provider gives for the call's organisation; their violations are the call's like any other.
   */
  addCheckers(provider: CheckerProvider): void {
    this.checkerProviders.push(provider);
  }

  /** After every stored analysis: e.g. quality inspection scores the call. Listeners must be idempotent. */
  onAnalysed(listener: AnalysedListener): void {
    this.analysedListeners.push(listener);
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

  /** After every transcript saved (AsrService): queue an analysis when AI is open for the organisation. */
  async onTranscript(orgId: number, recordingId: number): Promise<void> {
    const settings = aiSettingOf(this.ctx);
    if (!settings || !(await settings.isOpen(orgId))) return;
    await this.queue(orgId, recordingId, null);
  }

  /** A new analysis of a recording: its version, 排队中, and its job. */
  async queue(orgId: number, recordingId: number, batchId: number | null): Promise<void> {
    const version = await this.db.transaction(async (tx) => {
      const v = await this.nextVersion(tx, orgId, recordingId, batchId);
      await updateRecording(tx, orgId, recordingId, { analysisStatus: 1 });
      return v;
    });
    await this.ctx.jobs.send(JOB_ANALYSIS, { orgId, recordingId, version, batchId } satisfies AnalysisJob);
  }

  private async nextVersion(tx: DbOrTx, orgId: number, recordingId: number, batchId: number | null): Promise<number> {
    const reset = { status: 1, paused: false, pausedReason: null, error: null, batchId, updatedAt: new Date() };
    const [row] = await tx
      .insert(callAnalysis)
      .values({ organizationId: orgId, recordingId, version: 1, ...reset })
      .onConflictDoUpdate({
        target: [callAnalysis.organizationId, callAnalysis.recordingId],
        set: { version: sql`${callAnalysis.version} + 1`, ...reset },
      })
      .returning({ version: callAnalysis.version });
    return row.version;
  }

  /** Sets the state of analysis `version` of a recording (nothing when a newer one was asked for meanwhile). */
  private async setStatus(
    job: Pick<AnalysisJob, 'orgId' | 'recordingId' | 'version'>,
    status: number,
    extra: Partial<typeof callAnalysis.$inferInsert> = {},
  ): Promise<boolean> {
    // one transaction: the analysis row and the recording's 分析状态 are never seen apart
    return this.db.transaction(async (tx) => {
      const set = await tx
        .update(callAnalysis)
        .set({ status, updatedAt: new Date(), ...extra })
        .where(and(this.rowOf(job.orgId, job.recordingId), eq(callAnalysis.version, job.version)))
        .returning({ id: callAnalysis.id });
      if (set.length) await updateRecording(tx, job.orgId, job.recordingId, { analysisStatus: status });
      return set.length > 0;
    });
  }

  private rowOf(orgId: number, recordingId: number) {
    return and(eq(callAnalysis.organizationId, orgId), eq(callAnalysis.recordingId, recordingId));
  }

  private async itemState(job: AnalysisJob, state: number): Promise<void> {
    if (!job.batchId) return;
    await this.db
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
    const rec = await recordingInOrg(this.db, orgId, recordingId);
    if (!rec) return; // deleted meanwhile
    const [row] = await this.db
      .select({ version: callAnalysis.version, analysedVersion: callAnalysis.analysedVersion })
      .from(callAnalysis)
      .where(this.rowOf(orgId, recordingId));
    if (!row || row.version !== job.version) return; // a newer analysis was asked for; its job does the work
    if (row.analysedVersion === job.version) return this.afterStored(job, rec); // stored; what followed failed
    if (!(await this.setStatus(job, 2))) return;
    await this.itemState(job, ItemState.WAITING); // a retry of a failed item is under way again
    try {
      const t = await this.ctx.services.asr.getTranscript(orgId, recordingId);
      if (!t) {
        await this.setStatus(job, 4, { error: '该录音还没有转写文本' });
        return this.itemState(job, ItemState.FAILED);
      }
      const transcript = { durationMs: t.durationMs, segments: t.segments };
      if (opts.charge !== false && !(await this.charge(rec, job, transcript.durationMs))) return;
      const settings = aiSettingOf(this.ctx);
      const rules: AnalysisRules = (await settings?.rulesFor(orgId)) ?? DEFAULT_RULES;
      const added = (await Promise.all(this.checkerProviders.map((p) => p(orgId)))).flat();
      let result: AnalysisResult = analyse(transcript, rules, [...DEFAULT_CHECKERS, ...added]);
      let llmError: string | null = null;
      let modelName = BUILTIN_MODEL;
      const llm = await settings?.llmFor(orgId);
      if (llm) {
        try {
          result = await llmStep(llm, result, transcript, rules);
          modelName = `${llm.name} / ${llm.model}`.slice(0, 100);
        } catch (e) {
          llmError = `${llm.name}：${(e as Error).message || String(e)}`.slice(0, 1000);
        }
      }
      await this.store(rec, job.version, result, { llmError, modelName, searchText: t.text, rules });
      await this.itemState(job, ItemState.DONE);
    } catch (e) {
      await this.setStatus(job, 4, { error: ((e as Error).message || String(e)).slice(0, 1000) });
      await this.itemState(job, ItemState.FAILED);
      throw e; // retried by the queue with backoff
    }
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
    await this.setStatus(job, 1, { paused: true, pausedReason: ANALYSIS_PAUSED_REASON });
    await this.itemState(job, ItemState.PAUSED);
    return false;
  }

  /**
   * Stores the result (replacing the last), keeps the corrections over it, then the lead and the messages; the call
   * reads 已完成 only once all of that is done.
   */
  private async store(
    rec: RecordingRow,
    version: number,
    m: AnalysisResult,
    extra: { llmError: string | null; modelName: string; searchText: string; rules: AnalysisRules | null },
  ): Promise<void> {
    const { organizationId: orgId, id: recordingId } = rec;
    const [current] = await this.db
      .select({ correction: callAnalysis.correction })
      .from(callAnalysis)
      .where(this.rowOf(orgId, recordingId));
    const e = effectiveColumns(m, current?.correction ?? null);
    const stored = await this.db
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
        analysedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(this.rowOf(orgId, recordingId), eq(callAnalysis.version, version)))
      .returning({ id: callAnalysis.id });
    if (!stored.length) return; // a newer analysis was asked for meanwhile
    await this.effects(rec, m, e, extra.rules, extra.llmError);
    await this.setStatus({ orgId, recordingId, version }, 3);
  }

  /** The lead's risk and AI tags, then the AI messages: each idempotent, so a retry may run them again. */
  private async effects(
    rec: RecordingRow,
    m: AnalysisResult,
    e: ReturnType<typeof effectiveColumns>,
    rules: AnalysisRules | null,
    llmError: string | null,
  ): Promise<void> {
    if (rec.clueId) {
      if (m.risk) await this.ctx.services.clue.setRisk(rec.organizationId, rec.clueId, 1);
      const names = new Map(rules?.customTags.map((t) => [t.id, t.name]) ?? []);
      await writeClueTags(this.db, rec.organizationId, rec.clueId, rec.id, m, e, names);
    }
    await sendAiMessages(this.ctx, rec, m, e, rules, llmError);
    for (const listener of this.analysedListeners)
      await listener({ orgId: rec.organizationId, recording: rec, result: m, effective: e });
  }

  /** A retry of a job whose result was stored but whose lead update or messages failed: those again, then 已完成. */
  private async afterStored(job: AnalysisJob, rec: RecordingRow): Promise<void> {
    const [row] = await this.db.select().from(callAnalysis).where(this.rowOf(job.orgId, job.recordingId));
    if (row?.status !== 3 && row?.machine) {
      try {
        const rules = (await aiSettingOf(this.ctx)?.rulesFor(job.orgId)) ?? null;
        const e = effectiveColumns(row.machine, row.correction ?? null);
        await this.effects(rec, row.machine, e, rules, row.llmError);
        await this.setStatus(job, 3, { error: null });
      } catch (err) {
        await this.setStatus(job, 4, { error: ((err as Error).message || String(err)).slice(0, 1000) });
        throw err;
      }
    }
    await this.itemState(job, ItemState.DONE);
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
    const paused = await this.db
      .update(callAnalysis)
      .set({ paused: false, pausedReason: null, updatedAt: new Date() })
      .where(and(eq(callAnalysis.organizationId, orgId), eq(callAnalysis.paused, true)))
      .returning({
        recordingId: callAnalysis.recordingId,
        version: callAnalysis.version,
        batchId: callAnalysis.batchId,
      });
    for (const p of paused) {
      await this.itemState({ orgId, ...p }, ItemState.WAITING);
      await this.ctx.jobs.send(JOB_ANALYSIS, { orgId, ...p } satisfies AnalysisJob);
    }
    return paused.length;
  }

  /** Analyses go with their recordings: called by the recording module inside its delete transaction. */
  readonly removeFor = removeAnalyses;

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

  /** The seed: analyse a recording now, through the same steps as the job, without the queue or a charge. */
  async analyseNow(orgId: number, recordingId: number): Promise<void> {
    const version = await this.nextVersion(this.db, orgId, recordingId, null);
    await this.run({ orgId, recordingId, version }, { charge: false });
  }
}
