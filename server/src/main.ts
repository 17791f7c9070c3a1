import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { writePidFile } from './platform/pidFile';
import { seedIfEmpty } from './seed';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  poolMode: config.databasePoolMode,
});
if (database.kind === 'pglite' && config.dataDir !== ':memory:') writePidFile(config.dataDir);
await database.migrate();
const built = await buildApp(config, database);
const seeded = config.seed.enabled ? await database.exclusive(() => seedIfEmpty(built.ctx)) : null;
await built.app.listen({ port: config.port, host: config.host });

const address = built.app.server.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
const lines = [
  '',
  `销售CRM 已启动: ${url}   (API 文档 ${url}/api/docs)`,
  `数据库: ${database.kind === 'pglite' ? `PGlite（嵌入式，${config.dataDir}）` : 'PostgreSQL'}`,
];
if (seeded) lines.push(...seeded.map((l) => `  ${l}`));
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await built.close();
    await database.close();
    process.exit(0);
  });
}
