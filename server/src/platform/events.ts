import { createHash } from 'node:crypto';
import type { QueueOptions } from 'pg-boss';
import type { Jobs } from './jobs';

/**
 * Domain events: a module emits one, and each subscriber (a module and a consumer name) is its own pg-boss queue,
 * `<module>.<consumer>`, with its own retries: a failing consumer is retried alone and never replays the others or
 * fails the stage that emitted. The queue's family is the subscriber's module, so `WORKERS=quality` works the
 * quality module's consumers. Consumers are idempotent (a job may run again after its worker died) and write only
 * their own module's tables.
 */

/** Event name → payload; each module adds the events it emits through declaration merging (like `Services`). */
// biome-ignore lint/suspicious/noEmptyInterface: extended by modules
export interface DomainEvents {}

export type EventName = keyof DomainEvents & string;
export type Consumer<E extends EventName> = (payload: DomainEvents[E]) => Promise<void>;

export interface SubscribeOptions<E extends EventName> {
  queue?: QueueOptions;
  concurrency?: number;
  batchSize?: number;
  /**
   * For events that tell a state (a recording's status): the key of what they tell the state of. A job finding a
   * later event of its key still to run does nothing (that one writes the state), so the state never goes back to
   * an earlier one whatever order the jobs run in.
   */
  latestBy?: (payload: DomainEvents[E]) => string;
}

interface Subscriber {
  queue: string;
  handler: Consumer<any>;
  latestBy?: (payload: any) => string;
}

export class Events {
  private readonly subscribers = new Map<string, Subscriber[]>();

  constructor(private readonly jobs: Jobs) {}

  /** Subscribes `subscriber` (`<module>.<consumer>`) to an event: its queue is registered with the jobs. */
  on<E extends EventName>(
    event: E,
    subscriber: `${string}.${string}`,
    handler: Consumer<E>,
    opts: SubscribeOptions<E> = {},
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
    const latestBy = opts.latestBy;
    const run = latestBy
      ? async (data: DomainEvents[E], job: { id: string }) => {
          if (!(await this.superseded(subscriber, job.id, latestBy(data)))) await handler(data);
        }
      : (data: DomainEvents[E]) => handler(data);
    this.jobs.register<DomainEvents[E]>(subscriber, run, {
      queue,
      concurrency: opts.concurrency ?? 1,
      batchSize: opts.batchSize ?? 10,
    });
    const list = this.subscribers.get(event) ?? [];
    list.push({ queue: subscriber, handler, latestBy });
    this.subscribers.set(event, list);
  }

  /** Every consumer queue, of every event (tests wait on them, the bench counts them). */
  get queues(): string[] {
    return [...new Set([...this.subscribers.values()].flat().map((s) => s.queue))];
  }

  /**
   * One job per subscriber and payload. Without running queues (the seed, a CLI) the consumers run here, one after
   * the other, as they would as jobs.
   */
  emit<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    return this.publish(event, payloads, false);
  }

  /**
   * For an event whose payload names one fact (analysis `version` of a call stored): emitted again, by an emitter
   * retried after it died between emitting and completing, it queues nothing new, so each consumer runs once.
   */
  emitOnce<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    return this.publish(event, payloads, true);
  }

  /** The consumers run here and now, one after the other, as they would as jobs (the seed: no queue, no waiting). */
  async emitNow<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    for (const p of payloads) for (const s of this.subscribers.get(event) ?? []) await s.handler(p);
  }

  private async publish<E extends EventName>(event: E, payloads: DomainEvents[E][], once: boolean): Promise<void> {
    const subs = this.subscribers.get(event) ?? [];
    if (!payloads.length || !subs.length) return;
    if (!this.jobs.isStarted) return this.emitNow(event, ...payloads);
    for (const s of subs)
      await this.jobs.boss.insert(
        s.queue,
        payloads.map((data) => ({
          data: data as object,
          singletonKey: s.latestBy?.(data),
          // the same id again is ignored by the insert (ON CONFLICT DO NOTHING)
          ...(once ? { id: jobId(s.queue, data) } : {}),
        })),
      );
    for (const s of subs) this.jobs.wake(s.queue);
  }

  /** Whether a later job of the queue, of the same key, is still to run (or running). */
  private async superseded(queue: string, jobId: string, key: string): Promise<boolean> {
    const job = `"${this.jobs.schema}".job`;
    const { rows } = await this.jobs.boss.getDb().executeSql(
      `select exists (select 1 from ${job} later join ${job} me on me.name = later.name and me.id = $2
        where later.name = $1 and later.singleton_key = $3 and later.state in ('created', 'retry', 'active')
          and (later.created_on, later.id) > (me.created_on, me.id)) as superseded`,
      [queue, jobId, key],
    );
    return rows[0]?.superseded === true;
  }
}

/** A job id (a UUID) that one queue and payload always give. */
function jobId(queue: string, payload: unknown): string {
  const h = createHash('sha1')
    .update(`${queue}\n${JSON.stringify(payload)}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
