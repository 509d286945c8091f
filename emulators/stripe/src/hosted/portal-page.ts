import type { Ctx } from '../context.ts';
import { periodEnd } from '../lifecycle/billing.ts';
import type { Customer, Invoice, PaymentMethod, Subscription } from '../objects.ts';
import type { StoredObject } from '../store.ts';
import { alertBox, cardFields, date, esc, money, page } from './layout.ts';

export interface PortalSession extends StoredObject {
  customer: string;
  return_url: string | null;
}

const STATUS_TEXT: Record<string, string> = {
  trialing: 'Trial', active: 'Active', past_due: 'Past due', unpaid: 'Unpaid', canceled: 'Canceled', paused: 'Paused',
  incomplete: 'Incomplete', incomplete_expired: 'Expired',
};

/** The subscription the portal manages: the newest one still running, else the newest. */
export function portalSubscription(ctx: Ctx, customer: string): Subscription | undefined {
  const subs = ctx.store.all<Subscription>('subscription').filter((s) => s.customer === customer);
  return subs.find((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired') ?? subs[0];
}

export function portalPage(ctx: Ctx, session: PortalSession, messages: { error?: string; notice?: string } = {}): string {
  const customer = ctx.store.get<Customer>('customer', session.customer);
  const sub = portalSubscription(ctx, session.customer);
  const pmId = sub?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
  const pm = pmId ? ctx.store.get<PaymentMethod>('payment_method', pmId) : undefined;
  const invoices = ctx.store.all<Invoice>('invoice').filter((i) => i.customer === session.customer && i.status !== 'draft');
  const base = `/p/session/${esc(session.id)}`;

  let plan = '<p>You have no subscription.</p>';
  if (sub) {
    const price = sub.items.data[0]?.price;
    const running = sub.status !== 'canceled' && sub.status !== 'incomplete_expired';
    const next = !running ? '—' : sub.cancel_at_period_end ? `Cancels on ${date(sub.cancel_at ?? periodEnd(sub))}` : date(periodEnd(sub));
    plan = `<dl>
<dt>Plan</dt><dd>Cadence — ${money(price?.unit_amount ?? 0)} per month</dd>
<dt>Status</dt><dd><span class="badge">${esc(STATUS_TEXT[sub.status] ?? sub.status)}</span>${sub.cancel_at_period_end && running ? ' <span class="badge">Canceling</span>' : ''}</dd>
${sub.status === 'trialing' ? `<dt>Trial ends</dt><dd>${esc(date(sub.trial_end))}</dd>` : ''}
<dt>${sub.cancel_at_period_end ? 'Access until' : 'Next payment'}</dt><dd>${esc(sub.cancel_at_period_end ? date(sub.cancel_at ?? periodEnd(sub)) : next)}</dd>
</dl>
${running && !sub.cancel_at_period_end ? `<form method="post" action="${base}/cancel"><button type="submit" class="secondary">Cancel subscription</button></form>
<p class="muted">Your subscription stays active until the end of the current period. No refunds.</p>` : ''}
${running && sub.cancel_at_period_end ? `<form method="post" action="${base}/resume"><button type="submit">Resume subscription</button></form>` : ''}`;
  }
  const card = pm
    ? `<p>${esc(pm.card.brand.charAt(0).toUpperCase() + pm.card.brand.slice(1))} •••• ${esc(pm.card.last4)} <span class="muted">expires ${String(pm.card.exp_month).padStart(2, '0')}/${String(pm.card.exp_year).slice(-2)}</span></p>`
    : '<p>No card on file.</p>';
  const rows = invoices.map((i) => `<tr><td>${esc(date(i.created))}</td><td>${money(i.total, i.currency)}</td><td>${esc(i.status)}</td>
<td>${i.hosted_invoice_url ? `<a href="${esc(i.hosted_invoice_url)}">View invoice ${esc(i.number ?? '')}</a>` : ''}</td></tr>`).join('');

  return page('Manage your Cadence subscription', `
${session.return_url ? `<p><a href="${esc(session.return_url)}">← Return to Cadence</a></p>` : ''}
<h1>Billing</h1>
${alertBox(messages.error)}${alertBox(messages.notice, 'notice')}
<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">Current plan</h2>${plan}</section>
<section class="card" aria-labelledby="pm-h"><h2 id="pm-h">Payment method</h2>${card}
<form method="post" action="${base}/card" aria-label="Update card" novalidate>${cardFields({}, 'pm-')}<button type="submit">Update card</button></form></section>
<section class="card" aria-labelledby="inv-h"><h2 id="inv-h">Invoice history</h2>
${rows ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No invoices yet.</p>'}</section>`);
}
