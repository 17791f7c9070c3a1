import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The query builder every service uses. PGlite's and node-postgres' drizzle share this API. */
export type Db = NodePgDatabase<Record<string, never>>;
/** A transaction handle: same API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The PGlite instance in the embedded shape (pg-boss runs on it); undefined on PostgreSQL. */
  pglite?: PGlite;
  connectionString?: string;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a lock that every process of the installation shares (the first start's seeding: two
   * processes starting at once must not both find the database empty). Session-level on PostgreSQL; not taken through
   * a pooler in transaction mode (DATABASE_POOL_MODE=transaction), where the first start must run alone or SEED=false.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = join(import.meta.dirname, '../../drizzle');

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** 'transaction': behind PgBouncer in transaction mode, statements are not prepared by name (see Config). */
  poolMode?: 'session' | 'transaction';
  /** A PGlite data directory dump to start from (tests start from a migrated snapshot instead of initdb). */
  snapshot?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 20, opts.poolMode ?? 'session');
  const dir = opts.dataDir === ':memory:' ? undefined : join(opts.dataDir, 'pgdata');
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.snapshot });
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    migrate: async () => {
      await pglite.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    exclusive: (fn) => fn(), // one process owns a PGlite directory
    close: () => pglite.close(),
  };
}

async function openPostgres(
  connectionString: string,
  max: number,
  poolMode: 'session' | 'transaction',
): Promise<Database> {
  // A dead server fails a checkout after 5 s instead of holding the request; connections idle for 30 s are closed.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  // A pooled connection that the server drops (a restart, a failover, a cut network) emits 'error' on the pool: without
  // a listener that would end the process. The pool replaces it; the requests using it at that moment fail.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  pool.on('connect', (client) => {
    // A client checked out of the pool (a transaction) has no listener of the pool's: its 'error' when the server goes
    // away would end the process. Its query fails instead, and the pool drops it on release (it is not queryable).
    client.on('error', () => {});
    if (poolMode === 'transaction') unnamedStatements(client);
  });
  // timestamps travel as Date; bigint (int8) counts come back as numbers when they fit.
  pg.types.setTypeParser(20, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v));
  const db = drizzlePg(pool) as Db;
  return {
    kind: 'postgres',
    db,
    connectionString,
    migrate: () => retryCatalogRace(() => migratePostgres(db)),
    exclusive: async (fn) => {
      // Through a pooler in transaction mode a session lock would stay held by whichever server connection took it
      // (its unlock may run on another) and block the next start for ever: there the first start must run alone.
      if (poolMode === 'transaction') return fn();
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727002)');
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(727002)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Behind a pooler in transaction mode a statement prepared by name on one server connection is missing on the next
 * (PgBouncer before 1.21 does not track them): every query goes as an unnamed statement, parsed each time.
 */
function unnamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(config && typeof config === 'object' && 'name' in config ? { ...config, name: undefined } : config, ...rest);
}

/**
 * Drizzle's migrations (same files, same `drizzle.__drizzle_migrations` journal) in ONE transaction that first takes
 * a transaction-level advisory lock: several processes starting at once apply them once (the others wait, then find
 * them applied), and it works through PgBouncer in transaction mode, where a session-level lock would be taken on one
 * server connection and released on another.
 */
async function migratePostgres(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    await tx.execute(sql`create extension if not exists pg_trgm`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const last = await tx.execute<{ created_at: string | number }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const lastAt = last.rows.length ? Number(last.rows[0].created_at) : null;
    for (const m of migrations) {
      if (lastAt !== null && lastAt >= m.folderMillis) continue;
      for (const statement of m.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
      );
    }
  });
}

/**
 * Runs a start-up step that creates database objects again when it lost a race with another process starting at
 * the same moment (PostgreSQL's `IF NOT EXISTS` is not safe against a concurrent create: a unique violation on a
 * catalog, or "already exists"). The second attempt finds the objects made.
 */
export async function retryCatalogRace<T>(step: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await step();
    } catch (err) {
      const { code, message } = err as { code?: string; message?: string };
      const race = ['23505', '42P06', '42P07', '42710'].includes(code ?? '') || /already exists/.test(message ?? '');
      if (!race || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

/** A failure of the database connection itself (down, restarting, unreachable), not of the query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (
      /^(08|57P0[1-3])/.test(code) ||
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code)
    )
      return true;
    const msg = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        msg,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
