import { fromPglite, type Job, PgBoss, type QueueOptions, type SendOptions } from 'pg-boss';
import type { JobTuning } from './config';
import { type Database, retryCatalogRace } from './db';

export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>;

interface Registration {
  name: string;
  handler: JobHandler<any>;
  queue: QueueOptions;
  concurrency: number;
  batchSize: number;
}

/**
 * The job queues (pg-boss) on the same database as the data: PGlite through its adapter, or PostgreSQL.
 * Modules register their handlers before start; a process works only the queues named in WORKERS (or all, or none).
 *
 * Exactly once: pg-boss hands a job to one worker (SKIP LOCKED), completes it when its handler returns and retries it
 * when it throws or when its worker stops beating (killed, hung): handlers are idempotent, so a retry after a death
 * mid-way only redoes the work.
 */
export class Jobs {
  readonly boss: PgBoss;
  private readonly registrations: Registration[] = [];
  private readonly schedules: { name: string; cron: string }[] = [];
  /** This process's worker of each queue it works. */
  private readonly workerIds = new Map<string, string>();
  private started = false;

  constructor(
    database: Database,
    private readonly workers: string[] | 'all',
    private readonly onError: (err: unknown) => void = () => {},
    /** The schema of the queue tables; processes that share one see each other's jobs. */
    readonly schema = 'pgboss',
    private readonly tuning: JobTuning = { pollingSeconds: 0.5 },
    /** After each job this process completed (a debug log line: which process ran what). */
    private readonly onDone: (queue: string, jobId: string, ms: number) => void = () => {},
  ) {
    const supervise = tuning.superviseSeconds
      ? { superviseIntervalSeconds: tuning.superviseSeconds, monitorIntervalSeconds: tuning.superviseSeconds }
      : {};
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', schema, ...supervise })
        : new PgBoss({ connectionString: database.connectionString!, schema, max: 5, ...supervise });
    this.boss.on('error', onError);
  }

  /**
   * Declares a queue and its handler. Defaults: 3 retries with exponential backoff from 5 s.
   * `batchSize` jobs are fetched at once by each of the `concurrency` workers and run one after the other (a failed
   * one failed alone, the others completed together): a worker otherwise takes one job per polling interval.
   * Keep it 1 for long jobs (a transcription): the jobs of a batch wait for each other and share one expiry.
   */
  register<T>(
    name: string,
    handler: JobHandler<T>,
    opts: { queue?: QueueOptions; concurrency?: number; batchSize?: number } = {},
  ): void {
    const queue = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 1800, ...opts.queue };
    if (queue.heartbeatSeconds && this.tuning.heartbeatSeconds)
      queue.heartbeatSeconds = Math.max(10, this.tuning.heartbeatSeconds);
    this.registrations.push({
      name,
      handler,
      queue,
      concurrency: opts.concurrency ?? 1,
      batchSize: Math.max(1, opts.batchSize ?? 1),
    });
  }

  /** The registered queues with their handlers, read-only: the cross-organisation test drives every one. */
  get queues(): readonly Readonly<Pick<Registration, 'name' | 'handler'>>[] {
    return this.registrations;
  }

  /** Runs a registered queue on a cron schedule (Asia/Shanghai), once across all processes (pg-boss schedule). */
  schedule(name: string, cron: string): void {
    this.schedules.push({ name, cron });
  }

  /** Whether this process works the queue (WORKERS names it, or its family: `analysis` covers `analysis.batch`). */
  works(name: string): boolean {
    return this.workers === 'all' || this.workers.includes(name) || this.workers.includes(name.split('.')[0]);
  }

  async start(): Promise<void> {
    if (this.started) return;
    // processes starting together may race to create the queue tables
    await retryCatalogRace(() => this.boss.start());
    for (const r of this.registrations)
      await retryCatalogRace(async () => {
        const existing = await this.boss.getQueue(r.name);
        if (!existing) await this.boss.createQueue(r.name, r.queue);
        // options added in a later release (retries, heartbeat) reach queues created before it
        else await this.boss.updateQueue(r.name, r.queue);
        // looked up now into pg-boss's cache: a job queued inside a transaction (platform/events.ts) must not look it
        // up (on PGlite that lookup would wait for the transaction to end)
        await this.boss.insert(r.name, []);
      });
    // every queue exists: jobs are queued from now on, also by the first handlers of the workers started below
    this.started = true;
    for (const r of this.registrations) {
      if (!this.works(r.name)) continue;
      const workerId = await this.boss.work(
        r.name,
        { localConcurrency: r.concurrency, batchSize: r.batchSize, pollingIntervalSeconds: this.tuning.pollingSeconds },
        async (jobs) => {
          for (const job of jobs) await this.runOne(r, job);
        },
      );
      this.workerIds.set(r.name, workerId);
    }
    if (this.tuning.schedules !== false)
      for (const sc of this.schedules) await this.boss.schedule(sc.name, sc.cron, {}, { tz: 'Asia/Shanghai' });
  }

  /**
   * One job of a batch: failed on its own (retried by its queue's policy) when it throws; the others are completed
   * together by pg-boss when the batch is done (one statement for the batch; a crash mid-batch runs the done ones
   * again, as any death before completion does: handlers are idempotent).
   */
  private async runOne(r: Registration, job: Job<any>): Promise<void> {
    const started = Date.now();
    try {
      await r.handler(job.data, job);
    } catch (err) {
      this.onError(err);
      await this.boss.fail(r.name, job.id, errorOutput(err));
      return;
    }
    this.onDone(r.name, job.id, Date.now() - started);
  }

  async send<T extends object>(name: string, data: T, opts: SendOptions = {}): Promise<string | null> {
    const id = await this.boss.send(name, data, opts);
    this.wake(name);
    return id;
  }

  /**
   * A job was just queued: this process's worker of the queue, if it has one, fetches now instead of at its next
   * poll (a chain of jobs in one process does not wait half a second at each step).
   */
  wake(name: string): void {
    const id = this.workerIds.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  get isStarted(): boolean {
    return this.started;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}

function errorOutput(err: unknown): object {
  return err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
}
