import { shanghaiParts } from './format';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const dayNumber = (d: Date) => {
  const p = shanghaiParts(d)!;
  return Math.round(Date.UTC(p.y, p.m - 1, p.d) / DAY);
};

/**
 * Relative time labels of spec part 1 section 9: 刚刚; minutes within 60; hours within 6; 今天; 昨天; 明天;
 * days up to 6; 1 to 3 weeks; months up to 5; 半年 for 6 to 12 months; then years. Future times read 后.
 */
export function relativeTime(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '-';
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( |$)/.test(value)
      ? new Date(`${value.replace(' ', 'T')}${value.length <= 10 ? 'T00:00:00' : ''}+08:00`)
      : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const diff = now.getTime() - date.getTime();
  const past = diff >= 0;
  const abs = Math.abs(diff);
  const suffix = past ? '前' : '后';
  if (abs < MIN) return '刚刚';
  if (abs < HOUR) return `${Math.floor(abs / MIN)}分钟${suffix}`;
  if (abs < 6 * HOUR) return `${Math.floor(abs / HOUR)}小时${suffix}`;
  const days = dayNumber(now) - dayNumber(date);
  if (days === 0) return '今天';
  if (days === 1) return '昨天';
  if (days === -1) return '明天';
  const d = Math.abs(days);
  if (d <= 6) return `${d}天${suffix}`;
  if (d < 28) return `${Math.floor(d / 7)}周${suffix}`;
  const months = Math.floor(d / 30.44);
  if (months < 6) return `${Math.max(1, months)}个月${suffix}`;
  if (months < 12) return `半年${suffix}`;
  return `${Math.floor(months / 12)}年${suffix}`;
}
