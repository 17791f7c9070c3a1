/** Display formatting of spec part 1 section 9: money, 万/亿 units, durations, age, weekdays. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** An empty value shows a dash. */
export const EMPTY_TEXT = '-';

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));

/** Thousands separators with a fixed number of decimals: 1234567.8 → '1,234,567.80'. */
export function formatThousands(value: number, decimals = 2): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (frac ? `.${frac}` : '');
}

/** Money from fen: ÷100, two decimals, thousands separators. 1288000 → '12,880.00'. */
export function fenToYuan(fen: number | string | null | undefined): string {
  if (isBlank(fen)) return EMPTY_TEXT;
  const n = Number(fen);
  if (!Number.isFinite(n)) return EMPTY_TEXT;
  return formatThousands(n / 100, 2);
}

/** A number with 万 (10^4) and 亿 (10^8) units, up to two decimals without trailing zeros: 12345 → '1.23万'. */
export function formatUnit(value: number | string | null | undefined, decimals = 2): string {
  if (isBlank(value)) return EMPTY_TEXT;
  const n = Number(value);
  if (!Number.isFinite(n)) return EMPTY_TEXT;
  const abs = Math.abs(n);
  const trim = (x: number) => String(Number(x.toFixed(decimals)));
  if (abs >= 1e8) return `${trim(n / 1e8)}亿`;
  if (abs >= 1e4) return `${trim(n / 1e4)}万`;
  return trim(n);
}

const pad = (n: number) => String(n).padStart(2, '0');

function wholeSeconds(seconds: number | string | null | undefined): number | null {
  if (isBlank(seconds)) return null;
  const n = Math.floor(Number(seconds));
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Seconds as HH:MM:SS: 3725 → '01:02:05'. */
export function secondsToHMS(seconds: number | string | null | undefined): string {
  const s = wholeSeconds(seconds);
  if (s === null) return EMPTY_TEXT;
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Duration as h:mm:ss: 3725 → '1:02:05', 65 → '0:01:05'. */
export function durationHms(seconds: number | string | null | undefined): string {
  const s = wholeSeconds(seconds);
  if (s === null) return EMPTY_TEXT;
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Duration as mm:ss (minutes keep counting past 59): 65 → '01:05', 3725 → '62:05'. */
export function durationMs(seconds: number | string | null | undefined): string {
  const s = wholeSeconds(seconds);
  if (s === null) return EMPTY_TEXT;
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** Calendar date parts in Shanghai. */
export function shanghaiParts(
  value: Date | number | string,
): { y: number; m: number; d: number; weekday: number } | null {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Date(`${value}T00:00:00+08:00`)
        : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const s = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  return { y: s.getUTCFullYear(), m: s.getUTCMonth() + 1, d: s.getUTCDate(), weekday: s.getUTCDay() };
}

/** Age in full years on `now` (birthday not yet reached this year counts one less). */
export function ageOf(birth: Date | string | number | null | undefined, now: Date = new Date()): number | null {
  if (isBlank(birth)) return null;
  const b = shanghaiParts(birth as Date);
  const n = shanghaiParts(now);
  if (!b || !n) return null;
  let age = n.y - b.y;
  if (n.m < b.m || (n.m === b.m && n.d < b.d)) age--;
  return age < 0 ? null : age;
}

export const WEEKDAYS_CN = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

/** Chinese weekday name: '星期一' (or '周一' with prefix '周'). Takes a date or a day index 0 (Sunday) to 6. */
export function weekdayCn(value: Date | string | number, prefix: '星期' | '周' = '星期'): string {
  let idx: number;
  if (typeof value === 'number' && value >= 0 && value <= 6 && Number.isInteger(value)) idx = value;
  else {
    const p = shanghaiParts(value);
    if (!p) return EMPTY_TEXT;
    idx = p.weekday;
  }
  return prefix + WEEKDAYS_CN[idx].slice(2);
}
