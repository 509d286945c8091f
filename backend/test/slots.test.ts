// Issue 32, the slots function (functions/lib/slots.js): examples for each rule (grid, buffers,
// caps, notice, horizon, overrides, daylight-saving changes in three zones) and a property test
// against an independent expansion that walks every five-minute instant and reads its wall time
// with Intl (no Temporal), so the two agree only if the rules hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSlots, START_GRIDS, WEEKDAYS, type Availability, type BookingRule, type Busy, type Slot, type Window } from '../functions/lib/slots.js';

const rule = (over: Partial<BookingRule> = {}): BookingRule => ({
  durationMinutes: 50, noticeHours: 0, horizonDays: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, startGrid: '60', maxPerDay: null, maxPerWeek: null, ...over,
});
const weekdays = (windows: Window[]) => Object.fromEntries(['MO', 'TU', 'WE', 'TH', 'FR'].map((d) => [d, windows]));
const hours = (timeZone: string, over: Partial<Availability> = {}): Availability => ({
  timeZone, weekly: weekdays([{ start: '09:00', end: '12:00' }]), overrides: [], ...over,
});
const starts = (slots: Slot[]) => slots.map((s) => s.start);
/** Slots of one local date, as local `HH:mm`. */
const wallTimes = (slots: Slot[], timeZone: string, date: string) =>
  slots.map((s) => local(Date.parse(s.start), timeZone)).filter((l) => l.date === date).map((l) => `${String(Math.floor(l.minute / 60)).padStart(2, '0')}:${String(l.minute % 60).padStart(2, '0')}`);

