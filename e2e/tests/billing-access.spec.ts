import { Client, Databases, ID, Permission, Role } from 'node-appwrite';
import { PHONE, recordNavigationRequests } from '../support/billing-pages.ts';
import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';
import { appwriteUrl } from '../support/ports.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';

// spec §4 access decision, rule 5 (subscriptionCanceled: allowed until the latest subscription's
// currentPeriodEnd) and rule 3 (subscriptionExpired: allowed through) with their banners, and the
// /success page. The whole lifecycle on Stripe is in billing-lifecycle.spec.ts.

const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));
const DAY = 86_400_000;

/** A subscription row as the webhook writes it, readable by its owner. */
async function subscriptionFor(userId: string, fields: { status: string; currentPeriodEnd: string }) {
  await databases.createDocument({
    databaseId: 'main',
    collectionId: 'subscriptions',
    documentId: ID.unique(),
    data: { userId, stripeSubscriptionId: `sub_${ID.unique()}`, createdAt: new Date().toISOString(), ...fields },
    permissions: [Permission.read(Role.user(userId))],
  });
}

const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Subscription' });

test('canceled with the period still running: access continues to the period end, under the canceled banner', async ({ page }) => {
  const therapist = await createCompleteUser(['subscribed', 'paymentCurrent', 'subscriptionCanceled']);
  await subscriptionFor(therapist.id, { status: 'active', currentPeriodEnd: new Date(Date.now() + 10 * DAY).toISOString() });
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect(banner(page)).toContainText('Subscription will end at period end');
  await expect(banner(page).getByRole('button', { name: 'Open billing portal' })).toBeVisible();
  await page.goto('/account');
  await expect(pageHeading(page)).toHaveText('Account');
  await expect(banner(page)).toContainText('Subscription will end at period end');
  await expectAccessible(page);
  // No Stripe customer behind this account: the function refuses, with its own reason (spec §8).
  await banner(page).getByRole('button', { name: 'Open billing portal' }).click();
  await expect(banner(page).getByRole('alert')).toContainText('Failed to open billing portal');
  await expect(banner(page).getByRole('alert')).toContainText('No billing account yet. Subscribe first.');
  await expect(page).toHaveURL('/account');
});

test('canceled and past the period end: the paywall offers a new subscription', async ({ page }) => {
  const therapist = await createCompleteUser(['subscribed', 'subscriptionCanceled']);
  await subscriptionFor(therapist.id, { status: 'canceled', currentPeriodEnd: new Date(Date.now() - DAY).toISOString() });
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Your subscription has ended');
  await expect(page.getByRole('button', { name: 'Start new subscription' })).toBeVisible();
  await expectAccessible(page);
});

test('expired: allowed through, under the "Subscription ended" banner', async ({ page }) => {
  const therapist = await createCompleteUser(['subscriptionExpired']);
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect(banner(page)).toContainText('Subscription ended');
  await expect(banner(page).getByRole('button', { name: 'Start new subscription' })).toBeVisible();
  await expectAccessible(page);
});

