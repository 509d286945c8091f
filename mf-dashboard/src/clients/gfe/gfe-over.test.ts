import { describe, expect, it } from 'vitest';
import { chargesOverEstimate } from './gfe-over.ts';

describe('chargesOverEstimate', () => {
  const estimate = { startOn: '2026-12-07', months: 1, total: 48_000 };
  const charge = (date: string, amount: number) => ({ kind: 'charge', date, amount });

  it('flags charges in the period $400 or more over the estimate; voids, payments and other dates do not count', () => {
    expect(chargesOverEstimate(estimate, [charge('2026-12-07', 44_000), charge('2027-01-06', 44_000)])).toBe(40_000);
    expect(chargesOverEstimate(estimate, [charge('2026-12-07', 44_000), charge('2027-01-07', 44_000)])).toBeNull();
    expect(chargesOverEstimate(estimate, [charge('2026-12-07', 88_000), charge('2026-12-08', -1), { kind: 'payment', date: '2026-12-08', amount: -50_000 }])).toBeNull();
    expect(chargesOverEstimate(estimate, [charge('2026-12-06', 99_000)])).toBeNull();
  });
});
