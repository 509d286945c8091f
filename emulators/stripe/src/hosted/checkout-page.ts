import type { Ctx } from '../context.ts';
import { DAY } from '../lifecycle/jobs.ts';
import { trialDays } from '../lifecycle/checkout.ts';
import { unscoped } from '../account-scope.ts';
import type { Account } from '../lifecycle/connect.ts';
import type { CheckoutSession, Customer, Price, Product } from '../objects.ts';
import { alertBox, cardFields, date, esc, money, page } from './layout.ts';

/** The business the customer pays: the connected account's public name, or the platform (Cadence). */
function merchantName(ctx: Ctx, session: CheckoutSession): string {
  const accountId = typeof session._account === 'string' ? session._account : null;
  const account = accountId ? unscoped(() => ctx.store.get<Account>('account', accountId)) : undefined;
  return account?.business_profile.name ?? (account ? 'Your payment' : 'Cadence');
}

export function checkoutPage(ctx: Ctx, session: CheckoutSession, error?: string, values: Record<string, string> = {}): string {
  if (session.mode === 'payment') return paymentPage(ctx, session, error, values);
  if (session.mode === 'setup') return setupPage(ctx, session, error, values);
  if (session.status !== 'open') {
    const message = session.status === 'complete' ? 'This checkout is already complete.' : 'This checkout session has expired.';
    return page('Checkout', `<div class="card"><h1>Cadence</h1><p role="status">${esc(message)}</p>${backLink(session)}</div>`);
  }
  const price = ctx.store.get<Price>('price', session._line_items[0]?.price ?? '');
  const amount = price?.unit_amount ?? 0;
  const trial = trialDays(session);
  const customer = session.customer ? ctx.store.get<Customer>('customer', session.customer) : undefined;
  const now = ctx.clock.now(customer?.test_clock ?? null);
  const terms = trial
    ? `<p><strong>${trial} days free</strong></p><p class="muted">Then ${money(amount)} per month starting ${esc(date(now + trial * DAY))}. Cancel any time before then and you won't be charged.</p>
       <p>Due today: <strong>${money(0)}</strong></p>`
    : `<p>Due today: <strong>${money(amount)}</strong></p>`;
  const email = customer?.email ?? session.customer_email;
  const emailField = email
    ? `<p class="muted">Email: ${esc(email)}</p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${esc(values.email)}">`;
  return page('Subscribe to Cadence', `
${backLink(session)}
<div class="card" aria-labelledby="plan-title">
  <p class="muted">Subscribe to</p>
  <h1 id="plan-title">Cadence</h1>
  <p class="price">${money(amount)} <span class="muted" style="font-size:1rem">USD / month</span></p>
  ${terms}
</div>
<div class="card">
  <h2 id="pay-title">Pay with card</h2>
  ${alertBox(error)}
  <form method="post" action="/c/pay/${esc(session.id)}" aria-labelledby="pay-title" novalidate>
    ${emailField}
    ${cardFields(values, '', Boolean(error))}
    <button type="submit">${trial ? 'Start trial' : 'Subscribe'}</button>
  </form>
</div>`);
}

/** `payment` mode: the line items, the total, one "Pay" button, and the saved-card notice Stripe shows. */
function paymentPage(ctx: Ctx, session: CheckoutSession, error: string | undefined, values: Record<string, string>): string {
  const merchant = merchantName(ctx, session);
  if (session.status !== 'open') {
    const message = session.status === 'complete' ? 'This checkout is already complete.' : 'This checkout session has expired.';
    return page('Checkout', `<div class="card"><h1>${esc(merchant)}</h1><p role="status">${esc(message)}</p>${backLink(session, merchant)}</div>`);
  }
  const currency = String(session.currency ?? 'usd');
  const rows = session._line_items.map((item) => {
    const price = ctx.store.get<Price>('price', item.price);
    const product = price ? ctx.store.get<Product>('product', price.product) : undefined;
    return `<tr><td>${esc(product?.name ?? '')}</td><td>${money((price?.unit_amount ?? 0) * item.quantity, currency)}</td></tr>`;
  }).join('');
  const total = money(Number(session.amount_total), currency);
  const customer = session.customer ? ctx.store.get<Customer>('customer', session.customer) : undefined;
  const email = customer?.email ?? session.customer_email;
  const emailField = email
    ? `<p class="muted">Email: ${esc(email)}</p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${esc(values.email)}">`;
  const saving = session._payment_intent_data?.setup_future_usage
    ? `<p class="muted" id="save-terms">By paying, you allow ${esc(merchant)} to charge your card for future payments in accordance with their terms.</p>`
    : '';
  return page(`Pay ${merchant}`, `
${backLink(session, merchant)}
<div class="card" aria-labelledby="merchant-title">
  <p class="muted">Pay</p>
  <h1 id="merchant-title">${esc(merchant)}</h1>
  <p class="price">${total}</p>
  <table><caption class="muted" style="text-align:left">Summary</caption><tbody>${rows}</tbody></table>
</div>
<div class="card">
  <h2 id="pay-title">Pay with card</h2>
  ${alertBox(error)}
  <form method="post" action="/c/pay/${esc(session.id)}" aria-labelledby="pay-title" novalidate>
    ${emailField}
    ${cardFields(values, '', Boolean(error))}
    ${saving}
    <button type="submit">Pay ${total}</button>
  </form>
</div>`);
}

/** `setup` mode: save a card with the business for later, nothing due today. */
function setupPage(ctx: Ctx, session: CheckoutSession, error: string | undefined, values: Record<string, string>): string {
  const merchant = merchantName(ctx, session);
  if (session.status !== 'open') {
    const message = session.status === 'complete' ? 'This checkout is already complete.' : 'This checkout session has expired.';
    return page('Checkout', `<div class="card"><h1>${esc(merchant)}</h1><p role="status">${esc(message)}</p>${backLink(session, merchant)}</div>`);
  }
  const customer = session.customer ? ctx.store.get<Customer>('customer', session.customer) : undefined;
  const email = customer?.email ?? session.customer_email;
  const emailField = email
    ? `<p class="muted">Email: ${esc(email)}</p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${esc(values.email)}">`;
  return page(`Save your card with ${merchant}`, `
${backLink(session, merchant)}
<div class="card" aria-labelledby="merchant-title">
  <p class="muted">Set up future payments to</p>
  <h1 id="merchant-title">${esc(merchant)}</h1>
  <p>Nothing is charged now.</p>
</div>
<div class="card">
  <h2 id="pay-title">Card details</h2>
  ${alertBox(error)}
  <form method="post" action="/c/pay/${esc(session.id)}" aria-labelledby="pay-title" novalidate>
    ${emailField}
    ${cardFields(values, '', Boolean(error))}
    <p class="muted" id="save-terms">By saving your card, you allow ${esc(merchant)} to charge it for future payments in accordance with their terms.</p>
    <button type="submit">Save card</button>
  </form>
</div>`);
}

function backLink(session: CheckoutSession, merchant = 'Cadence'): string {
  return session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">← Back to ${esc(merchant)}</a></p>` : '';
}
