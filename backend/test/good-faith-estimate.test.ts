// Issue 32 "Good Faith Estimates": due dates in business days with the practice's own holidays, and
// the estimate's contents (every element of 45 CFR 149.610(c)).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays, addDays, businessDaysBetween, coversUntil, DISPUTE_THRESHOLD_MINOR, expectedFrequency, GFE_DISCLAIMERS, GFE_NOTICE, gfeContents, gfeDue, holidaysOf, isBusinessDay, missingElements, overEstimate, sessionDates,
} from '../functions/lib/good-faith-estimate.js';

const none = new Set<string>();
const practice = {
  practiceName: 'Calm Waters Therapy', therapistName: 'Alex Rivera', credentials: 'LCSW', npi: '1234567893', taxId: '12-3456789',
  addressLine1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701',
};

describe('business days', () => {
  it('skips weekends and the practice’s days off', () => {
    // Fri 2026-12-18 → Mon 21; with Mon 21 off → Tue 22; Christmas Friday off: Thu 24 + 1 → Mon 28.
    expect(addBusinessDays('2026-12-18', 1, none)).toBe('2026-12-21');
    expect(addBusinessDays('2026-12-18', 1, new Set(['2026-12-21']))).toBe('2026-12-22');
    expect(addBusinessDays('2026-12-24', 1, holidaysOf([{ from: '2026-12-25', to: '2026-12-25', windows: [] }]))).toBe('2026-12-28');
    expect(addBusinessDays('2026-12-18', 3, none)).toBe('2026-12-23');
    expect(businessDaysBetween('2026-12-14', '2026-12-17', none)).toBe(3);
    expect(businessDaysBetween('2026-12-18', '2026-12-21', none)).toBe(1);
  });

  it('a holiday range is every day in it; an override with working hours is not a holiday', () => {
    const days = holidaysOf([{ from: '2026-12-24', to: '2026-12-27' }, { from: '2026-12-30', to: '2026-12-30', windows: [{ start: '09:00', end: '12:00' }] }]);
    expect([...days]).toEqual(['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27']);
  });

  const date = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2024-01-01', n));
  const holidays = fc.array(date, { maxLength: 40 }).map((d) => new Set(d));

  it('never lands on a weekend or a practice holiday, and is later than the start', () => {
    fc.assert(fc.property(date, fc.integer({ min: 1, max: 20 }), holidays, (start, n, off) => {
      const day = addBusinessDays(start, n, off);
      expect(isBusinessDay(day, off)).toBe(true);
      expect(day > start).toBe(true);
      expect(businessDaysBetween(start, day, off)).toBe(n);
    }));
  });

  it('is monotonic: a later start or more days never gives an earlier date', () => {
    fc.assert(fc.property(date, date, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), holidays, (a, b, n, m, off) => {
      const [early, late] = a <= b ? [a, b] : [b, a];
      expect(addBusinessDays(early, n, off) <= addBusinessDays(late, n, off)).toBe(true);
      expect(addBusinessDays(early, Math.min(n, m), off) <= addBusinessDays(early, Math.max(n, m), off)).toBe(true);
    }));
  });
});

describe('when the estimate is due', () => {
  it('1 business day after scheduling when 3+ business days away, 3 when 10+, 3 after a request, none when closer', () => {
    // Scheduled Mon 2026-12-07.
    expect(gfeDue({ basis: 'scheduled', scheduledOn: '2026-12-07', visitOn: '2026-12-10' }, none)).toEqual({ dueOn: '2026-12-08', rule: 'scheduled-1', businessDaysAway: 3 });
    expect(gfeDue({ basis: 'scheduled', scheduledOn: '2026-12-07', visitOn: '2026-12-21' }, none)).toEqual({ dueOn: '2026-12-10', rule: 'scheduled-3', businessDaysAway: 10 });
    expect(gfeDue({ basis: 'scheduled', scheduledOn: '2026-12-07', visitOn: '2026-12-09' }, none)).toEqual({ dueOn: null, rule: 'none', businessDaysAway: 2 });
    expect(gfeDue({ basis: 'requested', requestedOn: '2026-12-10' }, none)).toEqual({ dueOn: '2026-12-15', rule: 'requested-3', businessDaysAway: null });
    // The practice's holiday on Tue 8 moves the 1-business-day due date, and counts as no business day away.
    const off = new Set(['2026-12-08']);
    expect(gfeDue({ basis: 'scheduled', scheduledOn: '2026-12-07', visitOn: '2026-12-10' }, off)).toEqual({ dueOn: null, rule: 'none', businessDaysAway: 2 });
    expect(gfeDue({ basis: 'scheduled', scheduledOn: '2026-12-07', visitOn: '2026-12-11' }, off)).toEqual({ dueOn: '2026-12-09', rule: 'scheduled-1', businessDaysAway: 3 });
  });

  it('is always a business day, after scheduling and on or before the visit', () => {
    const date = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2025-01-01', n));
    fc.assert(fc.property(date, fc.integer({ min: 0, max: 120 }), fc.array(date, { maxLength: 30 }), (scheduledOn, ahead, off) => {
      const holidays = new Set(off);
      const visitOn = addDays(scheduledOn, ahead);
      const due = gfeDue({ basis: 'scheduled', scheduledOn, visitOn }, holidays);
      if (due.dueOn === null) return;
      expect(isBusinessDay(due.dueOn, holidays)).toBe(true);
      expect(due.dueOn > scheduledOn && due.dueOn < visitOn).toBe(true);
    }));
  });
});

