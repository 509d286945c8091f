import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../schedule/appointment.ts';
import { toCsv } from '../shared/csv-writer.ts';
import type { EntryKind } from './ledger-kinds.ts';
import { compactMoney, incomeCsv, outstandingCsv, outstandingReport, rateText, serviceFeesCsv, serviceFeesReport, sessionsCsv, sessionsReport, type ReportAppointment } from './reports.ts';
import { incomeReport } from './income-report.ts';

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A seeded practice: two years of payments, refunds, charges and voids. The expected totals are
 * counted here while the data is made — each payment's cents added to its month as it is written —
 * not by the code under test.
 */
function seededLedger(seed: number) {
  const next = random(seed);
  const entries: { kind: EntryKind; amount: number; date: string }[] = [];
  const expected = new Map<string, { payments: number; refunds: number }>();
  const book = (month: string) => {
    if (!expected.has(month)) expected.set(month, { payments: 0, refunds: 0 });
    return expected.get(month)!;
  };
  for (let i = 0; i < 2_000; i += 1) {
    const year = 2025 + Math.floor(next() * 2);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const date = `${year}-${pad(month)}-${pad(day)}`;
    const cents = 500 + Math.floor(next() * 30_000);
    const roll = next();
    if (roll < 0.35) {
      entries.push({ kind: 'charge', amount: cents, date });
    } else if (roll < 0.8) {
      entries.push({ kind: 'payment', amount: -cents, date });
      book(date.slice(0, 7)).payments += cents;
      if (next() < 0.1) {
        // voided later the same month: received nothing after all
        entries.push({ kind: 'payment', amount: cents, date });
        book(date.slice(0, 7)).payments -= cents;
      }
    } else if (roll < 0.9) {
      entries.push({ kind: 'refund', amount: cents, date });
      book(date.slice(0, 7)).refunds += cents;
    } else {
      entries.push({ kind: 'adjustment', amount: -cents, date });
    }
  }
  return { entries, expected };
}

describe('Income report', () => {
  it('adds up to the cent against a seeded ledger, month by month and for the year', () => {
    const { entries, expected } = seededLedger(16);
    for (const year of [2025, 2026]) {
      const report = incomeReport(entries, year);
      let yearPayments = 0;
      let yearRefunds = 0;
      for (const month of report.months) {
        const want = expected.get(`${year}-${pad(month.month)}`) ?? { payments: 0, refunds: 0 };
        expect(month.payments).toBe(want.payments);
        expect(month.refunds).toBe(want.refunds);
        expect(month.net).toBe(want.payments - want.refunds);
        yearPayments += want.payments;
        yearRefunds += want.refunds;
      }
      expect(report.total).toEqual({ payments: yearPayments, refunds: yearRefunds, net: yearPayments - yearRefunds });
    }
    expect(incomeReport(entries, 2024).total).toEqual({ payments: 0, refunds: 0, net: 0 });
  });

  it('writes a CSV with a row per month and the total', () => {
    const report = incomeReport([{ kind: 'payment', amount: -12_050, date: '2026-03-04' }], 2026);
    const csv = toCsv(incomeCsv(report, 'USD'));
    expect(csv.split('\r\n')[0]).toBe('Month,Payments received,Refunds,Net,Currency');
    expect(csv).toContain('2026-03,120.50,0.00,120.50,USD');
    expect(csv).toContain('Total,120.50,0.00,120.50,USD');
  });
});

