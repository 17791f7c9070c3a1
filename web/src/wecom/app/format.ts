import { formatUnit, secondsToHMS } from '@crm/core';
import { axisValue } from '../../components/charts/format';

/** The WeCom app's figures (spec section 9): counts in 万/亿, money in 万/亿 yuan, durations HH:MM:SS. */
export const count = (n: number | null | undefined): string => formatUnit(n);
export const money = (fen: number): string => axisValue(fen, 'money');
export const duration = (seconds: number | null | undefined): string => secondsToHMS(seconds);
export const percent = (v: number | null | undefined): string => (v == null ? '-' : `${Number(v.toFixed(2))}%`);