describe('the estimate’s contents', () => {
  const input = {
    client: { firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1990-04-02' }, practice, service: { name: 'Individual therapy', serviceCode: '90834' },
    fee: 15_000, currency: 'USD', frequency: 'weekly' as const, months: 12, startOn: '2026-12-07', issuedOn: '2026-12-01', diagnosisCodes: ['F41.1'],
  };

  it('holds every element the rule requires', () => {
    const c = gfeContents(input);
    expect(c.client).toEqual({ name: 'Jane Doe', dateOfBirth: '1990-04-02' });
    expect(c.service).toMatchObject({ description: 'Individual therapy', code: '90834', scheduledOn: '2026-12-07', sessions: 53, until: '2027-12-06' });
    expect(c.lines[0]).toEqual({ period: 'December 2026', description: 'Individual therapy', code: '90834', quantity: 4, unitCharge: 15_000, total: 60_000 });
    expect(c.lines).toHaveLength(13);
    expect(c.total).toBe(53 * 15_000);
    expect(c.provider).toEqual({ practiceName: 'Calm Waters Therapy', name: 'Alex Rivera, LCSW', npi: '1234567893', tin: '12-3456789', location: ['1 Main St', 'Springfield, IL 62701'], state: 'IL' });
    expect(c.diagnosisCodes).toEqual(['F41.1']);
    expect(c.disclaimers).toEqual([GFE_DISCLAIMERS.otherServices, GFE_DISCLAIMERS.estimateOnly, GFE_DISCLAIMERS.dispute]);
    expect(GFE_DISCLAIMERS.dispute).toMatch(/dispute resolution/i);
    expect(GFE_DISCLAIMERS.dispute).toContain('will not affect the quality');
    expect(missingElements(c)).toEqual([]);
    expect(missingElements(gfeContents({ ...input, practice: null, client: { firstName: 'Jane', lastName: 'Doe' } }))).toEqual([
      'the client’s date of birth', 'the provider’s name', 'the NPI', 'the tax ID (TIN)', 'the practice’s address',
    ]);
  });

  it('counts sessions by frequency over the months, the 31st falling on short months’ last day', () => {
    expect(sessionDates('2026-01-31', 'monthly', 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(sessionDates('2026-12-07', 'biweekly', 1)).toEqual(['2026-12-07', '2026-12-21', '2027-01-04']);
    expect(gfeContents({ ...input, frequency: 'monthly', months: 6 }).total).toBe(6 * 15_000);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1500 }), fc.constantFrom('weekly', 'biweekly', 'monthly') as fc.Arbitrary<'weekly' | 'biweekly' | 'monthly'>, fc.integer({ min: 1, max: 12 }), (n, frequency, months) => {
      const startOn = addDays('2025-01-01', n);
      const dates = sessionDates(startOn, frequency, months);
      const c = gfeContents({ ...input, startOn, frequency, months });
      expect(dates[0]).toBe(startOn);
      expect(c.service.sessions).toBe(dates.length);
      expect(c.lines.reduce((s, l) => s + l.quantity, 0)).toBe(dates.length);
      expect(dates.every((d) => d <= c.service.until)).toBe(true);
      // More months never means fewer sessions.
      if (months < 12) expect(sessionDates(startOn, frequency, months + 1).length).toBeGreaterThanOrEqual(dates.length);
    }));
  });

  it('billed charges $400 or more over the estimate are flagged, less are not', () => {
    expect(overEstimate(100_000, 60_000)).toBe(40_000);
    expect(overEstimate(99_999, 60_000)).toBeNull();
    expect(coversUntil('2026-01-31', 1)).toBe('2026-02-27');
    expect(coversUntil('2026-12-07', 12)).toBe('2027-12-06');
  });
});

