import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from '@cadence/shared-router';
import { Button, PageHeader, Select, Skeleton } from '@cadence/shared-ui';
import { Table, Tabs, type TableColumn } from '@cadence/shared-ui/bundled';
import { clientPath } from '../clients/client-paths.ts';
import { useClients } from '../clients/client-queries.ts';
import { clientDisplayName } from '../clients/client-schema.ts';
import { usePracticeSettings, useServices } from '../practice/practice-queries.ts';
import { serviceLabel } from '../practice/services.ts';
import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_STATUSES } from '../schedule/appointment.ts';
import { dateLabel, todayIn } from '../schedule/calendar-dates.ts';
import { LoadError } from '../shared/load-error.tsx';
import { DEFAULT_CURRENCY, formatMoney } from '@cadence/shared-auth/money';
import { browserTimeZone } from '../shared/time-zone.ts';
import { BarChart } from './bar-chart.tsx';
import { AGING_BUCKETS, AGING_LABELS } from './ledger.ts';
import { incomeFromTotals } from './ledger-totals.ts';
import { useOwingBalances, useSessionStatuses } from './money-queries.ts';
import { useIncomeEntries, useLedgerTotals } from './practice-money-queries.ts';
import { compactMoney, incomeCsv, outstandingCsv, outstandingReport, rateText, sessionsCsv, serviceFeesCsv, serviceFeesReport, sessionsReport, type ServiceFees, type OutstandingRow, type SessionsMonth } from './reports.ts';
import { MONTH_NAMES } from './months.ts';
import { incomeReport, type IncomeMonth } from './income-report.ts';
import { saveCsv } from '../shared/save-file.ts';
import './money.css';

export const REPORTS = ['income', 'sessions', 'services', 'outstanding'] as const;
type Report = (typeof REPORTS)[number];
const REPORT_LABELS: Record<Report, string> = { income: 'Income', sessions: 'Sessions', services: 'By service', outstanding: 'Outstanding' };

/** Download CSV and Print, above each report (neither is printed). */
function ReportActions({ onCsv }: { onCsv: () => void }) {
  return (
    <div className="money-actions money-no-print">
      <Button onClick={onCsv}>Download CSV</Button>
      <Button onClick={() => window.print()}>Print</Button>
    </div>
  );
}

/** /dashboard/reports: Income, Sessions and Outstanding; the report and year are kept in the address. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const settings = usePracticeSettings();
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const today = todayIn(timeZone);
  const thisYear = Number(today.slice(0, 4));
  const report: Report = REPORTS.includes(params.get('report') as Report) ? (params.get('report') as Report) : 'income';
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear + 1 ? asked : thisYear;
  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const years = Array.from({ length: 8 }, (_, index) => String(thisYear - index));

  const yearPicker = (
    <Select className="money-no-print" label="Year" options={years.map((each) => ({ value: each, label: each }))} value={String(year)} onChange={(event) => set('year', event.target.value)} />
  );

  return (
    <div className="money-page money-print">
      <PageHeader title="Reports" description="Income, sessions, fees by service and what clients owe — each as a table you can download or print." />
      {settings.isPending ? (
        <Skeleton label="Loading your practice" lines={4} />
      ) : settings.isError ? (
        <LoadError what="Loading practice settings failed" onRetry={() => void settings.refetch()} />
      ) : (
        <Tabs
          label="Reports"
          value={report}
          onChange={(id) => set('report', id)}
          items={REPORTS.map((id) => ({
            id,
            label: REPORT_LABELS[id],
            content:
              id !== report ? null : id === 'income' ? (
                <IncomeReportView year={year} currency={settings.data?.currency ?? DEFAULT_CURRENCY} picker={yearPicker} />
              ) : id === 'sessions' ? (
                <SessionsReportView year={year} timeZone={timeZone} picker={yearPicker} />
              ) : id === 'services' ? (
                <ServiceFeesView year={year} timeZone={timeZone} currency={settings.data?.currency ?? DEFAULT_CURRENCY} picker={yearPicker} />
              ) : (
                <OutstandingReportView today={today} currency={settings.data?.currency ?? DEFAULT_CURRENCY} />
              ),
          }))}
        />
      )}
    </div>
  );
}

/** A month's name; the row after December (13) is the year's total. */
const monthName = (month: number) => MONTH_NAMES[month - 1] ?? 'Total';

