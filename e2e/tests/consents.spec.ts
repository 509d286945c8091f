// Issue 31, consents in the composed build, one flow through both sides: the therapist sends the
// informed consent from the client's Portal tab; the client (invited and signed in through the
// invitation's link — portal.spec covers those pages) consents to electronic records with the code
// read from the disclosure PDF, signs the document by drawing, sees Signed and downloads the signed
// PDF; the therapist sees Signed and downloads the same PDF, certificate page included. The signing
// page on a phone: no sideways scroll, and axe finds nothing serious.
import { pdfPageTexts, pdfText } from '../../backend/test/support/pdf-text.ts';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { downloadedPdf } from '../support/downloads.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';
import { inviteToPortal, PORTAL_PRACTICE, runFunction } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

const CONSENT = 'Informed consent for therapy';

test('the therapist sends the informed consent; the client agrees to e-records, signs it by drawing and both download the signed PDF', async ({ page, browser }) => {
  // Two browsers and several cold function executions (the PDFs are drawn by the functions).
  test.setTimeout(360_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('consent-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Robin'] ?? '';
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);

  // The therapist sends the informed consent from the Portal tab.
  await page.goto(`/dashboard/clients/${clientId}?tab=portal`);
  const consents = page.getByRole('region', { name: 'Consents' });
  await expect(consents.getByText('Not yet accepted.')).toBeVisible({ timeout: 60_000 });
  await consents.getByLabel('Consent to send').selectOption({ label: CONSENT });
  await consents.getByRole('button', { name: 'Send a consent' }).click();
  await expect(consents.getByText('Sent. The client finds it in their portal')).toBeVisible({ timeout: 60_000 });
  const sentItem = consents.getByRole('listitem').filter({ hasText: CONSENT });
  await expect(sentItem.getByText('Sent', { exact: true })).toBeVisible();

  // The client signs in by the invitation's link and finds it to sign.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  const practice = client.getByRole('region', { name: PORTAL_PRACTICE });
  await expect(practice.getByText('To sign', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(practice.getByText(/you’ll be asked to agree to electronic records/)).toBeVisible();
  await practice.getByRole('link', { name: CONSENT }).click();
  // The address names a random id, nothing about the document.
  await expect(client).toHaveURL(/\/portal\/documents\/[A-Za-z0-9._-]+$/);

  // First, the consent to electronic records: the disclosure on the page, its code only in the PDF.
  await expect(client.getByRole('heading', { level: 2, name: 'Consent to electronic records and signatures' })).toBeVisible({ timeout: 60_000 });
  await expect(client.getByRole('region', { name: 'The disclosure' })).toContainText('Your right to paper');
  const disclosure = await downloadedPdf(client, () => client.getByRole('button', { name: 'Open the disclosure (PDF)' }).click());
  const code = /type this code in the portal: (\d{6})/.exec(pdfText(disclosure.bytes))?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await client.getByLabel('Access code from the PDF').fill(code === '000000' ? '111111' : '000000');
  await client.getByRole('button', { name: 'I agree' }).click();
  await expect(client.getByText('This code does not match the one in the document.')).toBeVisible({ timeout: 60_000 });
  await client.getByLabel('Access code from the PDF').fill(code);
  await client.getByRole('button', { name: 'I agree' }).click();

  // Then the document, signed by drawing — on a phone: no sideways scroll, nothing serious for axe.
  await client.setViewportSize({ width: 390, height: 844 });
  await expect(client.getByRole('region', { name: CONSENT })).toContainText('Confidentiality', { timeout: 60_000 });
  await client.getByLabel(/Your full name/).fill('Robin Hale');
  await client.getByRole('radio', { name: /Draw my signature/ }).check();
  const pad = client.getByLabel('Signature drawing area');
  await pad.scrollIntoViewIfNeeded();
  await expect(client.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  expect(await client.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await expectAccessible(client);
  const box = (await pad.boundingBox())!;
  await client.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await client.mouse.down();
  for (const [dx, dy] of [[60, -40], [110, 10], [160, -30], [220, 20], [280, -10]] as const) {
    await client.mouse.move(box.x + dx, box.y + box.height * 0.5 + dy, { steps: 6 });
  }
  await client.mouse.up();
  await client.getByRole('checkbox', { name: /I sign it electronically/ }).check();
  await client.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(client.getByRole('heading', { level: 2, name: 'Signed' })).toBeVisible({ timeout: 60_000 });
  const own = await downloadedPdf(client, () => client.getByRole('button', { name: 'Download the signed PDF' }).click());
  expect(own.file.suggestedFilename()).toBe('informed-consent-for-therapy-signed.pdf');
  expect(pdfPageTexts(own.bytes).at(-1)).toContain('Method: Drawn signature');

  // The home now lists it among the documents, and the e-records consent as agreed.
  await client.getByRole('link', { name: 'Back to your portal' }).click();
  await expect(practice.getByText(/You agreed to electronic records and signatures on/)).toBeVisible({ timeout: 60_000 });
  await expect(practice.getByText('To sign', { exact: true })).toHaveCount(0);

  // The therapist sees it signed and downloads the same PDF, certificate included.
  await page.reload();
  await expect(sentItem.getByText('Signed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(sentItem.getByText(/^Signed on /)).toBeVisible();
  await expect(consents.getByText(/Accepted on /)).toBeVisible();
  const theirs = await downloadedPdf(page, () => sentItem.getByRole('button', { name: /Download signed PDF/ }).click());
  const certificate = pdfPageTexts(theirs.bytes).at(-1) ?? '';
  expect(certificate).toContain('Certificate of electronic signature');
  expect(certificate).toContain('Signer: Robin Hale');
  expect(certificate).toMatch(/SHA-256: [0-9a-f]{64}/);
  expect(pdfText(theirs.bytes)).toBe(pdfText(own.bytes));
  await clientContext.close();
});

test('the client asks for paper instead: no signing offered, how the practice will reach them; the therapist is told by notice and email', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('paper-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Robin'] ?? '';
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);
  await runFunction(page, 'send-consent', { clientId, templateId: 'practice-policies' });

  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(invitationLink);
  await client.getByRole('region', { name: PORTAL_PRACTICE }).getByRole('link', { name: 'Practice policies' }).click({ timeout: 60_000 });
  await client.getByRole('button', { name: 'Ask for paper instead' }).click({ timeout: 60_000 });
  await client.getByRole('dialog', { name: 'Ask for paper instead?' }).getByRole('button', { name: 'Ask for paper' }).click();
  await expect(client.getByRole('heading', { level: 2, name: 'You asked for paper' })).toBeVisible({ timeout: 30_000 });
  await expect(client.getByText(`${PORTAL_PRACTICE} will give you documents to sign on paper`)).toBeVisible();
  await expect(client.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await expectAccessible(client);

  const mail = await waitForMail(therapist.email, (m) => m.subject === 'A client updated their e-signature consent', 0, 30_000);
  for (const word of ['Robin', 'Hale', clientEmail, 'Practice policies']) expect(`${mail.text}${mail.html}`).not.toContain(word);
  await page.goto(`/dashboard/clients/${clientId}?tab=portal`);
  await expect(page.getByRole('region', { name: 'Consents' }).getByText(/Withdrawn on .*: the client asked for paper\./)).toBeVisible({ timeout: 60_000 });
  await clientContext.close();
});
