import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db as BossDb, fromDrizzle, type QueueOptions } from 'pg-boss';
import type { Db, Tx } from './db';
import type { Jobs } from './jobs';

/**
 * Domain events: a module emits one, and each subscriber (a module and a consumer name) is its own pg-boss queue,
 * `<module>.<consumer>`, with its own retries: a failing consumer is retried alone and never replays the others or
 * fails the stage that emitted. The queue's family is the subscriber's module, so `WORKERS=quality` works the
 * quality module's consumers. Consumers are idempotent (a job may run again after its worker died) and write only
 * their own module's tables.
 *
 * An event is queued in the transaction of the state it announces (`events.transaction`): a stage that dies after
 * committing has queued its events, one that dies before has neither (its retry does both). A subscriber of
 * `onInTransaction` is not a queue: it runs inside the emitter's transaction (the recording's status columns, which a
 * user must see change with the stage's own state).
 */

/** Event name → payload; each module adds the events it emits through declaration merging (like `Services`). */
// biome-ignore lint/suspicious/noEmptyInterface: extended by modules
export interface DomainEvents {}

export type EventName = keyof DomainEvents & string;
export type Consumer<E extends EventName> = (payload: DomainEvents[E]) => Promise<void>;
/**
 * Runs in the emitter's transaction (`outbox.tx`; it may emit and queue through the outbox), given every payload of one
 * emit. It must read and write through `outbox.tx` only: on PGlite a query outside the transaction waits for its end.
 */
export type InTransactionHandler<E extends EventName> = (outbox: Outbox, payloads: DomainEvents[E][]) => Promise<void>;

export interface SubscribeOptions {
  queue?: QueueOptions;
  concurrency?: number;
  batchSize?: number;
  /**
   * After a transaction a user waits on (`transaction(fn, { userWaits: true })`), also run by the emitting process
   * right after the commit, before the answer (what the consumer writes is there when the user looks); its job, the
   * durable way, runs it again, so it must find its work done. It must be cheap.
   */
  eager?: boolean;
}

interface Subscriber {
  queue: string;
  handler: Consumer<any>;
  eager: boolean;
}

export class Events {
  private readonly subscribers = new Map<string, Subscriber[]>();
  private readonly inTransaction = new Map<string, InTransactionHandler<any>[]>();

  constructor(
    private readonly jobs: Jobs,
    private readonly db: Db,
    /** An eager run that failed (its job runs it again). */
    readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** Subscribes `subscriber` (`<module>.<consumer>`) to an event: its queue is registered with the jobs. */
  on<E extends EventName>(
    event: E,
    subscriber: `${string}.${string}`,
    handler: Consumer<E>,
    opts: SubscribeOptions = {},
  ): void {
    // the heartbeat hands the job of a worker that died to another within a minute (JOB_HEARTBEAT_SECONDS)
    const queue = {
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 900,
      heartbeatSeconds: 60,
      ...opts.queue,
    };
    this.jobs.register<DomainEvents[E]>(subscriber, (data) => handler(data), {
      queue,
      concurrency: opts.concurrency ?? 1,
      batchSize: opts.batchSize ?? 10,
    });
    const list = this.subscribers.get(event) ?? [];
    list.push({ queue: subscriber, handler, eager: opts.eager ?? false });
    this.subscribers.set(event, list);
  }

  /**
   * Subscribes a handler that runs inside the emitter's transaction, in the emitting process: it commits (or rolls
   * back) with the state the event announces, so what it writes never lags behind that state. For small writes only.
   */
  onInTransaction<E extends EventName>(event: E, handler: InTransactionHandler<E>): void {
    this.inTransaction.set(event, [...(this.inTransaction.get(event) ?? []), handler]);
  }

  /** Every consumer queue, of every event (tests wait on them, the bench counts them). */
  get queues(): string[] {
    return [...new Set([...this.subscribers.values()].flat().map((s) => s.queue))];
  }

  /**
   * Runs `fn` in one transaction whose outbox queues events and jobs with it: they exist if and only if it commits.
   * `now` (the seed, a CLI), or without running queues: the consumers run here after the commit, one after the
   * other, as they would as jobs. `userWaits` (an upload): the eager consumers run here after the commit too.
   */
  async transaction<T>(
    fn: (tx: Tx, outbox: Outbox) => Promise<T>,
    opts: { now?: boolean; userWaits?: boolean } = {},
  ): Promise<T> {
    const now = opts.now || !this.jobs.isStarted;
    let outbox!: Outbox;
    const result = await this.db.transaction(async (tx) => {
      outbox = new Outbox(tx, this, now, opts.userWaits ?? false);
      return fn(tx, outbox);
    });
    for (const queue of outbox.queued) this.jobs.wake(queue);
    for (const run of outbox.afterCommit) await run();
    return result;
  }

  /** Emits in a transaction of its own (an event that announces no state of the emitter's tables). */
  async emit<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    if (this.heard(event)) await this.transaction((_, outbox) => outbox.emit(event, ...payloads));
  }

