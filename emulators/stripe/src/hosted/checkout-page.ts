import type { Ctx } from '../context.ts';
import { DAY } from '../lifecycle/jobs.ts';
import { trialDays } from '../lifecycle/checkout.ts';
import type { CheckoutSession, Customer, Price } from '../objects.ts';
import { alertBox, cardFields, date, esc, money, page } from './layout.ts';

export function checkoutPage(ctx: Ctx, session: CheckoutSession, error?: string, values: Record<string, string> = {}): string {
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

function backLink(session: CheckoutSession): string {
  return session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">← Back to Cadence</a></p>` : '';
}