// ---- The independent expansion ---------------------------------------------------------------
const formats = new Map<string, Intl.DateTimeFormat>();
function local(t: number, timeZone: string): { date: string; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(t).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const FIVE = 5 * 60_000;

function expand(availability: Availability, r: BookingRule, busy: Busy[], now: number): string[] {
  const { timeZone } = availability;
  const lastDate = addDays(local(now, timeZone).date, r.horizonDays);
  const windowsOf = (date: string) => {
    let windows: Window[] | undefined;
    for (const o of availability.overrides) if (o.from <= date && date <= o.to) windows = o.windows;
    return windows ?? availability.weekly[WEEKDAYS[weekdayOf(date)] ?? 'MO'] ?? [];
  };
  const counted = busy.filter((b) => b.counts).map((b) => local(Number(b.start), timeZone).date);
  const isBusy = (u: number) => busy.some((b) => Number(b.start) - (b.bufferBeforeMinutes ?? 0) * 60_000 <= u && u < Number(b.end) + (b.bufferAfterMinutes ?? 0) * 60_000);
  const seen = new Set<string>();
  const out: string[] = [];
  for (let t = Math.floor(now / FIVE) * FIVE - 86_400_000; ; t += FIVE) {
    const l = local(t, timeZone);
    if (l.date > lastDate) break;
    const key = `${l.date} ${l.minute}`;
    if (seen.has(key)) continue; // a repeated wall time: the first instant only
    seen.add(key);
    if (t < now + r.noticeHours * 3_600_000) continue;
    const fits = windowsOf(l.date).some((w) => {
      const ws = toMinute(w.start);
      const we = toMinute(w.end);
      if (l.minute < ws) return false;
      if (r.startGrid === 'hour' ? l.minute % 60 !== 0 : (l.minute - ws) % Number(r.startGrid) !== 0) return false;
      for (let u = t; u < t + r.durationMinutes * 60_000; u += FIVE) {
        const inside = local(u, timeZone);
        if (inside.date !== l.date || inside.minute < ws || inside.minute >= we) return false;
      }
      return true;
    });
    if (!fits) continue;
    let free = true;
    for (let u = t - r.bufferBeforeMinutes * 60_000; u < t + (r.durationMinutes + r.bufferAfterMinutes) * 60_000 && free; u += FIVE) free = !isBusy(u);
    if (!free) continue;
    if (r.maxPerDay !== null && counted.filter((d) => d === l.date).length >= r.maxPerDay) continue;
    const monday = addDays(l.date, -weekdayOf(l.date));
    if (r.maxPerWeek !== null && counted.filter((d) => d >= monday && d <= addDays(monday, 6)).length >= r.maxPerWeek) continue;
    out.push(new Date(t).toISOString());
  }
  return out;
}

// ---- Examples ----------------------------------------------------------------------------------
const NY = 'America/New_York';
const MONDAY = Date.parse('2026-01-12T05:00:00Z'); // Monday 12 January 2026, 00:00 in New York

describe('slots: grid, windows and overrides', () => {
  it('a 09:00–12:00 window with a 50-minute service on the hour gives 09:00, 10:00 and 11:00 (Owl\'s worked example)', () => {
    const slots = computeSlots({ availability: hours(NY), rule: rule({ horizonDays: 0 }), busy: [], now: MONDAY });
    expect(starts(slots)).toEqual(['2026-01-12T14:00:00.000Z', '2026-01-12T15:00:00.000Z', '2026-01-12T16:00:00.000Z']);
    expect(slots[0]?.end).toBe('2026-01-12T14:50:00.000Z');
  });

  it('every 15 minutes from a 09:30 start, several windows a day, and "on the hour" from a 09:30 start', () => {
    const availability = hours(NY, { weekly: { MO: [{ start: '09:30', end: '10:30' }, { start: '14:00', end: '15:00' }] } });
    const quarter = computeSlots({ availability, rule: rule({ durationMinutes: 30, startGrid: '15', horizonDays: 0 }), busy: [], now: MONDAY });
    expect(wallTimes(quarter, NY, '2026-01-12')).toEqual(['09:30', '09:45', '10:00', '14:00', '14:15', '14:30']);
    const onTheHour = computeSlots({ availability, rule: rule({ durationMinutes: 30, startGrid: 'hour', horizonDays: 0 }), busy: [], now: MONDAY });
    expect(wallTimes(onTheHour, NY, '2026-01-12')).toEqual(['10:00', '14:00']);
  });

  it('overrides: a day off, different hours on one date, and a holiday range (the last override wins)', () => {
    const availability = hours(NY, {
      overrides: [
        { from: '2026-01-13', to: '2026-01-13', windows: [] },
        { from: '2026-01-14', to: '2026-01-14', windows: [{ start: '16:00', end: '18:00' }] },
        { from: '2026-01-19', to: '2026-01-23', windows: [] },
        { from: '2026-01-21', to: '2026-01-21', windows: [{ start: '10:00', end: '11:00' }] },
      ],
    });
    const slots = computeSlots({ availability, rule: rule({ horizonDays: 13 }), busy: [], now: MONDAY });
    expect(wallTimes(slots, NY, '2026-01-13')).toEqual([]);
    expect(wallTimes(slots, NY, '2026-01-14')).toEqual(['16:00', '17:00']);
    expect(wallTimes(slots, NY, '2026-01-15')).toEqual(['09:00', '10:00', '11:00']);
    for (const date of ['2026-01-19', '2026-01-20', '2026-01-22', '2026-01-23']) expect(wallTimes(slots, NY, date)).toEqual([]);
    expect(wallTimes(slots, NY, '2026-01-21')).toEqual(['10:00']);
  });
});

describe('slots: busy time and buffers', () => {
  it('an existing appointment with its after-buffer, and the new service\'s own buffers, are busy', () => {
    // 10:00–10:50 local with 10 minutes after it; the new 50-minute service needs 10 minutes before.
    const busy: Busy[] = [{ start: '2026-01-12T15:00:00Z', end: '2026-01-12T15:50:00Z', bufferAfterMinutes: 10, counts: true }];
    const plain = computeSlots({ availability: hours(NY), rule: rule({ startGrid: '15', horizonDays: 0 }), busy, now: MONDAY });
    expect(wallTimes(plain, NY, '2026-01-12')).toEqual(['09:00', '11:00']);
    const buffered = computeSlots({ availability: hours(NY), rule: rule({ startGrid: '15', horizonDays: 0, bufferBeforeMinutes: 15 }), busy, now: MONDAY });
    // 11:00 less 15 minutes is 10:45, inside the appointment's after-buffer (to 11:00); 11:15 would end past 12:00.
    expect(wallTimes(buffered, NY, '2026-01-12')).toEqual(['09:00']);
    const after = computeSlots({ availability: hours(NY), rule: rule({ startGrid: '15', horizonDays: 0, bufferAfterMinutes: 15 }), busy, now: MONDAY });
    // 09:00 + 50 + 15 reaches 10:05: it would run into the appointment.
    expect(wallTimes(after, NY, '2026-01-12')).toEqual(['11:00']);
  });

  it('blocked time is busy but does not count towards the caps', () => {
    const busy: Busy[] = [{ start: '2026-01-12T14:00:00Z', end: '2026-01-12T15:00:00Z', counts: false }];
    const slots = computeSlots({ availability: hours(NY), rule: rule({ horizonDays: 0, maxPerDay: 1 }), busy, now: MONDAY });
    expect(wallTimes(slots, NY, '2026-01-12')).toEqual(['10:00', '11:00']);
  });
});

describe('slots: caps, notice and horizon', () => {
  const appointment = (iso: string): Busy => ({ start: iso, end: new Date(Date.parse(iso) + 50 * 60_000).toISOString(), counts: true });

  it('a day with maxPerDay appointments offers nothing; a week with maxPerWeek offers nothing', () => {
    const busy = [appointment('2026-01-12T14:00:00Z'), appointment('2026-01-13T14:00:00Z')];
    const day = computeSlots({ availability: hours(NY), rule: rule({ horizonDays: 4, maxPerDay: 1 }), busy, now: MONDAY });
    expect(wallTimes(day, NY, '2026-01-12')).toEqual([]);
    expect(wallTimes(day, NY, '2026-01-13')).toEqual([]);
    expect(wallTimes(day, NY, '2026-01-14')).toEqual(['09:00', '10:00', '11:00']);
    const week = computeSlots({ availability: hours(NY), rule: rule({ horizonDays: 13, maxPerWeek: 2 }), busy, now: MONDAY });
    expect(week.filter((s) => s.start < '2026-01-19')).toEqual([]);
    expect(wallTimes(week, NY, '2026-01-19')).toEqual(['09:00', '10:00', '11:00']);
  });

  it('minimum notice hides slots starting sooner than now plus the notice', () => {
    const now = Date.parse('2026-01-12T13:30:00Z'); // 08:30 local
    const slots = computeSlots({ availability: hours(NY), rule: rule({ horizonDays: 0, noticeHours: 2 }), busy: [], now });
    expect(wallTimes(slots, NY, '2026-01-12')).toEqual(['11:00']);
  });

  it('the horizon is rolling: today plus horizonDays in the practice\'s zone, through the end of that day', () => {
    const slots = computeSlots({ availability: hours(NY), rule: rule({ horizonDays: 3 }), busy: [], now: MONDAY + 12 * 3_600_000 });
    const dates = new Set(slots.map((s) => local(Date.parse(s.start), NY).date));
    expect([...dates]).toEqual(['2026-01-13', '2026-01-14', '2026-01-15']);
  });

  it('from and to narrow the range (a month view)', () => {
    const slots = computeSlots({ availability: hours(NY), rule: rule({ horizonDays: 60 }), busy: [], now: MONDAY, from: '2026-01-20T00:00:00Z', to: '2026-01-21T00:00:00Z' });
    expect(wallTimes(slots, NY, '2026-01-20')).toEqual(['09:00', '10:00', '11:00']);
    expect(slots).toHaveLength(3);
  });
});

describe('slots: daylight-saving changes keep wall time', () => {
  it.each([
    // zone, a weekday before the change, its 09:00 in UTC, a weekday after, its 09:00 in UTC
    ['America/New_York', '2026-03-06', '2026-03-06T14:00:00.000Z', '2026-03-09', '2026-03-09T13:00:00.000Z'],
    ['America/New_York', '2026-10-30', '2026-10-30T13:00:00.000Z', '2026-11-02', '2026-11-02T14:00:00.000Z'],
    ['Europe/London', '2026-03-27', '2026-03-27T09:00:00.000Z', '2026-03-30', '2026-03-30T08:00:00.000Z'],
    ['Europe/London', '2026-10-23', '2026-10-23T08:00:00.000Z', '2026-10-26', '2026-10-26T09:00:00.000Z'],
    ['Australia/Sydney', '2026-04-03', '2026-04-02T22:00:00.000Z', '2026-04-06', '2026-04-05T23:00:00.000Z'],
    ['Australia/Sydney', '2026-10-02', '2026-10-01T23:00:00.000Z', '2026-10-05', '2026-10-04T22:00:00.000Z'],
  ])('%s: 09:00 on %s (%s) and on %s (%s)', (timeZone, beforeDate, beforeUtc, afterDate, afterUtc) => {
    const now = Date.parse(`${beforeDate}T00:00:00Z`) - 86_400_000;
    const slots = computeSlots({ availability: hours(timeZone), rule: rule({ horizonDays: 6 }), busy: [], now });
    expect(starts(slots)).toContain(beforeUtc);
    expect(starts(slots)).toContain(afterUtc);
    expect(wallTimes(slots, timeZone, beforeDate)).toEqual(['09:00', '10:00', '11:00']);
    expect(wallTimes(slots, timeZone, afterDate)).toEqual(['09:00', '10:00', '11:00']);
  });

  it('a window across the spring change skips the hour the clocks jump over (New York, 8 March 2026)', () => {
    const availability = hours(NY, { weekly: { SU: [{ start: '01:00', end: '04:00' }] } });
    const slots = computeSlots({ availability, rule: rule({ durationMinutes: 60, startGrid: '30', horizonDays: 1 }), busy: [], now: Date.parse('2026-03-07T12:00:00Z') });
    // 01:00 EST + 60 min ends 03:00 EDT; 02:00 and 02:30 do not exist; 03:00 EDT + 60 ends at the window's end.
    expect(starts(slots)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z']);
  });

  it('a start the clocks skip is not offered shifted (Lord Howe moves by half an hour, 4 October 2026)', () => {
    const availability = hours('Australia/Lord_Howe', { weekly: { SU: [{ start: '01:00', end: '04:00' }] } });
    const slots = computeSlots({ availability, rule: rule({ durationMinutes: 30, startGrid: '60', horizonDays: 1 }), busy: [], now: Date.parse('2026-10-03T00:00:00Z') });
    // 02:00 does not exist (02:00 → 02:30): offering 02:30 would be off the hourly grid.
    expect(wallTimes(slots, 'Australia/Lord_Howe', '2026-10-04')).toEqual(['01:00', '03:00']);
    expect(starts(slots)).toEqual(['2026-10-03T14:30:00.000Z', '2026-10-03T16:00:00.000Z']);
  });

  it('a session may not run into the hour the clocks repeat when that hour is outside the window (Sydney, 5 April 2026)', () => {
    // 03:00 AEDT becomes 02:00 AEST: 02:45 + 20 minutes would end at 02:05, before the window's 02:15.
    const availability = hours('Australia/Sydney', { weekly: { SU: [{ start: '02:15', end: '03:00' }] } });
    const slots = computeSlots({ availability, rule: rule({ durationMinutes: 20, startGrid: '15', horizonDays: 1 }), busy: [], now: Date.parse('2026-04-04T00:00:00Z') });
    expect(starts(slots)).toEqual(['2026-04-04T15:15:00.000Z', '2026-04-04T15:30:00.000Z']);
  });

  it('a window across the autumn change offers a repeated wall time once (New York, 1 November 2026)', () => {
    const availability = hours(NY, { weekly: { SU: [{ start: '00:00', end: '03:00' }] } });
    const slots = computeSlots({ availability, rule: rule({ durationMinutes: 60, startGrid: '60', horizonDays: 1 }), busy: [], now: Date.parse('2026-10-31T12:00:00Z') });
    // 00:00 EDT, 01:00 EDT (not again at 01:00 EST), 02:00 EST; 03:00 EST is the window's end.
    expect(starts(slots)).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-01T05:00:00.000Z', '2026-11-01T07:00:00.000Z']);
  });
});

// ---- Property: the function agrees with the independent expansion --------------------------------
// Lord Howe moves its clocks by half an hour: a skipped start is then off the hourly grid.
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Sao_Paulo', 'UTC'];
// Days just before a change in one of the zones, so most runs cross one.
const AROUND = ['2026-03-05', '2026-03-26', '2026-04-02', '2026-10-01', '2026-10-22', '2026-10-29', '2026-06-10'];

const quarter = (min: number, max: number) => fc.integer({ min: min / 15, max: max / 15 }).map((q) => q * 15);
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const windowArb = fc.tuple(quarter(0, 22 * 60), quarter(15, 6 * 60)).map(([start, length]) => ({ start: hhmm(start), end: hhmm(Math.min(start + length, 23 * 60 + 45)) }));
const dayArb = fc.array(windowArb, { maxLength: 3 });

const caseArb = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    around: fc.constantFrom(...AROUND),
    nowOffsetMinutes: fc.integer({ min: 0, max: 48 * 60 }),
    weekly: fc.record(Object.fromEntries(WEEKDAYS.map((d) => [d, dayArb])) as Record<(typeof WEEKDAYS)[number], typeof dayArb>),
    overrides: fc.array(fc.record({ fromDay: fc.integer({ min: 0, max: 8 }), length: fc.integer({ min: 0, max: 3 }), windows: dayArb }), { maxLength: 2 }),
    rule: fc.record({
      durationMinutes: fc.integer({ min: 1, max: 24 }).map((n) => n * 5),
      noticeHours: fc.integer({ min: 0, max: 30 }),
      horizonDays: fc.integer({ min: 0, max: 8 }),
      bufferBeforeMinutes: fc.constantFrom(0, 5, 10, 15, 30),
      bufferAfterMinutes: fc.constantFrom(0, 5, 10, 15, 30),
      startGrid: fc.constantFrom(...START_GRIDS),
      maxPerDay: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      maxPerWeek: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    }),
    busy: fc.array(
      fc.record({ hour: fc.integer({ min: -48, max: 10 * 24 }), fiveMinutes: fc.integer({ min: 0, max: 11 }), length: fc.integer({ min: 1, max: 24 }), before: fc.constantFrom(0, 10), after: fc.constantFrom(0, 10), counts: fc.boolean() }),
      { maxLength: 12 },
    ),
  })
  .map((c) => {
    const base = Date.parse(`${c.around}T00:00:00Z`);
    const now = base + c.nowOffsetMinutes * 60_000 + 7_000; // not on a minute: the notice compares instants
    const busy: Busy[] = c.busy.map((b) => {
      const start = base + b.hour * 3_600_000 + b.fiveMinutes * FIVE;
      return { start, end: start + b.length * FIVE, bufferBeforeMinutes: b.before, bufferAfterMinutes: b.after, counts: b.counts };
    });
    const overrides = c.overrides.map((o) => ({ from: addDays(c.around, o.fromDay), to: addDays(c.around, o.fromDay + o.length), windows: o.windows }));
    return { availability: { timeZone: c.timeZone, weekly: c.weekly, overrides }, rule: c.rule, busy, now };
  });

// 100 runs in CI; SLOTS_PROPERTY_RUNS=5000 searches deeper (CI's run once found the Sydney case above).
describe('slots: property', () => {
  it('equals an independent five-minute expansion over random hours, overrides, rules, busy time and zones across DST changes', () => {
    fc.assert(
      fc.property(caseArb, ({ availability, rule: r, busy, now }) => {
        expect(starts(computeSlots({ availability, rule: r, busy, now }))).toEqual(expand(availability, r, busy, now));
      }),
      { numRuns: Number(process.env['SLOTS_PROPERTY_RUNS'] ?? 100) },
    );
  }, 120_000);
});
