/** The API speaks `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export function formatDateTime(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatDate(value: Date | string | number | null | undefined): string | null {
  return formatDateTime(value)?.slice(0, 10) ?? null;
}

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses `YYYY-MM-DD[ HH:mm[:ss]]` as Shanghai time; returns null when the text is not such a date. */
export function parseDateTime(text: string): Date | null {
  const m = DATE_TIME_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - SHANGHAI_OFFSET_MS;
  const back = new Date(utc + SHANGHAI_OFFSET_MS);
  if (back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d) return null;
  return new Date(utc);
}
