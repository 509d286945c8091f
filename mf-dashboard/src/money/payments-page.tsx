import { useMemo, useState } from 'react';
import { Link } from '@cadence/shared-router';
import { Alert, Button, Card, EmptyState, PageHeader, Skeleton } from '@cadence/shared-ui';
import { Table, type TableColumn } from '@cadence/shared-ui/bundled';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientPath } from '../clients/client-paths.ts';
import { useClients } from '../clients/client-queries.ts';
import { clientDisplayName } from '../clients/client-schema.ts';
import { usePracticeSettings } from '../practice/practice-queries.ts';
import { dateLabel, todayIn } from '../schedule/calendar-dates.ts';
import { LoadError } from '../shared/load-error.tsx';
import { DEFAULT_CURRENCY, formatMoney } from '@cadence/shared-auth/money';
import { browserTimeZone } from '../shared/time-zone.ts';
import { CardRefundDialog } from './card/card-refund-dialog.tsx';
import { EntriesTable } from './entries-table.tsx';
import { EntryDialog } from './entry-dialog.tsx';
import { AGING_BUCKETS, AGING_LABELS, type LedgerEntryDocument } from './ledger.ts';
import { useRecentPayments } from './money-queries.ts';
import { useBalances } from './practice-money-queries.ts';
import { outstandingReport, type OutstandingRow } from './reports.ts';
import './money.css';

export const PAYMENTS_TEXTS = {
  title: 'Payments',
  description: 'Record what clients pay, and see who owes what.',
  recordPayment: 'Record payment',
  due: 'Balances due',
  dueCaption: 'Clients with a balance due, oldest first',
  noneDue: 'Nobody owes anything.',
  recent: 'Recent payments',
  noPayments: 'No payments yet',
  noPaymentsText: 'Payments you record appear here.',
  outstanding: 'Outstanding',
} as const;

/** /dashboard/payments: recent payments and the clients with balances due, oldest first, with aging. */
export function PaymentsPage() {
  const settings = usePracticeSettings();
  const clients = useClients();
  const balances = useBalances();
  const payments = useRecentPayments();
  const [recording, setRecording] = useState<{ client: ClientDocument | null; refund?: LedgerEntryDocument } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A card payment is refunded to the card, through Stripe (issue 33).
  const [cardRefund, setCardRefund] = useState<LedgerEntryDocument | null>(null);
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const currency = settings.data?.currency ?? DEFAULT_CURRENCY;
  const today = todayIn(timeZone);
  const byId = useMemo(() => new Map((clients.data ?? []).map((client) => [client.$id, client])), [clients.data]);
  const name = (id: string) => {
    const client = byId.get(id);
    return client ? clientDisplayName(client) : null;
  };
  const report = useMemo(() => (balances.data ? outstandingReport(balances.data, today) : null), [balances.data, today]);
  const due = report?.rows.filter((row) => row.balance > 0) ?? [];

  const columns: TableColumn<OutstandingRow>[] = [
    {
      key: 'client',
      header: 'Client',
      rowHeader: true,
      cell: (row) => (byId.has(row.clientId) ? <Link to={clientPath(row.clientId)}>{name(row.clientId)}</Link> : 'Unknown client'),
    },
    { key: 'balance', header: 'Balance due', align: 'end', cell: (row) => formatMoney(row.balance, currency) },
    ...AGING_BUCKETS.map((bucket) => ({ key: bucket, header: AGING_LABELS[bucket], align: 'end' as const, cell: (row: OutstandingRow) => (row.aging[bucket] ? formatMoney(row.aging[bucket], currency) : '—') })),
    { key: 'oldest', header: 'Oldest unpaid', cell: (row) => (row.oldest ? dateLabel(row.oldest, 'full') : '—') },
    {
      key: 'record',
      header: <span className="ui-visually-hidden">Record payment</span>,
      cell: (row) => (
        <Button size="sm" disabled={!byId.has(row.clientId)} onClick={() => setRecording({ client: byId.get(row.clientId) ?? null })} aria-label={`Record payment for ${name(row.clientId) ?? 'client'}`}>
          Record payment
        </Button>
      ),
    },
  ];

  return (
    <div className="money-page">
      <PageHeader
        title={PAYMENTS_TEXTS.title}
        description={PAYMENTS_TEXTS.description}
        actions={
          <Button variant="primary" icon="payments" disabled={!clients.isSuccess} onClick={() => setRecording({ client: null })}>
            {PAYMENTS_TEXTS.recordPayment}
          </Button>
        }
      />
      {notice && <Alert tone="success" title={notice} onDismiss={() => setNotice(null)} />}
      <Card title={PAYMENTS_TEXTS.due} headingLevel={2}>
        {balances.isPending || clients.isPending ? (
          <Skeleton label="Loading balances" lines={4} />
        ) : balances.isError || clients.isError ? (
          <LoadError what="Loading balances failed" onRetry={() => void (balances.isError ? balances.refetch() : clients.refetch())} />
        ) : (
          <>
            <dl className="money-figures">
              <div>
                <dt>{PAYMENTS_TEXTS.outstanding}</dt>
                <dd className="money-figure">{formatMoney(report?.total.balance ?? 0, currency)}</dd>
              </div>
              {AGING_BUCKETS.map((bucket) => (
                <div key={bucket}>
                  <dt>{AGING_LABELS[bucket]}</dt>
                  <dd>{formatMoney(report?.total.aging[bucket] ?? 0, currency)}</dd>
                </div>
              ))}
            </dl>
            <Table caption={PAYMENTS_TEXTS.dueCaption} hideCaption className="money-table" columns={columns} rows={due} rowKey={(row) => row.clientId} empty={<p className="money-muted">{PAYMENTS_TEXTS.noneDue}</p>} />
          </>
        )}
      </Card>
      <Card title={PAYMENTS_TEXTS.recent} headingLevel={2}>
        {payments.isPending ? (
          <Skeleton label="Loading payments" lines={4} />
        ) : payments.isError ? (
          <LoadError what="Loading payments failed" onRetry={() => void payments.refetch()} />
        ) : (
          <EntriesTable
            caption={PAYMENTS_TEXTS.recent}
            rows={payments.data.entries.map((entry) => ({ entry, running: null }))}
            voided={new Set(payments.data.voided)}
            clientName={name}
            balanceColumn={false}
            onRefund={(payment) => {
              const client = byId.get(payment.clientId);
              if (payment.paymentIntentId) setCardRefund(payment);
              else if (client) setRecording({ client, refund: payment });
            }}
            empty={
              <EmptyState icon="payments" title={PAYMENTS_TEXTS.noPayments}>
                {PAYMENTS_TEXTS.noPaymentsText}
              </EmptyState>
            }
          />
        )}
        <p className="money-muted">
          <Link to="/dashboard/transactions?type=payment">Every payment, in All Transactions</Link>
        </p>
      </Card>
      {cardRefund && (
        <CardRefundDialog
          payment={cardRefund}
          onClose={() => setCardRefund(null)}
          onDone={(message) => {
            setCardRefund(null);
            setNotice(message);
          }}
        />
      )}
      {recording && (
        <EntryDialog
          kind={recording.refund ? 'refund' : 'payment'}
          client={recording.client}
          payment={recording.refund}
          clients={clients.data ?? []}
          currency={currency}
          today={today}
          onClose={() => setRecording(null)}
          onDone={(message) => {
            setRecording(null);
            setNotice(message);
          }}
        />
      )}
    </div>
  );
}
