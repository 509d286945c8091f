import { getInvoices, type SubscriptionDocument } from '@cadence/shared-auth';
import { Badge, Button, buttonClassName, EmptyState, Skeleton, type BadgeTone } from '@cadence/shared-ui';
import { Table, type TableColumn } from '@cadence/shared-ui/bundled';
import { useState } from 'react';
import { useQuery } from '@cadence/shared-auth/query';
import { billingPortalUrl } from '../account/account-api.ts';
import { INVOICE_LIST_DEFAULT } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  currentInvoice, formatAmount, invoicePeriod, isPayable, listedInvoices, type Invoice,
} from './invoice-rules.ts';

async function openPortal(onFailure: () => void) {
  try {
    window.location.assign(await billingPortalUrl());
  } catch (error) {
    console.error('Billing portal failed', error);
    onFailure();
  }
}

/** spec §4: chip colours differ by status; open and past_due are plain red text instead. */
const STATUS_TONES: Record<string, BadgeTone> = { void: 'neutral', uncollectible: 'warning', draft: 'info' };

function InvoiceStatus({ invoice }: { invoice: Invoice }) {
  if (invoice.status === 'paid') return null;
  if (invoice.status === 'open' || invoice.status === 'past_due') {
    return <span className="account-status-text--danger">{invoice.status}</span>;
  }
  return <Badge tone={STATUS_TONES[invoice.status] ?? 'neutral'}>{invoice.status}</Badge>;
}

function invoiceColumns(current: Invoice | null): TableColumn<Invoice>[] {
  return [
    {
      key: 'period',
      header: 'Period',
      rowHeader: true,
      cell: (invoice) => (
        <span className="account-inline">
          {invoicePeriod(invoice)}
          {invoice === current && <Badge tone="accent">Current</Badge>}
        </span>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      cell: (invoice) => (
        <span className="account-inline">
          {formatAmount(invoice.totalCents, invoice.isTrialInvoice)}
          <InvoiceStatus invoice={invoice} />
        </span>
      ),
    },
    {
      key: 'method',
      header: 'Method',
      cell: (invoice) => (invoice.cardBrand && invoice.cardLast4 ? `${invoice.cardBrand} •••• ${invoice.cardLast4}` : '—'),
    },
    {
      key: 'actions',
      header: <span className="account-visually-hidden">Actions</span>,
      cell: (invoice) => (
        <span className="account-inline">
          {invoice.invoicePdf && <a className={buttonClassName('secondary', 'sm')} href={invoice.invoicePdf} target="_blank" rel="noreferrer">Download PDF</a>}
          {invoice.hostedInvoiceUrl && <a className={buttonClassName('secondary', 'sm')} href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">View</a>}
          {isPayable(invoice) && (
            <Button
              variant="primary"
              size="sm"
              // spec §8: from Pay Now a portal failure falls back to the billing view hash.
              onClick={() => void openPortal(() => { window.location.hash = 'account?view=billing'; })}
            >
              Pay Now
            </Button>
          )}
        </span>
      ),
    },
  ];
}

export function PaymentsSection({ userId, subscription }: { userId: string; subscription: SubscriptionDocument | null }) {
  const [showAll, setShowAll] = useState(false);
  const invoicesQuery = useQuery({
    queryKey: ['invoices', userId],
    queryFn: () => getInvoices(userId),
    meta: { failure: 'Loading invoices failed' },
  });

  // spec §8: a failed load is an empty list (and a logged error); a failed refresh keeps the list
  // the therapist was looking at (issue 18), it never empties it.
  const raw = invoicesQuery.data ?? (invoicesQuery.isError ? [] : undefined);
  if (raw === undefined) return <Skeleton label={MESSAGES.invoicesLoading} lines={4} />;
  const invoices = listedInvoices(raw, subscription);
  if (invoices.length === 0) {
    return (
      <EmptyState
        icon="invoices"
        action={
          <Button variant="primary" onClick={() => void openPortal(() => window.alert(MESSAGES.billingPortalFailed))}>
            {MESSAGES.manageBilling}
          </Button>
        }
      >
        {MESSAGES.noInvoices}
      </EmptyState>
    );
  }
  const current = currentInvoice(invoices);
  const shown = showAll ? invoices : invoices.slice(0, INVOICE_LIST_DEFAULT);
  return (
    <div className="account-stack">
      <Table
        caption="Invoices"
        hideCaption
        className="account-invoices"
        columns={invoiceColumns(current)}
        rows={shown}
        rowKey={(invoice) => invoice.id}
        empty={MESSAGES.noInvoices}
      />
      {invoices.length > INVOICE_LIST_DEFAULT && (
        <div>
          <Button aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
            {showAll ? MESSAGES.showLess : MESSAGES.viewAllInvoices}
          </Button>
        </div>
      )}
    </div>
  );
}