test('an active subscription gets no banner', async ({ page }) => {
  const therapist = await createCompleteUser(['subscribed', 'paymentCurrent']);
  await signIn(page, therapist);
  await page.goto('/account');
  await expect(pageHeading(page)).toHaveText('Account');
  await expect(page.getByText('Active Subscription')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('the banner’s remote failing to load leaves the page as it is', async ({ page, consoleLog }) => {
  await page.route('**/__federation_expose_AccessBanner*', (route) => route.abort());
  const therapist = await createCompleteUser(['subscriptionExpired']);
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect.poll(() => consoleLog.errors.some((e) => e.includes('Remote mf_billing failed'))).toBe(true);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByText('This part of Cadence could not be loaded')).toHaveCount(0);
  await expect(page.getByRole('navigation').first()).toBeVisible();
});

test('/success: a trialing subscription gets the thank-you, none gets Payment Processing', async ({ page }) => {
  const therapist = await createCompleteUser(['subscribed', 'trialActive']);
  await signIn(page, therapist);
  await page.goto('/success');
  await expect(pageHeading(page)).toHaveText('Payment Processing');
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
  await subscriptionFor(therapist.id, { status: 'trialing', currentPeriodEnd: new Date(Date.now() + 7 * DAY).toISOString() });
  await page.reload();
  await expect(pageHeading(page)).toHaveText('Thank you for subscribing!');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to Account' }).click();
  await expect(page).toHaveURL('/account');
});

test.describe('payment pages on a phone', () => {
  test.use(PHONE);

  test('/payment-success, subscribed: opens the app (final_redirect_uri) instead of counting down; no app: /account after 1.5 s', async ({ page }) => {
    const therapist = await createCompleteUser(['subscribed', 'trialActive']);
    await signIn(page, therapist);
    const navigations = await recordNavigationRequests(page);
    await page.clock.install();
    await page.goto('/payment-success?final_redirect_uri=cadence%3A%2F%2Fbilling-done');
    await expect(page.getByText('Checking your subscription…')).toBeVisible();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.clock.runFor(3_000);
    await expect(page.getByText('Your subscription is active. Opening the Cadence app…')).toBeVisible();
    await expect(page.getByText(/Redirecting to your account/)).toHaveCount(0);
    await expect.poll(() => navigations).toContain('cadence://billing-done');
    // spec §9 deep link: the app did not open within 1.5 s (the page never hid): the fallback.
    await page.clock.runFor(1_499);
    await expect(page).toHaveURL(/\/payment-success/);
    await expect(page.getByText('Your subscription is active. Opening the Cadence app…')).toBeVisible();
    await page.clock.runFor(1);
    await expect(page).toHaveURL('/account');
  });

  test('/payment-success on a phone: an "Open in app?" prompt pauses the wait; 0.5 s after the page is back, the fallback', async ({ page }) => {
    const therapist = await createCompleteUser(['subscribed', 'trialActive']);
    await signIn(page, therapist);
    await page.clock.install();
    await page.goto('/payment-success');
    await expect(page.getByText('Checking your subscription…')).toBeVisible();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.clock.runFor(3_000);
    await expect(page.getByText('Your subscription is active. Opening the Cadence app…')).toBeVisible();
    // The browser's prompt takes the focus (the page stays visible): no fallback while it is open.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.clock.runFor(5_000);
    await expect(page).toHaveURL(/\/payment-success/);
    // The therapist dismisses it and is back on the page: spec §9's 0.5 s check, then the fallback.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.clock.runFor(499);
    await expect(page).toHaveURL(/\/payment-success/);
    await page.clock.runFor(1);
    await expect(page).toHaveURL('/account');
  });

  test('/payment-success, a final_redirect_uri outside the app: the app’s signup-complete screen instead', async ({ page }) => {
    const therapist = await createCompleteUser(['subscribed', 'trialActive']);
    await signIn(page, therapist);
    const navigations = await recordNavigationRequests(page);
    await page.goto('/payment-success?final_redirect_uri=https%3A%2F%2Fevil.example%2F');
    await expect(page.getByText('Your subscription is active. Opening the Cadence app…')).toBeVisible();
    await expect.poll(() => navigations).toContain('cadence://signup-complete');
    expect(navigations.some((url) => url.includes('evil.example'))).toBe(false);
  });

  test('/success with an active subscription: the thank-you, and the app is opened', async ({ page }) => {
    const therapist = await createCompleteUser(['subscribed', 'trialActive']);
    await subscriptionFor(therapist.id, { status: 'trialing', currentPeriodEnd: new Date(Date.now() + 7 * DAY).toISOString() });
    await signIn(page, therapist);
    const navigations = await recordNavigationRequests(page);
    await page.goto('/success');
    await expect(pageHeading(page)).toHaveText('Thank you for subscribing!');
    await expect.poll(() => navigations).toContain('cadence://signup-complete');
    await expectAccessible(page);
  });

  test('/success still processing: Payment Processing with Return Home, and no app link', async ({ page }) => {
    const therapist = await createCompleteUser(['checkoutCompleted']);
    await signIn(page, therapist);
    const navigations = await recordNavigationRequests(page);
    await page.goto('/success');
    await expect(pageHeading(page)).toHaveText('Payment Processing');
    await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
    expect(navigations.filter((url) => url.startsWith('cadence:'))).toEqual([]);
  });
});
