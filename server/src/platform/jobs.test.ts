// Jobs in batches: each job of a batch is completed or failed on its own (a failing job is retried without
// redoing or failing the others), and WORKERS decides which queues a process works.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { Jobs } from './jobs';

describe('Jobs', () => {
  const t = useTestApp();

  it('the jobs of a batch are completed together; a failing one alone is retried', async () => {
    const runs = new Map<number, number>();
    const jobs = new Jobs(t().ctx.database, 'all', () => {}, `jobs_batch_${Date.now().toString(36)}`);
    jobs.register<{ n: number }>(
      'batchq',
      async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        if (n === 3 && runs.get(n) === 1) throw new Error('first attempt of 3 fails');
      },
      { queue: { retryLimit: 2, retryDelay: 1, retryBackoff: false }, batchSize: 5 },
    );
    await jobs.start();
    try {
      for (let n = 1; n <= 5; n++) await jobs.send('batchq', { n });
      const end = Date.now() + 20_000;
      while (Date.now() < end && (runs.size < 5 || (runs.get(3) ?? 0) < 2))
        await new Promise((r) => setTimeout(r, 100));
      expect(Object.fromEntries(runs)).toEqual({ 1: 1, 2: 1, 3: 2, 4: 1, 5: 1 });
      // a batch is completed once its handler calls return: the retried job's may still be finishing
      const states = async () => (await jobs.boss.findJobs('batchq')).map((j) => j.state).sort();
      while (Date.now() < end && (await states()).some((s) => s !== 'completed'))
        await new Promise((r) => setTimeout(r, 100));
      expect(await states()).toEqual(Array(5).fill('completed'));
    } finally {
      await jobs.stop();
    }
  });

  it('WORKERS: all, a family name, none', () => {
    const db = t().ctx.database;
    expect(new Jobs(db, 'all').works('clue.import')).toBe(true);
    expect(new Jobs(db, ['clue']).works('clue.import')).toBe(true);
    expect(new Jobs(db, ['asr']).works('analysis')).toBe(false);
    expect(new Jobs(db, []).works('asr')).toBe(false);
  });
});
