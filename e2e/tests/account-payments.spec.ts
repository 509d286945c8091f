import type { Locator, Page } from '@playwright/test';
import { Client, Databases, ID, Permission, Role } from 'node-appwrite';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { appUrl, appwriteUrl } from '../support/ports.ts';
import { flushWebhooks, stripe, stripeUrl, subscribeOnTestClock, waitForLabels } from '../support/stripe-clock.ts';
import { createCompleteUser, signIn, THERAPIST_LABEL, users } from '../support/accounts.ts';

const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));
const DAY = 86_400_000;
const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();

async function seed(collectionId: string, userId: string, data: Record<string, unknown>) {
  await databases.createDocument({
    databaseId: 'main', collectionId, documentId: ID.unique(), data: { userId, ...data },
    permissions: [Permission.read(Role.user(userId))],
  });
}

test('invoice list: 3 rows, View All Past Invoices / Show Less, trial invoice, Pay Now, drafts hidden (spec §2, §4)', async ({ page }) => {
  const user = await createCompleteUser(['subscribed', 'paymentCurrent']);
  await seed('subscriptions', user.id, { stripeSubscriptionId: `sub_${user.id}`, status: 'active', trialStart: iso(40), trialEnd: iso(33), createdAt: iso(40) });
  const invoice = (n: string, daysAgo: number, extra: Record<string, unknown>) => seed('invoices', user.id, {
    stripeInvoiceId: `in_${user.id}_${n}`, number: n, currency: 'usd', createdAt: iso(daysAgo), cardBrand: 'visa', cardLast4: '4242',
    invoicePdf: `https://example.test/${n}.pdf`, hostedInvoiceUrl: `https://example.test/${n}`, ...extra,
  });
  await invoice('draft', 0, { status: 'draft', total: 1000, periodStart: iso(0), periodEnd: iso(-30) });
  await invoice('open', 1, { status: 'open', total: 1000, periodStart: iso(3), periodEnd: iso(-27) });
  await invoice('paid2', 3, { status: 'paid', total: 1000, periodStart: iso(3), periodEnd: iso(-27) });
  await invoice('paid1', 33, { status: 'paid', total: 1000, periodStart: iso(33), periodEnd: iso(3) });
  await invoice('trial', 40, { status: 'paid', total: 0, billingReason: 'subscription_create' });

  await signIn(page, user);
  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Payments' }).click();
  const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('$10.00');
  await expect(rows.nth(0)).toContainText('open');
  await expect(rows.nth(0)).toContainText('visa •••• 4242');
  await expect(rows.nth(0).getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await expect(rows.nth(1).getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(rows.nth(1).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', 'https://example.test/paid2.pdf');
  await expect(rows.nth(1).getByRole('link', { name: 'View' })).toHaveAttribute('href', 'https://example.test/paid2');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'View All Past Invoices' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('$0.00 (Trial)');
  // spec §4: a trial invoice without a period takes the trial start and end.
  await expect(rows.nth(3)).toContainText('–');
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'View All Past Invoices' })).toBeVisible();
});

async function openPayments(page: Page) {
  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Payments' }).click();
  return page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
}

/** A link's target answers 200 with this content type. */
async function expectServes(link: Locator, contentType: RegExp) {
  const response = await fetch(String(await link.getAttribute('href')));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(contentType);
}

test('billing history on a Stripe test clock: trial, renewals, a failed renewal paid through Pay Now (spec §2 Payments, §4 Invoices)', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await createCompleteUser(['subscribed', 'trialActive']);
  const billing = await subscribeOnTestClock(user);
  await signIn(page, user);

  const rows = await openPayments(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('$0.00 (Trial)');
  await expect(rows.first()).toContainText(/\w+ \d+, \d{4} – \w+ \d+, \d{4}/);
  await expect(rows.first().getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

  // The trial ends (first $10.00 charge), then two monthly renewals.
  await billing.advanceDays(8);
  await billing.advanceDays(31);
  await billing.advanceDays(31);
  await waitForLabels(user, (labels) => labels.includes('paymentCurrent'));
  await page.reload();
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Payments' }).click();
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) {
    await expect(rows.nth(i)).toContainText('$10.00');
    await expect(rows.nth(i)).toContainText('visa •••• 4242');
    await expect(rows.nth(i)).not.toContainText('(Trial)');
  }
  await expectServes(rows.first().getByRole('link', { name: 'Download PDF' }), /^application\/pdf/);
  await expectServes(rows.first().getByRole('link', { name: 'View' }), /^text\/html/);
  await expect(rows.first().getByRole('link', { name: 'View' })).toHaveAttribute('href', new RegExp(`^${stripeUrl}/i/in_`));
  await page.getByRole('button', { name: 'View All Past Invoices' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('$0.00 (Trial)');
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(rows).toHaveCount(3);

  // The next renewal fails: an open invoice with Pay Now.
  await billing.useCard('pm_card_chargeCustomerFail');
  await billing.advanceDays(31);
  await waitForLabels(user, (labels) => labels.includes('paymentFailed'));
  await page.reload();
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Payments' }).click();
  const failed = rows.first();
  await expect(failed).toContainText('$10.00');
  await expect(failed.locator('.account-status-text--danger')).toHaveText(/open|past_due/);
  await expect(failed).toContainText('Current');
  await expect(rows.nth(1).getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expectAccessible(page);
  const invoicePage = String(await failed.getByRole('link', { name: 'View' }).getAttribute('href'));

  // Pay Now opens the billing portal on the local Stripe; the open invoice is paid on its hosted page.
  await failed.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/p/session/`));
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  const portal = page.url();
  await page.locator(`a[href="${invoicePage}"]`).click();
  await expect(page).toHaveURL(invoicePage);
  const form = page.getByRole('form', { name: 'Pay with a new card' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill(user.name);
  await form.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.getByText('Payment successful. Thank you!')).toBeVisible();
  await waitForLabels(user, (labels) => labels.includes('paymentCurrent') && !labels.includes('paymentFailed'));

  await page.goto(portal);
  await page.getByRole('link', { name: '← Return to Cadence' }).click();
  await expect(page).toHaveURL(`${appUrl}/account`);
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Payments' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('$10.00');
  await expect(rows.first().locator('.account-status-text--danger')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(rows.first()).toContainText('visa •••• 4242');
});

test("'No invoices yet': Manage Billing opens the local Stripe's billing portal (spec §2 Payments)", async ({ page }) => {
  const user = await createCompleteUser(['subscribed', 'trialActive']);
  // A Stripe customer without a subscription: the webhook writes the customer document.
  await stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } });
  await flushWebhooks();
  await expect.poll(async () => {
    try {
      return (await databases.getDocument({ databaseId: 'main', collectionId: 'customers', documentId: user.id })).$id;
    } catch {
      return null;
    }
  }).toBe(user.id);
  // The webhook keeps billing labels in line with Stripe (none): give this user their trial labels back.
  await users.updateLabels({ userId: user.id, labels: [THERAPIST_LABEL, 'subscribed', 'trialActive'] });
  await signIn(page, user);

  await openPayments(page);
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/p/session/`));
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: '← Return to Cadence' })).toHaveAttribute('href', `${appUrl}/account`);
});
