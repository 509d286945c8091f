import { Client, Databases, ID, Permission, Role } from 'node-appwrite';
import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';
import { appwriteUrl } from '../support/ports.ts';
import { createCompleteUser, signIn } from '../support/users.ts';

// spec §4 access decision, rule 5 (subscriptionCanceled: allowed until the latest subscription's
// currentPeriodEnd) and rule 3 (subscriptionExpired: allowed through), and the /success page.

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

test('canceled with the period still running: access continues to the period end', async ({ page }) => {
  const therapist = await createCompleteUser(['subscribed', 'paymentCurrent', 'subscriptionCanceled']);
  await subscriptionFor(therapist.id, { status: 'active', currentPeriodEnd: new Date(Date.now() + 10 * DAY).toISOString() });
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
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

test('expired: allowed through', async ({ page }) => {
  const therapist = await createCompleteUser(['subscriptionExpired']);
  await signIn(page, therapist);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
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

test.describe('/payment-success on a phone', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 700 },
    isMobile: true,
    hasTouch: true,
  });

  // Which deep link is opened (final_redirect_uri with the app scheme) is unit-tested in
  // mf-billing; a browser without the app gives no observable answer to a custom-scheme navigation.
  test('subscribed: opens the app instead of counting down, then falls back to /account after 6 s', async ({ page }) => {
    const therapist = await createCompleteUser(['subscribed', 'trialActive']);
    await signIn(page, therapist);
    await page.clock.install();
    await page.goto('/payment-success?final_redirect_uri=cadence%3A%2F%2Fbilling-done');
    await expect(page.getByText('Checking your subscription…')).toBeVisible();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.clock.runFor(3_000);
    await expect(page.getByText('Your subscription is active. Opening the Cadence app…')).toBeVisible();
    await expect(page.getByText(/Redirecting to your account/)).toHaveCount(0);
    await page.clock.runFor(5_000);
    await expect(page).toHaveURL(/\/payment-success/);
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL('/account');
  });
});
