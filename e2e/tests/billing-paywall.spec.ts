import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';
import { ports } from '../support/ports.ts';
import { createCompleteUser, signIn, users, type TestUser } from '../support/users.ts';

// spec §2 Paywall, /payment-success, /cancel and /payment-cancelled; §4 access decision and the
// paywall's polling; hosted checkout on the local Stripe.

const PAYWALL_TITLE = 'Start your 7-day free trial';

async function startTrial(page: import('@playwright/test').Page, therapist: TestUser) {
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText(PAYWALL_TITLE);
  await expect(page.getByText('$10.00 USD / month', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${ports.stripe}/c/pay/`));
}

/**
 * The page has loaded (module federation's loader needs running timers): from here only runFor
 * moves the page's clock. The margin covers the round trip; the 3 s wait is still ahead.
 */
async function holdClock(page: import('@playwright/test').Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  await expect(page.getByText('Checking your subscription…')).toBeVisible();
}

async function fillCard(page: import('@playwright/test').Page, number: string) {
  const email = page.getByLabel('Email');
  if (await email.isVisible()) await email.fill('therapist@example.test');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Dana Therapist');
}

test.describe('paywall and checkout', () => {
  test('a new user meets the paywall, pays on the hosted checkout, counts down to /account, and the dashboard opens', async ({ page }) => {
    const therapist = await createCompleteUser([]);
    await startTrial(page, therapist);
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
    await users.updateLabels({ userId: therapist.id, labels: ['subscribed', 'trialActive'] });
    await page.clock.resume();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Check Again' }).click();
    await expect(page.getByText(/Redirecting to your account in \d seconds?…/)).toBeVisible();
  });
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
    await users.updateLabels({ userId: therapist.id, labels: ['checkoutCompleted', 'subscribed', 'trialActive'] });
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
    // No Stripe customer behind this account: the portal cannot open (spec §8 billing portal failure).
    await page.getByRole('button', { name: 'Open billing portal' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to open billing portal. Please try again.');
    await expect(page).toHaveURL('/account');
    await users.updateLabels({ userId: therapist.id, labels: ['subscribed'] });
    await page.reload();
    await expect(pageHeading(page)).toHaveText('We could not confirm your subscription');
  });
});