function IncomeReportView({ year, currency, picker }: { year: number; currency: string; picker: ReactNode }) {
  // The practice's ledger totals (a document per month); without them, the year's payments and refunds.
  const totals = useLedgerTotals();
  const entries = useIncomeEntries(`${year}-01-01`, `${year}-12-31`, totals.data === null);
  const report = useMemo(() => (totals.data ? incomeFromTotals(totals.data, year) : entries.data ? incomeReport(entries.data, year) : null), [totals.data, entries.data, year]);
  const pending = totals.isPending || (totals.data === null && entries.isPending);
  const money = (value: number) => formatMoney(value, currency);
  const columns: TableColumn<IncomeMonth>[] = [
    { key: 'month', header: 'Month', rowHeader: true, cell: (row) => monthName(row.month) },
    { key: 'payments', header: 'Payments received', align: 'end', cell: (row) => money(row.payments) },
    { key: 'refunds', header: 'Refunds', align: 'end', cell: (row) => money(row.refunds) },
    { key: 'net', header: 'Net', align: 'end', cell: (row) => money(row.net) },
  ];
  return (
    <section className="money-report" aria-label={`Income in ${year}`}>
      <div className="money-report__head">
        <h2 className="money-subtitle">Income in {year}</h2>
        {picker}
        {report && <ReportActions onCsv={() => saveCsv(incomeCsv(report, currency), `income-${year}.csv`)} />}
      </div>
      {pending ? (
        <Skeleton label="Adding up payments" lines={6} />
      ) : totals.isError || entries.isError || !report ? (
        <LoadError what="Loading payments failed" onRetry={() => void (totals.isError ? totals.refetch() : entries.refetch())} />
      ) : (
        <>
          <p className="money-muted">
            Received in {year}: <strong>{money(report.total.net)}</strong> ({money(report.total.payments)} in payments, {money(report.total.refunds)} refunded).
          </p>
          <BarChart
            title={`Payments received per month in ${year}`}
            bars={report.months.map((row) => ({ label: monthName(row.month), value: Math.max(0, row.net), valueText: money(row.net), shortText: compactMoney(row.net, currency) }))}
          />
          <Table caption={`Income per month in ${year}`} className="money-table" columns={columns} rows={[...report.months, { month: 13, ...report.total }]} rowKey={(row) => String(row.month)} empty={null} />
        </>
      )}
    </section>
  );
}

function SessionsReportView({ year, timeZone, picker }: { year: number; timeZone: string; picker: ReactNode }) {
  const statuses = useSessionStatuses(year, timeZone);
  const report = useMemo(() => (statuses.data ? sessionsReport(statuses.data, year, timeZone) : null), [statuses.data, year, timeZone]);
  const columns: TableColumn<SessionsMonth>[] = [
    { key: 'month', header: 'Month', rowHeader: true, cell: (row) => monthName(row.month) },
    ...APPOINTMENT_STATUSES.map((status) => ({ key: status, header: APPOINTMENT_STATUS_LABELS[status], align: 'end' as const, cell: (row: SessionsMonth) => row.counts[status] })),
    { key: 'total', header: 'Total', align: 'end', cell: (row) => row.total },
    { key: 'noShow', header: 'No-show rate', align: 'end', cell: (row) => rateText(row.noShowRate) },
    { key: 'lateCancel', header: 'Late-cancel rate', align: 'end', cell: (row) => rateText(row.lateCancelRate) },
  ];
  return (
    <section className="money-report" aria-label={`Sessions in ${year}`}>
      <div className="money-report__head">
        <h2 className="money-subtitle">Sessions in {year}</h2>
        {picker}
        {report && <ReportActions onCsv={() => saveCsv(sessionsCsv(report), `sessions-report-${year}.csv`)} />}
      </div>
      {statuses.isPending ? (
        <Skeleton label="Counting sessions" lines={6} />
      ) : statuses.isError || !report ? (
        <LoadError what="Loading sessions failed" onRetry={() => void statuses.refetch()} />
      ) : (
        <>
          <p className="money-muted">
            Rates are of the sessions a client was expected at (attended, late cancelled or no show): no-show {rateText(report.total.noShowRate)}, late cancel {rateText(report.total.lateCancelRate)} for the year.
          </p>
          <Table caption={`Appointments per month in ${year}`} className="money-table" columns={columns} rows={[...report.months, { month: 13, ...report.total }]} rowKey={(row) => String(row.month)} empty={null} />
        </>
      )}
    </section>
  );
}

