// `analysis.pipeline_calls_per_hour`: transcripts saved → analyses stored → every consumer of `analysis.saved` (quality
// hits, SOP, score, insight, the lead, messages), end to end through their pg-boss queues (the recording's status is
// written in each stage's transaction); a call counts once every job of it has finished. On PostgreSQL (a scratch database of its
// own on DATABASE_URL's server or postgres://postgres@127.0.0.1:5432, created and dropped here) when one answers,
// else on PGlite.
// The calls are the transcripts of the evaluation set's dev splits, cycled; BENCH_ANALYSIS_CALLS sets how many.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transcript } from '@crm/core';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { createOrganization } from '../../server/src/modules/org/service';
import { recording } from '../../server/src/modules/recording/schema';
import { loadConfig } from '../../server/src/platform/config';
import { openDatabase } from '../../server/src/platform/db';
import { hashPassword } from '../../server/src/platform/password';
import { dropDatabase, freshDatabase } from '../database';
import { report } from '../report';
import { EVAL_DIR } from './quality';

const CALLS = Number(process.env.BENCH_ANALYSIS_CALLS ?? 400);
const SCRATCH = 'crm_bench_analysis';

function transcripts(): Transcript[] {
  const out: Transcript[] = [];
  for (const split of ['train']) {
    const dir = join(EVAL_DIR, split);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.json') && n !== 'labels.json')
      .sort()) {
      const t = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Transcript;
      if (Array.isArray(t.segments) && t.segments.length) out.push({ durationMs: t.durationMs, segments: t.segments });
    }
  }
  if (!out.length) throw new Error(`no transcripts under ${EVAL_DIR}`);
  return out;
}

/** A scratch database of this bench's own (on DATABASE_URL's server, else the local one), dropped afterwards. */
async function postgres(): Promise<{ url: string; drop?: () => Promise<void> } | undefined> {
  const url = await freshDatabase(SCRATCH);
  if (!url) return undefined;
  return { url, drop: async () => void (await dropDatabase(SCRATCH)) };
}

export default async function pipelineBench(): Promise<void> {
  const pgdb = await postgres();
  const kind = pgdb ? 'postgres' : 'pglite';
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: pgdb?.url ?? '',
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    SEED: 'false',
    // the stage and its consumers' families (a worker of the scaled shape)
    WORKERS: 'analysis,quality,insight',
    JOBS_SCHEMA: 'pgboss_bench',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: ':memory:', poolSize: 20 });
  try {
    await database.migrate();
    const built = await buildApp(config, database, { logger: false });
    await built.app.ready();
    try {
      const { ctx } = built;
      const passwordHash = await hashPassword('bench@1234');
      const { org, admin } = await database.db.transaction((tx) =>
        createOrganization(tx, {
          name: '分析压测机构',
          admin: { username: `abench_${Date.now()}`, realName: '压测', phone: '19900000001', passwordHash },
        }),
      );
      const login = await built.app.inject({
        method: 'POST',
        url: '/api/backend/loginController/webLogin',
        payload: { account: admin.username, password: 'bench@1234' },
      });
      const token = login.json().data.token as string;
      const open = await built.app.inject({
        method: 'POST',
        url: '/api/backend/organization/setAiOpen',
        payload: { open: true },
        headers: { authorization: token },
      });
      if (open.json().code !== 1) throw new Error(`setAiOpen: ${open.body}`);
      await ctx.services.costCenter.grant(org.id, 'ai_analyze', {
        units: 10_000_000,
        days: 30,
        name: '压测资源包',
        source: 'grant',
      });

      const calls = transcripts();
      const rows = await database.db
        .insert(recording)
        .values(
          Array.from({ length: CALLS }, (_, i) => ({
            organizationId: org.id,
            fileName: `bench-${i}.wav`,
            ext: 'wav',
            fileKey: `bench/${i}.wav`,
            hash: i.toString(16).padStart(32, '0'),
            size: 1,
            durationMs: calls[i % calls.length].durationMs,
            ownerUserId: admin.id,
            callTime: new Date(),
            asrStatus: 3,
          })),
        )
        .returning({ id: recording.id });

      // transcript saved (as AsrService does: store, then `transcript.saved`) → analysis stored → its consumers
      const started = performance.now();
      for (const [i, r] of rows.entries()) {
        await ctx.services.asr.saveTranscript(org.id, r.id, calls[i % calls.length], 'upload');
        await ctx.events.emit('transcript.saved', { orgId: org.id, recordingId: r.id, savedAt: Date.now() });
      }
      const queues = ['analysis', ...ctx.events.queues];
      const busy = sql`select count(*)::int as n from pgboss_bench.job
        where name = any(${sql.param(queues)}::text[]) and state in ('created', 'retry', 'active')`;
      const deadline = Date.now() + 30 * 60_000;
      let done = 0;
      let failed = 0;
      while (Date.now() < deadline) {
        const res = await database.db.execute<{ done: number; failed: number }>(sql`
          select count(*) filter (where status = 3)::int as done, count(*) filter (where status = 4)::int as failed
          from call_analysis where organization_id = ${org.id}`);
        done = Number(res.rows[0].done);
        failed = Number(res.rows[0].failed);
        if (done + failed >= CALLS && Number((await database.db.execute<{ n: number }>(busy)).rows[0].n) === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      if (done + failed < CALLS) console.log(`analysis: pipeline timed out with ${done} of ${CALLS} stored`);
      report('analysis', `pipeline.${kind}.calls`, CALLS, 'calls');
      report('analysis', `pipeline.${kind}.failed`, failed, 'calls');
      report('analysis', 'pipeline_calls_per_hour', (done / seconds) * 3600, 'calls/h');
      // each consumer ran once per call (a retry shows as a failed attempt, not a second completed job)
      const jobs = await database.db.execute<{ name: string; n: number }>(sql`
        select name, count(*)::int as n from pgboss_bench.job
        where name = any(${sql.param(queues)}::text[]) and state = 'completed' group by name order by name`);
      for (const j of jobs.rows) report('analysis', `pipeline.${kind}.completed.${j.name}`, Number(j.n), 'jobs');
    } finally {
      await built.close();
    }
  } finally {
    await database.close();
    await pgdb?.drop?.();
  }
}