  /** `Outbox.emitOnce` in a transaction of its own. */
  async emitOnce<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    if (this.heard(event)) await this.transaction((_, outbox) => outbox.emitOnce(event, ...payloads));
  }

  /** Whether anything subscribes to the event (else emitting it alone needs no transaction). */
  private heard(event: string): boolean {
    return this.subscribers.has(event) || this.inTransaction.has(event);
  }

  /** @internal the outbox's way in. */
  subscribersOf(event: string): { queued: Subscriber[]; inTransaction: InTransactionHandler<any>[] } {
    return { queued: this.subscribers.get(event) ?? [], inTransaction: this.inTransaction.get(event) ?? [] };
  }

  /** @internal */
  get boss() {
    return this.jobs.boss;
  }
}

/** What one transaction emits and queues (`Events.transaction`). */
export class Outbox {
  /** Queues given a job: their workers in this process are woken after the commit. */
  readonly queued = new Set<string>();
  /** Consumers run in this process after the commit (`now`). */
  readonly afterCommit: (() => Promise<void>)[] = [];
  private readonly db: BossDb;

  constructor(
    readonly tx: Tx,
    private readonly events: Events,
    private readonly now: boolean,
    private readonly userWaits: boolean,
  ) {
    // pg-boss's statements through the drizzle transaction (PGlite or PostgreSQL alike)
    this.db = fromDrizzle(tx, sql);
  }

  /** One job per queue subscriber and payload; the in-transaction subscribers run now. */
  emit<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    return this.publish(event, payloads, false);
  }

  /**
   * For an event whose payload names one fact (analysis `version` of a call stored): emitted again by a consumer
   * retried after it died, it queues nothing new (the job ids are the payload's), so each consumer runs once.
   */
  emitOnce<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    return this.publish(event, payloads, true);
  }

  /** A job of a queue, in this transaction. */
  async send<T extends object>(queue: string, data: T): Promise<void> {
    await this.insert(queue, [data], false);
  }

  /** Jobs of a queue, in one statement of this transaction. */
  async sendAll<T extends object>(queue: string, data: T[]): Promise<void> {
    if (data.length) await this.insert(queue, data, false);
  }

  private async publish<E extends EventName>(event: E, payloads: DomainEvents[E][], once: boolean): Promise<void> {
    if (!payloads.length) return;
    const { queued, inTransaction } = this.events.subscribersOf(event);
    for (const handler of inTransaction) await handler(this, payloads);
    if (this.now) {
      for (const p of payloads) for (const s of queued) this.afterCommit.push(() => s.handler(p));
      return;
    }
    for (const s of queued) await this.insert(s.queue, payloads, once);
    if (this.userWaits)
      for (const s of queued.filter((q) => q.eager))
        for (const p of payloads) this.afterCommit.push(() => s.handler(p).catch(this.events.onError));
  }

  private async insert(queue: string, payloads: object[], once: boolean): Promise<void> {
    await this.events.boss.insert(
      queue,
      // the same id again is ignored by the insert (ON CONFLICT DO NOTHING)
      payloads.map((data) => ({ data, ...(once ? { id: jobId(queue, data) } : {}) })),
      { db: this.db },
    );
    this.queued.add(queue);
  }
}

/** A job id (a UUID) that one queue and payload always give. */
function jobId(queue: string, payload: unknown): string {
  const h = createHash('sha1')
    .update(`${queue}\n${JSON.stringify(payload)}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
