import type { CsvCell } from '../shared/csv-writer.ts';
import { minorDigits, MONEY_LOCALE } from '@cadence/shared-auth/money';
import { zonedTime, type PlainDate } from '../schedule/calendar-dates.ts';
import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_STATUSES, type Appointment, type AppointmentStatus } from '../schedule/appointment.ts';
import { AGING_BUCKETS, amountCell, AGING_LABELS, agingOf, emptyAging, oldestOpenDate, parseOpenCharges, type Aging, type ClientBalance } from './ledger.ts';
import { MONTH_NAMES } from './months.ts';
import type { IncomeReport } from './income-report.ts';

// The three reports of /dashboard/reports (issue #16), as pure sums over what the browser read:
// the page, the CSV and the tests share them.

export interface SessionsMonth {
  month: number;
  counts: Record<AppointmentStatus, number>;
  total: number;
  /** no-shows ÷ (shows + late cancels + no-shows), or null when none of those */
  noShowRate: number | null;
  lateCancelRate: number | null;
}

export interface SessionsReport {
  year: number;
  months: SessionsMonth[];
  total: Omit<SessionsMonth, 'month'>;
}

const zeroCounts = () => Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, 0])) as Record<AppointmentStatus, number>;

function withRates(counts: Record<AppointmentStatus, number>): Omit<SessionsMonth, 'month'> {
  const total = APPOINTMENT_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  // The rates are of the sessions the client was expected at: attended, missed, or cancelled too late.
  const expected = counts.show + counts.late_cancelled + counts.no_show;
  return { counts, total, noShowRate: expected ? counts.no_show / expected : null, lateCancelRate: expected ? counts.late_cancelled / expected : null };
}

/** Appointments per month of `year` (their start on the practice's calendar) by status, with the no-show and late-cancel rates. */
export function sessionsReport(appointments: readonly Pick<Appointment, 'start' | 'status'>[], year: number, timeZone: string): SessionsReport {
  const perMonth = MONTH_NAMES.map(() => zeroCounts());
  const all = zeroCounts();
  for (const appointment of appointments) {
    const { date } = zonedTime(appointment.start, timeZone);
    if (Number(date.slice(0, 4)) !== year) continue;
    const counts = perMonth[Number(date.slice(5, 7)) - 1];
    if (!counts) continue;
    counts[appointment.status] += 1;
    all[appointment.status] += 1;
  }
  return { year, months: perMonth.map((counts, index) => ({ month: index + 1, ...withRates(counts) })), total: withRates(all) };
}

/** What a report reads of each appointment of the year. */
export type ReportAppointment = Pick<Appointment, 'start' | 'status' | 'serviceId' | 'feeAmount' | 'feeWaived'> & { noChargeAt?: string | null };

export interface ServiceFees {
  serviceId: string;
  /** Sessions attended (Show), charged or not. */
  attended: number;
  /** Attended sessions that carried a fee. */
  charged: number;
  /** Σ session fees of attended sessions (not waived, not decided free of charge). */
  sessionFees: number;
  /** Σ late-cancel and no-show fees (not waived). */
  policyFees: number;
  total: number;
  /** sessionFees ÷ charged, or null when no session was charged. */
  averageFee: number | null;
}

export interface ServiceFeesReport {
  year: number;
  /** Most charged first. */
  rows: ServiceFees[];
  total: Omit<ServiceFees, 'serviceId'>;
}

/** The fee an appointment's attendance charges, and whether it is a session fee or a policy fee (the rule of attendance-charges). */
function chargedFee(appointment: ReportAppointment): { kind: 'session' | 'policy'; amount: number } | null {
  const amount = appointment.feeAmount;
  if (typeof amount !== 'number' || amount <= 0 || appointment.feeWaived) return null;
  if (appointment.status === 'show') return appointment.noChargeAt ? null : { kind: 'session', amount };
  if (appointment.status === 'late_cancelled' || appointment.status === 'no_show') return { kind: 'policy', amount };
  return null;
}

const emptyFees = (): Omit<ServiceFees, 'serviceId'> => ({ attended: 0, charged: 0, sessionFees: 0, policyFees: 0, total: 0, averageFee: null });

/**
 * Fees charged per service in `year` (each appointment's start on the practice's calendar): what
 * attendance charged — session fees of attended sessions and the late-cancel and no-show fees —
 * with the average fee of a charged session. The same fields attendance-charges bills from, so it
 * agrees with the ledger's attendance charges.
 */
export function serviceFeesReport(appointments: readonly ReportAppointment[], year: number, timeZone: string): ServiceFeesReport {
  const byService = new Map<string, Omit<ServiceFees, 'serviceId'>>();
  const total = emptyFees();
  for (const appointment of appointments) {
    if (Number(zonedTime(appointment.start, timeZone).date.slice(0, 4)) !== year) continue;
    const fee = chargedFee(appointment);
    if (appointment.status !== 'show' && !fee) continue;
    let row = byService.get(appointment.serviceId);
    if (!row) byService.set(appointment.serviceId, (row = emptyFees()));
    for (const sums of [row, total]) {
      if (appointment.status === 'show') sums.attended += 1;
      if (fee?.kind === 'session') {
        sums.charged += 1;
        sums.sessionFees += fee.amount;
      }
      if (fee?.kind === 'policy') sums.policyFees += fee.amount;
    }
  }
  const finish = (sums: Omit<ServiceFees, 'serviceId'>) => ({ ...sums, total: sums.sessionFees + sums.policyFees, averageFee: sums.charged ? Math.round(sums.sessionFees / sums.charged) : null });
  const rows = [...byService].map(([serviceId, sums]) => ({ serviceId, ...finish(sums) })).sort((a, b) => b.total - a.total || a.serviceId.localeCompare(b.serviceId));
  return { year, rows, total: finish(total) };
}

