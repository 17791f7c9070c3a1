import { fenToYuan, formatUnit, secondsToHMS } from '@crm/core';

/**
 * What a figure measures, and so how it reads (spec G3): counts in 万/亿 where large, money from fen, durations
 * HH:MM:SS, rates in percent (the value is already ×100).
 */
export type ValueKind = 'count' | 'money' | 'duration' | 'percent';

/** A figure in a table cell or a tooltip: exact money (yuan with separators), counts in 万/亿. */
export function formatValue(v: number | null | undefined, kind: ValueKind = 'count'): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '-';
  switch (kind) {
    case 'money':
      return fenToYuan(v);
    case 'duration':
      return secondsToHMS(v);
    case 'percent':
      return `${Number(v.toFixed(2))}%`;
    default:
      return formatUnit(v);
  }
}

/** A figure on a chart's axis: short (money in 万/亿 yuan, durations in hours past an hour). */
export function axisValue(v: number, kind: ValueKind = 'count'): string {
  switch (kind) {
    case 'money':
      return formatUnit(v / 100);
    case 'duration':
      return v >= 3600 ? `${formatUnit(v / 3600, 1)}时` : `${formatUnit(v / 60, 1)}分`;
    case 'percent':
      return `${v}%`;
    default:
      return formatUnit(v);
  }
}

/** A rate in percent, two decimals: 0 when nothing was tried. */
export const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
