import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateLabel, instantAt, isPlainDate, monthWeeks, todayIn, weekDays, zonedTime } from './calendar-dates.ts';

describe('calendar dates', () => {
  it('does plain-date arithmetic across months, years and leap days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(isPlainDate('2026-02-30')).toBe(false);
    expect(isPlainDate('2026-03-03')).toBe(true);
  });

  it('lays out a Sunday-first week, a Monday–Friday work week and a month of whole weeks', () => {
    expect(weekDays('2026-03-04')).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(weekDays('2026-03-04', true)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
    const weeks = monthWeeks('2026-03-15');
    expect(weeks[0]![0]).toBe('2026-03-01');
    expect(weeks.at(-1)!.at(-1)).toBe('2026-04-04');
    expect(weeks.flat()).toContain('2026-03-31');
  });

  it('names days the way the calendar reads them', () => {
    expect(dateLabel('2026-03-03')).toBe('Tue, Mar 3, 2026');
    expect(dateLabel('2026-03-03', 'month')).toBe('March 2026');
  });

  it('turns a wall time in the practice zone into the instant, across daylight-saving changes', () => {
    expect(instantAt('2026-03-03', 600, 'America/New_York').toISOString()).toBe('2026-03-03T15:00:00.000Z');
    expect(instantAt('2026-03-10', 600, 'America/New_York').toISOString()).toBe('2026-03-10T14:00:00.000Z');
    expect(instantAt('2026-07-01', 600, 'Europe/London').toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(instantAt('2026-07-01', 600, 'Australia/Sydney').toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(instantAt('2026-01-05', 600, 'Australia/Sydney').toISOString()).toBe('2026-01-04T23:00:00.000Z');
    // 02:30 on 8 March 2026 does not exist in New York: it lands after the gap, at 03:30 EDT.
    expect(instantAt('2026-03-08', 150, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on 1 November 2026 happens twice: the earlier one (EDT).
    expect(instantAt('2026-11-01', 90, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads an instant back as the zone’s wall time, and knows today there', () => {
    expect(zonedTime('2026-03-10T14:00:00.000Z', 'America/New_York')).toEqual({ date: '2026-03-10', minutes: 600 });
    expect(zonedTime('2026-03-10T14:00:00.000+00:00', 'Asia/Tokyo')).toEqual({ date: '2026-03-10', minutes: 23 * 60 });
    expect(todayIn('Pacific/Kiritimati', new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-11');
    for (const zone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata']) {
      for (let day = 0; day < 365; day += 7) {
        const date = addDays('2026-01-01', day);
        expect(zonedTime(instantAt(date, 600, zone), zone)).toEqual({ date, minutes: 600 });
      }
    }
  });
});
