// Issue 33 in the composed build: the therapist connects the practice's own Stripe account through
// Stripe's hosted onboarding (Practice → Payments), a portal client pays part of an invoice by card on
// the practice's account (hosted Checkout, card saved), and the client's Billing tab shows the card
// payment the Connect webhook recorded. Set-up through the API (support/portal.ts); limits, webhooks,
// scoping and the no-PHI check are proved in backend/test/online-payments.test.ts.
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { fillCard, hostedCheckoutUrl } from '../support/billing-pages.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { ports } from '../support/ports.ts';
import { inviteToPortal, issueInvoice, PORTAL_PRACTICE } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

test('connect Stripe, a client pays part of an invoice in the portal, the Billing tab shows it', async ({ page, browser }) => {
  test.setTimeout(180_000);
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
  await clientContext.close();

  await test.step("the therapist's Billing tab shows the card payment", async () => {
    await page.goto(`/dashboard/clients/${clientId}?tab=billing`);
    await expect(page.getByText('Ref. Visa •••• 4242 · Paid online')).toBeVisible({ timeout: 20_000 });
  });
});
