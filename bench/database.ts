import pg from 'pg';

/**
 * A fresh, empty PostgreSQL database `name` on the server of DATABASE_URL (else the machine's local one), dropped
 * first if a previous run left it; answers its URL, or undefined when no server answers (the bench then says so).
 */
export async function freshDatabase(name: string): Promise<string | undefined> {
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}
