import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  checkTimeZone,
  formatInZone,
  isCalendarDay,
  parseInstant,
  supportedTimeZones,
  TIME_ZONE_MESSAGES,
} from './time-zone.ts';
import { practiceZoneLabel, zoneAbbreviation, zoneOffsetMinutes } from './zone-label.ts';

const WINTER = '2026-01-15T14:00:00.000Z';
const SUMMER = '2026-07-15T14:00:00.000Z';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('IANA time-zone names', () => {
  it('accepts names from the engine list, in canonical spelling', () => {
    expect(supportedTimeZones()).toContain('America/New_York');
    expect(checkTimeZone('America/New_York')).toEqual({ ok: true, value: 'America/New_York' });
    expect(checkTimeZone(' america/new_york ')).toEqual({ ok: true, value: 'America/New_York' });
    expect(checkTimeZone('Europe/London')).toEqual({ ok: true, value: 'Europe/London' });
  });

  it('accepts UTC and links the engine can format in but leaves off its list', () => {
    expect(checkTimeZone('UTC').ok).toBe(true);
    expect(checkTimeZone('US/Eastern').ok).toBe(true);
    expect(checkTimeZone('Asia/Kolkata').ok).toBe(true);
  });

  it('refuses made-up names, offsets, abbreviations and non-strings with a message', () => {
    for (const name of ['Mars/Olympus_Mons', '+05:00', 'GMT+5:30', 'EST5EDT/x', '../etc/passwd', 'America/New York', 'x'.repeat(80)]) {
      expect(checkTimeZone(name), name).toEqual({ ok: false, message: TIME_ZONE_MESSAGES.unknown });
    }
    expect(checkTimeZone('')).toEqual({ ok: false, message: TIME_ZONE_MESSAGES.empty });
    expect(checkTimeZone(undefined)).toEqual({ ok: false, message: TIME_ZONE_MESSAGES.empty });
    expect(checkTimeZone(42)).toEqual({ ok: false, message: TIME_ZONE_MESSAGES.empty });
  });

  it('still validates where the engine has no Intl.supportedValuesOf', async () => {
    vi.resetModules();
    const original = Intl.supportedValuesOf;
    // @ts-expect-error -- simulating an older engine
    delete Intl.supportedValuesOf;
    try {
      const fresh = await import('./time-zone.ts');
      expect(fresh.supportedTimeZones()).toBeNull();
      expect(fresh.checkTimeZone('America/Chicago')).toEqual({ ok: true, value: 'America/Chicago' });
      expect(fresh.checkTimeZone('Nowhere/Land').ok).toBe(false);
    } finally {
      Intl.supportedValuesOf = original;
    }
  });

  it("defaults to the browser's zone, and to UTC when the browser names none", () => {
    expect(checkTimeZone(browserTimeZone()).ok).toBe(true);
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: '' } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe('UTC');
  });
});

describe('a UTC instant shown in the practice zone', () => {
  it('shows the wall-clock time of the zone, across daylight saving', () => {
    expect(formatInZone(WINTER, 'America/New_York')).toBe('Thu, Jan 15, 2026, 9:00 AM');
    expect(formatInZone(SUMMER, 'America/New_York')).toBe('Wed, Jul 15, 2026, 10:00 AM');
    expect(formatInZone(WINTER, 'Asia/Tokyo', { show: 'time' })).toBe('11:00 PM');
    expect(formatInZone('2026-01-15T23:30:00Z', 'Asia/Tokyo', { show: 'date' })).toBe('Fri, Jan 16, 2026');
    expect(formatInZone(WINTER, 'America/New_York', { show: 'time', withZoneName: true })).toBe('9:00 AM EST');
    expect(formatInZone(SUMMER, 'America/New_York', { show: 'time', withZoneName: true })).toBe('10:00 AM EDT');
  });

  it("reads Appwrite's +00:00 form and Date objects", () => {
    expect(formatInZone('2026-01-15T14:00:00.000+00:00', 'UTC', { show: 'time' })).toBe('2:00 PM');
    expect(formatInZone(new Date(WINTER), 'Europe/London', { show: 'time' })).toBe('2:00 PM');
  });

  it('shows nothing instead of throwing for a bad instant or zone', () => {
    expect(formatInZone('yesterday', 'UTC')).toBe('');
    expect(formatInZone('2026-02-30T10:00:00Z', 'UTC')).toBe('');
    expect(formatInZone(WINTER, 'Nowhere/Land')).toBe('');
    expect(parseInstant('2026-01-15')).toEqual({ ok: false, message: TIME_ZONE_MESSAGES.instantInvalid });
    expect(parseInstant(new Date(Number.NaN)).ok).toBe(false);
    expect(parseInstant('2026-01-15T24:00:00Z').ok).toBe(false);
    expect(isCalendarDay(2024, 2, 29)).toBe(true);
    expect(isCalendarDay(2026, 2, 29)).toBe(false);
    expect(isCalendarDay(2026, 13, 1)).toBe(false);
  });

  it('knows the offset and the short name at that instant', () => {
    expect(zoneOffsetMinutes('America/New_York', WINTER)).toBe(-300);
    expect(zoneOffsetMinutes('America/New_York', SUMMER)).toBe(-240);
    expect(zoneOffsetMinutes('Asia/Kolkata', WINTER)).toBe(330);
    expect(zoneAbbreviation('America/Los_Angeles', WINTER)).toBe('PST');
    expect(zoneAbbreviation('Europe/Berlin', WINTER)).toBe('GMT+1');
  });
});

describe("the label when the browser's zone differs from the practice's", () => {
  it('names the practice zone when the clocks differ', () => {
    expect(practiceZoneLabel('America/New_York', 'America/Los_Angeles', WINTER)).toBe('Times are in America/New_York (EST)');
    expect(practiceZoneLabel('America/New_York', 'Europe/London', SUMMER)).toBe('Times are in America/New_York (EDT)');
  });

  it('shows no label in the same zone, or in a zone keeping the same clock', () => {
    expect(practiceZoneLabel('America/New_York', 'America/New_York', WINTER)).toBeNull();
    expect(practiceZoneLabel('America/New_York', 'America/Detroit', WINTER)).toBeNull();
  });

  it('uses the browser zone by default', () => {
    const here = browserTimeZone();
    expect(practiceZoneLabel(here)).toBeNull();
  });
});
