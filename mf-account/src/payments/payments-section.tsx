import { getInvoices, type SubscriptionDocument } from '@cadence/shared-auth';
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

function InvoiceRow({ invoice, current }: { invoice: Invoice; current: boolean }) {
  const plainRed = invoice.status === 'open' || invoice.status === 'past_due';
  return (
    <li className="account-card account-invoice" aria-label={`Invoice ${invoicePeriod(invoice)}`}>
      <dl className="account-fields">
        <dt>Period</dt>
        <dd>{invoicePeriod(invoice)}{current && <span className="account-badge"> Current</span>}</dd>
        <dt>Amount</dt>
        <dd>
          {formatAmount(invoice.totalCents, invoice.isTrialInvoice)}
          {invoice.status !== 'paid' && (
            <span className={plainRed ? 'account-status-text--danger' : `account-chip account-chip--${invoice.status}`}>
              {' '}{invoice.status}
            </span>
          )}
        </dd>
        <dt>Method</dt>
        <dd>{invoice.cardBrand && invoice.cardLast4 ? `${invoice.cardBrand} •••• ${invoice.cardLast4}` : '—'}</dd>
      </dl>
      <div className="account-actions">
        {invoice.invoicePdf && <a className="button" href={invoice.invoicePdf} target="_blank" rel="noreferrer">Download PDF</a>}
        {invoice.hostedInvoiceUrl && <a className="button" href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">View</a>}
        {isPayable(invoice) && (
          <button
            type="button"
            className="button button-primary"
            // spec §8: from Pay Now a portal failure falls back to the billing view hash.
            onClick={() => void openPortal(() => { window.location.hash = 'account?view=billing'; })}
          >
            Pay Now
          </button>
        )}
      </div>
    </li>
  );
}

export function PaymentsSection({ userId, subscription }: { userId: string; subscription: SubscriptionDocument | null }) {
  const [showAll, setShowAll] = useState(false);
  const invoicesQuery = useQuery({
    queryKey: ['invoices', userId],
    queryFn: () => getInvoices(userId),
    meta: { failure: 'Loading invoices failed' },
  });

  // spec §8: a failed load is an empty list (and a logged error).
  const raw = invoicesQuery.isError ? [] : invoicesQuery.data;
  if (raw === undefined) return <p role="status">{MESSAGES.invoicesLoading}</p>;
  const invoices = listedInvoices(raw, subscription);
  if (invoices.length === 0) {
    return (
      <div>
        <p>{MESSAGES.noInvoices}</p>
        <button type="button" className="button button-primary" onClick={() => void openPortal(() => window.alert(MESSAGES.billingPortalFailed))}>
          {MESSAGES.manageBilling}
        </button>
      </div>
    );
  }
  const current = currentInvoice(invoices);
  const shown = showAll ? invoices : invoices.slice(0, INVOICE_LIST_DEFAULT);
  return (
    <div>
      <ul className="account-list" aria-label="Invoices">
        {shown.map((invoice) => <InvoiceRow key={invoice.id} invoice={invoice} current={invoice === current} />)}
      </ul>
      {invoices.length > INVOICE_LIST_DEFAULT && (
        <button type="button" className="button" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? MESSAGES.showLess : MESSAGES.viewAllInvoices}
        </button>
      )}
    </div>
  );
}
