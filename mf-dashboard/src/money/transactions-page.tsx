import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, DateInput, EmptyState, PageHeader, Select, Skeleton } from '@cadence/shared-ui';
import { Combobox, Pagination } from '@cadence/shared-ui/bundled';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { useClients } from '../clients/client-queries.ts';
import { clientDisplayName } from '../clients/client-schema.ts';
import { usePracticeSettings } from '../practice/practice-queries.ts';
import { DownloadCsvButton } from '../shared/download-csv-button.tsx';
import { LoadError } from '../shared/load-error.tsx';
import { useFilterParams } from '../shared/use-filter-params.ts';
import { DEFAULT_CURRENCY, formatMoney } from '@cadence/shared-auth/money';
import { browserTimeZone } from '../shared/time-zone.ts';
import { todayIn } from '../schedule/calendar-dates.ts';
import { useUserId } from '../shared/use-user-id.ts';
import { listAllEntries } from './api/read-ledger.ts';
import { EntriesTable, type EntryRow } from './entries-table.tsx';
import { EntryDialog } from './entry-dialog.tsx';
import { VoidEntryDialog } from './void-dialog.tsx';
import { ENTRY_KIND_LABELS, voidedIds, type LedgerEntryDocument } from './ledger.ts';
import { ENTRY_KINDS } from './ledger-kinds.ts';
import { pagePosition } from './filter-totals.ts';
import { useEntryPage, useEntryScan, useTransactionSummary } from './money-queries.ts';
import {
  balancesAfter,
  isFilteringTransactions,
  NO_TRANSACTION_FILTER,
  TRANSACTION_PARAMS,
  transactionCsvRow,
  transactionFilterFromParams,
  transactionQueries,
  TRANSACTIONS_CSV_HEADER,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionFilter,
} from './transaction-filter.ts';
import { GfeOverWarnings } from '../clients/gfe/gfe-over-warnings.tsx';
import './money.css';

export const TRANSACTIONS_TEXTS = {
  title: 'All Transactions',
  description: 'Every charge, payment, adjustment and refund. Choose a client to see their balance after each entry.',
  filtersLabel: 'Filter transactions',
  loading: 'Loading transactions',
  loadFailed: 'Loading transactions failed',
  none: 'No transactions yet',
  noneText: 'Charges appear here when you set a session’s attendance; payments when you record them.',
  noMatch: 'No transactions match',
  noMatchText: 'Try another client, type or dates.',
  clearFilters: 'Clear filters',
  download: 'Download CSV',
  preparing: (count: number) => `Preparing the CSV… ${count.toLocaleString('en-US')} rows`,
  downloadFailed: 'The CSV could not be prepared',
  totals: 'Totals for these transactions',
  adding: (count: number) => (count ? `Adding up… ${count.toLocaleString('en-US')} transactions so far` : 'Adding up…'),
  pages: 'Transactions pages',
} as const;

const count = (value: number) => value.toLocaleString('en-US');

/** /dashboard/transactions: every ledger entry, paged on the server, filtered from the address (ids only). */
export function TransactionsPage() {
  const settings = usePracticeSettings();
  const clients = useClients();
  return (
    <div className="money-page">
      <PageHeader title={TRANSACTIONS_TEXTS.title} description={TRANSACTIONS_TEXTS.description} />
      {settings.isPending || clients.isPending ? (
        <Skeleton label={TRANSACTIONS_TEXTS.loading} lines={8} />
      ) : settings.isError || clients.isError ? (
        <LoadError what={TRANSACTIONS_TEXTS.loadFailed} onRetry={() => void (settings.isError ? settings.refetch() : clients.refetch())} />
      ) : (
        <Transactions clients={clients.data} currency={settings.data?.currency ?? DEFAULT_CURRENCY} today={todayIn(settings.data?.timeZone ?? browserTimeZone())} />
      )}
    </div>
  );
}

