import { type Clock, type ClockDeps, clockOf } from './clock';

/** Background tasks of spec part 1 sections 3 and 4, persisted in a cookie named `tasks` for a year. */
export const TASKS_COOKIE = 'tasks';
export const TASKS_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export interface TaskRecord {
  name: string;
  /** Milliseconds between runs (or until the one run). */
  delay: number;
  repeat: boolean;
  addedAt: number;
  nextRun: number;
  completed: boolean;
}

export interface CookieStore {
  get(name: string): string | null;
  set(name: string, value: string, maxAgeSeconds: number): void;
}

export interface SchedulerDeps extends ClockDeps {
  cookies: CookieStore;
  /** Fired when a task runs. */
  onRun: (task: TaskRecord) => void;
}

/** The next run of a repeating task strictly after `now`, on its interval grid from addedAt. */
export function nextInterval(task: Pick<TaskRecord, 'addedAt' | 'delay' | 'nextRun'>, now: number): number {
  if (task.nextRun > now) return task.nextRun;
  const steps = Math.floor((now - task.addedAt) / task.delay) + 1;
  return task.addedAt + steps * task.delay;
}

export class TaskScheduler {
  private tasks = new Map<string, TaskRecord>();
  private timers = new Map<string, unknown>();
  private readonly clock: Clock;

  constructor(private readonly deps: SchedulerDeps) {
    this.clock = clockOf(deps);
  }

  list(): TaskRecord[] {
    return [...this.tasks.values()];
  }

  /** Resumes the tasks of the cookie: a one-off past due is removed, a repeating one moves to its next interval. */
  resume(): void {
    let saved: TaskRecord[] = [];
    try {
      saved = JSON.parse(this.deps.cookies.get(TASKS_COOKIE) ?? '[]');
    } catch {
      saved = [];
    }
    const now = this.clock.now();
    for (const t of Array.isArray(saved) ? saved : []) {
      if (!t || typeof t.name !== 'string' || !(t.delay > 0) || t.completed) continue;
      if (!t.repeat && t.nextRun <= now) continue;
      const task = { ...t, nextRun: t.repeat ? nextInterval(t, now) : t.nextRun };
      this.tasks.set(task.name, task);
      this.schedule(task);
    }
    this.save();
  }

  add(name: string, delay: number, repeat = false): TaskRecord {
    this.remove(name);
    const now = this.clock.now();
    const task: TaskRecord = { name, delay, repeat, addedAt: now, nextRun: now + delay, completed: false };
    this.tasks.set(name, task);
    this.schedule(task);
    this.save();
    return task;
  }

  remove(name: string): void {
    const h = this.timers.get(name);
    if (h !== undefined) this.clock.clearTimer(h);
    this.timers.delete(name);
    if (this.tasks.delete(name)) this.save();
  }

  /** Runs a task now: fires the event; a one-off is removed, a repeating one rescheduled. */
  run(name: string): void {
    const task = this.tasks.get(name);
    if (!task) return;
    this.timers.delete(name);
    this.deps.onRun({ ...task });
    if (!task.repeat) {
      this.tasks.delete(name);
    } else {
      task.nextRun = nextInterval(task, this.clock.now());
      this.schedule(task);
    }
    this.save();
  }

  private schedule(task: TaskRecord): void {
    const old = this.timers.get(task.name);
    if (old !== undefined) this.clock.clearTimer(old);
    this.timers.set(
      task.name,
      this.clock.setTimer(() => this.run(task.name), Math.max(0, task.nextRun - this.clock.now())),
    );
  }

  private save(): void {
    this.deps.cookies.set(TASKS_COOKIE, JSON.stringify(this.list()), TASKS_COOKIE_MAX_AGE_S);
  }
}
