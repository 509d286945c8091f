import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, EmptyState, Skeleton, StatusChip, type BadgeTone } from '@cadence/shared-ui';
import { Menu, Table, type TableColumn } from '@cadence/shared-ui/bundled';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientDisplayName } from '../clients/client-schema.ts';
import { usePracticeSettings } from '../practice/practice-queries.ts';
import { addDays, dateLabel, todayIn } from '../schedule/calendar-dates.ts';
import { shortClientName } from '../clients/client-names.ts';
import { LoadError } from '../shared/load-error.tsx';
import { DEFAULT_CURRENCY, formatMoney } from '@cadence/shared-auth/money';
import { browserTimeZone } from '../shared/time-zone.ts';
import { emailInvoice, issueInvoice } from './api/money-functions.ts';
import { CreateInvoiceDialog, downloadMoneyDocument, PeriodDocumentDialog, VoidInvoiceDialog, type Period } from './document-dialogs.tsx';
import { useCardDisputes } from './card/card-disputes.ts';
import { CardRefundDialog } from './card/card-refund-dialog.tsx';
import { ChargeCardDialog, useSavedCards } from './card/charge-card-dialog.tsx';
import { EntriesTable } from './entries-table.tsx';
import { EntryDialog } from './entry-dialog.tsx';
import type { EntryFormKind } from './entry-form.ts';
import { balanceOf, INVOICE_STATUS_LABELS, runningBalances, voidedIds, type ClientInvoiceDocument, type InvoiceStatus, type LedgerEntryDocument } from './ledger.ts';
import { monthEnd, monthStart } from './months.ts';
import { useClientBalance, useClientEntries, useClientInvoices, useMoneyWrite } from './money-queries.ts';
import { VoidEntryDialog } from './void-dialog.tsx';
import './money.css';

// The QR encoder comes with this dialog only.
const CardLinkDialog = lazy(() => import('./card/card-link-dialog.tsx'));

const INVOICE_TONES: Record<InvoiceStatus, BadgeTone> = { draft: 'neutral', issued: 'info', paid: 'success', void: 'neutral' };

type Open =
  | { dialog: 'entry'; kind: EntryFormKind; payment?: LedgerEntryDocument }
  | { dialog: 'void'; entry: LedgerEntryDocument }
  | { dialog: 'invoice' }
  | { dialog: 'void-invoice'; invoice: ClientInvoiceDocument }
  | { dialog: 'superbill' | 'statement' }
  | { dialog: 'card-refund'; payment: LedgerEntryDocument }
  | { dialog: 'charge-card' | 'card-link' }
  | null;

