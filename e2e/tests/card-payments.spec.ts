// Issue 33 in the composed build: the therapist connects the practice's own Stripe account through
// Stripe's hosted onboarding (Practice → Payments), a portal client pays part of an invoice by card on
// the practice's account (hosted Checkout, card saved) and then more with a 3-D Secure card through its
// challenge, and the client's Billing tab shows the card payments the Connect webhook recorded; in the
// office the therapist charges a saved card (a declining one says why), refunds that charge to the card,
// and shows a card payment link as a QR code on a phone. Set-up through the API (support/portal.ts);
// limits, webhooks, scoping, receipts, disputes and the no-PHI check are proved in
// backend/test/online-payments.test.ts.
// AutoPay (issue 33): the client turns it on in the portal and sees the notice of the next charge; the
// nightly run (autopay-nightly, executed at the next 00:30 in the practice's zone by the Stripe
// emulator's clock) charges the saved card off-session; the Billing tab shows the payment. The rules
// are proved in backend/test/autopay.test.ts.
import { Client, Functions } from 'node-appwrite';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { fillCard, hostedCheckoutUrl } from '../support/billing-pages.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { appwriteUrl, ports } from '../support/ports.ts';
import { inviteToPortal, issueInvoice, PORTAL_PRACTICE } from '../support/portal.ts';
import { practiceDatabases, seedPractice } from '../support/practice-data.ts';
import { flushWebhooks, stripe, stripeUrl } from '../support/stripe-clock.ts';
import { Query } from 'node-appwrite';

const functions = new Functions(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));

/** The next 00:30 in New York (the seeded practice's zone) after the Stripe emulator's clock. */
async function nextNightInNewYork(): Promise<string> {
  const clock = (await (await fetch(`${stripeUrl}/_dev/clock`)).json()) as { now: number };
  const hourIn = (ms: number) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  let at = Math.ceil((clock.now * 1000) / 1_800_000) * 1_800_000;
  while (hourIn(at) !== '00:30') at += 1_800_000;
  return new Date(at).toISOString();
}

