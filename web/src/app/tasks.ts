import { type CookieStore, type TaskRecord, TaskScheduler } from '@crm/core';

/** document.cookie as the scheduler's store (the `tasks` cookie lives a year). */
export const documentCookies: CookieStore = {
  get(name) {
    const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
  },
  set(name, value, maxAgeSeconds) {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps tasks in a cookie; the Cookie Store API is not everywhere
    document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
  },
};

/** Event fired on window when a background task runs (detail: the task record). */
export const TASK_EVENT = 'crm:task';

let scheduler: TaskScheduler | null = null;

/** The app's background tasks, resumed from the cookie on first use. */
export function tasks(): TaskScheduler {
  if (!scheduler) {
    scheduler = new TaskScheduler({
      cookies: documentCookies,
      onRun: (task: TaskRecord) => window.dispatchEvent(new CustomEvent(TASK_EVENT, { detail: task })),
    });
    scheduler.resume();
  }
  return scheduler;
}
