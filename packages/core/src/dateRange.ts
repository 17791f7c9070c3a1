/**
 * Date presets and range text of spec part 1 sections 4 and 9. Every preset is a range from the start of its first
 * day (00:00:00) to the end of its last (23:59:59), in Shanghai calendar days; weeks start on Monday.
 */
import { shanghaiParts } from './format';

export const RANGE_SEPARATOR = '至';
export const DAY_START = '00:00:00';
export const DAY_END = '23:59:59';
/** 超时 (overdue) ranges from this day to today. */
export const OVERDUE_FROM = '2000-01-01';

export type DatePresetKey =
  | 'today'
  | 'yesterday'
  | 'tomorrow'
  | 'thisWeek'
  | 'lastWeek'
  | 'nextWeek'
  | 'thisMonth'
  | 'lastMonth'
  | 'nextMonth'
  | 'thisQuarter'
  | 'lastQuarter'
  | 'nextQuarter'
  | 'thisYear'
  | 'lastYear'
  | 'nextYear'
  | 'last7Days'
  | 'last30Days'
  | 'last90Days'
  | 'futureDay'
  | 'futureWeek'
  | 'futureMonth'
  | 'futureQuarter'
  | 'futureYear'
  | 'overdue';

export interface DatePreset {
  key: DatePresetKey;
  label: string;
  /** Lies (partly) in the future: disabled when the picker has disabledFuture. */
  future: boolean;
}

export const DATE_PRESETS: DatePreset[] = [
  { key: 'today', label: '今天', future: false },
  { key: 'yesterday', label: '昨天', future: false },
  { key: 'tomorrow', label: '明天', future: true },
  { key: 'thisWeek', label: '本周', future: false },
  { key: 'lastWeek', label: '上周', future: false },
  { key: 'nextWeek', label: '下周', future: true },
  { key: 'thisMonth', label: '本月', future: false },
  { key: 'lastMonth', label: '上月', future: false },
  { key: 'nextMonth', label: '下月', future: true },
  { key: 'thisQuarter', label: '本季度', future: false },
  { key: 'lastQuarter', label: '上季度', future: false },
  { key: 'nextQuarter', label: '下季度', future: true },
  { key: 'thisYear', label: '今年', future: false },
  { key: 'lastYear', label: '去年', future: false },
  { key: 'nextYear', label: '明年', future: true },
  { key: 'last7Days', label: '近7天', future: false },
  { key: 'last30Days', label: '近30天', future: false },
  { key: 'last90Days', label: '近90天', future: false },
  { key: 'futureDay', label: '未来1天', future: true },
  { key: 'futureWeek', label: '未来1周', future: true },
  { key: 'futureMonth', label: '未来1月', future: true },
  { key: 'futureQuarter', label: '未来1季度', future: true },
  { key: 'futureYear', label: '未来1年', future: true },
  { key: 'overdue', label: '超时', future: false },
];

/** A calendar day as a count of days since 1970-01-01. */
type Day = number;
const MS_DAY = 86_400_000;
const dayOf = (y: number, m: number, d: number): Day => Math.round(Date.UTC(y, m - 1, d) / MS_DAY);
const partsOf = (day: Day) => {
  const dt = new Date(day * MS_DAY);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate(), weekday: dt.getUTCDay() };
};
const pad = (n: number) => String(n).padStart(2, '0');
export const dayText = (day: Day) => {
  const p = partsOf(day);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
};
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** First day of the month `offset` months from (y, m). */
const monthStart = (y: number, m: number, offset: number): Day => {
  const idx = y * 12 + (m - 1) + offset;
  return dayOf(Math.floor(idx / 12), (idx % 12) + 1, 1);
};
const monthEnd = (y: number, m: number, offset: number): Day => {
  const idx = y * 12 + (m - 1) + offset;
  const yy = Math.floor(idx / 12);
  const mm = (idx % 12) + 1;
  return dayOf(yy, mm, daysInMonth(yy, mm));
};
/** The same day `months` later, clamped to the month's length (Jan 31 + 1 month → Feb 28/29). */
const addMonths = (day: Day, months: number): Day => {
  const p = partsOf(day);
  const idx = p.y * 12 + (p.m - 1) + months;
  const yy = Math.floor(idx / 12);
  const mm = (idx % 12) + 1;
  return dayOf(yy, mm, Math.min(p.d, daysInMonth(yy, mm)));
};

