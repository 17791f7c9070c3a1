import { describe, expect, it } from 'vitest';
import { deliverableAt, inQuietHours, shanghaiDay } from './quiet';

const night = { quietEnabled: true, quietStart: '21:00', quietEnd: '08:00' };
const lunch = { quietEnabled: true, quietStart: '12:00', quietEnd: '13:30' };
const at = (shanghai: string) => new Date(`${shanghai}+08:00`);

describe('quiet hours (Shanghai time)', () => {
  it('a window across midnight', () => {
    expect(inQuietHours(night, at('2026-11-25T22:10:00'))).toBe(true);
    expect(inQuietHours(night, at('2026-11-25T07:59:00'))).toBe(true);
    expect(inQuietHours(night, at('2026-11-25T08:00:00'))).toBe(false);
    expect(inQuietHours(night, at('2026-11-25T20:59:00'))).toBe(false);
    expect(inQuietHours({ ...night, quietEnabled: false }, at('2026-11-25T23:00:00'))).toBe(false);
  });
  it('a window within the day', () => {
    expect(inQuietHours(lunch, at('2026-11-25T12:30:00'))).toBe(true);
    expect(inQuietHours(lunch, at('2026-11-25T13:30:00'))).toBe(false);
  });
  it('defers to the end of the window, the next morning when raised at night', () => {
    expect(deliverableAt(night, at('2026-11-25T22:10:00'))).toEqual(at('2026-11-26T08:00:00'));
    expect(deliverableAt(night, at('2026-11-26T06:15:30'))).toEqual(at('2026-11-26T08:00:00'));
    expect(deliverableAt(lunch, at('2026-11-25T12:05:00'))).toEqual(at('2026-11-25T13:30:00'));
    const now = at('2026-11-25T10:00:00');
    expect(deliverableAt(night, now)).toBe(now);
  });
  it('the Shanghai day', () => {
    expect(shanghaiDay(new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
  });
});
