import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The API suite runs twice in CI: on PGlite, then on PostgreSQL (DATABASE_URL). The second run repeats only the files
 * that open a database; pure logic (the analyser, the captcha solver, audio headers) proved itself on the first.
 */
const databaseFree = process.env.DATABASE_URL
  ? globSync('server/src/**/*.test.ts').filter(
      (f) => !/useTestApp|openDatabase|test\/harness/.test(readFileSync(f, 'utf8')),
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
          globalSetup: ['server/src/test/globalSetup.ts'],
          // fake providers listen on 127.0.0.2 (server/src/test/fakeHttp.ts): the outbound address policy lets them through
          env: { OUTBOUND_ALLOW: '127.0.0.2' },
        },
      },
    ],
  },
});