describe('Sessions report', () => {
  it('counts appointments per month by status on the practice clock, with the no-show and late-cancel rates', () => {
    const next = random(7);
    const appointments: { start: string; status: AppointmentStatus }[] = [];
    const expected = new Map<number, Record<string, number>>();
    for (let i = 0; i < 1_500; i += 1) {
      const month = 1 + Math.floor(next() * 12);
      const day = 2 + Math.floor(next() * 26);
      const status = APPOINTMENT_STATUSES[Math.floor(next() * APPOINTMENT_STATUSES.length)]!;
      // 15:00 UTC is 9 or 10 in the morning in Chicago: the same day there.
      appointments.push({ start: `2026-${pad(month)}-${pad(day)}T15:00:00.000Z`, status });
      const counts = expected.get(month) ?? {};
      counts[status] = (counts[status] ?? 0) + 1;
      expected.set(month, counts);
    }
    // The last evening of the year in Chicago is already next year in UTC: it counts in December.
    appointments.push({ start: '2027-01-01T03:00:00.000Z', status: 'show' });
    expected.get(12)!.show = (expected.get(12)!.show ?? 0) + 1;

    const report = sessionsReport(appointments, 2026, 'America/Chicago');
    let all = 0;
    for (const month of report.months) {
      const want = expected.get(month.month) ?? {};
      for (const status of APPOINTMENT_STATUSES) expect(month.counts[status]).toBe(want[status] ?? 0);
      const kept = (want.show ?? 0) + (want.late_cancelled ?? 0) + (want.no_show ?? 0);
      expect(month.noShowRate).toBeCloseTo((want.no_show ?? 0) / kept, 10);
      expect(month.lateCancelRate).toBeCloseTo((want.late_cancelled ?? 0) / kept, 10);
      all += month.total;
    }
    expect(report.total.total).toBe(1_501);
    expect(all).toBe(1_501);
    expect(sessionsReport([], 2026, 'UTC').total.noShowRate).toBeNull();
    expect(rateText(null)).toBe('—');
    expect(rateText(0.125)).toBe('12.5%');
    expect(toCsv(sessionsCsv(report)).split('\r\n')[0]).toBe('Month,Scheduled,Show,Cancelled,Late cancelled,No show,Clinician cancelled,Total,No-show rate,Late-cancel rate');
  });
});