test('connect Stripe, a client pays part of an invoice in the portal, the Billing tab shows it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('pay-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Robin'] ?? '';
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);
  const invoice = await issueInvoice(page, clientId, '2026-10-02');

  await test.step('the therapist connects Stripe through the hosted onboarding', async () => {
    await page.goto('/dashboard/practice?tab=payments');
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${ports.stripe}/setup/s/`));
    await page.getByLabel('Business name').fill(PORTAL_PRACTICE);
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await expect(page).toHaveURL(/\/dashboard\/practice\?tab=payments&stripe=return$/);
    await expect(page.getByText('Stripe is connected: clients can pay by card in the portal.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Charges enabled').locator('xpath=following-sibling::dd[1]')).toHaveText('Yes');
    await expectAccessible(page);
  });

  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  await test.step('the client pays $50.00 of the $95.00 invoice by card, saving the card', async () => {
    await client.goto(invitationLink);
    await expect(client).toHaveURL('/portal', { timeout: 30_000 });
    await expect(client.getByRole('radio', { name: `Invoice ${invoice.number} — $95.00` })).toBeVisible({ timeout: 20_000 });
    await client.getByRole('radio', { name: 'Another amount' }).check();
    await client.getByRole('textbox', { name: 'Amount (USD)' }).fill('50');
    await client.getByRole('checkbox', { name: 'Save this card for future payments' }).check();
    await expectAccessible(client);
    await client.getByRole('button', { name: 'Pay by card' }).click();
    await expect(client).toHaveURL(hostedCheckoutUrl);
    await expect(client.getByText(`${PORTAL_PRACTICE} — Session payment`)).toBeVisible();
    await fillCard(client, '4242424242424242');
    await client.getByRole('button', { name: 'Pay $50.00' }).click();
    await expect(client).toHaveURL(/\/portal\?paid=cs_test_/);
    await expect(client.getByText('Payment received — thank you.')).toBeVisible({ timeout: 20_000 });
    await expect(client.getByText('Balance due: $45.00')).toBeVisible();
  });

  await test.step('the client pays $10.00 more with a 3-D Secure card, through the challenge', async () => {
    await client.getByRole('radio', { name: 'Another amount' }).check();
    await client.getByRole('textbox', { name: 'Amount (USD)' }).fill('10');
    await client.getByRole('button', { name: 'Pay by card' }).click();
    await expect(client).toHaveURL(hostedCheckoutUrl);
    await fillCard(client, '4000002760003184');
    await client.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(client.getByRole('heading', { name: 'Authenticate $10.00' })).toBeVisible();
    await client.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(client).toHaveURL(/\/portal\?paid=cs_test_/);
    await expect(client.getByText('Payment received — thank you.')).toBeVisible({ timeout: 20_000 });
    await expect(client.getByText('Balance due: $35.00')).toBeVisible();
  });

  await test.step('the client turns AutoPay on for the saved card and sees the next charge', async () => {
    const autopay = client.getByRole('region', { name: 'AutoPay' });
    await expect(autopay.getByText('Card: Visa •••• 4242')).toBeVisible({ timeout: 20_000 });
    await autopay.getByRole('button', { name: 'Turn on AutoPay' }).click();
    await expect(autopay.getByText('Read and accept the AutoPay terms to turn AutoPay on.')).toBeVisible();
    await autopay.getByRole('checkbox', { name: 'I agree to the AutoPay terms' }).check();
    await autopay.getByRole('button', { name: 'Turn on AutoPay' }).click();
    await expect(autopay.getByText('AutoPay is on with Visa •••• 4242.')).toBeVisible({ timeout: 20_000 });
    await expect(autopay.getByText(/^AutoPay will charge \$35\.00 to Visa •••• 4242 on \w{3}, \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
    await expectAccessible(client);
  });
  await clientContext.close();

  await test.step("the therapist's Billing tab shows the card payment", async () => {
    await page.goto(`/dashboard/clients/${clientId}?tab=billing`);
    await expect(page.getByText('Ref. Visa •••• 4242 · Paid online')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Ref. Visa •••• 3184 · Paid online')).toBeVisible();
  });

  await test.step('Charge card: a declining saved card says why and records nothing; the good card is charged', async () => {
    // A second card on the client's customer at the practice's account, one the bank declines (set-up through Stripe's API).
    const settings = await practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'practice_settings', queries: [Query.equal('userId', therapist.id)] });
    const account = String(settings.documents[0]?.['stripeAccountId']);
    const [customer] = (await stripe.customers.search({ query: `metadata['cadenceClientId']:'${clientId}'` }, { stripeAccount: account })).data;
    await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: String(customer?.id) }, { stripeAccount: account });
    await page.reload();
    await page.getByRole('button', { name: 'Charge card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Charge card' });
    await dialog.getByRole('radio', { name: /^Visa •••• 0341/ }).check();
    await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('10');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Charge card' }).click();
    await expect(dialog.getByText('The card was declined by the client’s bank. Ask the client for another card or another way to pay.')).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('radio', { name: /^Visa •••• 4242/ }).check();
    await dialog.getByRole('button', { name: 'Charge card' }).click();
    await expect(page.getByText('Charged $10.00 to Visa •••• 4242.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Ref. Visa •••• 4242 · Charged in the office')).toBeVisible();
  });

  await test.step('a refund from Cadence goes to the card and shows on the Billing tab', async () => {
    await page.getByRole('row').filter({ hasText: 'Charged in the office' }).getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund to card' });
    await expect(dialog.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('10.00');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Refund to card' }).click();
    await expect(page.getByText('Refunded $10.00 to Visa •••• 4242.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('row').filter({ hasText: 'Charged in the office' })).toContainText('Refunded in full');
    await expect(page.getByRole('row').filter({ hasText: 'Refunded by card' })).toContainText('+$10.00');
  });

  await test.step('the nightly AutoPay run charges what is still owed to the saved card; the Billing tab shows it', async () => {
    const run = await functions.createExecution({ functionId: 'autopay-nightly', body: JSON.stringify({ now: await nextNightInNewYork() }), async: false });
    expect(run.responseStatusCode, run.responseBody).toBe(200);
    expect(JSON.parse(run.responseBody)).toMatchObject({ charged: 1, amount: 3500 });
    await flushWebhooks();
    await page.reload();
    await expect(page.getByText('Ref. Visa •••• 4242 · Paid online')).toHaveCount(2, { timeout: 20_000 });
    const autopay = page.getByRole('region', { name: 'AutoPay' });
    await expect(autopay.getByText(/^On with Visa •••• 4242, turned on by the client in the portal/)).toBeVisible();
    await expect(autopay.getByRole('button', { name: 'Turn off AutoPay' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('Take a card payment on a phone: the payment link as a QR code', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Take a card payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take a card payment' });
    await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('25');
    await dialog.getByRole('button', { name: 'Show QR code' }).click();
    const code = dialog.getByRole('img', { name: 'QR code to pay $25.00 by card' });
    await expect(code).toBeVisible({ timeout: 20_000 });
    const box = await code.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectAccessible(page);
  });
});
