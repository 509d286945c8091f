import type { Page } from '@playwright/test';
import { fillCard, holdClock, hostedCheckoutUrl, hostedPortalUrl } from '../support/billing-pages.ts';
import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';
import { stripe, subscribeOnTestClock, waitForLabels, withWebhooksDelayed } from '../support/stripe-clock.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';

// spec §4 the subscription after checkout, in the browser: the trial ends, a renewal fails, the
// therapist cancels in the billing portal, the period ends, a new subscription (no second trial);
// spec §2 /payment-success when the webhooks are slow. Days pass on each test's own Stripe test
// clock (support/stripe-clock.ts); labels come from the real webhooks.

// The local Stripe's hosted pages give dates in UTC; the app gives them in the browser's zone.
test.use({ timezoneId: 'UTC' });

const banner = (page: Page) => page.getByRole('region', { name: 'Subscription' });

function profileField(page: Page, term: string) {
  return page.locator('.account-panel dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

test('after the trial: Active Subscription; a failing renewal: Payment Failed, and the dashboard still opens', async ({ page }) => {
  const therapist = await createCompleteUser([]);
  const subscription = await subscribeOnTestClock(therapist);
  await signIn(page, therapist);

  await subscription.advanceDays(8);
  await waitForLabels(therapist, (labels) => labels.includes('paymentCurrent') && !labels.includes('trialActive'));
  await page.goto('/account');
  await expect(pageHeading(page)).toHaveText('Account');
  await expect(profileField(page, 'Status')).toHaveText('Active Subscription');

  await subscription.useCard('pm_card_chargeCustomerFail');
  await subscription.advanceDays(31);
  await waitForLabels(therapist, (labels) => labels.includes('paymentFailed'));
  await page.reload();
  await expect(profileField(page, 'Status')).toHaveText('Payment Failed');
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect(banner(page)).toHaveCount(0);
});

test('cancel at period end in the billing portal: the canceled banner and access; past the end: "Subscription ended" and a new checkout with no trial', async ({ page }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser([]);
  const subscription = await subscribeOnTestClock(therapist);
  await subscription.advanceDays(8);
  await waitForLabels(therapist, (labels) => labels.includes('paymentCurrent'));
  await signIn(page, therapist);

  // Settings → Manage → the hosted portal → Cancel subscription → back to Cadence.
  await page.goto('/account');
  await expect(pageHeading(page)).toHaveText('Account');
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(hostedPortalUrl);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Your subscription will be canceled at the end of the current period.')).toBeVisible();
  const accessUntil = (await page.locator('main dt', { hasText: /^Access until$/ }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
  expect(accessUntil).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await page.getByRole('link', { name: /Return to Cadence/ }).click();
  await expect(page).toHaveURL('/account');
  expect((await stripe.subscriptions.retrieve(subscription.subscriptionId)).cancel_at_period_end).toBe(true);

  // Access continues to the period end, under the banner.
  await expect(pageHeading(page)).toHaveText('Account');
  await expect(banner(page)).toContainText('Subscription will end at period end');
  // Issue 20: the banner's last day is the portal's.
  await expect(banner(page)).toContainText(`Access until ${accessUntil}`);
  await expect(profileField(page, 'Status')).toHaveText('Subscription Canceled');
  await expect(profileField(page, 'Next Payment')).toHaveText(`None (access until ${accessUntil})`);
  await expectAccessible(page);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect(banner(page)).toContainText('Subscription will end at period end');

  // The banner's button opens the same portal, where the cancellation can be undone; back to the dashboard.
  await banner(page).getByRole('button', { name: 'Open billing portal' }).click();
  await expect(page).toHaveURL(hostedPortalUrl);
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await page.getByRole('link', { name: /Return to Cadence/ }).click();
  await expect(page).toHaveURL('/dashboard');

  // Past the period end: expired, still let through, with the other banner.
  await subscription.advanceDays(35);
  await waitForLabels(therapist, (labels) => labels.includes('subscriptionExpired'));
  await page.reload();
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect(banner(page)).toContainText('Subscription ended');
  await expect(banner(page)).not.toContainText('period end');

  // Start new subscription → hosted checkout without a second trial: $10.00 due today.
  await banner(page).getByRole('button', { name: 'Start new subscription' }).click();
  await expect(page).toHaveURL(hostedCheckoutUrl);
  await expect(page.getByText('Due today: $10.00')).toBeVisible();
  await expect(page.getByText(/days free/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start trial' })).toHaveCount(0);
  const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  const renewed = (await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] })).subscription;
  expect(renewed).toMatchObject({ status: 'active', trial_end: null, customer: subscription.customerId });
  await expect(pageHeading(page)).toHaveText('Payment Successful', { timeout: 15_000 });
});

test('slow activation: the not-yet-active message, the retry after 10 s, then Check Again succeeds', async ({ page }) => {
  const therapist = await createCompleteUser([]);
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(hostedCheckoutUrl);
  await fillCard(page, '4242 4242 4242 4242');
  await page.clock.install();
  // The webhooks this payment causes arrive 10 s (real time) later; the page's 3 s wait and 10 s
  // retry run on Playwright's clock, so both checks happen before they do.
  const paid = Date.now();
  await withWebhooksDelayed(10_000, async () => {
    await page.getByRole('button', { name: 'Start trial' }).click();
    await expect(page).toHaveURL(/\/payment-success/);
  });
  await holdClock(page);
  await page.clock.runFor(3_000);
  await expect(page.getByText('Subscription payment processed, but not yet active. This usually takes a few moments.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check Again' })).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(page.getByText('Subscription is taking longer than expected to activate. Please contact support if this continues.')).toBeVisible();
  // Both checks ran before the delayed webhooks could have arrived (else the test proves nothing).
  expect(Date.now() - paid).toBeLessThan(10_000);

  await waitForLabels(therapist, (labels) => labels.includes('subscribed'));
  await page.clock.resume();
  await page.getByRole('button', { name: 'Check Again' }).click();
  await expect(page.getByText(/Redirecting to your account in \d seconds?…/)).toBeVisible();
  await expect(pageHeading(page)).toHaveText('Payment Successful');
});