describe('Fees by service', () => {
  it('adds up what attendance charged per service, with the average session fee, against a seeded year counted here', () => {
    const next = random(37);
    const services = ['intake', 'therapy', 'couples'];
    const appointments: ReportAppointment[] = [];
    // Counted while made: per service, attended sessions, charged ones, session fees and policy fees.
    const want = new Map(services.map((id) => [id, { attended: 0, charged: 0, sessionFees: 0, policyFees: 0 }]));
    for (let i = 0; i < 2_000; i += 1) {
      const serviceId = services[Math.floor(next() * services.length)]!;
      const status = APPOINTMENT_STATUSES[Math.floor(next() * APPOINTMENT_STATUSES.length)]!;
      const year = next() < 0.8 ? 2026 : 2025;
      const start = `${year}-${pad(1 + Math.floor(next() * 12))}-${pad(2 + Math.floor(next() * 26))}T15:00:00.000Z`;
      const roll = next();
      const feeAmount = roll < 0.1 ? null : 5_000 + Math.floor(next() * 20_000);
      const feeWaived = roll >= 0.1 && roll < 0.15;
      const noChargeAt = roll >= 0.15 && roll < 0.2 ? '2026-01-01T00:00:00.000Z' : null;
      appointments.push({ start, status, serviceId, feeAmount, feeWaived, noChargeAt });
      if (year !== 2026) continue;
      const sums = want.get(serviceId)!;
      if (status === 'show') {
        sums.attended += 1;
        if (feeAmount !== null && !feeWaived && !noChargeAt) {
          sums.charged += 1;
          sums.sessionFees += feeAmount;
        }
      }
      if ((status === 'late_cancelled' || status === 'no_show') && feeAmount !== null && !feeWaived) sums.policyFees += feeAmount;
    }
    const report = serviceFeesReport(appointments, 2026, 'America/Chicago');
    expect(report.rows.map((row) => row.serviceId).sort()).toEqual([...services].sort());
    let total = 0;
    let sessionFees = 0;
    let charged = 0;
    for (const row of report.rows) {
      const sums = want.get(row.serviceId)!;
      expect(row).toEqual({
        serviceId: row.serviceId, ...sums, total: sums.sessionFees + sums.policyFees, averageFee: Math.round(sums.sessionFees / sums.charged),
      });
      total += sums.sessionFees + sums.policyFees;
      sessionFees += sums.sessionFees;
      charged += sums.charged;
    }
    // Most charged first; the year's total and its average session fee.
    expect(report.rows.map((row) => row.total)).toEqual([...report.rows.map((row) => row.total)].sort((a, b) => b - a));
    expect(report.total.total).toBe(total);
    expect(report.total.averageFee).toBe(Math.round(sessionFees / charged));
    expect(serviceFeesReport([], 2026, 'UTC').total).toEqual({ attended: 0, charged: 0, sessionFees: 0, policyFees: 0, total: 0, averageFee: null });
  });

  it('writes a CSV by service name with the total, and prints short values over the chart’s bars', () => {
    const report = serviceFeesReport([
      { start: '2026-03-03T15:00:00.000Z', status: 'show', serviceId: 's1', feeAmount: 15_000, feeWaived: false },
      { start: '2026-03-10T15:00:00.000Z', status: 'no_show', serviceId: 's1', feeAmount: 7_500, feeWaived: false },
      { start: '2026-03-17T15:00:00.000Z', status: 'show', serviceId: 's1', feeAmount: 12_050, feeWaived: false },
    ], 2026, 'UTC');
    const csv = toCsv(serviceFeesCsv(report, () => '=Psychotherapy (90834, 45 min)', 'USD')).split('\r\n');
    expect(csv[0]).toBe('Service,Sessions attended,Session fees,Late-cancel and no-show fees,Total charged,Average session fee,Currency');
    expect(csv[1]).toBe(`"'=Psychotherapy (90834, 45 min)",2,270.50,75.00,345.50,135.25,USD`);
    expect(csv[2]).toBe('Total,2,270.50,75.00,345.50,135.25,USD');
    expect(compactMoney(20_000, 'USD')).toBe('$200');
    expect(compactMoney(1_234_500, 'USD')).toBe('$12.3K');
    expect(compactMoney(5_000, 'JPY')).toBe('¥5K');
  });
});

describe('Outstanding report', () => {
  it('ages each client’s open charges and totals the buckets, oldest debt first', () => {
    const balances = [
      { clientId: 'amy', balance: 9_000, credit: 0, openCharges: JSON.stringify([{ entryId: 'a1', date: '2026-02-25', open: 9_000 }]) },
      {
        clientId: 'bob',
        balance: 15_000,
        credit: 0,
        openCharges: JSON.stringify([
          { entryId: 'b1', date: '2025-11-01', open: 5_000 },
          { entryId: 'b2', date: '2026-01-20', open: 10_000 },
        ]),
      },
      { clientId: 'cat', balance: -4_000, credit: 4_000, openCharges: '[]' },
      { clientId: 'dan', balance: 0, credit: 0, openCharges: '[]' },
    ];
    const report = outstandingReport(balances, '2026-03-10');
    expect(report.rows.map((row) => row.clientId)).toEqual(['bob', 'amy', 'cat']);
    expect(report.rows[0]!.aging).toEqual({ current: 0, days31to60: 10_000, days61to90: 0, over90: 5_000 });
    expect(report.total).toEqual({ balance: 24_000, credit: 4_000, aging: { current: 9_000, days31to60: 10_000, days61to90: 0, over90: 5_000 } });
    const csv = toCsv(outstandingCsv(report, (id) => (id === 'bob' ? '=cmd|calc' : id), 'USD'));
    expect(csv).toContain("'=cmd|calc,150.00,0.00,0.00,100.00,0.00,50.00,2025-11-01,USD");
    expect(csv).toContain('Total,240.00,40.00,90.00,100.00,0.00,50.00,,USD');
  });
});