function ServiceFeesView({ year, timeZone, currency, picker }: { year: number; timeZone: string; currency: string; picker: ReactNode }) {
  const appointments = useSessionStatuses(year, timeZone);
  const services = useServices({ includeArchived: true });
  const report = useMemo(() => (appointments.data ? serviceFeesReport(appointments.data, year, timeZone) : null), [appointments.data, year, timeZone]);
  const byId = useMemo(() => new Map((services.data ?? []).map((service) => [service.$id, service])), [services.data]);
  const name = (id: string) => {
    const service = byId.get(id);
    return service ? serviceLabel(service) : 'Unknown service';
  };
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, currency));
  const columns: TableColumn<ServiceFees>[] = [
    { key: 'service', header: 'Service', rowHeader: true, cell: (row) => (row.serviceId === '' ? 'Total' : name(row.serviceId)) },
    { key: 'attended', header: 'Sessions attended', align: 'end', cell: (row) => row.attended },
    { key: 'sessionFees', header: 'Session fees', align: 'end', cell: (row) => money(row.sessionFees) },
    { key: 'policyFees', header: 'Late-cancel and no-show fees', align: 'end', cell: (row) => money(row.policyFees) },
    { key: 'total', header: 'Total charged', align: 'end', cell: (row) => money(row.total) },
    { key: 'average', header: 'Average session fee', align: 'end', cell: (row) => money(row.averageFee) },
  ];
  return (
    <section className="money-report" aria-label={`Fees by service in ${year}`}>
      <div className="money-report__head">
        <h2 className="money-subtitle">Fees by service in {year}</h2>
        {picker}
        {report && services.data && <ReportActions onCsv={() => saveCsv(serviceFeesCsv(report, name, currency), `fees-by-service-${year}.csv`)} />}
      </div>
      {appointments.isPending || services.isPending ? (
        <Skeleton label="Adding up fees" lines={4} />
      ) : appointments.isError || services.isError || !report ? (
        <LoadError what="Loading sessions failed" onRetry={() => void (appointments.isError ? appointments.refetch() : services.refetch())} />
      ) : (
        <>
          <p className="money-muted">
            Charged for sessions in {year}: <strong>{money(report.total.total)}</strong>. Average session fee: <strong>{money(report.total.averageFee)}</strong> over {report.total.charged}{' '}
            charged {report.total.charged === 1 ? 'session' : 'sessions'} (waived and no-charge sessions left out). What was paid is in Income.
          </p>
          <Table
            caption={`Fees charged by service in ${year}`}
            className="money-table"
            columns={columns}
            rows={report.rows.length ? [...report.rows, { serviceId: '', ...report.total }] : []}
            rowKey={(row) => row.serviceId || 'total'}
            empty={<p className="money-muted">No sessions charged in {year}.</p>}
          />
        </>
      )}
    </section>
  );
}

function OutstandingReportView({ today, currency }: { today: string; currency: string }) {
  const balances = useOwingBalances();
  const clients = useClients();
  const byId = useMemo(() => new Map((clients.data ?? []).map((client) => [client.$id, client])), [clients.data]);
  const name = (id: string) => {
    const client = byId.get(id);
    return client ? clientDisplayName(client) : 'Unknown client';
  };
  const report = useMemo(() => (balances.data ? outstandingReport(balances.data, today) : null), [balances.data, today]);
  const money = (value: number) => (value ? formatMoney(value, currency) : '—');
  const totalRow: OutstandingRow | null = report ? { clientId: '', balance: report.total.balance, credit: report.total.credit, aging: report.total.aging, oldest: null } : null;
  const columns: TableColumn<OutstandingRow>[] = [
    { key: 'client', header: 'Client', rowHeader: true, cell: (row) => (row.clientId === '' ? 'Total' : byId.has(row.clientId) ? <Link to={clientPath(row.clientId)}>{name(row.clientId)}</Link> : name(row.clientId)) },
    { key: 'balance', header: 'Balance due', align: 'end', cell: (row) => money(Math.max(0, row.balance)) },
    ...AGING_BUCKETS.map((bucket) => ({ key: bucket, header: AGING_LABELS[bucket], align: 'end' as const, cell: (row: OutstandingRow) => money(row.aging[bucket]) })),
    { key: 'credit', header: 'Credit', align: 'end', cell: (row) => money(row.credit) },
    { key: 'oldest', header: 'Oldest unpaid', cell: (row) => (row.oldest ? dateLabel(row.oldest, 'full') : '') },
  ];
  return (
    <section className="money-report" aria-label="Outstanding balances">
      <div className="money-report__head">
        <h2 className="money-subtitle">Outstanding on {dateLabel(today, 'full')}</h2>
        {report && <ReportActions onCsv={() => saveCsv(outstandingCsv(report, name, currency), `outstanding-${today}.csv`)} />}
      </div>
      {balances.isPending || clients.isPending ? (
        <Skeleton label="Adding up balances" lines={6} />
      ) : balances.isError || clients.isError || !report || !totalRow ? (
        <LoadError what="Loading balances failed" onRetry={() => void (balances.isError ? balances.refetch() : clients.refetch())} />
      ) : (
        <Table
          caption="Balances by client, aged"
          className="money-table"
          columns={columns}
          rows={report.rows.length ? [...report.rows, totalRow] : []}
          rowKey={(row) => row.clientId || 'total'}
          empty={<p className="money-muted">Nobody owes anything.</p>}
        />
      )}
    </section>
  );
}
