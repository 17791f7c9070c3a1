// PostgreSQL stops dead (immediate shutdown: a crash as the clients see it) while two API processes take writes:
// /healthz says so, requests fail with a clear Chinese message meanwhile, every acknowledged write is there
// afterwards, and the processes recover by themselves when the database is back.
import assert from 'node:assert/strict';
import { Api, eventually, R } from './lib/api.mjs';
import { startCluster } from './lib/cluster.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const UNAVAILABLE = '数据库暂时不可用，请稍后重试';

export default [
  {
    name: 'PostgreSQL restarted under load: healthz, clear errors, every acknowledged write kept',
    async run({ postgres, log }) {
      const db = 'crm_scale_chaos_restart';
      const cluster = await startCluster({
        databaseUrl: await postgres.createDatabase(db),
        api: 2,
        workers: [],
        name: 'pg',
        env: { LOG_LEVEL: 'info' },
      });
      try {
        const sessions = await Promise.all(cluster.apis.map((p) => Api.login(p.baseUrl, 'admin')));
        const acknowledged = [];
        const failures = new Map();
        let sent = 0;
        let stop = false;
        let n = 0;
        const writer = async (api, k) => {
          while (!stop) {
            const i = n++;
            const phone = `199${String(i).padStart(8, '0')}`;
            sent++;
            try {
              const res = await api.post(
                `${R}/organizationClue/add`,
                { name: `压测客户${i}`, phone },
                { timeoutMs: 15_000 },
              );
              if (res.code === 1) acknowledged.push({ id: res.data.id ?? res.data.clueId, phone });
              else failures.set(`${res.code} ${res.msg}`, (failures.get(`${res.code} ${res.msg}`) ?? 0) + 1);
            } catch (err) {
              failures.set(`network: ${err.message}`, (failures.get(`network: ${err.message}`) ?? 0) + 1);
              await sleep(50);
            }
            if (k % 2) await sleep(5);
          }
        };
        const load = Array.from({ length: 16 }, (_, k) => writer(sessions[k % 2], k));
        await sleep(3000);
        const beforeStop = acknowledged.length;
        postgres.stop('immediate');
        const downAt = Date.now();
        log(`PostgreSQL stopped (immediate) after ${beforeStop} acknowledged writes`);
        await sleep(1500);
        for (const p of cluster.apis) {
          const res = await fetch(`${p.baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
          const body = await res.json();
          assert.equal(res.status, 503, `${p.name} healthz while the database is down`);
          assert.equal(body.database.ok, false);
          assert.equal(body.message, '数据库不可用');
        }
        const during = await sessions[0].post(`${R}/organizationClue/add`, { name: '停机时', phone: '19899999999' });
        assert.equal(during.code, 503, JSON.stringify(during));
        assert.equal(during.msg, UNAVAILABLE);
        await sleep(2000);
        postgres.start();
        log(`PostgreSQL started again after ${((Date.now() - downAt) / 1000).toFixed(1)} s`);
        const back = Date.now();
        await Promise.all(
          cluster.apis.map((p) =>
            eventually(async () => (await fetch(`${p.baseUrl}/healthz`)).status === 200, {
              timeoutMs: 30_000,
              what: `${p.name} healthy again`,
            }),
          ),
        );
        const recoverMs = Date.now() - back;
        const atRecovery = acknowledged.length;
        await sleep(3000);
        stop = true;
        await Promise.all(load);
        assert.ok(acknowledged.length > atRecovery, 'writes succeed again after the restart');
        const rows = await postgres.query(
          "select id, phone from clue where phone like '199%' and deleted_at is null",
          [],
          db,
        );
        const stored = new Map(rows.map((r) => [Number(r.id), r.phone]));
        const lost = acknowledged.filter((a) => stored.get(Number(a.id)) !== a.phone);
        assert.deepEqual(lost, [], 'every acknowledged write is stored');
        const unexpected = [...failures.keys()].filter(
          (k) => !k.startsWith(`503 ${UNAVAILABLE}`) && !k.startsWith('network'),
        );
        assert.deepEqual(unexpected, [], `failures other than ${UNAVAILABLE}`);
        return {
          'writes sent / acknowledged / stored': `${sent} / ${acknowledged.length} / ${acknowledged.length - lost.length}`,
          'failures while down': JSON.stringify(Object.fromEntries(failures)),
          'healthy again after restart': `${recoverMs} ms`,
        };
      } catch (err) {
        for (const p of cluster.all())
          if (p.exited !== null) log(`${p.name} exited (${p.exited}):\n${p.logs().slice(-3000)}`);
        throw err;
      } finally {
        try {
          await postgres.query('select 1');
        } catch {
          postgres.start();
        }
        await cluster.stop();
      }
    },
  },
];
