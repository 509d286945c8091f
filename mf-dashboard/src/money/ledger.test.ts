import { describe, expect, it } from 'vitest';
import { agingBucket, agingOf, balanceOf, canVoid, daysBetween, entryLabel, oldestOpenDate, openAmountOf, parseAllocations, parseOpenCharges, previewAllocation, runningBalances, voidedIds } from './ledger.ts';
import { monthEnd } from './months.ts';

/** A small deterministic generator, so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('balance and running balance', () => {
  it('the balance is the sum of the signed amounts, whatever the mix of charges, payments, voids and refunds', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const next = random(seed);
      const amounts: number[] = [];
      let owed = 0;
      for (let i = 0; i < 40; i += 1) {
        const roll = next();
        const amount = 1 + Math.floor(next() * 20_000);
        // charge +, payment −, adjustment −, refund +, void: minus an earlier amount
        const signed = roll < 0.4 ? amount : roll < 0.7 ? -amount : roll < 0.8 ? -amount : roll < 0.9 ? amount : -(amounts[Math.floor(next() * amounts.length)] ?? 0);
        amounts.push(signed);
        owed += signed;
      }
      expect(balanceOf(amounts.map((amount) => ({ amount })))).toBe(owed);
      // Newest first: the top row is the whole sum; the oldest row is its own amount.
      const newestFirst = [...amounts].reverse().map((amount) => ({ amount }));
      const running = runningBalances(newestFirst, owed);
      expect(running[0]).toBe(owed);
      expect(running.at(-1)).toBe(amounts[0]);
      // A page further down continues where the one above stopped.
      const above = newestFirst.slice(0, 10);
      const page = runningBalances(newestFirst.slice(10, 20), owed, balanceOf(above));
      expect(page).toEqual(running.slice(10, 20));
    }
  });

  it('a void cancels its entry in the balance, and both stay listed', () => {
    const entries = [
      { $id: 'c1', kind: 'charge', type: 'other', appointmentId: null, amount: 12_000, voidsEntryId: null },
      { $id: 'p1', kind: 'payment', type: 'cash', appointmentId: null, amount: -5_000, voidsEntryId: null },
      { $id: 'v1', kind: 'payment', type: 'cash', appointmentId: null, amount: 5_000, voidsEntryId: 'p1' },
    ] as const;
    expect(balanceOf(entries)).toBe(12_000);
    const voided = voidedIds(entries);
    expect([...voided]).toEqual(['p1']);
    expect(canVoid(entries[0]!, voided)).toBe(true);
    expect(canVoid(entries[1]!, voided)).toBe(false);
    expect(canVoid(entries[2]!, voided)).toBe(false);
    // An attendance charge changes with the attendance, not by a void.
    expect(canVoid({ $id: 'c2', kind: 'charge', type: 'no_show_fee', appointmentId: 'a1', voidsEntryId: null }, voided)).toBe(false);
  });

  it('names entries as the therapist reads them', () => {
    expect(entryLabel({ kind: 'charge', type: 'no_show_fee', voidsEntryId: null })).toBe('No-show fee');
    expect(entryLabel({ kind: 'payment', type: 'cash', voidsEntryId: null })).toBe('Payment · Cash');
    expect(entryLabel({ kind: 'payment', type: 'cash', voidsEntryId: 'p1' })).toBe('Void of Payment · Cash');
    expect(entryLabel({ kind: 'adjustment', type: 'write_off', voidsEntryId: null })).toBe('Adjustment · Write-off');
  });
});

describe('aging', () => {
  it('puts each open amount in 0–30, 31–60, 61–90 or 90+ days by the charge date', () => {
    expect(daysBetween('2026-01-31', '2026-03-02')).toBe(30);
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(agingBucket)).toEqual(['current', 'current', 'days31to60', 'days31to60', 'days61to90', 'days61to90', 'over90', 'over90']);
    const open = [
      { entryId: 'a', date: '2026-03-01', open: 1_000 },
      { entryId: 'b', date: '2026-01-15', open: 2_000 },
      { entryId: 'c', date: '2025-12-20', open: 4_000 },
      { entryId: 'd', date: '2025-06-01', open: 8_000 },
      { entryId: 'e', date: '2025-05-01', open: 0 },
    ];
    expect(agingOf(open, '2026-03-10')).toEqual({ current: 1_000, days31to60: 2_000, days61to90: 4_000, over90: 8_000 });
    expect(oldestOpenDate(open)).toBe('2025-06-01');
    expect(oldestOpenDate([])).toBeNull();
  });

  it('reads stored JSON defensively', () => {
    expect(parseOpenCharges('[{"entryId":"a","date":"2026-01-01","open":5}, {"bad":1}]')).toEqual([{ entryId: 'a', date: '2026-01-01', open: 5 }]);
    expect(parseOpenCharges('not json')).toEqual([]);
    expect(parseAllocations(null)).toEqual([]);
    expect(parseAllocations('[{"entryId":"c1","amount":500}]')).toEqual([{ entryId: 'c1', amount: 500 }]);
  });
});

describe('a payment before it is recorded', () => {
  it('says how much goes to charges and how much is kept as credit', () => {
    expect(previewAllocation(10_000, 6_000)).toEqual({ applied: 6_000, credit: 4_000 });
    expect(previewAllocation(5_000, 6_000)).toEqual({ applied: 5_000, credit: 0 });
    expect(previewAllocation(5_000, 0)).toEqual({ applied: 0, credit: 5_000 });
    expect(previewAllocation(5_000, -3_000)).toEqual({ applied: 0, credit: 5_000 });
  });

  it("counts an invoice's open amount from the balance's open charges", () => {
    const open = [
      { entryId: 'c1', date: '2026-01-01', open: 3_000 },
      { entryId: 'c2', date: '2026-01-08', open: 12_000 },
    ];
    expect(openAmountOf(['c2', 'c9'], open)).toBe(12_000);
  });

  it('knows month ends', () => {
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2026-12-05')).toBe('2026-12-31');
  });
});
