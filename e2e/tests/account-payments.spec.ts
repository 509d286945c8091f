import { Client, Databases, ID, Permission, Role } from 'node-appwrite';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { appwriteUrl } from '../support/ports.ts';
import { createCompleteUser, signIn } from '../support/users.ts';

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
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('button', { name: 'Payments' }).click();
  const rows = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem');
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
