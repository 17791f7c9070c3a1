// `npm run backup -- <file>` and `npm run restore -- <file>`: the database and the file store together, in one
// .tar.gz. Reads the same environment as the server (DATA_DIR, DATABASE_URL).
//   embedded (PGlite): the data directory's dump (PGlite dumpDataDir); the server must be stopped (one process owns
//                      the directory); restore puts it back under DATA_DIR/pgdata.
//   PostgreSQL:        pg_dump --format=custom (a consistent snapshot while the servers run); restore runs pg_restore
//                      --clean --if-exists in one transaction into DATABASE_URL (stop the servers first).
//   files:             DATA_DIR/files (the disk store). With S3_ENDPOINT the objects stay in the bucket: back it up with
//                      the store's own versioning or replication (the archive then holds the database only).
// The secrets key (SECRETS_KEY or DATA_DIR/.secrets-key) is not in the archive: kept apart, it is what makes a stolen
// archive useless for the sealed secrets; a restore elsewhere needs the same key.
// The database is dumped before the files are read: every file a dumped row names was stored before its row.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../server/src/platform/config';
import { embeddedServerPid } from '../server/src/platform/pidFile';

const FORMAT = 'crm-backup';
/** Secrets at rest (platform/secrets.ts) are sealed with the installation key, which the archive deliberately lacks. */
const SECRETS_KEY_NOTE =
  '注意：加密密钥（SECRETS_KEY 或 DATA_DIR/.secrets-key）不在备份文件中，请另行妥善保存；' +
  '在另一台机器上恢复时必须使用同一个密钥，否则模型 API Key、外呼密钥和 SIP 密码无法解密（需重新填写）。';
const [mode, target] = process.argv.slice(2);
if (!target || (mode !== 'backup' && mode !== 'restore')) {
  console.error('用法：npm run backup -- <文件.tar.gz>   |   npm run restore -- <文件.tar.gz>');
  process.exit(2);
}
const file = resolve(target);
// the secrets key is not read (nor written) by backup and restore: it is not in the archive
const config = loadConfig({
  ...process.env,
  JWT_SECRET: process.env.JWT_SECRET || 'unused-by-backup',
  SECRETS_KEY: process.env.SECRETS_KEY || '0'.repeat(64),
});
const dataDir = config.dataDir;
const pgBin = (name: string) => {
  const dir = process.env.PG_BIN;
  return dir ? join(dir, name) : name;
};

function refuseWhileEmbeddedServerRuns(): void {
  const pid = embeddedServerPid(dataDir);
  if (pid) {
    console.error(
      `服务正在使用嵌入式数据库（进程 ${pid}，${dataDir}）：请先停止服务再${mode === 'backup' ? '备份' : '恢复'}。`,
    );
    process.exit(1);
  }
}

async function backup(): Promise<void> {
  const staging = mkdtempSync(join(tmpdir(), 'crm-backup-'));
  try {
    let database: 'postgres' | 'pglite';
    if (config.databaseUrl) {
      database = 'postgres';
      execFileSync(
        pgBin('pg_dump'),
        ['--format=custom', '--no-owner', '--file', join(staging, 'database.dump'), config.databaseUrl],
        {
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
    } else {
      database = 'pglite';
      refuseWhileEmbeddedServerRuns();
      const dir = join(dataDir, 'pgdata');
      if (!existsSync(dir)) throw new Error(`没有找到嵌入式数据库：${dir}`);
      const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
      const dump = await pglite.dumpDataDir('gzip');
      await pglite.close();
      writeFileSync(join(staging, 'pgdata.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    }
    const jwt = join(dataDir, '.jwt-secret');
    if (existsSync(jwt)) writeFileSync(join(staging, 'jwt-secret'), readFileSync(jwt), { mode: 0o600 });
    const withFiles = !config.s3 && existsSync(join(dataDir, 'files'));
    const manifest = { format: FORMAT, version: 1, createdAt: new Date().toISOString(), database, files: withFiles };
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const tmp = `${file}.part`;
    execFileSync('tar', ['-czf', tmp, '-C', staging, '.', ...(withFiles ? ['-C', dataDir, 'files'] : [])], {
      stdio: 'inherit',
    });
    renameSync(tmp, file);
    console.log(
      `已备份到 ${file}（数据库：${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}，文件：${withFiles ? '已包含' : config.s3 ? '对象存储，未包含' : '无'}）`,
    );
    console.log(SECRETS_KEY_NOTE);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function restore(): Promise<void> {
  if (!existsSync(file)) throw new Error(`备份文件不存在：${file}`);
  const staging = mkdtempSync(join(tmpdir(), 'crm-restore-'));
  try {
    execFileSync('tar', ['-xzf', file, '-C', staging], { stdio: 'inherit' });
    const manifest = JSON.parse(readFileSync(join(staging, 'manifest.json'), 'utf8'));
    if (manifest.format !== FORMAT) throw new Error('不是本系统的备份文件');
    mkdirSync(dataDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (manifest.database === 'postgres') {
      if (!config.databaseUrl) throw new Error('这是 PostgreSQL 的备份：请设置 DATABASE_URL 指向要恢复到的数据库');
      execFileSync(
        pgBin('pg_restore'),
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--single-transaction',
          '--exit-on-error',
          '--dbname',
          config.databaseUrl,
          join(staging, 'database.dump'),
        ],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
    } else {
      if (config.databaseUrl) throw new Error('这是嵌入式数据库（PGlite）的备份：恢复时请不要设置 DATABASE_URL');
      refuseWhileEmbeddedServerRuns();
      const dir = join(dataDir, 'pgdata');
      if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${stamp}`);
      const blob = new Blob([readFileSync(join(staging, 'pgdata.tar.gz'))]);
      const pglite = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: blob });
      await pglite.close();
    }
    if (manifest.files) {
      const files = join(dataDir, 'files');
      if (existsSync(files)) renameSync(files, `${files}.before-restore-${stamp}`);
      renameSync(join(staging, 'files'), files);
    }
    if (existsSync(join(staging, 'jwt-secret')) && !process.env.JWT_SECRET)
      writeFileSync(join(dataDir, '.jwt-secret'), readFileSync(join(staging, 'jwt-secret')), { mode: 0o600 });
    console.log(
      `已从 ${file} 恢复（备份时间 ${manifest.createdAt}）。${existsSync(dataDir) ? `原有数据（如有）已改名为 *.before-restore-${stamp}。` : ''}`,
    );
    console.log(SECRETS_KEY_NOTE);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

try {
  await (mode === 'backup' ? backup() : restore());
} catch (err) {
  console.error(`${mode === 'backup' ? '备份' : '恢复'}失败：${(err as Error).message}`);
  process.exit(1);
}