/** [first day, last day] of a preset relative to `now`. */
export function presetDays(key: DatePresetKey, now: Date = new Date()): [string, string] {
  const n = shanghaiParts(now)!;
  const today = dayOf(n.y, n.m, n.d);
  const monday = today - ((n.weekday + 6) % 7);
  const q = Math.floor((n.m - 1) / 3) * 3 + 1; // first month of this quarter
  const ranges: Record<DatePresetKey, [Day, Day]> = {
    today: [today, today],
    yesterday: [today - 1, today - 1],
    tomorrow: [today + 1, today + 1],
    thisWeek: [monday, monday + 6],
    lastWeek: [monday - 7, monday - 1],
    nextWeek: [monday + 7, monday + 13],
    thisMonth: [monthStart(n.y, n.m, 0), monthEnd(n.y, n.m, 0)],
    lastMonth: [monthStart(n.y, n.m, -1), monthEnd(n.y, n.m, -1)],
    nextMonth: [monthStart(n.y, n.m, 1), monthEnd(n.y, n.m, 1)],
    thisQuarter: [monthStart(n.y, q, 0), monthEnd(n.y, q, 2)],
    lastQuarter: [monthStart(n.y, q, -3), monthEnd(n.y, q, -1)],
    nextQuarter: [monthStart(n.y, q, 3), monthEnd(n.y, q, 5)],
    thisYear: [dayOf(n.y, 1, 1), dayOf(n.y, 12, 31)],
    lastYear: [dayOf(n.y - 1, 1, 1), dayOf(n.y - 1, 12, 31)],
    nextYear: [dayOf(n.y + 1, 1, 1), dayOf(n.y + 1, 12, 31)],
    last7Days: [today - 6, today],
    last30Days: [today - 29, today],
    last90Days: [today - 89, today],
    futureDay: [today, today + 1],
    futureWeek: [today, today + 7],
    futureMonth: [today, addMonths(today, 1)],
    futureQuarter: [today, addMonths(today, 3)],
    futureYear: [today, addMonths(today, 12)],
    overdue: [dayOf(2000, 1, 1), today],
  };
  const [first, last] = ranges[key];
  return [dayText(first), dayText(last)];
}

/** A preset as datetimes: ['YYYY-MM-DD 00:00:00', 'YYYY-MM-DD 23:59:59']. */
export function presetRange(key: DatePresetKey, now: Date = new Date()): [string, string] {
  const [a, b] = presetDays(key, now);
  return [`${a} ${DAY_START}`, `${b} ${DAY_END}`];
}

export function presetByLabel(label: string): DatePreset | undefined {
  return DATE_PRESETS.find((p) => p.label === label);
}

/** Range text: 'YYYY-MM-DD至YYYY-MM-DD'. */
export function joinRange(start: string, end: string): string {
  return `${start.slice(0, 10)}${RANGE_SEPARATOR}${end.slice(0, 10)}`;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/**
 * Splits a range text containing 至: the start gets 00:00:00 and the end 23:59:59. Null when it has no 至 or a side
 * is not a date.
 */
export function splitRange(text: string | null | undefined): [string, string] | null {
  if (!text?.includes(RANGE_SEPARATOR)) return null;
  const [a, b] = text.split(RANGE_SEPARATOR).map((s) => s.trim().slice(0, 10));
  if (!isValidDate(a) || !isValidDate(b)) return null;
  return [`${a} ${DAY_START}`, `${b} ${DAY_END}`];
}

/** A date-picker value (a preset label such as 今天 or 超时, or a range text with 至) as a datetime range. */
export function resolveDateValue(value: string | null | undefined, now: Date = new Date()): [string, string] | null {
  if (!value) return null;
  const preset = presetByLabel(value.trim());
  if (preset) return presetRange(preset.key, now);
  return splitRange(value);
}
