// PgBouncer (Debian's) in transaction mode in front of PostgreSQL, with DATABASE_POOL_MODE=transaction: migrations
// by three processes starting at once (transaction-level advisory lock), sign-in and the session check (statements
// that would be prepared by name), leads written under the per-organisation advisory lock (the duplicate check holds
// under concurrency), pg-boss jobs (analysis, import) across processes.
import assert from 'node:assert/strict';
import { freePort, spawnServer } from '../scripts/lib/processes.mjs';
import { Api, B, eventually, R } from './lib/api.mjs';
import { strongCall, wav } from './lib/audio.mjs';
import { startCluster } from './lib/cluster.mjs';
import { startPgBouncer } from './lib/postgres.mjs';
import { leadsSheet } from './lib/sheet.mjs';

export default [
  {
    name: 'through PgBouncer in transaction mode: migrations, prepared statements, advisory locks, pg-boss',
    async run({ postgres, log }) {
      const bouncer = await startPgBouncer(postgres, { poolSize: 10 });
      const env = { DATABASE_POOL_MODE: 'transaction', DATABASE_POOL_SIZE: '10' };
      try {
        // --- three processes migrate an empty database at once, through the pooler
        const fresh = 'crm_scale_chaos_bouncer_migrate';
        await postgres.createDatabase(fresh);
        const racers = await Promise.all(
          [1, 2, 3].map(async (i) =>
            spawnServer({
              name: `migrate-${i}`,
              port: await freePort(),
              env: {
                ...env,
                DATABASE_URL: bouncer.url(fresh),
                SEED: 'false',
                JWT_SECRET: 'x'.repeat(32),
                LOG_LEVEL: 'warn',
                DATA_DIR: '/tmp',
              },
            }),
          ),
        );
        try {
          await Promise.all(racers.map((p) => p.healthy(180_000)));
        } finally {
          await Promise.all(racers.map((p) => p.stop()));
        }
        const journal = await postgres.query(
          'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
          [],
          fresh,
        );
        assert.equal(journal[0].n, journal[0].d, 'each migration applied once');
        log(`3 processes started at once through PgBouncer: ${journal[0].n} migrations applied once`);

        // --- an API and a worker process through the pooler
        const db = 'crm_scale_chaos_bouncer';
        await postgres.createDatabase(db);
        const cluster = await startCluster({
          databaseUrl: bouncer.url(db),
          api: 1,
          workers: ['all'],
          env,
          name: 'bouncer',
        });
        try {
          const api = cluster.apis[0].baseUrl;
          const admin = await Api.login(api, 'admin');
          for (let i = 0; i < 20; i++) await admin.ok(admin.get(`${B}/loginController/getUserInfoByToken`), 'userinfo');
          await admin.ok(admin.post(`${B}/organization/setAiOpen`, { open: true }), 'AI open');

          // 20 concurrent adds of one phone: the advisory lock lets exactly one through
          const phone = '18912345678';
          const adds = await Promise.all(
            Array.from({ length: 20 }, (_, i) =>
              admin.post(`${R}/organizationClue/add`, { name: `并发客户${i}`, phone }),
            ),
          );
          const okAdds = adds.filter((r) => r.code === 1).length;
          assert.equal(
            okAdds,
            1,
            `one of 20 concurrent adds of a phone: ${JSON.stringify(adds.filter((r) => r.code !== 1)[0])}`,
          );
          const [{ n }] = await postgres.query(
            'select count(*)::int as n from clue where phone = $1 and deleted_at is null',
            [phone],
            db,
          );
          assert.equal(n, 1);

          // pg-boss: an analysis and an import through the pooler
          const seat = await Api.login(api, 'seat01');
          const up = await seat.ok(
            seat.upload(`${B}/headset/uploadRecording`, { callType: 1, transcript: strongCall() }, [
              { name: 'b.wav', data: wav() },
            ]),
            'upload',
          );
          await eventually(
            async () =>
              (await postgres.query('select analysis_status from recording where id = $1', [up.recordId], db))[0]
                .analysis_status === 3,
            { timeoutMs: 60_000, what: 'analysed through PgBouncer' },
          );
          const file = await leadsSheet(3000, 'b');
          const imp = await admin.ok(
            admin.upload(`${R}/clueImport/upload`, {}, [{ name: 'b.xlsx', data: file }]),
            'import upload',
          );
          await admin.ok(
            admin.post(`${R}/clueImport/start`, { recordId: imp.recordId, mapping: imp.mapping }),
            'import start',
          );
          const rec = await eventually(
            async () => {
              const r = await admin.ok(admin.post(`${R}/importRecords/detail`, { recordId: imp.recordId }), 'detail');
              return r.status >= 2 ? r : null;
            },
            { timeoutMs: 90_000, what: 'import through PgBouncer' },
          );
          assert.equal(rec.status, 2, rec.error);
          const errors = cluster.all().flatMap((p) =>
            p
              .logs()
              .split('\n')
              .filter((l) => /prepared statement|advisory|"level":50/.test(l)),
          );
          assert.deepEqual(errors.slice(0, 3), [], 'no errors in the logs');
          return {
            pgbouncer: `transaction mode: migrations ×3 at once, 20 sign-in checks, 1 of 20 concurrent duplicate adds, analysis and a ${rec.imported}-row import`,
          };
        } finally {
          await cluster.stop();
        }
      } finally {
        await bouncer.stop();
      }
    },
  },
];
