// Issue 14, recurring appointments: the recurrence module (functions/lib/recurrence.js) on
// rrule-temporal. Wall-clock time holds across daylight-saving changes in the series' zone; bad
// rules are refused with the field they belong to; property tests over random rules and zones.
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  checkSeries, firstOccurrence, formatRule, MAX_COUNT, moveRule, occurrencesBefore, occurrencesBetween, parseRule, RecurrenceError, untilBefore,
} from '../functions/lib/recurrence.js';
import { planTransactions, type Step } from '../functions/lib/series-store.js';

/** Local wall time and UTC offset of an occurrence start in a zone. */
const local = (iso: string, timeZone: string) => {
  const z = Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);
  return { date: z.toPlainDate().toString(), time: z.toPlainTime().toString({ smallestUnit: 'minute' }), offset: z.offset };
};

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RecurrenceError) return { field: e.field, message: e.message };
    throw e;
  }
  throw new Error('accepted');
};

const series = (over: Partial<{ dtstart: string; timeZone: string; durationMinutes: number; rrule: string }> = {}) =>
  checkSeries({ dtstart: '2026-01-06T10:00', timeZone: 'America/New_York', durationMinutes: 50, rrule: 'FREQ=WEEKLY;BYDAY=TU', ...over });

describe('wall-clock time across daylight-saving changes', () => {
  it('weekly 10:00 America/New_York stays 10:00 local across the March and November changes (UTC moves 15:00 → 14:00 → 15:00)', () => {
    const s = series();
    const all = occurrencesBetween(s, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(all).toHaveLength(52);
    for (const o of all) expect(local(o.start, 'America/New_York').time).toBe('10:00');
    const byDate = new Map(all.map((o) => [o.localDate, o]));
    // DST starts Sunday 8 March 2026 and ends Sunday 1 November 2026.
    expect(byDate.get('2026-03-03')?.start).toBe('2026-03-03T15:00:00.000Z');
    expect(byDate.get('2026-03-10')?.start).toBe('2026-03-10T14:00:00.000Z');
    expect(byDate.get('2026-10-27')?.start).toBe('2026-10-27T14:00:00.000Z');
    expect(byDate.get('2026-11-03')?.start).toBe('2026-11-03T15:00:00.000Z');
    expect(byDate.get('2026-11-03')?.end).toBe('2026-11-03T15:50:00.000Z');
  });

  it('Europe/London: 18:30 on Thursdays, UTC 18:30 in winter and 17:30 in summer', () => {
    const s = series({ dtstart: '2026-03-19T18:30', timeZone: 'Europe/London', rrule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=4' });
    const all = occurrencesBetween(s, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(all.map((o) => o.start)).toEqual(['2026-03-19T18:30:00.000Z', '2026-03-26T18:30:00.000Z', '2026-04-02T17:30:00.000Z', '2026-04-09T17:30:00.000Z']);
    // Clocks go back on 25 October 2026.
    const autumn = occurrencesBetween(series({ dtstart: '2026-10-22T09:00', timeZone: 'Europe/London', rrule: 'FREQ=WEEKLY;COUNT=2' }), '2026-10-01T00:00:00Z', '2026-11-30T00:00:00Z');
    expect(autumn.map((o) => o.start)).toEqual(['2026-10-22T08:00:00.000Z', '2026-10-29T09:00:00.000Z']);
  });

  it('Australia/Sydney (southern hemisphere): 09:00 on Mondays across April and October changes', () => {
    const s = series({ dtstart: '2026-03-30T09:00', timeZone: 'Australia/Sydney', rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    const all = occurrencesBetween(s, '2026-03-01T00:00:00Z', '2026-10-20T00:00:00Z');
    for (const o of all) expect(local(o.start, 'Australia/Sydney').time).toBe('09:00');
    const offsets = new Map(all.map((o) => [o.localDate, local(o.start, 'Australia/Sydney').offset]));
    // AEDT (+11:00) ends 5 April 2026; AEST (+10:00) until 4 October 2026.
    expect(offsets.get('2026-03-30')).toBe('+11:00');
    expect(offsets.get('2026-04-06')).toBe('+10:00');
    expect(offsets.get('2026-09-28')).toBe('+10:00');
    expect(offsets.get('2026-10-05')).toBe('+11:00');
  });

  it('Asia/Tokyo has no DST: the same UTC time all year', () => {
    const all = occurrencesBetween(series({ dtstart: '2026-01-05T19:00', timeZone: 'Asia/Tokyo', rrule: 'FREQ=WEEKLY;BYDAY=MO' }), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(all).toHaveLength(52);
    expect(new Set(all.map((o) => o.start.slice(11)))).toEqual(new Set(['10:00:00.000Z']));
  });

  it('a wall time the clocks skip is omitted (RFC 5545) and does not use up COUNT', () => {
    const all = occurrencesBetween(series({ dtstart: '2026-03-01T02:30', rrule: 'FREQ=WEEKLY;COUNT=3' }), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(all.map((o) => o.localDate)).toEqual(['2026-03-01', '2026-03-15', '2026-03-22']);
  });

  it('a zone whose rules change often (Africa/Casablanca, Ramadan): 06:00 stays 06:00 (rrule-temporal alone gave 05:00 on 2029-02-01)', () => {
    const s = series({ dtstart: '2025-01-29T06:00', timeZone: 'Africa/Casablanca', rrule: 'FREQ=MONTHLY;BYMONTHDAY=1' });
    // The library's wrong instant (05:00 UTC) lies inside this window, the right one (06:00 UTC) after it.
    const all = occurrencesBetween(s, '2025-01-01T00:00:00Z', '2029-02-01T05:00:00Z');
    expect(all).toHaveLength(48);
    for (const o of all) expect(local(o.start, 'Africa/Casablanca').time).toBe('06:00');
    expect(occurrencesBetween(s, '2029-01-15T00:00:00Z', '2029-02-15T00:00:00Z').map((o) => o.start)).toEqual(['2029-02-01T06:00:00.000Z']);
  });

  it('monthly by weekday of the month and by day of the month', () => {
    const lastFriday = occurrencesBetween(series({ dtstart: '2026-01-30T16:00', rrule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=4' }), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(lastFriday.map((o) => o.localDate)).toEqual(['2026-01-30', '2026-02-27', '2026-03-27', '2026-04-24']);
    const secondTuesday = occurrencesBetween(series({ dtstart: '2026-01-13T10:00', rrule: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=3' }), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(secondTuesday.map((o) => o.localDate)).toEqual(['2026-01-13', '2026-02-10', '2026-03-10']);
    const the31st = occurrencesBetween(series({ dtstart: '2026-01-31T10:00', rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3' }), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(the31st.map((o) => o.localDate)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
  });

  it('every 2 weeks, UNTIL as a date (through that local day) or as RFC 5545 UTC', () => {
    const byDate = occurrencesBetween(series({ rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20260203' }), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(byDate.map((o) => o.localDate)).toEqual(['2026-01-06', '2026-01-20', '2026-02-03']);
    // The dashboard writes the last second of the end day in the zone, in UTC.
    const byInstant = occurrencesBetween(series({ rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20260204T045959Z' }), '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(byInstant.map((o) => o.localDate)).toEqual(['2026-01-06', '2026-01-20', '2026-02-03']);
  });
});

describe('bad input names its field', () => {
  it.each([
    [{ rrule: `FREQ=WEEKLY;COUNT=${MAX_COUNT + 1}` }, 'count', /at most 520/],
    [{ rrule: 'FREQ=WEEKLY;COUNT=0' }, 'count', /from 1 to 520/],
    [{ rrule: 'FREQ=WEEKLY;UNTIL=20251231' }, 'until', /before the start/],
    [{ rrule: 'FREQ=WEEKLY;UNTIL=20260230' }, 'until', /valid end date/],
    [{ rrule: 'FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=15' }, 'repeat', /no date/],
    [{ dtstart: '2026-04-01T10:00', rrule: 'FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31' }, 'repeat', /no date/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20260105T235959Z' }, 'until', /before the start/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=WE;UNTIL=20260106' }, 'repeat', /no date.*before it ends/],
    [{ rrule: 'FREQ=DAILY' }, 'repeat', /weekly or monthly/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=2TU' }, 'repeat', /without a number/],
    [{ rrule: 'FREQ=WEEKLY;BYMONTHDAY=3' }, 'repeat', /monthly/],
    [{ rrule: 'FREQ=WEEKLY;BYHOUR=9' }, 'repeat', /BYHOUR is not offered/],
    [{ rrule: 'FREQ=WEEKLY;COUNT=3;UNTIL=20270101' }, 'repeat', /not both/],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=XX' }, 'repeat', /day of the week/],
    [{ rrule: '' }, 'repeat', /how the appointment repeats/],
    [{ durationMinutes: 0 }, 'duration', /at least 5 minutes/],
    [{ durationMinutes: -30 }, 'duration', /at least 5 minutes/],
    [{ durationMinutes: 12.5 }, 'duration', /whole minutes/],
    [{ durationMinutes: 481 }, 'duration', /at most 8 hours/],
    [{ dtstart: '2026-03-08T02:30' }, 'start', /does not exist.*clocks go forward/],
    [{ dtstart: '2026-02-30T10:00' }, 'start', /does not exist/],
    [{ dtstart: 'tomorrow' }, 'start', /date and start time/],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'start', /not a time zone/],
    [{ timeZone: '+05:00' }, 'start', /time zone/],
  ])('%j → %s', (over, field, message) => {
    const answer = refusal(() => series(over as never));
    expect(answer.field).toBe(field);
    expect(answer.message).toMatch(message);
  });

  it('a time the clocks repeat (November 01:30) is accepted as the earlier one', () => {
    const s = series({ dtstart: '2026-11-01T01:30', rrule: 'FREQ=WEEKLY;COUNT=1' });
    expect(firstOccurrence(s)?.start).toBe('2026-11-01T05:30:00.000Z');
  });

  it('a rule is stored in one spelling', () => {
    expect(series({ rrule: 'rrule:freq=weekly;byday=tu,tu;interval=1;count=10' }).rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=10');
    expect(formatRule(parseRule('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T045959Z'))).toBe('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T045959Z');
  });
});

describe('splitting a series', () => {
  it('ends the old rule the second before the local day of the split, in UTC', () => {
    // Daylight time began on 8 March: midnight on the 10th is 04:00 UTC.
    expect(untilBefore('2026-03-10', 'America/New_York')).toEqual({ instant: '2026-03-10T03:59:59Z' });
    const old = { ...series(), rrule: formatRule({ ...parseRule('FREQ=WEEKLY;BYDAY=TU'), until: untilBefore('2026-03-10', 'America/New_York') }) };
    expect(occurrencesBetween(old, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z').at(-1)?.localDate).toBe('2026-03-03');
  });

  it('counts what is used of COUNT before the split, and moves weekdays and monthly days with a new date', () => {
    expect(occurrencesBefore(series({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10' }), '2026-01-27T00:00:00Z')).toBe(3);
    expect(moveRule(parseRule('FREQ=WEEKLY;BYDAY=TU,TH'), '2026-03-10', '2026-03-11').byDay).toEqual(['WE', 'FR']);
    expect(moveRule(parseRule('FREQ=WEEKLY;BYDAY=SU'), '2026-03-08', '2026-03-09').byDay).toEqual(['MO']);
    expect(moveRule(parseRule('FREQ=MONTHLY;BYMONTHDAY=10'), '2026-03-10', '2026-03-12').byMonthDay).toEqual([12]);
    expect(moveRule(parseRule('FREQ=MONTHLY;BYDAY=2TU'), '2026-03-10', '2026-03-19').byDay).toEqual(['3TH']);
    expect(moveRule(parseRule('FREQ=MONTHLY;BYDAY=-1FR'), '2026-03-27', '2026-03-30').byDay).toEqual(['-1MO']);
  });
});

describe('transactions of at most 100 operations, each ending consistent', () => {
  const create = (id: string) => ({ op: { action: 'create' as const, collectionId: 'appointments', documentId: id, data: {} }, checkpoint: { collectionId: 'appointment_series', documentId: 's', data: { generatedUntil: id } } });

  it('the series and its first 99 occurrences fill the first; later ones carry the series update', () => {
    const steps: Step[] = [{ op: { action: 'create', collectionId: 'appointment_series', documentId: 's', data: { generatedUntil: 'end' } }, checkpoint: null }];
    for (let i = 1; i <= 150; i++) steps.push(create(`o${i}`));
    const plan = planTransactions(steps);
    expect(plan.map((t) => t.length)).toEqual([100, 52]);
    expect(plan[0]?.[0]).toMatchObject({ documentId: 's', data: { generatedUntil: 'o99' } });
    expect(plan[1]?.at(-1)).toMatchObject({ action: 'update', documentId: 's', data: { generatedUntil: 'o150' } });
    expect(plan.flat().filter((op) => op.collectionId === 'appointments')).toHaveLength(150);
  });

  it('steps glued together are never cut apart: ending the old series and starting the new one share a transaction', () => {
    const remove = (id: string) => ({ op: { action: 'delete' as const, collectionId: 'appointments', documentId: id }, checkpoint: { collectionId: 'appointment_series', documentId: 'old', data: { rrule: `until ${id}` } } });
    const steps: Step[] = [];
    // 99 removals: the last one, the end and the start of the new series do not fit after the others.
    for (let i = 99; i >= 1; i--) steps.push(remove(`d${i}`));
    steps.push({ op: { action: 'update', collectionId: 'appointment_series', documentId: 'old', data: { rrule: 'ended' } }, checkpoint: null, glue: true });
    steps.push({ op: { action: 'create', collectionId: 'appointment_series', documentId: 'new', data: {} }, checkpoint: null, glue: true });
    for (let i = 1; i <= 5; i++) steps.push(create(`o${i}`));
    const plan = planTransactions(steps);
    expect(plan.every((t) => t.length <= 100)).toBe(true);
    const withEnd = plan.find((t) => t.some((op) => op.documentId === 'old' && op.data?.['rrule'] === 'ended'))!;
    expect(withEnd.map((op) => op.documentId)).toEqual(expect.arrayContaining(['d1', 'old', 'new']));
    // The transaction before ends consistent: the old series' UNTIL follows the last removal in it.
    expect(plan).toHaveLength(2);
    expect(plan[0]?.at(-1)).toMatchObject({ action: 'update', documentId: 'old', data: { rrule: 'until d2' } });
    expect(plan[1]?.slice(0, 3).map((op) => [op.action, op.documentId])).toEqual([['delete', 'd1'], ['update', 'old'], ['create', 'new']]);
  });
});

// Property tests: random rules of Cadence's subset in random zones.
const ZONES = ['America/New_York', 'America/Los_Angeles', 'America/Sao_Paulo', 'Europe/London', 'Europe/Berlin', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Tokyo', 'Asia/Kolkata', 'Pacific/Auckland', 'America/St_Johns', 'Africa/Casablanca', 'UTC'];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const ruleArb = fc.oneof(
  fc.record({ freq: fc.constant('WEEKLY'), interval: fc.integer({ min: 1, max: 4 }), days: fc.subarray(WEEKDAYS, { minLength: 1, maxLength: 3 }) })
    .map(({ interval, days }) => `FREQ=WEEKLY;INTERVAL=${interval};BYDAY=${days.join(',')}`),
  fc.record({ interval: fc.integer({ min: 1, max: 3 }), day: fc.integer({ min: 1, max: 28 }) }).map(({ interval, day }) => `FREQ=MONTHLY;INTERVAL=${interval};BYMONTHDAY=${day}`),
  fc.record({ ordinal: fc.constantFrom(1, 2, 3, 4, -1), day: fc.constantFrom(...WEEKDAYS) }).map(({ ordinal, day }) => `FREQ=MONTHLY;BYDAY=${ordinal}${day}`),
);
const seriesArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  date: fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
  hour: fc.integer({ min: 6, max: 21 }),
  minute: fc.constantFrom(0, 15, 30, 45),
  duration: fc.integer({ min: 5, max: 480 }),
  rule: ruleArb,
  count: fc.option(fc.integer({ min: 1, max: MAX_COUNT }), { nil: undefined }),
});

describe('properties over random rules and zones', () => {
  it('every occurrence keeps the local wall time of the start, lasts its duration, and COUNT limits how many there are', () => {
    fc.assert(
      fc.property(seriesArb, ({ zone, date, hour, minute, duration, rule, count }) => {
        const dtstart = `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
        const s = checkSeries({ dtstart, timeZone: zone, durationMinutes: duration, rrule: count ? `${rule};COUNT=${count}` : rule });
        const until = new Date(Date.parse(date.toISOString()) + 4 * 366 * 86_400_000);
        const all = occurrencesBetween(s, Date.parse('2023-12-01T00:00:00Z'), until);
        expect(all.length).toBeGreaterThan(0);
        if (count) expect(all.length).toBeLessThanOrEqual(count);
        let previous = 0;
        for (const o of all) {
          // 06:00–21:45 never falls in a DST gap in these zones, so every occurrence is at the wall time.
          expect(local(o.start, zone).time).toBe(dtstart.slice(11));
          expect(o.localDate).toBe(local(o.start, zone).date);
          expect(Date.parse(o.end) - Date.parse(o.start)).toBe(duration * 60_000);
          expect(Date.parse(o.start)).toBeGreaterThan(previous);
          expect(o.localDate >= dtstart.slice(0, 10)).toBe(true);
          previous = Date.parse(o.start);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('windows add up: expanding in two halves gives the same occurrences as in one', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 1, max: 700 }), ({ zone, date, hour, minute, duration, rule, count }, cutDays) => {
        const dtstart = `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
        const s = checkSeries({ dtstart, timeZone: zone, durationMinutes: duration, rrule: count ? `${rule};COUNT=${count}` : rule });
        const from = Date.parse(date.toISOString()) - 86_400_000 * 2;
        const cut = from + cutDays * 86_400_000;
        const to = from + 800 * 86_400_000;
        const whole = occurrencesBetween(s, from, to);
        expect([...occurrencesBetween(s, from, cut), ...occurrencesBetween(s, cut, to)]).toEqual(whole);
      }),
      { numRuns: 100 },
    );
  });
});
