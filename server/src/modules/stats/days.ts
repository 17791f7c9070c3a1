import { presetDays } from '@crm/core';

/** Shanghai calendar days as 'YYYY-MM-DD' text and the instants they start at. */

export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const today = (now: Date = new Date()): string => presetDays('today', now)[0];
export const minDay = (a: string, b: string) => (a < b ? a : b);
export const maxDay = (a: string, b: string) => (a > b ? a : b);

/** Every day of [start, end]. */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}
