import { describe, expect, it } from 'vitest';
import { nextInterval, TASKS_COOKIE, TASKS_COOKIE_MAX_AGE_S, type TaskRecord, TaskScheduler } from './tasks';

function harness(saved?: TaskRecord[], start = 1_000_000) {
  let now = start;
  const jar = new Map<string, { value: string; maxAge: number }>();
  if (saved) jar.set(TASKS_COOKIE, { value: JSON.stringify(saved), maxAge: TASKS_COOKIE_MAX_AGE_S });
  const timers: { fn: () => void; at: number; id: number }[] = [];
  let seq = 0;
  const runs: string[] = [];
  const s = new TaskScheduler({
    cookies: { get: (n) => jar.get(n)?.value ?? null, set: (n, value, maxAge) => jar.set(n, { value, maxAge }) },
    now: () => now,
    setTimer: (fn, ms) => {
      const id = ++seq;
      timers.push({ fn, at: now + ms, id });
      return id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    onRun: (t) => runs.push(t.name),
  });
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > target) break;
      timers.shift();
      now = due.at;
      due.fn();
    }
    now = target;
  };
  const cookie = () => JSON.parse(jar.get(TASKS_COOKIE)?.value ?? '[]') as TaskRecord[];
  return { s, advance, runs, cookie, jar, now: () => now };
}

describe('scheduled tasks in the tasks cookie', () => {
  it('the cookie lives a year', () => {
    const h = harness();
    h.s.add('sync', 1000);
    expect(h.jar.get(TASKS_COOKIE)?.maxAge).toBe(365 * 24 * 3600);
  });

  it('a one-off task runs once, fires its event and is removed', () => {
    const h = harness();
    h.s.add('once', 1000);
    expect(h.cookie().map((t) => t.name)).toEqual(['once']);
    h.advance(999);
    expect(h.runs).toEqual([]);
    h.advance(1);
    expect(h.runs).toEqual(['once']);
    expect(h.cookie()).toEqual([]);
  });

  it('a repeating task runs at every interval', () => {
    const h = harness();
    h.s.add('poll', 1000, true);
    h.advance(3500);
    expect(h.runs).toEqual(['poll', 'poll', 'poll']);
    expect(h.cookie()[0].nextRun).toBe(h.now() + 500);
  });

  it.each([
    ['a one-off past due is removed', { repeat: false, addedAt: 0, delay: 1000, nextRun: 1000 }, null],
    ['a one-off still due is kept', { repeat: false, addedAt: 999_000, delay: 5000, nextRun: 1_004_000 }, 1_004_000],
    [
      'a repeating task moves to its next interval',
      { repeat: true, addedAt: 0, delay: 300_000, nextRun: 300_000 },
      1_200_000,
    ],
    [
      'a completed task is dropped',
      { repeat: true, addedAt: 0, delay: 1000, nextRun: 2_000_000, completed: true },
      null,
    ],
  ])('resume: %s', (_, t, next) => {
    const h = harness([{ name: 'x', completed: false, ...t } as TaskRecord]);
    h.s.resume();
    const kept = h.cookie().find((c) => c.name === 'x');
    expect(kept?.nextRun ?? null).toBe(next);
  });

  it('a broken cookie resumes nothing', () => {
    const h = harness();
    h.jar.set(TASKS_COOKIE, { value: '{oops', maxAge: 1 });
    h.s.resume();
    expect(h.s.list()).toEqual([]);
  });

  it.each([
    [{ addedAt: 0, delay: 100, nextRun: 100 }, 250, 300],
    [{ addedAt: 0, delay: 100, nextRun: 400 }, 250, 400],
    [{ addedAt: 50, delay: 100, nextRun: 150 }, 150, 250],
  ])('nextInterval %o at %s → %s', (t, now, next) => expect(nextInterval(t, now)).toBe(next));
});