describe('the standard notice of the right to an estimate (CMS-10791 Appendix 1)', () => {
  const text = [GFE_NOTICE.heading, ...GFE_NOTICE.paragraphs].join('\n');

  it('has the model notice\'s sentences word for word, the 3- and 10-business-day ones included', () => {
    expect(GFE_NOTICE.title).toBe('Right to Receive a Good Faith Estimate of Expected Charges');
    for (const sentence of [
      'If you schedule a health care item or service at least 3 business days in advance, make sure your health care provider or facility gives you a Good Faith Estimate in writing within 1 business day after scheduling.',
      'If you schedule a health care item or service at least 10 business days in advance, make sure your health care provider or facility gives you a Good Faith Estimate in writing within 3 business days after scheduling.',
      'You can also ask any health care provider or facility for a Good Faith Estimate before you schedule an item or service. If you do, make sure the health care provider or facility gives you a Good Faith Estimate in writing within 3 business days after you ask.',
      'If you receive a bill that is at least $400 more for any provider or facility than your Good Faith Estimate from that provider or facility, you can dispute the bill.',
      'Make sure to save a copy or picture of your Good Faith Estimate and the bill.',
      'visit www.cms.gov/nosurprises/consumers, email FederalPPDRQuestions@cms.hhs.gov, or call 1-800-985-3059.',
    ]) expect(text).toContain(sentence);
    // The superseded 2021 wording promised an estimate "at least 1 business day before" every visit.
    expect(text).not.toContain('before your medical service or item');
  });

  it('promises the same due dates gfeDue computes', () => {
    const promised = [...text.matchAll(/at least (\d+) business days in advance, .*? within (\d+) business days? after scheduling/g)]
      .map((m) => [Number(m[1]), Number(m[2])]);
    expect(promised).toEqual([[3, 1], [10, 3]]);
    // Mon 2026-12-07: 3 business days ahead is Thu 10, 10 ahead is Mon 21.
    for (const [away, within] of promised) {
      const visitOn = addBusinessDays('2026-12-07', away ?? 0, none);
      expect(gfeDue({ basis: 'scheduled', scheduledOn: '2026-12-07', visitOn }, none).dueOn).toBe(addBusinessDays('2026-12-07', within ?? 0, none));
    }
    expect(text).toMatch(/within 3 business days after you ask/);
    expect(gfeDue({ basis: 'requested', requestedOn: '2026-12-07' }, none).dueOn).toBe(addBusinessDays('2026-12-07', 3, none));
    expect(String(DISPUTE_THRESHOLD_MINOR / 100)).toBe('400');
  });
});

describe('how often the coming sessions are booked (a guess shown on Today, never applied)', () => {
  const at = (days: number[]) => days.map((d) => new Date(Date.UTC(2027, 0, 4) + d * 86_400_000).toISOString());
  it('reads weekly, every 2 weeks and monthly from the median gap, across a clock change', () => {
    expect(expectedFrequency(at([0, 7, 14, 21]))).toBe('weekly');
    expect(expectedFrequency(at([0, 14, 28, 42]))).toBe('biweekly');
    expect(expectedFrequency(at([0, 28, 59, 90]))).toBe('monthly');
    // One missed week does not make a weekly client biweekly.
    expect(expectedFrequency(at([0, 7, 21, 28, 35]))).toBe('weekly');
    // US clocks change on 2027-03-14: a weekly 9 AM session is 7 days less an hour apart.
    expect(expectedFrequency(['2027-03-08T14:00:00.000Z', '2027-03-15T13:00:00.000Z', '2027-03-22T13:00:00.000Z'])).toBe('weekly');
  });
  it('says nothing from fewer than three sessions, or gaps that fit no frequency', () => {
    expect(expectedFrequency(at([0, 7]))).toBeNull();
    expect(expectedFrequency(at([0, 3, 6, 9]))).toBeNull();
    expect(expectedFrequency([])).toBeNull();
  });
});