export function serviceFeesCsv(report: ServiceFeesReport, serviceName: (serviceId: string) => string, currency: string): CsvCell[][] {
  const amount = (value: number) => amountCell(value, currency);
  const row = (label: string, sums: Omit<ServiceFees, 'serviceId'>): CsvCell[] => [
    label, sums.attended, amount(sums.sessionFees), amount(sums.policyFees), amount(sums.total), sums.averageFee === null ? '' : amount(sums.averageFee), currency,
  ];
  return [
    ['Service', 'Sessions attended', 'Session fees', 'Late-cancel and no-show fees', 'Total charged', 'Average session fee', 'Currency'],
    ...report.rows.map((each) => row(serviceName(each.serviceId), each)),
    row('Total', report.total),
  ];
}

/** "$1.2K": a value short enough to print over a bar. */
export function compactMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(minor / 10 ** minorDigits(currency));
}

export interface OutstandingRow {
  clientId: string;
  balance: number;
  credit: number;
  aging: Aging;
  oldest: PlainDate | null;
}

export interface OutstandingReport {
  asOf: PlainDate;
  rows: OutstandingRow[];
  total: { balance: number; credit: number; aging: Aging };
}

/**
 * What each client owes on `asOf`, aged by their open charges (0–30, 31–60, 61–90, 90+ days),
 * oldest debt first; clients with only credit are listed after, for the credit column's sake.
 */
export function outstandingReport(balances: readonly Pick<ClientBalance, 'clientId' | 'balance' | 'credit' | 'openCharges'>[], asOf: PlainDate): OutstandingReport {
  const rows: OutstandingRow[] = [];
  const total = { balance: 0, credit: 0, aging: emptyAging() };
  for (const balance of balances) {
    if (balance.balance <= 0 && balance.credit <= 0) continue;
    const open = parseOpenCharges(balance.openCharges);
    const aging = agingOf(open, asOf);
    rows.push({ clientId: balance.clientId, balance: balance.balance, credit: balance.credit, aging, oldest: oldestOpenDate(open) });
    if (balance.balance > 0) total.balance += balance.balance;
    total.credit += balance.credit;
    for (const bucket of AGING_BUCKETS) total.aging[bucket] += aging[bucket];
  }
  rows.sort((a, b) => (a.oldest ?? '9999').localeCompare(b.oldest ?? '9999') || b.balance - a.balance || a.clientId.localeCompare(b.clientId));
  return { asOf, rows, total };
}

const percent = (rate: number | null) => (rate === null ? '' : `${(rate * 100).toFixed(1)}%`);

/** "12.5%", or "—" where there was nothing to divide by. */
export const rateText = (rate: number | null) => percent(rate) || '—';

export function incomeCsv(report: IncomeReport, currency: string): CsvCell[][] {
  const amount = (value: number) => amountCell(value, currency);
  return [
    ['Month', 'Payments received', 'Refunds', 'Net', 'Currency'],
    ...report.months.map((month) => [`${report.year}-${String(month.month).padStart(2, '0')}`, amount(month.payments), amount(month.refunds), amount(month.net), currency]),
    ['Total', amount(report.total.payments), amount(report.total.refunds), amount(report.total.net), currency],
  ];
}

export function sessionsCsv(report: SessionsReport): CsvCell[][] {
  const row = (label: string, month: Omit<SessionsMonth, 'month'>): CsvCell[] => [label, ...APPOINTMENT_STATUSES.map((status) => month.counts[status]), month.total, percent(month.noShowRate), percent(month.lateCancelRate)];
  return [
    ['Month', ...APPOINTMENT_STATUSES.map((status) => APPOINTMENT_STATUS_LABELS[status]), 'Total', 'No-show rate', 'Late-cancel rate'],
    ...report.months.map((month) => row(`${report.year}-${String(month.month).padStart(2, '0')}`, month)),
    row('Total', report.total),
  ];
}

export function outstandingCsv(report: OutstandingReport, clientName: (clientId: string) => string, currency: string): CsvCell[][] {
  const amount = (value: number) => amountCell(value, currency);
  return [
    ['Client', 'Balance', 'Credit', ...AGING_BUCKETS.map((bucket) => AGING_LABELS[bucket]), 'Oldest unpaid charge', 'Currency'],
    ...report.rows.map((row) => [clientName(row.clientId), amount(Math.max(0, row.balance)), amount(row.credit), ...AGING_BUCKETS.map((bucket) => amount(row.aging[bucket])), row.oldest ?? '', currency]),
    ['Total', amount(report.total.balance), amount(report.total.credit), ...AGING_BUCKETS.map((bucket) => amount(report.total.aging[bucket])), '', currency],
  ];
}
