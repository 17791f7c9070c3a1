// kill -9 of a worker in the middle of a 100,000-row import, of a transcription and of an analysis: afterwards every
// job has finished once, no lead is doubled or half-written, no recording is lost or left 识别中 / 分析中.
import assert from 'node:assert/strict';
import { Api, B, eventually, R } from './lib/api.mjs';
import { strongCall, wav } from './lib/audio.mjs';
import { startCluster } from './lib/cluster.mjs';
import { startFakeAi } from './lib/fakeAi.mjs';
import { leadsSheet } from './lib/sheet.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export default [
  {
    name: 'kill -9 of the worker in the middle of a 100,000-row import',
    async run({ postgres, log }) {
      const db = 'crm_scale_chaos_import';
      const cluster = await startCluster({
        databaseUrl: await postgres.createDatabase(db),
        api: 1,
        workers: ['clue'],
        name: 'imp',
      });
      const q = (sql, params = []) => postgres.query(sql, params, db);
      try {
        const admin = await Api.login(cluster.apis[0].baseUrl, 'admin');
        const rows = 100_000;
        const file = await leadsSheet(rows, 'k');
        const up = await admin.ok(
          admin.upload(`${R}/clueImport/upload`, {}, [{ name: 'big.xlsx', data: file }]),
          'upload',
        );
        await admin.ok(admin.post(`${R}/clueImport/start`, { recordId: up.recordId, mapping: up.mapping }), 'start');
        const detail = () => admin.ok(admin.post(`${R}/importRecords/detail`, { recordId: up.recordId }), 'detail');
        const prefix = `16${'k'.charCodeAt(0) % 10}%`;
        const written = async () => (await q('select count(*)::int as n from clue where phone like $1', [prefix]))[0].n;
        await eventually(async () => (await written()) >= rows * 0.1, {
          timeoutMs: 120_000,
          everyMs: 100,
          what: 'import under way',
        });
        const victim = cluster.workers[0];
        victim.kill('SIGKILL');
        await victim.waitExit();
        const before = await written();
        const mid = { progress: Math.round((before / rows) * 100) };
        log(`killed ${victim.name} with ${before} of ${rows} leads written`);
        assert.ok(before > 0 && before < rows, 'killed in the middle');
        await cluster.add('worker', 'clue');
        const end = await eventually(
          async () => {
            const d = await detail();
            return d.status === 2 || d.status === 3 ? d : null;
          },
          { timeoutMs: 180_000, everyMs: 500, what: 'import finished after the kill' },
        );
        assert.equal(end.status, 2, `import failed: ${end.error}`);
        // a few generated numbers (16700000000 …) are refused by the phone check: they are reported, not lost
        assert.equal(end.imported + end.invalid, rows, JSON.stringify(end));
        assert.ok(end.invalid < 20, JSON.stringify(end));
        assert.equal(end.duplicate, 0, "the first attempt's rows are not reported as duplicates");
        const [{ n, phones }] = await q(
          'select count(*)::int as n, count(distinct phone)::int as phones from clue where phone like $1 and deleted_at is null',
          [prefix],
        );
        assert.equal(n, end.imported, 'every imported row once');
        assert.equal(phones, end.imported, 'no lead doubled');
        const [{ bad }] = await q(
          "select count(*)::int as bad from clue where phone like $1 and deleted_at is null and (name is null or name = '' or company is null)",
          [prefix],
        );
        assert.equal(bad, 0, 'no lead half-written');
        const runs = Object.values(cluster.jobsDone('clue.import')).reduce((a, b) => a + b, 0);
        assert.equal(runs, 1, 'one completed run (the killed one did not complete)');
        return { 'import after kill -9': `${end.imported} imported, 0 doubled (killed at ${mid.progress}%)` };
      } finally {
        await cluster.stop();
      }
    },
  },
  {
    name: 'kill -9 of the worker in the middle of a transcription and of an analysis',
    async run({ postgres, log }) {
      const db = 'crm_scale_chaos_ai';
      const fake = await startFakeAi();
      const cluster = await startCluster({
        databaseUrl: await postgres.createDatabase(db),
        api: 1,
        workers: ['asr,audio-metrics,analysis,quality,insight'],
        env: { ASR_ENGINE: 'openai', ASR_OPENAI_BASE_URL: fake.url, ASR_TIMEOUT_SECONDS: '120' },
        name: 'ai',
      });
      const q = (sql, params = []) => postgres.query(sql, params, db);
      const statusOf = async (id) =>
        (await q('select asr_status, analysis_status from recording where id = $1', [id]))[0];
      const replaceWorker = async (what) => {
        const victim = cluster.workers.at(-1);
        victim.kill('SIGKILL');
        await victim.waitExit();
        log(`killed ${victim.name} in the middle of ${what}`);
        await cluster.add('worker', 'asr,audio-metrics,analysis,quality,insight');
      };
      try {
        const admin = await Api.login(cluster.apis[0].baseUrl, 'admin');
        await admin.ok(admin.post(`${B}/organization/setAiOpen`, { open: true }), 'AI open');
        const seat = await Api.login(cluster.apis[0].baseUrl, 'seat01');

        // --- transcription: the speech-to-text server holds its answer; the worker dies waiting for it
        fake.hold();
        const rec1 = await seat.ok(
          seat.upload(`${B}/headset/uploadRecording`, { callType: 1 }, [{ name: 'asr.wav', data: wav(3) }]),
          'upload',
        );
        await eventually(() => fake.requests.transcriptions > 0, {
          timeoutMs: 60_000,
          what: 'transcription requested',
        });
        assert.equal((await statusOf(rec1.recordId)).asr_status, 2, '识别中 when killed');
        await replaceWorker('a transcription');
        fake.release();
        const s1 = await eventually(
          async () => {
            const s = await statusOf(rec1.recordId);
            return s.asr_status === 3 && s.analysis_status === 3 ? s : null;
          },
          { timeoutMs: 120_000, everyMs: 500, what: 'transcribed and analysed after the kill' },
        );
        const [{ n: transcripts }] = await q('select count(*)::int as n from asr_transcript where recording_id = $1', [
          rec1.recordId,
        ]);
        assert.equal(transcripts, 1, 'one transcript');
        log(
          `recording ${rec1.recordId}: asr ${s1.asr_status}, analysis ${s1.analysis_status} after ${fake.requests.transcriptions} transcription requests`,
        );

        // --- analysis: the organisation's LLM holds its answer; the worker dies in the middle of the analysis
        await admin.ok(
          admin.post(`${B}/aiModel/save`, {
            name: '故障测试模型',
            baseUrl: `${fake.url}/v1`,
            model: 'fake',
            timeoutMs: 120000,
            active: true,
          }),
          'model',
        );
        await sleep(1200); // the settings' version stamp is checked at most every second
        fake.hold();
        const chatBefore = fake.requests.chat;
        const rec2 = await seat.ok(
          seat.upload(`${B}/headset/uploadRecording`, { callType: 1, transcript: strongCall() }, [
            { name: 'llm.wav', data: wav() },
          ]),
          'upload',
        );
        await eventually(() => fake.requests.chat > chatBefore, { timeoutMs: 60_000, what: 'LLM asked' });
        assert.equal((await statusOf(rec2.recordId)).analysis_status, 2, '分析中 when killed');
        await replaceWorker('an analysis');
        fake.release();
        await eventually(async () => (await statusOf(rec2.recordId)).analysis_status === 3, {
          timeoutMs: 120_000,
          everyMs: 500,
          what: 'analysed after the kill',
        });
        const [a] = await q('select version, status, model_name from call_analysis where recording_id = $1', [
          rec2.recordId,
        ]);
        assert.equal(a.version, 1, 'one analysis');
        const [{ charges }] = await q('select count(*)::int as charges from cost_usage where recording_id = $1', [
          rec2.recordId,
        ]);
        assert.ok(charges <= 1, `charged once (${charges})`);
        const dup = await q(
          "select user_id, msg_type, content, count(*)::int as n from app_notice where param->>'recordingId' = $1 group by 1, 2, 3 having count(*) > 1",
          [String(rec2.recordId)],
        );
        assert.deepEqual(dup, [], 'no AI message twice');
        const stuck = await q(
          'select id, asr_status, analysis_status from recording where asr_status in (1, 2) or analysis_status in (1, 2)',
        );
        assert.deepEqual(stuck, [], 'nothing left 排队中 / 识别中 / 分析中');
        return { 'transcription and analysis after kill -9': 'finished once each, nothing stuck' };
      } finally {
        fake.release();
        await cluster.stop();
        await fake.close();
      }
    },
  },
];
