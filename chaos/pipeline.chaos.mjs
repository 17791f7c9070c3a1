// kill -9 of the worker between two stages of the pipeline: calls analysed, their consumers (quality hits, SOP, score,
// insight, the lead, messages) queued or under way. A new worker takes over; afterwards each
// later stage has run exactly once per call: one completed job per consumer and call, no score or SOP result archived
// by a second run, one insight row, one charge, no AI message twice, nothing left 排队中 / 分析中.
import assert from 'node:assert/strict';
import { Api, B, eventually } from './lib/api.mjs';
import { strongCall, wav } from './lib/audio.mjs';
import { startCluster } from './lib/cluster.mjs';

const CALLS = 12;
// the stages and every consumer's family (the queue of a consumer is `<its module>.<name>`)
const WORKERS = 'asr,audio-metrics,analysis,quality,insight';
const CONSUMERS = [
  'analysis.transcript',
  'analysis.lead',
  'analysis.messages',
  'quality.hits',
  'quality.sop',
  'quality.score',
  'insight.call',
];

export default [
  {
    name: 'kill -9 of the worker between the analysis and its consumers',
    async run({ postgres, log }) {
      const db = 'crm_scale_chaos_pipeline';
      const cluster = await startCluster({
        databaseUrl: await postgres.createDatabase(db),
        api: 1,
        workers: [WORKERS],
        name: 'pipe',
      });
      const q = (sql, params = []) => postgres.query(sql, params, db);
      const pending = async () =>
        (
          await q(
            "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and name = any($1)",
            [['analysis', ...CONSUMERS]],
          )
        )[0].n;
      try {
        const admin = await Api.login(cluster.apis[0].baseUrl, 'admin');
        await admin.ok(admin.post(`${B}/organization/setAiOpen`, { open: true }), 'AI open');
        const seat = await Api.login(cluster.apis[0].baseUrl, 'seat01');
        const ids = [];
        for (let i = 0; i < CALLS; i++) {
          const up = await seat.ok(
            seat.upload(`${B}/headset/uploadRecording`, { callType: 1, transcript: strongCall() }, [
              { name: `pipe-${i}.wav`, data: wav(2) },
            ]),
            'upload',
          );
          ids.push(up.recordId);
        }
        // between two stages: some calls analysed, their consumers not all run
        await eventually(
          async () =>
            (
              await q('select count(*)::int as n from call_analysis where status = 3 and recording_id = any($1)', [ids])
            )[0].n > 0,
          { timeoutMs: 120_000, everyMs: 50, what: 'a call analysed' },
        );
        const victim = cluster.workers.at(-1);
        victim.kill('SIGKILL');
        await victim.waitExit();
        const [{ analysed }] = await q(
          'select count(*)::int as analysed from call_analysis where status = 3 and recording_id = any($1)',
          [ids],
        );
        const [{ scored }] = await q('select count(*)::int as scored from quality_check where recording_id = any($1)', [
          ids,
        ]);
        const waiting = await pending();
        log(
          `killed ${victim.name}: ${analysed} of ${CALLS} analysed, ${scored} scored, ${waiting} jobs queued or under way`,
        );
        assert.ok(waiting > 0, 'killed with later stages still to run');
        await cluster.add('worker', WORKERS);

        await eventually(
          async () => {
            const [{ done }] = await q(
              'select count(*)::int as done from recording where analysis_status = 3 and id = any($1)',
              [ids],
            );
            return done === CALLS && (await pending()) === 0;
          },
          { timeoutMs: 180_000, everyMs: 500, what: 'every call through every stage after the kill' },
        ).catch(async (err) => {
          const jobs = await q(
            `select name, state, count(*)::int as n from pgboss.job where name not like '__pgboss%' group by 1, 2 order by 1, 2`,
          );
          const recs = await q('select id, asr_status, analysis_status from recording where id = any($1)', [ids]);
          throw new Error(`${err.message}\njobs: ${JSON.stringify(jobs)}\nrecordings: ${JSON.stringify(recs)}`);
        });

        // each consumer: one completed job per call
        const runs = await q(
          `select name, data->>'recordingId' as rec, count(*)::int as n from pgboss.job
           where state = 'completed' and name = any($1) and (data->>'recordingId')::int = any($2) group by 1, 2`,
          [CONSUMERS, ids],
        );
        for (const consumer of CONSUMERS) {
          const mine = runs.filter((r) => r.name === consumer);
          if (mine.length !== CALLS) {
            const all = await q(
              `select data::text as data, state, retry_count, id from pgboss.job
               where name = $1 or name = 'analysis' order by name, created_on`,
              [consumer],
            );
            assert.fail(`${consumer}: ${mine.length} of ${CALLS} calls completed; the others: ${JSON.stringify(all)}`);
          }
          assert.ok(
            mine.every((r) => r.n === 1),
            `${consumer} ran once per call: ${JSON.stringify(mine.filter((r) => r.n !== 1))}`,
          );
        }
        const one = async (table, what) => {
          const rows = await q(
            `select recording_id, count(*)::int as n from ${table} where recording_id = any($1) group by 1`,
            [ids],
          );
          assert.equal(rows.length, CALLS, `${what}: every call`);
          assert.ok(
            rows.every((r) => r.n === 1),
            `${what} once per call`,
          );
        };
        await one('quality_check', 'a score');
        await one('insight_call', 'an insight row');
        await one('cost_usage', 'a charge');
        const [{ rescored }] = await q(
          'select count(*)::int as rescored from quality_check_history where recording_id = any($1)',
          [ids],
        );
        assert.equal(rescored, 0, 'no score archived by a second run');
        const [{ rechecked }] = await q(
          'select count(*)::int as rechecked from sop_call_result_history where recording_id = any($1)',
          [ids],
        );
        assert.equal(rechecked, 0, 'no SOP result archived by a second run');
        const [{ versions }] = await q(
          'select count(*)::int as versions from call_analysis where version <> 1 and recording_id = any($1)',
          [ids],
        );
        assert.equal(versions, 0, 'each call analysed once');
        const dup = await q(
          `select user_id, msg_type, content, param->>'recordingId' as rec, count(*)::int as n from app_notice
           where (param->>'recordingId')::int = any($1) group by 1, 2, 3, 4 having count(*) > 1`,
          [ids],
        );
        assert.deepEqual(dup, [], 'no AI message twice');
        const stuck = await q(
          'select id, asr_status, analysis_status from recording where (asr_status in (1, 2) or analysis_status in (1, 2)) and id = any($1)',
          [ids],
        );
        assert.deepEqual(stuck, [], 'nothing left 排队中 / 识别中 / 分析中');
        return {
          'kill -9 between the analysis and its consumers': `killed with ${analysed}/${CALLS} analysed, ${scored} scored, ${waiting} jobs waiting; afterwards ${CONSUMERS.length} consumers × ${CALLS} calls each ran once`,
        };
      } finally {
        await cluster.stop();
      }
    },
  },
];
