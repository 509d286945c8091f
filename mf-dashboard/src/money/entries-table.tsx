import { useMemo, type ReactNode } from 'react';
import { Link } from '@cadence/shared-router';
import { StatusChip } from '@cadence/shared-ui';
import { Table, type MenuItem, type TableColumn } from '@cadence/shared-ui/bundled';
import { clientPath } from '../clients/client-paths.ts';
import { dateLabel } from '../schedule/calendar-dates.ts';
import { formatMoney } from '@cadence/shared-auth/money';
import { disputeLabel, type CardDispute } from './card/card-api.ts';
import { canVoid, entryLabel, isActivePayment, isAttendanceCharge, refundedByPayment, type LedgerEntryDocument } from './ledger.ts';

export interface EntryRow {
  entry: LedgerEntryDocument;
  /** The balance after this entry (null while the sums are still being read). */
  running: number | null;
}

export interface EntriesTableProps {
  caption: string;
  rows: readonly EntryRow[];
  /** Ids of entries some reversal voids. */
  voided: ReadonlySet<string>;
  /** Shown in a Client column when the list spans clients. */
  clientName?: (clientId: string) => string | null;
  onVoid?: (entry: LedgerEntryDocument) => void;
  /** Offers "Refund…" on each payment that stands. */
  onRefund?: (entry: LedgerEntryDocument) => void;
  /** Card payments a cardholder's bank disputed (issue 33), by payment id. */
  disputes?: ReadonlyMap<string, CardDispute>;
  /** False leaves out the running balance (a list of payments across clients). */
  balanceColumn?: boolean;
  empty: ReactNode;
}

/** "+$120.00" for what raises the balance, "−$50.00" for what lowers it. */
export const signedMoney = (amount: number, currency: string) => (amount < 0 ? `−${formatMoney(-amount, currency)}` : `+${formatMoney(amount, currency)}`);

/** A ledger as a table: every entry with its running balance; voided entries and reversals both listed, marked. */
export function EntriesTable({ caption, rows, voided, clientName, onVoid, onRefund, disputes, balanceColumn = true, empty }: EntriesTableProps) {
  // A refund and its payment name each other (when both are listed: a page may hold only one).
  const byId = useMemo(() => new Map(rows.map(({ entry }) => [entry.$id, entry])), [rows]);
  const refunded = useMemo(() => refundedByPayment(rows.map(({ entry }) => entry)), [rows]);
  const link = (entry: LedgerEntryDocument): string | null => {
    if (entry.kind === 'refund' && entry.refundsEntryId && entry.voidsEntryId === null) {
      const payment = byId.get(entry.refundsEntryId);
      return payment ? `Of the ${formatMoney(-payment.amount, payment.currency)} payment of ${dateLabel(payment.date, 'full')}` : 'Of an earlier payment';
    }
    const back = entry.kind === 'payment' && entry.voidsEntryId === null ? refunded.get(entry.$id) : undefined;
    if (!back) return null;
    return back >= -entry.amount ? 'Refunded in full' : `${formatMoney(back, entry.currency)} refunded`;
  };
  const columns: TableColumn<EntryRow>[] = [
    { key: 'date', header: 'Date', cell: ({ entry }) => <time dateTime={entry.date}>{dateLabel(entry.date, 'full')}</time> },
    ...(clientName
      ? [
          {
            key: 'client',
            header: 'Client',
            cell: ({ entry }: EntryRow) => {
              const name = clientName(entry.clientId);
              return name ? <Link to={clientPath(entry.clientId)}>{name}</Link> : 'Unknown client';
            },
          },
        ]
      : []),
    {
      key: 'entry',
      header: 'Entry',
      rowHeader: true,
      cell: ({ entry }) => (
        <span className="money-entry">
          <span>{entryLabel(entry)}</span>
          {voided.has(entry.$id) && <StatusChip tone="neutral" label="Voided" />}
          {disputes?.has(entry.$id) && <StatusChip tone={disputes.get(entry.$id)?.status === 'won' ? 'neutral' : 'warning'} label={disputeLabel(disputes.get(entry.$id)?.status ?? '')} />}
          {(entry.reference || entry.memo || entry.reason || link(entry)) && (
            <span className="money-entry__detail">{[link(entry), entry.reference && `Ref. ${entry.reference}`, entry.memo, entry.reason && `Reason: ${entry.reason}`].filter(Boolean).join(' · ')}</span>
          )}
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', align: 'end', cell: ({ entry }) => signedMoney(entry.amount, entry.currency) },
    ...(balanceColumn
      ? [{ key: 'running', header: 'Balance', align: 'end' as const, cell: ({ entry, running }: EntryRow) => (running === null ? '…' : formatMoney(running, entry.currency)) }]
      : []),
  ];
  const actions = onVoid || onRefund
    ? (row: EntryRow): readonly MenuItem[] => [
        ...(onRefund && isActivePayment(row.entry, voided) ? [{ label: 'Refund…', onSelect: () => onRefund(row.entry) }] : []),
        ...(onVoid
          ? [canVoid(row.entry, voided) ? { label: 'Void', danger: true, onSelect: () => onVoid(row.entry) } : { label: isAttendanceCharge(row.entry) ? 'Void (set by attendance)' : 'Void', disabled: true, onSelect: () => {} }]
          : []),
      ]
    : undefined;
  return (
    <Table
      caption={caption}
      hideCaption
      className="money-table"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.entry.$id}
      rowActions={actions}
      rowActionsLabel={(row) => `Actions for ${entryLabel(row.entry)} on ${row.entry.date}`}
      empty={empty}
    />
  );
}
