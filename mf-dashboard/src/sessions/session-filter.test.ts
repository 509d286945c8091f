import { describe, expect, it } from 'vitest';
import { countText, countTotal, filterFromParams, pageCount, sessionCsvRow, SESSIONS_PAGE_SIZE } from './session-filter.ts';
import { APPOINTMENT_STATUSES } from '../schedule/appointment.ts';

describe('All Sessions filter', () => {
  it('reads the address, leaving out what is not an id, a status, a date or a page', () => {
    expect(filterFromParams(new URLSearchParams('client=jane1&status=no_show&service=svc1&from=2026-03-01&to=2026-03-31&note=signed&charge=none&order=asc&page=3'))).toEqual({
      when: 'past', clientId: 'jane1', status: 'no_show', serviceId: 'svc1', from: '2026-03-01', to: '2026-03-31', noteState: 'signed', charge: 'none', order: 'asc', page: 3,
    });
    expect(filterFromParams(new URLSearchParams('client=Jane%20Doe&status=gone&from=2026-02-30&to=x&note=lost&page=-2&charge=all&when=later'))).toEqual({
      when: 'past', clientId: '', status: '', serviceId: '', from: '', to: '', noteState: '', charge: '', order: 'desc', page: 1,
    });
  });

  it('the past opens newest first, the upcoming soonest first, unless the address says otherwise', () => {
    expect(filterFromParams(new URLSearchParams('when=upcoming'))).toMatchObject({ when: 'upcoming', order: 'asc' });
    expect(filterFromParams(new URLSearchParams('when=upcoming&order=desc'))).toMatchObject({ when: 'upcoming', order: 'desc' });
    expect(filterFromParams(new URLSearchParams('when=all'))).toMatchObject({ when: 'all', order: 'desc' });
    expect(filterFromParams(new URLSearchParams(''))).toMatchObject({ when: 'past', order: 'desc' });
  });

  it('totals the counts, and says "at least" where Appwrite stopped counting', () => {
    const counts = Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, 0])) as Record<(typeof APPOINTMENT_STATUSES)[number], number>;
    counts.show = 5000;
    counts.no_show = 12;
    expect(countTotal(counts, '')).toEqual({ total: 5012, atLeast: true });
    expect(countTotal(counts, 'no_show')).toEqual({ total: 12, atLeast: false });
    expect(countText(5012, true)).toBe('5,012+');
    expect(countText(5000)).toBe('5,000+');
    expect(countText(1234)).toBe('1,234');
  });

  it('offers the pages it knows of, and one more past the cap while pages come full', () => {
    expect(pageCount(0, false, 1, 0)).toBe(1);
    expect(pageCount(101, false, 1, SESSIONS_PAGE_SIZE)).toBe(3);
    expect(pageCount(5000, true, 1, SESSIONS_PAGE_SIZE)).toBe(100);
    expect(pageCount(5000, true, 140, SESSIONS_PAGE_SIZE)).toBe(141);
    expect(pageCount(5000, true, 140, 7)).toBe(140);
  });

  it('a CSV row is on the practice clock with a plain amount', () => {
    const row = sessionCsvRow({ start: '2026-11-01T06:30:00.000Z', status: 'late_cancelled', feeAmount: 6000, currency: 'USD', feeWaived: true }, { client: 'Jane Doe', service: 'Intake' }, 'America/New_York');
    // 06:30 UTC on the morning the clocks go back in New York is 01:30 EDT.
    expect(row).toEqual(['Jane Doe', '2026-11-01', '01:30', 'America/New_York', 'Intake', 'Late cancelled', '60.00', 'USD', 'yes']);
  });
});