/** Client detail → Billing: the client's ledger and balance, payments, invoices, superbill and statement. */
export function ClientBilling({ client }: { client: ClientDocument }) {
  const settings = usePracticeSettings();
  const entries = useClientEntries(client.$id);
  const balance = useClientBalance(client.$id);
  const invoices = useClientInvoices(client.$id);
  const cards = useSavedCards(client.$id);
  const disputes = useCardDisputes(client.$id);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const currency = settings.data?.currency ?? client.currency ?? DEFAULT_CURRENCY;
  const today = todayIn(timeZone);
  const name = clientDisplayName(client);
  const lastMonth: Period = { from: monthStart(addDays(monthStart(today), -1)), to: monthEnd(addDays(monthStart(today), -1)) };

  const list = useMemo(() => entries.data ?? [], [entries.data]);
  const voided = useMemo(() => voidedIds(list), [list]);
  const total = useMemo(() => balanceOf(list), [list]);
  const running = useMemo(() => runningBalances(list, total), [list, total]);
  // The sum of the entries is the truth; the cached balance gives the credit and open charges.
  const credit = balance.data?.credit ?? Math.max(0, -total);
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };

  return (
    <div className="money-billing">
      {notice && (
        <Alert tone="success" title={notice} onDismiss={() => setNotice(null)} />
      )}
      <div className="money-billing__summary">
        {entries.isPending ? (
          <Skeleton label="Loading the balance" lines={1} />
        ) : entries.isError ? null : (
          <dl className="money-figures">
            <div>
              <dt>{total > 0 ? 'Balance due' : 'Balance'}</dt>
              <dd className="money-figure">{formatMoney(Math.max(0, total), currency)}</dd>
            </div>
            <div>
              <dt>Unapplied credit</dt>
              <dd className="money-figure">{formatMoney(credit, currency)}</dd>
            </div>
          </dl>
        )}
        <div className="money-actions">
          <Button variant="primary" icon="payments" onClick={() => setOpen({ dialog: 'entry', kind: 'payment' })}>
            Record payment
          </Button>
          <Button icon="invoices" onClick={() => setOpen({ dialog: 'invoice' })}>
            Create invoice
          </Button>
          {cards.data?.online && (
            <>
              <Button icon="payments" onClick={() => setOpen({ dialog: 'charge-card' })}>
                Charge card
              </Button>
              <Button onClick={() => setOpen({ dialog: 'card-link' })}>Take a card payment</Button>
            </>
          )}
          <Button onClick={() => setOpen({ dialog: 'superbill' })}>Superbill</Button>
          <Button onClick={() => setOpen({ dialog: 'statement' })}>Statement</Button>
          <Menu
            label="More billing actions"
            items={[
              { label: 'Add charge', onSelect: () => setOpen({ dialog: 'entry', kind: 'charge' }) },
              { label: 'Add adjustment', onSelect: () => setOpen({ dialog: 'entry', kind: 'adjustment' }) },
              { label: 'Record refund', onSelect: () => setOpen({ dialog: 'entry', kind: 'refund' }) },
            ]}
          />
        </div>
      </div>

      <InvoiceList invoices={invoices} onVoid={(invoice) => setOpen({ dialog: 'void-invoice', invoice })} onNotice={setNotice} />

      <h3 className="money-subtitle">Ledger</h3>
      {entries.isPending ? (
        <Skeleton label="Loading the ledger" lines={5} />
      ) : entries.isError ? (
        <LoadError what="Loading the client's ledger failed" onRetry={() => void entries.refetch()} />
      ) : (
        <EntriesTable
          caption={`Ledger of ${name}`}
          rows={list.map((entry, index) => ({ entry, running: running[index] ?? null }))}
          voided={voided}
          onVoid={(entry) => setOpen({ dialog: 'void', entry })}
          disputes={disputes.data}
          onRefund={(payment) => setOpen(payment.paymentIntentId ? { dialog: 'card-refund', payment } : { dialog: 'entry', kind: 'refund', payment })}
          empty={
            <EmptyState icon="invoices" title="No charges or payments yet">
              Charges appear when you set a session’s attendance; record a payment when one comes in.
            </EmptyState>
          }
        />
      )}

      {open?.dialog === 'entry' && <EntryDialog kind={open.kind} client={client} currency={currency} today={today} payment={open.payment} onClose={() => setOpen(null)} onDone={done} />}
      {open?.dialog === 'card-refund' && <CardRefundDialog payment={open.payment} onClose={() => setOpen(null)} onDone={done} />}
      {open?.dialog === 'charge-card' && <ChargeCardDialog clientId={client.$id} currency={currency} balance={Math.max(0, total)} onClose={() => setOpen(null)} onDone={done} />}
      {open?.dialog === 'card-link' && (
        <Suspense fallback={null}>
          <CardLinkDialog clientId={client.$id} currency={currency} balance={Math.max(0, total)} email={client.email || null} onClose={() => setOpen(null)} onDone={done} />
        </Suspense>
      )}
      {open?.dialog === 'void' && <VoidEntryDialog entry={open.entry} clientName={shortClientName(client)} onClose={() => setOpen(null)} onDone={done} />}
      {open?.dialog === 'invoice' && <CreateInvoiceDialog clientId={client.$id} clientName={name} initial={lastMonth} onClose={() => setOpen(null)} onDone={done} />}
      {open?.dialog === 'void-invoice' && <VoidInvoiceDialog invoice={open.invoice} onClose={() => setOpen(null)} onDone={done} />}
      {(open?.dialog === 'superbill' || open?.dialog === 'statement') && (
        <PeriodDocumentDialog document={open.dialog} clientId={client.$id} clientName={name} initial={lastMonth} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

function InvoiceList({
  invoices,
  onVoid,
  onNotice,
}: {
  invoices: ReturnType<typeof useClientInvoices>;
  onVoid: (invoice: ClientInvoiceDocument) => void;
  onNotice: (message: string) => void;
}) {
  const issue = useMoneyWrite(issueInvoice);
  const email = useMoneyWrite(emailInvoice);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (label: string, invoice: ClientInvoiceDocument, action: () => Promise<string>) => {
    if (busy) return;
    setBusy(`${label}:${invoice.$id}`);
    setFailure(null);
    try {
      onNotice(await action());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumn<ClientInvoiceDocument>[] = [
    { key: 'number', header: 'Invoice', rowHeader: true, cell: (invoice) => invoice.number },
    { key: 'period', header: 'Charges dated', cell: (invoice) => `${dateLabel(invoice.periodStart, 'full')} – ${dateLabel(invoice.periodEnd, 'full')}` },
    { key: 'status', header: 'Status', cell: (invoice) => <StatusChip tone={INVOICE_TONES[invoice.status]} label={INVOICE_STATUS_LABELS[invoice.status] + (invoice.emailedAt ? ', emailed' : '')} /> },
    { key: 'due', header: 'Due', cell: (invoice) => (invoice.dueDate ? dateLabel(invoice.dueDate, 'full') : '—') },
    { key: 'total', header: 'Total', align: 'end', cell: (invoice) => formatMoney(invoice.total, invoice.currency) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (invoice) => (
        <span className="money-row-actions">
          {invoice.status === 'draft' && (
            <Button size="sm" loading={busy === `issue:${invoice.$id}`} onClick={() => void act('issue', invoice, async () => `Invoice ${(await issue.mutateAsync(invoice.$id)).number} issued.`)}>
              Issue
            </Button>
          )}
          {(invoice.status === 'draft' || invoice.status === 'issued' || invoice.status === 'paid') && (
            <Button size="sm" loading={busy === `email:${invoice.$id}`} loadingLabel="Sending…" onClick={() => void act('email', invoice, async () => `Invoice ${(await email.mutateAsync(invoice.$id)).number} emailed to the client.`)}>
              Email
            </Button>
          )}
          <Button
            size="sm"
            loading={busy === `pdf:${invoice.$id}`}
            loadingLabel="Preparing…"
            onClick={() => void act('pdf', invoice, async () => `Downloaded ${await downloadMoneyDocument({ document: 'invoice', invoiceId: invoice.$id })}.`)}
          >
            Download PDF
          </Button>
          {invoice.status !== 'void' && (
            <Button size="sm" variant="danger" onClick={() => onVoid(invoice)}>
              Void
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <h3 className="money-subtitle">Invoices</h3>
      {failure && (
        <Alert tone="error" title="That did not go through" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {invoices.isPending ? (
        <Skeleton label="Loading invoices" lines={2} />
      ) : invoices.isError ? (
        <LoadError what="Loading the client's invoices failed" onRetry={() => void invoices.refetch()} />
      ) : (
        <Table
          caption="Invoices"
          hideCaption
          className="money-table"
          columns={columns}
          rows={invoices.data}
          rowKey={(invoice) => invoice.$id}
          empty={<p className="money-muted">No invoices yet. Create one from the client’s unbilled charges.</p>}
        />
      )}
    </>
  );
}
