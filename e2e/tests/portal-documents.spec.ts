// Issue 31 "Documents" in the composed build: an invoice the therapist issues (set up through the
// API: support/portal.ts) reaches the invited client as an email that names only the practice, and
// /portal/documents lists it; the client downloads the same PDF the therapist gets. On a phone; axe
// finds nothing serious, light and dark. Who may fetch what is proved in backend/test/portal-documents.
import { readFile } from 'node:fs/promises';
import { pdfText } from '../../backend/test/support/pdf-text.ts';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';
import { inviteToPortal, issueInvoice, PORTAL_PRACTICE } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

test('an issued invoice: the client is emailed that there is a new document, finds it in Your documents and downloads it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('documents-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Robin'] ?? '';
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);
  const invoice = await issueInvoice(page, clientId, '2026-10-02');

  const mail = await waitForMail(clientEmail, (m) => m.subject === `You have a new document from ${PORTAL_PRACTICE}`, 0, 30_000);
  expect(mail.text).toMatch(/\/portal\/documents/);
  for (const word of ['Robin', 'Hale', invoice.number, '$']) expect(`${mail.text}${mail.html}`).not.toContain(word);

  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  await client.getByRole('link', { name: 'All your documents' }).click();
  await expect(client).toHaveURL('/portal/documents');
  await expect(client.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
  const row = client.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: `Invoice ${invoice.number}` });
  await expect(row).toContainText(`Invoice · ${PORTAL_PRACTICE}`);
  await expectAccessible(client);
  await client.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(client);
  expect(await client.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  const [file] = await Promise.all([client.waitForEvent('download', { timeout: 60_000 }), row.getByRole('button', { name: `Download Invoice ${invoice.number} (PDF)` }).click()]);
  expect(file.suggestedFilename()).toBe(`${invoice.number}.pdf`);
  const text = pdfText(await readFile((await file.path())!));
  expect(text).toContain(`Invoice ${invoice.number}`);
  expect(text).toContain('$95.00');
  await clientContext.close();
});
