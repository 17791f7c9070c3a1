import type { ReminderSetting } from '@crm/core/contract/insight';

/** Minutes since midnight in Shanghai (UTC+8, no daylight saving). */
const shanghaiMinutes = (at: Date) => Math.floor(((at.getTime() / 60_000 + 8 * 60) % 1440) + 1440) % 1440;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls in the quiet hours (a window that may cross midnight: 21:00-08:00). */
export function inQuietHours(s: Pick<ReminderSetting, 'quietEnabled' | 'quietStart' | 'quietEnd'>, at: Date): boolean {
  if (!s.quietEnabled) return false;
  const start = minutesOf(s.quietStart);
  const end = minutesOf(s.quietEnd);
  if (start === end) return false;
  const now = shanghaiMinutes(at);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** When a reminder raised at `at` may be delivered: at once, or when the quiet hours end. */
export function deliverableAt(s: Pick<ReminderSetting, 'quietEnabled' | 'quietStart' | 'quietEnd'>, at: Date): Date {
  if (!inQuietHours(s, at)) return at;
  const wait = (minutesOf(s.quietEnd) - shanghaiMinutes(at) + 1440) % 1440;
  const out = new Date(at.getTime() + wait * 60_000);
  out.setUTCSeconds(0, 0);
  return out;
}

/** The Shanghai calendar day of `at` (YYYY-MM-DD). */
export const shanghaiDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
