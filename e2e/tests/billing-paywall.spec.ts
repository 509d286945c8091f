import { fillCard, holdClock, hostedCheckoutUrl } from '../support/billing-pages.ts';
import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';
import { createCompleteUser, signIn, THERAPIST_LABEL, users, type TestUser } from '../support/accounts.ts';

// spec §2 Paywall, /payment-success, /cancel and /payment-cancelled; §4 access decision and the
// paywall's polling; hosted checkout on the local Stripe.

const PAYWALL_TITLE = 'Start your 7-day free trial';

// The local Stripe's hosted pages give dates in UTC; the app gives them in the browser's zone.
test.use({ timezoneId: 'UTC' });

async function startTrial(page: import('@playwright/test').Page, therapist: TestUser) {
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText(PAYWALL_TITLE);
  await expect(page.getByText('$10.00 USD / month', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(hostedCheckoutUrl);
}

test.describe('paywall and checkout', () => {
  test('a new user meets the paywall, pays on the hosted checkout, counts down to /account, and the dashboard opens', async ({ page }) => {
    const therapist = await createCompleteUser([]);
    await startTrial(page, therapist);
    // The hosted page's first charge: '… per month starting {date}.' (the trial end, in UTC).
    const terms = (await page.getByText(/per month starting/).textContent()) ?? '';
    const firstCharge = /per month starting ([^.]+)\./.exec(terms)?.[1];
    expect(firstCharge).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await fillCard(page, '4242 4242 4242 4242');
    // The app's timers from here on run on Playwright's clock (3 s wait, 5 s countdown).
    await page.clock.install();
    await page.getByRole('button', { name: 'Start trial' }).click();
    await expect(page).toHaveURL(/\/payment-success/);
    await expect(page.getByText('Checking your subscription…')).toBeVisible();
    await holdClock(page);
    await page.clock.runFor(3_000);
    await expect(page.getByText('Redirecting to your account in 5 seconds…')).toBeVisible();
    await expect(pageHeading(page)).toHaveText('Payment Successful');
    // A $0 trial checkout: the trial has started, and the first charge is the date checkout gave.
    await expect(page.getByText(`Your free trial has started. Your first payment of $10.00 is on ${firstCharge}.`)).toBeVisible();
    await page.clock.runFor(4_000);
    await expect(page.getByText('Redirecting to your account in 1 second…')).toBeVisible();
    await expect(page).toHaveURL(/\/payment-success/);
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL('/account');
    await page.clock.resume(); // module federation's loader needs running timers for the next remote
    await expect(pageHeading(page)).toHaveText('Account');
    const labels = (await users.get({ userId: therapist.id })).labels;
    expect(labels).toEqual(expect.arrayContaining(['subscribed', 'trialActive']));
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toHaveText('Dashboard');
  });

  test('a declined card stays on the hosted checkout', async ({ page }) => {
    const therapist = await createCompleteUser([]);
    await startTrial(page, therapist);
    const checkoutUrl = page.url();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    expect(page.url()).toBe(checkoutUrl);
    expect((await users.get({ userId: therapist.id })).labels).not.toContain('subscribed');
  });

  test('cancelling checkout shows the cancelled screen, with a way back to the paywall', async ({ page }) => {
    const therapist = await createCompleteUser([]);
    await startTrial(page, therapist);
    await page.getByRole('link', { name: /Back to Cadence/ }).click();
    await expect(page).toHaveURL('/payment-cancelled');
    await expect(pageHeading(page)).toHaveText('Payment Cancelled');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to subscription' }).click();
    await expect(page).toHaveURL('/account');
    await expect(pageHeading(page)).toHaveText(PAYWALL_TITLE);
    await page.goto('/cancel');
    await expect(pageHeading(page)).toHaveText('Payment Cancelled');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('/payment-success when the subscription is not active (spec §2, §8)', () => {
  test('the not-yet-active message, one retry after 10 s, then "taking longer" with Check Again', async ({ page }) => {
    const therapist = await createCompleteUser(['checkoutCompleted']);
    await signIn(page, therapist);
    await page.clock.install();
    await page.goto('/payment-success');
    await expect(page.getByText('Checking your subscription…')).toBeVisible();
    await holdClock(page);
    await page.clock.runFor(3_000);
    await expect(page.getByText('Subscription payment processed, but not yet active. This usually takes a few moments.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Again' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByText('Subscription is taking longer than expected to activate. Please contact support if this continues.')).toBeVisible();
    await users.updateLabels({ userId: therapist.id, labels: [THERAPIST_LABEL, 'subscribed', 'trialActive'] });
    await page.clock.resume();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Check Again' }).click();
    await expect(page.getByText(/Redirecting to your account in \d seconds?…/)).toBeVisible();
  });
});

test('/payment-success signed out: told to log in, not that the payment is not yet active; Log In keeps the purpose', async ({ page }) => {
  await page.clock.install();
  await page.goto('/payment-success');
  await expect(page.getByText('Checking your subscription…')).toBeVisible();
  await holdClock(page);
  await page.clock.runFor(3_000);
  await expect(page.getByRole('status')).toHaveText("You're signed out. Log in to see your subscription.");
  await expect(page.getByText(/not yet active/)).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(page.getByText(/not yet active|taking longer/)).toHaveCount(0);
  await page.clock.resume(); // axe and module federation's loader (the next remote) need running timers
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Log in to see your subscription.')).toBeVisible();
});

test.describe('paywall states', () => {
  test('Log Out stays reachable from the paywall', async ({ page }) => {
    const therapist = await createCompleteUser([]);
    await signIn(page, therapist);
    await page.goto('/account');
    await expect(pageHeading(page)).toHaveText(PAYWALL_TITLE);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/account');
    await expect(page).toHaveURL('/login');
  });

  test('while checkoutCompleted is present the paywall polls and opens the page once access is allowed', async ({ page }) => {
    const therapist = await createCompleteUser(['checkoutCompleted']);
    await signIn(page, therapist);
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toHaveText(PAYWALL_TITLE);
    await expect(page.getByText('Confirming your payment…')).toBeVisible();
    await users.updateLabels({ userId: therapist.id, labels: [THERAPIST_LABEL, 'checkoutCompleted', 'subscribed', 'trialActive'] });
    // One 3 s poll (well inside the 15 s auth-state watcher).
    await expect(pageHeading(page)).toHaveText('Dashboard', { timeout: 8_000 });
  });

  test('paused and unknown show their copy with the billing portal', async ({ page }) => {
    const therapist = await createCompleteUser(['subscriptionPaused']);
    await signIn(page, therapist);
    await page.goto('/account');
    await expect(pageHeading(page)).toHaveText('Your subscription is paused');
    await expect(page.getByRole('button', { name: 'Open billing portal' })).toBeVisible();
    await expectAccessible(page);
    // No Stripe customer behind this account: the function refuses (spec §8 billing portal failure,
    // with the function's own reason).
    await page.getByRole('button', { name: 'Open billing portal' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to open billing portal');
    await expect(page.getByRole('alert')).toContainText('No billing account yet. Subscribe first.');
    await expect(page).toHaveURL('/account');
    await users.updateLabels({ userId: therapist.id, labels: [THERAPIST_LABEL, 'subscribed'] });
    await page.reload();
    await expect(pageHeading(page)).toHaveText('We could not confirm your subscription');
  });
});
