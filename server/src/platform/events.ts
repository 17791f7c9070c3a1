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
  /** The job's singleton key (needed by the `key_strict_fifo` policy: one recording's events in order). */
  key?: (payload: DomainEvents[E]) => string;
}

interface Subscriber {
  queue: string;
  handler: Consumer<any>;
  key?: (payload: any) => string;
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
    const queue = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 900, ...opts.queue };
    this.jobs.register<DomainEvents[E]>(subscriber, (data) => handler(data), {
      queue,
      concurrency: opts.concurrency ?? 1,
      batchSize: opts.batchSize ?? 10,
    });
    const list = this.subscribers.get(event) ?? [];
    list.push({ queue: subscriber, handler, key: opts.key });
    this.subscribers.set(event, list);
  }

  /** The queues that consume an event (tests wait on them, the bench counts them). */
  queuesOf(event: EventName): string[] {
    return (this.subscribers.get(event) ?? []).map((s) => s.queue);
  }

  /** Every consumer queue, of every event. */
  get queues(): string[] {
    return [...new Set([...this.subscribers.values()].flat().map((s) => s.queue))];
  }

  /**
   * One job per subscriber and payload. Without running queues (the seed, a CLI) the consumers run here, one after
   * the other, as they would as jobs.
   */
  async emit<E extends EventName>(event: E, ...payloads: DomainEvents[E][]): Promise<void> {
    const subs = this.subscribers.get(event) ?? [];
    if (!payloads.length || !subs.length) return;
    if (!this.jobs.isStarted) {
      for (const p of payloads) for (const s of subs) await s.handler(p);
      return;
    }
    for (const s of subs)
      await this.jobs.boss.insert(
        s.queue,
        payloads.map((data) => ({ data: data as object, singletonKey: s.key?.(data) })),
      );
  }
}
