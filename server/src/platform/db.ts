import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
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
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = join(import.meta.dirname, '../../drizzle');

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** A PGlite data directory dump to start from (tests start from a migrated snapshot instead of initdb). */
  snapshot?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 20);
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
    close: () => pglite.close(),
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // timestamps travel as Date; bigint (int8) counts come back as numbers when they fit.
  pg.types.setTypeParser(20, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v));
  const db = drizzlePg(pool) as Db;
  return {
    kind: 'postgres',
    db,
    connectionString,
    migrate: async () => {
      // Several app processes may start at once: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727001)');
        await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
