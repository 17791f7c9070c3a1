import { fromPglite, type Job, PgBoss, type QueueOptions, type SendOptions } from 'pg-boss';
import type { Database } from './db';

export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>;

interface Registration {
  name: string;
  handler: JobHandler<any>;
  queue: QueueOptions;
  concurrency: number;
}

/**
 * The job queues (pg-boss) on the same database as the data: PGlite through its adapter, or PostgreSQL.
 * Modules register their handlers before start; a process works only the queues named in WORKERS (or all).
 */
export class Jobs {
  readonly boss: PgBoss;
  private readonly registrations: Registration[] = [];
  private readonly schedules: { name: string; cron: string }[] = [];
  private started = false;

  constructor(
    database: Database,
    private readonly workers: string[] | 'all',
    private readonly onError: (err: unknown) => void = () => {},
    /** The schema of the queue tables; processes that share one see each other's jobs. */
    schema = 'pgboss',
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', schema })
        : new PgBoss({ connectionString: database.connectionString!, schema, max: 5 });
    this.boss.on('error', onError);
  }

  /** Declares a queue and its handler. Defaults: 3 retries with exponential backoff from 5 s. */
  register<T>(name: string, handler: JobHandler<T>, opts: { queue?: QueueOptions; concurrency?: number } = {}): void {
    this.registrations.push({
      name,
      handler,
      queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 1800, ...opts.queue },
      concurrency: opts.concurrency ?? 1,
    });
  }

  /** Runs a registered queue on a cron schedule (Asia/Shanghai), once across all processes (pg-boss schedule). */
  schedule(name: string, cron: string): void {
    this.schedules.push({ name, cron });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const r of this.registrations) {
      const existing = await this.boss.getQueue(r.name);
      if (!existing) await this.boss.createQueue(r.name, r.queue);
      // options added in a later release (retries, heartbeat) reach queues created before it
      else await this.boss.updateQueue(r.name, r.queue);
      if (this.workers === 'all' || this.workers.includes(r.name) || this.workers.includes(r.name.split('.')[0])) {
        await this.boss.work(r.name, { localConcurrency: r.concurrency, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) {
            try {
              await r.handler(job.data, job);
            } catch (err) {
              this.onError(err);
              throw err;
            }
          }
        });
      }
    }
    for (const sc of this.schedules) await this.boss.schedule(sc.name, sc.cron, {}, { tz: 'Asia/Shanghai' });
    this.started = true;
  }

  async send<T extends object>(name: string, data: T, opts: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, opts);
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
