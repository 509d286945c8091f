import type { Account } from '../lifecycle/connect.ts';
import type { PaymentIntent } from '../lifecycle/payments.ts';
import { alertBox, esc, money, page } from './layout.ts';

/** Stripe's hosted onboarding for a Standard account, reduced to what a test needs: a name, a site, agree. */
export function onboardingPage(account: Account, action: string, error?: string): string {
  return page('Set up payments with Stripe', `
<div class="card" aria-labelledby="onboard-title">
  <p class="muted">Stripe · test mode</p>
  <h1 id="onboard-title">Tell us about your business</h1>
  <p class="muted">Account ${esc(account.id)}${account.email ? ` · ${esc(account.email)}` : ''}</p>
  ${alertBox(error)}
  <form method="post" action="${esc(action)}" novalidate>
    <label for="business_name">Business name</label>
    <input id="business_name" name="business_name" autocomplete="organization" required value="${esc(account.business_profile.name ?? '')}">
    <label for="business_url">Business website (optional)</label>
    <input id="business_url" name="business_url" type="url" autocomplete="url">
    <p class="muted">Test mode: bank account 000123456789 and identity are filled in for you.</p>
    <button type="submit" name="action" value="submit">Agree and submit</button>
    <button type="submit" name="action" value="later" class="secondary">Save and finish later</button>
  </form>
</div>`);
}

/** Stripe's 3-D Secure test page: the customer completes or fails the challenge. */
export function threeDsPage(pi: PaymentIntent | null, action: string): string {
  return page('Authenticate your payment', `
<div class="card" aria-labelledby="tds-title">
  <p class="muted">3D Secure 2 Test Page</p>
  <h1 id="tds-title">${pi ? `Authenticate ${money(pi.amount, pi.currency)}` : 'Authenticate your card'}</h1>
  <p>This is a test authentication page. Complete or fail the authentication.</p>
  <form method="post" action="${esc(action)}">
    <button type="submit" name="action" value="complete">Complete authentication</button>
    <button type="submit" name="action" value="fail" class="secondary">Fail authentication</button>
  </form>
</div>`);
}
