import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import { createOrganization } from '../server/src/modules/org/service';
import { loadConfig } from '../server/src/platform/config';
import { type DbOrTx, openDatabase } from '../server/src/platform/db';
import { hashPassword } from '../server/src/platform/password';
import { freshDatabase } from './database';

/** Every account a bench makes signs in with this password. */
export const BENCH_PASSWORD = 'bench@1234';

export type BenchApp = Awaited<ReturnType<typeof buildApp>> & { db: Awaited<ReturnType<typeof openDatabase>>['db'] };

/**
 * Runs `work` on the app built over a fresh PostgreSQL database `dbName` (migrated, no demo data, no jobs), then closes
 * both. Answers false, having run nothing, when no PostgreSQL answers: the bench says so and skips its figures.
 */
export async function withBenchApp(
  dbName: string,
  work: (b: BenchApp) => Promise<void>,
  poolSize = 20,
): Promise<boolean> {
  const databaseUrl = await freshDatabase(dbName);
  if (!databaseUrl) return false;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), `${dbName}-`)),
    LOG_LEVEL: 'warn',
    SEED: 'false',
  });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, poolSize });
  await database.migrate();
  const built = await buildApp(config, database, { logger: false, startJobs: false });
  try {
    await work({ ...built, db: database.db });
  } finally {
    await built.app.close();
    await database.close();
  }
  return true;
}

/**
 * A new organisation for a bench, in `tx`: `name` and a tag make it unique, its administrator is `<prefix>_admin_<tag>`;
 * `hash` is BENCH_PASSWORD's, for the users the bench adds, and `role(sign)` a role's id.
 */
export async function benchOrganization(tx: DbOrTx, name: string, prefix: string) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const tag = Date.now().toString(36);
  const made = await createOrganization(tx, {
    name: `${name}${tag}`,
    admin: { username: `${prefix}_admin_${tag}`, realName: '管理员', passwordHash: hash },
  });
  const role = (sign: string) => made.roles.find((r) => r.roleSign === sign)!.id;
  return { ...made, hash, tag, role };
}
