import pg from 'pg';

/** The server a bench makes its databases on: DATABASE_URL's (its own database is never used), else the local one. */
const serverUrl = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The databases this run made, dropped when the run ends (run.ts calls dropBenchDatabases). */
const made = new Set<string>();

function urlOf(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, empty PostgreSQL database `name` on the server of DATABASE_URL (else the machine's local one), dropped
 * first if a previous run left it and dropped again when the run ends; answers its URL, or undefined when no server
 * answers (the bench then says so). Every bench makes its own this way, also when DATABASE_URL is set: a bench never
 * writes into the database DATABASE_URL names (issue 26: a second run of a bench failed on the first's rows).
 */
export async function freshDatabase(name: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: serverUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    made.add(name);
    return urlOf(name);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Drops a database freshDatabase made, once its connections are gone (a job queue's pool closes a moment after the
 * app; after 10 s they are ended by force). Answers whether it is gone.
 */
export async function dropDatabase(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    for (let i = 0; i < 50; i++) {
      const busy = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (busy.rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await client.query(`drop database if exists ${name} with (force)`);
    made.delete(name);
    return true;
  } catch (e) {
    console.log(`bench: database ${name} left in place (${(e as Error).message})`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Drops every database this run made (the end of `npm run bench`). */
export async function dropBenchDatabases(): Promise<void> {
  for (const name of [...made]) await dropDatabase(name);
}
