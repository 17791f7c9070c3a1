import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The API suite runs twice in CI: on PGlite, then on PostgreSQL (DATABASE_URL). The second run repeats only the files
 * that open a database; pure logic (the analyser, the captcha solver, audio headers) proved itself on the first. The
 * fuzz test is left out too: it sends malformed requests that validation refuses before any query, and PGlite runs the
 * same PostgreSQL engine, so the second run would only repeat its two minutes.
 */
const ONCE = ['server/src/platform/fuzz.test.ts'];
const databaseFree = process.env.DATABASE_URL
  ? globSync('server/src/**/*.test.ts').filter(
      (f) => ONCE.includes(f) || !/useTestApp|openDatabase|test\/harness/.test(readFileSync(f, 'utf8')),
    )
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...databaseFree],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default is one worker less than the cores: one on a 2-core machine. Each file opens its own
          // PGlite, so two files at a time share nothing; on PostgreSQL the files share one database and stay one
          // at a time.
          maxWorkers: process.env.DATABASE_URL ? 1 : 2,
          globalSetup: ['server/src/test/globalSetup.ts'],
          // fake providers listen on 127.0.0.2 (server/src/test/fakeHttp.ts): the outbound address policy lets them through
          env: { OUTBOUND_ALLOW: '127.0.0.2' },
        },
      },
    ],
  },
});
