import { EMPTY_TEXT } from '@crm/core';

/** How the call-analysis screens write their values: a dash for nothing, times as mm:ss, ratios as percents. */

export const dash = (v: unknown): string =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? EMPTY_TEXT : String(v);

/** 75300 → '01:15' (an hour or more: '1:02:03'). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** 12345 → '12.3 秒'. */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} 秒`;

/** 0.634 → '63%'; null → dash. */
export const percent = (ratio: number | null | undefined): string =>
  ratio === null || ratio === undefined ? EMPTY_TEXT : `${Math.round(ratio * 100)}%`;

/** Colour of an analysis status tag (0 未分析 … 4 失败); paused for balance shows as a warning. */
export function statusColor(status: number, paused = false): string {
  if (paused) return 'warning';
  return ({ 0: 'default', 1: 'default', 2: 'processing', 3: 'success', 4: 'error' } as Record<number, string>)[status];
}

/** Queued or running (and not waiting for the balance): the screens poll until it settles. */
export const analysing = (status: number, paused = false): boolean => !paused && (status === 1 || status === 2);

/** Colour of an intention label (1 强意向 … 6 无效号码). */
export const INTENTION_COLOR: Record<number, string> = {
  1: 'red',
  2: 'orange',
  3: 'default',
  4: 'purple',
  5: 'magenta',
  6: 'default',
};

/** Colour of a churn risk 0-100. */
export const churnColor = (risk: number): string => (risk >= 70 ? '#ff4d4f' : risk >= 40 ? '#faad14' : '#52c41a');

/** The sentiment of the customer as the panel names it. */
export const SENTIMENT_NAME = { positive: '积极', neutral: '中性', negative: '消极' } as const;

/**
 * A sentence split around the words to highlight (`match`), for a <mark>: [before, match, after]; the whole text as
 * `before` when the words are not in it.
 */
export function splitMatch(text: string, match: string | undefined): [string, string, string] {
  if (!match) return [text, '', ''];
  const at = text.indexOf(match);
  if (at < 0) return [text, '', ''];
  return [text.slice(0, at), match, text.slice(at + match.length)];
}

/** Share of a batch that is settled (done or failed), 0-100. */
export function batchPercent(b: { total: number; done: number; failed: number; state: number }): number {
  if (b.state === 2 || b.total === 0) return 100;
  return Math.min(100, Math.floor(((b.done + b.failed) / b.total) * 100));
}
