// Several processes on one PostgreSQL: a session made on one API process works on the other; a message published by
// a worker reaches an MQTT-over-WebSocket client (a browser) of another process through the broker; every job runs
// exactly once however many workers listen.
import assert from 'node:assert/strict';
import mqtt from 'mqtt';
import { startMosquitto } from '../scripts/lib/mosquitto.mjs';
import { Api, B, eventually, R } from './lib/api.mjs';
import { strongCall, wav } from './lib/audio.mjs';
import { startCluster } from './lib/cluster.mjs';

export default [
  {
    name: '2 API + 2 worker processes: session, push from a worker, exactly-once jobs',
    async run({ postgres, log }) {
      const databaseUrl = await postgres.createDatabase('crm_scale_chaos_cluster');
      // a Mosquitto of the scenario's own, as the README sets it up: no anonymous clients, the product's user crm
      const broker = await startMosquitto();
      let cluster;
      try {
        cluster = await startCluster({
          databaseUrl,
          api: 2,
          workers: ['all', 'all'],
          env: { ...broker.env, ANALYSIS_CONCURRENCY: '4' },
          name: 'cluster',
        });
      } catch (err) {
        await broker.destroy();
        throw err;
      }
      const [api1, api2] = cluster.apis;
      let client;
      try {
        // --- a session made on one process works on the other, and renews there
        const admin1 = await Api.login(api1.baseUrl, 'admin');
        const admin2 = admin1.on(api2.baseUrl);
        const me = await admin2.ok(admin2.get(`${B}/loginController/getUserInfoByToken`), 'userinfo on api-2');
        assert.equal(me.username, 'admin');
        const renewed = await admin2.ok(
          admin2.post(`${B}/loginController/refreshToken`, { refreshToken: admin1.refreshToken }),
          'refresh on api-2',
        );
        admin1.token = renewed.token;
        await admin1.ok(admin1.get(`${B}/loginController/getUserInfoByToken`), 'renewed token on api-1');
        await admin1.ok(admin1.post(`${B}/organization/setAiOpen`, { open: true }), 'AI open');

        // --- a browser of api-2 hears what a worker publishes
        const seat = await Api.login(api1.baseUrl, 'seat01');
        const seatInfo = await seat.ok(seat.get(`${B}/loginController/getUserInfoByToken`), 'seat userinfo');
        const topic = `crm/${seatInfo.organizationId}/user/${seatInfo.userId}`;
        // as the web app does: the client id the server issues to the session, then /mqtt with the access token
        const { clientId } = await seat.ok(seat.post(`${B}/appNotice/pushClient`, {}), 'push client id');
        client = await mqtt.connectAsync(`ws://127.0.0.1:${api2.port}/mqtt`, {
          clientId,
          username: 'browser',
          password: seat.token,
          reconnectPeriod: 0,
        });
        const heard = [];
        client.on('message', (t, payload) => t === topic && heard.push(JSON.parse(payload.toString())));
        await client.subscribeAsync(topic, { qos: 1 });
        const pushed = await seat.ok(
          seat.upload(`${B}/headset/uploadRecording`, { callType: 1, transcript: strongCall() }, [
            { name: 'push.wav', data: wav() },
          ]),
          'upload',
        );
        const message = await eventually(() => heard.find((m) => String(m.msgType ?? '').startsWith('ai_')), {
          timeoutMs: 30_000,
          what: 'an AI message pushed to the browser on api-2',
        });
        log(`pushed to api-2's browser: ${message.msgType} (recording ${pushed.recordId}, analysed by a worker)`);

        // --- exactly once: 60 analyses queued through both API processes, two worker processes (4 workers each)
        const N = 60;
        const ids = [];
        for (let i = 0; i < N; i++) {
          const via = i % 2 ? seat : seat.on(api2.baseUrl);
          const up = await via.ok(
            via.upload(`${B}/headset/uploadRecording`, { callType: 1, transcript: strongCall() }, [
              { name: `c${i}.wav`, data: wav() },
            ]),
            `upload ${i}`,
          );
          ids.push(up.recordId);
        }
        await eventually(
          async () => {
            const rows = await postgres.query(
              'select count(*)::int as n from call_analysis where recording_id = any($1) and status = 3',
              [ids],
              'crm_scale_chaos_cluster',
            );
            return rows[0].n === N;
          },
          { timeoutMs: 90_000, what: `${N} analyses done` },
        );
        const analyses = await postgres.query(
          'select recording_id, version, status from call_analysis where recording_id = any($1)',
          [ids],
          'crm_scale_chaos_cluster',
        );
        assert.equal(analyses.length, N);
        assert.ok(
          analyses.every((a) => a.version === 1 && a.status === 3),
          'one analysis each, version 1',
        );
        const charged = await postgres.query(
          'select count(*)::int as n, count(distinct recording_id)::int as d from cost_usage where recording_id = any($1)',
          [ids],
          'crm_scale_chaos_cluster',
        );
        const jobs = await postgres.query(
          "select state, retry_count, count(*)::int as n from pgboss.job where name = 'analysis' group by 1, 2",
          [],
          'crm_scale_chaos_cluster',
        );
        const done = cluster.jobsDone('analysis');
        const total = Object.values(done).reduce((a, b) => a + b, 0);
        const completed = jobs.filter((j) => j.state === 'completed').reduce((a, j) => a + j.n, 0);
        assert.ok(
          jobs.every((j) => j.state === 'completed' && j.retry_count === 0),
          `jobs: ${JSON.stringify(jobs)}`,
        );
        assert.equal(total, completed, `handler runs ${total} = jobs completed ${completed}`);
        const workerRuns = cluster.workers.map((w) => done[w.name]);
        assert.ok(
          workerRuns.every((n) => n > 0),
          `both workers took part: ${JSON.stringify(done)}`,
        );
        assert.ok(
          cluster.apis.every((a) => done[a.name] === 0),
          'API processes run no jobs',
        );

        // --- an import and an export, each run once
        const sheet = await import('./lib/sheet.mjs');
        const file = await sheet.leadsSheet(2000, 'c');
        const up = await admin1.ok(
          admin1.upload(`${R}/clueImport/upload`, {}, [{ name: 'leads.xlsx', data: file }]),
          'import upload',
        );
        await admin1.ok(
          admin1.post(`${R}/clueImport/start`, { recordId: up.recordId, mapping: up.mapping }),
          'import start',
        );
        const rec = await eventually(
          async () => {
            const r = await admin1.ok(admin1.post(`${R}/importRecords/detail`, { recordId: up.recordId }), 'detail');
            return r.status === 2 || r.status === 3 ? r : null;
          },
          { timeoutMs: 60_000, what: 'import finished' },
        );
        assert.equal(rec.status, 2, rec.error);
        assert.equal(rec.imported, 2000);
        const exp = await admin1.ok(admin1.post(`${R}/organizationClue/export`, {}), 'export');
        await eventually(
          async () =>
            (await admin1.ok(admin1.post(`${R}/importRecords/detail`, { recordId: exp.recordId }), 'detail')).status ===
            2,
          { timeoutMs: 60_000, what: 'export finished' },
        );
        const once = (q) => Object.values(cluster.jobsDone(q)).reduce((a, b) => a + b, 0);
        assert.equal(once('clue.import'), 1, 'the import ran once');
        assert.equal(once('clue.export'), 1, 'the export ran once');
        return {
          processes: `${cluster.apis.length} API (WORKERS=none) + ${cluster.workers.length} workers (WORKERS=all)`,
          'analysis runs by process': JSON.stringify(done),
          'charges (rows / recordings)': `${charged[0].n} / ${charged[0].d} of ${N}`,
        };
      } finally {
        await client?.endAsync().catch(() => {});
        await cluster.stop();
        await broker.destroy();
      }
    },
  },
];
