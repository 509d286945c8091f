import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatTime, formatTimeOfDay, formatWeekdayDay } from '@cadence/shared-auth';

describe('the one date style', () => {
  it('shows a day as "Tue, Dec 1, 2026" and a time as "9:30 AM" (US), on the practice zone’s clock', () => {
    // 14:30 UTC is 9:30 in New York in winter (EST, UTC-5).
    const instant = '2026-12-01T14:30:00.000Z';
    expect(formatDate(instant, { timeZone: 'America/New_York' })).toBe('Tue, Dec 1, 2026');
    expect(formatTime(instant, { timeZone: 'America/New_York' })).toBe('9:30 AM');
    expect(formatDateTime(instant, { timeZone: 'America/New_York' })).toBe('Tue, Dec 1, 2026, 9:30 AM');
    expect(formatTime(instant, { timeZone: 'America/New_York', withZoneName: true })).toBe('9:30 AM EST');
    // 16:00 UTC is already 1:00 AM the next day in Tokyo.
    expect(formatDateTime('2026-12-01T16:00:00.000Z', { timeZone: 'Asia/Tokyo' })).toBe('Wed, Dec 2, 2026, 1:00 AM');
    expect(formatDate(new Date(instant), { timeZone: 'UTC' })).toBe('Tue, Dec 1, 2026');
  });

  it('keeps plain spaces (no narrow no-break space before AM/PM), so text reads and searches the same', () => {
    expect(formatTime('2026-12-01T14:30:00.000Z', { timeZone: 'UTC' })).toBe('2:30 PM');
    expect(formatTime('2026-12-01T14:30:00.000Z', { timeZone: 'UTC' })).not.toMatch(/[\u202f\u2009\u00a0]/);
  });

  it('a calendar day (a date of birth) is the same day in every zone, never shifted by one', () => {
    expect(formatDate('1990-02-28')).toBe('Wed, Feb 28, 1990');
    expect(formatDate('1990-02-28', { timeZone: 'Pacific/Honolulu' })).toBe('Wed, Feb 28, 1990');
    expect(formatDate('1990-02-28', { timeZone: 'Pacific/Kiritimati' })).toBe('Wed, Feb 28, 1990');
    expect(formatMonth('2026-12-01')).toBe('December 2026');
    expect(formatWeekdayDay('2026-12-01')).toBe('Tue 1');
  });

  it('a time of day from minutes since midnight', () => {
    expect(formatTimeOfDay(0)).toBe('12:00 AM');
    expect(formatTimeOfDay(570)).toBe('9:30 AM');
    expect(formatTimeOfDay(12 * 60)).toBe('12:00 PM');
    expect(formatTimeOfDay(23 * 60 + 59)).toBe('11:59 PM');
  });

  it('answers an empty string, never a throw, for what is not a date or a zone', () => {
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatTime('2026-12-01T14:30:00.000Z', { timeZone: 'Mars/Olympus' })).toBe('');
    expect(formatTimeOfDay(Number.NaN)).toBe('');
  });

  it('another locale when one is asked for', () => {
    expect(formatDate('2026-12-01', { locale: 'en-GB' })).toBe('Tue, 1 Dec 2026');
  });
});
