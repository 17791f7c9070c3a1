import { sql } from 'drizzle-orm';
import type { Db } from './db';

/**
 * Fixed-window counters in the database, so limits hold across app processes. `hit` adds one and returns the
 * count in the current window; `count` only reads it.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private windowStart(windowSeconds: number): Date {
    const now = this.now();
    return new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    const start = this.windowStart(windowSeconds);
    // Every request of one key updates the same row, which stays locked until the commit: without waiting for the
    // WAL flush (a counter may lose its last hits in a crash) the row is free sooner and a key's requests queue less.
    const res = await this.db.execute<{ count: number }>(sql`
      insert into rate_limit (key, window_start, count)
      select ${key}, ${start.toISOString()}, 1 from (select set_config('synchronous_commit', 'off', true)) async
      on conflict (key, window_start) do update set count = rate_limit.count + 1
      returning count`);
    return Number(res.rows[0].count);
  }

  async count(key: string, windowSeconds: number): Promise<number> {
    const start = this.windowStart(windowSeconds);
    const res = await this.db.execute<{ count: number }>(
      sql`select count from rate_limit where key = ${key} and window_start = ${start.toISOString()}`,
    );
    return Number(res.rows[0]?.count ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit where key = ${key}`);
  }

  /** Drops windows older than a day; run by a scheduled job. */
  async prune(): Promise<void> {
    await this.db.execute(sql`delete from rate_limit where window_start < now() - interval '1 day'`);
  }
}