function Transactions({ clients, currency, today }: { clients: readonly ClientDocument[]; currency: string; today: string }) {
  const userId = useUserId();
  const [params, update] = useFilterParams<TransactionFilter>(TRANSACTION_PARAMS);
  const { page, ...filter } = transactionFilterFromParams(params);
  const queries = transactionQueries(userId, filter);
  const summary = useTransactionSummary(filter);
  const cursor = page === 1 ? null : summary.ids?.[(page - 1) * TRANSACTIONS_PAGE_SIZE - 1];
  const position = page === 1 || !summary.monthCounts ? null : pagePosition(summary.monthCounts, (page - 1) * TRANSACTIONS_PAGE_SIZE);
  const rows = useEntryPage(queries, page, TRANSACTIONS_PAGE_SIZE, cursor, position);
  const byId = useMemo(() => new Map(clients.map((client) => [client.$id, client])), [clients]);
  const clientName = useCallback((id: string) => {
    const client = byId.get(id);
    return client ? clientDisplayName(client) : null;
  }, [byId]);

  const clearFilters = () => update({ clientId: '', kind: '', from: '', to: '' });
  const filtering = isFilteringTransactions(filter);
  const clientOptions = useMemo(
    () => [...clients].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)).map((client) => ({ value: client.$id, label: clientDisplayName(client) })),
    [clients],
  );

  const totals = summary.totals;
  const pageEntries = useMemo(() => rows.data?.entries ?? [], [rows.data]);
  // The client's whole ledger (the same read as the list when only the client is chosen).
  const clientScan = useEntryScan(filter.clientId ? transactionQueries(userId, { ...NO_TRANSACTION_FILTER, clientId: filter.clientId }) : []);
  const after = useMemo(() => (clientScan.data ? balancesAfter(clientScan.data.ids, clientScan.data.amounts) : null), [clientScan.data]);
  const tableRows: EntryRow[] = pageEntries.map((entry) => ({ entry, running: after?.get(entry.$id) ?? null }));
  const voided = useMemo(() => new Set([...(rows.data?.voided ?? []), ...voidedIds(pageEntries)]), [rows.data, pageEntries]);
  // Until the sums are in, one more page is offered whenever this one is full.
  const pageCount = totals ? Math.max(1, Math.ceil(totals.count / TRANSACTIONS_PAGE_SIZE)) : pageEntries.length === TRANSACTIONS_PAGE_SIZE ? page + 1 : page;
  const first = (page - 1) * TRANSACTIONS_PAGE_SIZE + 1;
  const [voiding, setVoiding] = useState<LedgerEntryDocument | null>(null);
  const [refunding, setRefunding] = useState<LedgerEntryDocument | null>(null);
  const refundClient = refunding ? byId.get(refunding.clientId) ?? null : null;
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      {notice && <Alert tone="success" title={notice} onDismiss={() => setNotice(null)} />}
      <GfeOverWarnings clientName={clientName} />
      {voiding && (
        <VoidEntryDialog
          entry={voiding}
          clientName={clientName(voiding.clientId) ?? 'Unknown client'}
          onClose={() => setVoiding(null)}
          onDone={(message) => {
            setVoiding(null);
            setNotice(message);
          }}
        />
      )}
      {refunding && refundClient && (
        <EntryDialog
          kind="refund"
          client={refundClient}
          payment={refunding}
          currency={currency}
          today={today}
          onClose={() => setRefunding(null)}
          onDone={(message) => {
            setRefunding(null);
            setNotice(message);
          }}
        />
      )}
      <div className="money-filters" role="search" aria-label={TRANSACTIONS_TEXTS.filtersLabel}>
        <Combobox label="Client" placeholder="Any client" options={clientOptions} value={filter.clientId || null} onChange={(value) => update({ clientId: value ?? '' })} />
        <Select label="Type" placeholder="Any type" options={ENTRY_KINDS.map((kind) => ({ value: kind, label: ENTRY_KIND_LABELS[kind] }))} value={filter.kind} onChange={(event) => update({ kind: event.target.value })} />
        <DateInput label="From" value={filter.from} max={filter.to || undefined} onChange={(event) => update({ from: event.target.value })} />
        <DateInput label="To" value={filter.to} min={filter.from || undefined} onChange={(event) => update({ to: event.target.value })} />
        {filtering && <Button onClick={clearFilters}>{TRANSACTIONS_TEXTS.clearFilters}</Button>}
        <DownloadTransactions queries={queries} clientName={clientName} />
      </div>
      <section aria-label={TRANSACTIONS_TEXTS.totals} className="money-totals">
        {summary.isError ? (
          <LoadError what="Adding up transactions failed" onRetry={summary.refetch} />
        ) : !totals ? (
          <p className="money-muted" role="status">{TRANSACTIONS_TEXTS.adding(summary.progress)}</p>
        ) : (
          <dl className="money-figures">
            <div>
              <dt>Transactions</dt>
              <dd>{count(totals.count)}</dd>
            </div>
            <div>
              <dt>Charges</dt>
              <dd>{formatMoney(totals.byKind.charge, currency)}</dd>
            </div>
            <div>
              <dt>Payments</dt>
              <dd>{formatMoney(totals.byKind.payment, currency)}</dd>
            </div>
            <div>
              <dt>Adjustments</dt>
              <dd>{formatMoney(totals.byKind.adjustment, currency)}</dd>
            </div>
            <div>
              <dt>Refunds</dt>
              <dd>{formatMoney(totals.byKind.refund, currency)}</dd>
            </div>
            <div>
              <dt>Net change in balances</dt>
              <dd>{formatMoney(totals.net, currency)}</dd>
            </div>
          </dl>
        )}
      </section>
      {rows.isPending && page === 1 ? (
        <Skeleton label={TRANSACTIONS_TEXTS.loading} lines={8} />
      ) : rows.isError ? (
        <LoadError what={TRANSACTIONS_TEXTS.loadFailed} onRetry={() => void rows.refetch()} />
      ) : (
        <>
          <p role="status" className="money-muted">
            {pageEntries.length === 0 ? '' : `Showing ${count(first)}–${count(first + pageEntries.length - 1)}${totals ? ` of ${count(totals.count)} transactions` : ''}`}
          </p>
          <EntriesTable
            caption="Transactions"
            rows={tableRows}
            voided={voided}
            clientName={clientName}
            balanceColumn={filter.clientId !== ''}
            onVoid={setVoiding}
            onRefund={(payment) => byId.has(payment.clientId) && setRefunding(payment)}
            empty={
              filtering || page > 1 ? (
                <EmptyState icon="empty" title={TRANSACTIONS_TEXTS.noMatch} action={filtering && <Button onClick={clearFilters}>{TRANSACTIONS_TEXTS.clearFilters}</Button>}>
                  {TRANSACTIONS_TEXTS.noMatchText}
                </EmptyState>
              ) : (
                <EmptyState icon="invoices" title={TRANSACTIONS_TEXTS.none}>
                  {TRANSACTIONS_TEXTS.noneText}
                </EmptyState>
              )
            }
          />
          <Pagination page={page} pageCount={pageCount} label={TRANSACTIONS_TEXTS.pages} onPageChange={(next) => update({ page: next > 1 ? String(next) : '' })} />
        </>
      )}
    </>
  );
}

/** The whole filter as a CSV (every entry, not just the page), each with its running balance. */
function DownloadTransactions({ queries, clientName }: { queries: readonly string[]; clientName: (id: string) => string | null }) {
  const userId = useUserId();
  const rows = async (onProgress: (read: number) => void) => {
    const all = await listAllEntries(userId, [...queries], onProgress);
    let balance = all.reduce((sum, entry) => sum + entry.amount, 0);
    return [TRANSACTIONS_CSV_HEADER, ...all.map((entry) => {
      const row = transactionCsvRow(entry, clientName(entry.clientId) ?? 'Unknown client', balance);
      balance -= entry.amount;
      return row;
    })];
  };
  return (
    <DownloadCsvButton
      rows={rows}
      fileName={() => `transactions-${new Date().toISOString().slice(0, 10)}.csv`}
      texts={{ download: TRANSACTIONS_TEXTS.download, preparing: TRANSACTIONS_TEXTS.preparing, failed: TRANSACTIONS_TEXTS.downloadFailed }}
      className="money-download"
    />
  );
}
