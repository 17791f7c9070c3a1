import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
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
