// Issue 32 "Good Faith Estimates" in the composed build: a self-pay client's drafted estimate (set up
// through the API) is delivered from the client's Billing tab, and the client downloads it from the
// portal's Documents and reads every element in it. axe on the panel, light and dark. Who may read
// what, versions and due dates are proved in backend/test/good-faith-estimates.test.ts.
import { Query } from 'node-appwrite';
import { pdfText } from '../../backend/test/support/pdf-text.ts';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { downloadedPdf } from '../support/downloads.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { inviteToPortal, runFunction } from '../support/portal.ts';
import { practiceDatabases, seedPractice } from '../support/practice-data.ts';

test('the therapist delivers a self-pay client’s Good Faith Estimate and the client downloads it from Documents', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('gfe-client');
  const { clients, serviceId } = await seedPractice(therapist.id, { clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true, dateOfBirth: '1991-03-04' }] });
  const clientId = clients['Robin'] ?? '';
  const ref = { databaseId: 'main' };
  const [settings] = (await practiceDatabases.listDocuments({ ...ref, collectionId: 'practice_settings', queries: [Query.equal('userId', therapist.id)] })).documents;
  await practiceDatabases.updateDocument({ ...ref, collectionId: 'practice_settings', documentId: settings!.$id, data: { npi: '1234567893', taxId: '12-3456789', addressLine1: '9 Harbor Way', city: 'Portland', state: 'ME', postalCode: '04101' } });
  await practiceDatabases.updateDocument({ ...ref, collectionId: 'clients', documentId: clientId, data: { selfPay: true } });
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);
  await runFunction(page, 'good-faith-estimates', { action: 'draft', clientId, serviceId, frequency: 'weekly', months: 3, startOn: '2027-01-04', basis: 'requested', basisOn: '2026-12-01' });

  await page.goto(`/dashboard/clients/${clientId}?tab=billing`);
  const panel = page.getByRole('region', { name: 'Good Faith Estimate' });
  await expect(panel.getByRole('radio', { name: 'No, self-pay' })).toBeChecked();
  await expect(panel.getByText('Due Fri, Dec 4, 2026')).toBeVisible();
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Deliver to the client’s portal' }).click();
  await expect(panel.getByText(/^Delivered /)).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);

  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  await client.goto('/portal/documents');
  const row = client.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: 'Good Faith Estimate (version 1)' });
  const { file, bytes } = await downloadedPdf(client, () => row.getByRole('button', { name: 'Download Good Faith Estimate (version 1) (PDF)' }).click());
  expect(file.suggestedFilename()).toBe('good-faith-estimate-v1.pdf');
  const text = pdfText(bytes);
  for (const element of ['Robin Hale', '03/04/1991', '90834', 'NPI: 1234567893', 'Tax ID (TIN): 12-3456789', '9 Harbor Way', '$150.00', 'Disclaimers']) expect(text).toContain(element);
  await clientContext.close();
});
