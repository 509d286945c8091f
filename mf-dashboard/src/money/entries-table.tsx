import type { ReactNode } from 'react';
import { Link } from '@cadence/shared-router';
import { StatusChip, Table, type MenuItem, type TableColumn } from '@cadence/shared-ui';
import { clientPath } from '../clients/client-paths.ts';
import { dateLabel } from '../schedule/calendar-dates.ts';
import { formatMoney } from '../shared/money.ts';
import { canVoid, entryLabel, isAttendanceCharge, type LedgerEntryDocument } from './ledger.ts';

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
  /** False leaves out the running balance (a list of payments across clients). */
  balanceColumn?: boolean;
  empty: ReactNode;
}

/** "+$120.00" for what raises the balance, "−$50.00" for what lowers it. */
export const signedMoney = (amount: number, currency: string) => (amount < 0 ? `−${formatMoney(-amount, currency)}` : `+${formatMoney(amount, currency)}`);

/** A ledger as a table: every entry with its running balance; voided entries and reversals both listed, marked. */
export function EntriesTable({ caption, rows, voided, clientName, onVoid, balanceColumn = true, empty }: EntriesTableProps) {
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
          {(entry.reference || entry.memo || entry.reason) && (
            <span className="money-entry__detail">{[entry.reference && `Ref. ${entry.reference}`, entry.memo, entry.reason && `Reason: ${entry.reason}`].filter(Boolean).join(' · ')}</span>
          )}
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', align: 'end', cell: ({ entry }) => signedMoney(entry.amount, entry.currency) },
    ...(balanceColumn
      ? [{ key: 'running', header: 'Balance', align: 'end' as const, cell: ({ entry, running }: EntryRow) => (running === null ? '…' : formatMoney(running, entry.currency)) }]
      : []),
  ];
  const actions = onVoid
    ? (row: EntryRow): readonly MenuItem[] => (canVoid(row.entry, voided) ? [{ label: 'Void', danger: true, onSelect: () => onVoid(row.entry) }] : [{ label: isAttendanceCharge(row.entry) ? 'Void (set by attendance)' : 'Void', disabled: true, onSelect: () => {} }])
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
