/** The call-duration filter of spec part 1 section 5: option 1 picks a level, option 2 a custom range. */
export const DURATION_LEVELS = [
  { value: 0, label: '不限', min: null, max: null },
  { value: 1, label: '0-10秒', min: 0, max: 10 },
  { value: 2, label: '11-30秒', min: 11, max: 30 },
  { value: 3, label: '30-60秒', min: 30, max: 60 },
  { value: 4, label: '60-180秒', min: 60, max: 180 },
  { value: 5, label: '180-300秒', min: 180, max: 300 },
  { value: 6, label: '300-600秒', min: 300, max: 600 },
  { value: 7, label: '600秒以上', min: 600, max: null },
] as const;

/**
 * The longest duration a custom range may name, in seconds (7 days). The APIs refuse larger values with
 * durationOutOfRange; durationRange also keeps its result within reach of the columns (seconds, or ms in an int4).
 */
export const MAX_FILTER_DURATION_SECONDS = 7 * 86400;

/** The message for a custom range bound beyond MAX_FILTER_DURATION_SECONDS (or below 0). */
export const durationOutOfRange = (label: string) =>
  `${label}应在 0-${MAX_FILTER_DURATION_SECONDS} 秒之间（最长 7 天）`;

export interface DurationRange {
  /** Seconds, inclusive; null: no bound. */
  min: number | null;
  max: number | null;
}

/** A custom range bound as seconds; a trailing non-numeric character (a unit such as 秒 or s) is stripped. */
export function durationBound(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const t = String(text)
    .trim()
    .replace(/[^\d.]$/, '');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export type DurationFilter =
  | { option: 1; level: number }
  | { option: 2; min?: string | number | null; max?: string | number | null };

export function durationRange(filter: DurationFilter | null | undefined): DurationRange {
  if (!filter) return { min: null, max: null };
  if (filter.option === 1) {
    const level = DURATION_LEVELS.find((l) => l.value === Number(filter.level)) ?? DURATION_LEVELS[0];
    return { min: level.min, max: level.max };
  }
  return { min: clamp(durationBound(filter.min)), max: clamp(durationBound(filter.max)) };
}

/** Out-of-range bounds select as they would (no call is under 0 s or over the maximum), and never overflow. */
function clamp(n: number | null): number | null {
  return n === null ? null : Math.min(Math.max(n, -1), MAX_FILTER_DURATION_SECONDS + 1);
}
