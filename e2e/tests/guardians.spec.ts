// Issue 31 "Guardians", one flow through both sides: the therapist invites a minor client's mother
// from the Portal tab (her name taken from the contact marked as mother); she signs in from the
// invitation in the mailbox, sees the portal "For Sam Lee", consents to electronic records herself
// and signs the informed consent (shared with guardians by default for a minor); the therapist
// downloads the signed PDF, whose certificate says who signed, as parent/guardian, for whom.
// axe finds nothing serious on the therapist's Portal tab or the guardian's portal.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfPageTexts, pdfText } from '../../backend/test/support/pdf-text.ts';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { INVITE_SUBJECT, PORTAL_PRACTICE, portalLinkIn, runFunction } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

const CONSENT = 'Informed consent for therapy';

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  return readFile((await file.path())!);
}

test('the therapist invites a guardian; she signs a consent for the child; the PDF names her relationship', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const therapist = await createCompleteUser();
  const guardianEmail = uniqueEmail('guardian');
  const { clients } = await seedPractice(therapist.id, {
    clients: [{ firstName: 'Sam', lastName: 'Lee', reminderConsent: true, dateOfBirth: '2015-03-09', emergencyContactName: 'Gina Lee', emergencyContactRelationship: 'Mother' }],
  });
  const clientId = clients['Sam'] ?? '';
  await signIn(page, therapist);

  await page.goto(`/dashboard/clients/${clientId}?tab=portal`);
  const people = page.getByRole('region', { name: 'People with portal access' });
  await expect(people.getByText('Nobody has portal access yet.')).toBeVisible({ timeout: 60_000 });
  await expect(people.getByLabel('Parent/guardian name')).toHaveValue('Gina Lee');
  await people.getByRole('button', { name: 'Invite guardian' }).click();
  await expect(people.getByText('Enter an email address, like name@example.com.')).toBeVisible();
  await people.getByLabel('Parent/guardian email').fill(guardianEmail);
  await people.getByRole('button', { name: 'Invite guardian' }).click();
  await expect(people.getByText(/^Invitation sent\./)).toBeVisible({ timeout: 60_000 });
  await expect(people.getByRole('listitem').filter({ hasText: 'Parent/guardian: Gina Lee' })).toBeVisible();
  await expectAccessible(page);
  // A minor's consent goes to the guardian by default (the Portal tab offers the same default).
  await runFunction(page, 'send-consent', { clientId, templateId: 'informed-consent' });

  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await guardian.goto(await portalLinkIn(guardianEmail, INVITE_SUBJECT));
  await expect(guardian).toHaveURL('/portal', { timeout: 60_000 });
  const forSam = guardian.getByRole('region', { name: `For Sam Lee · ${PORTAL_PRACTICE}` });
  await forSam.getByRole('link', { name: CONSENT }).click({ timeout: 60_000 });
  await expect(guardian.getByText(/^For Sam Lee · /)).toBeVisible({ timeout: 60_000 });

  // Her own consent to electronic records, then her signature.
  const disclosure = await downloaded(guardian, () => guardian.getByRole('button', { name: 'Open the disclosure (PDF)' }).click());
  await guardian.getByLabel('Access code from the PDF').fill(/type this code in the portal: (\d{6})/.exec(pdfText(disclosure))?.[1] ?? '');
  await guardian.getByRole('button', { name: 'I agree' }).click();
  await guardian.getByLabel(/Your full name/).fill('Gina Lee', { timeout: 60_000 });
  await guardian.getByRole('checkbox', { name: /I sign it electronically/ }).check();
  await guardian.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(guardian.getByRole('heading', { level: 2, name: 'Signed' })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(guardian);

  await page.reload();
  const signed = page.getByRole('region', { name: 'Consents' }).getByRole('listitem').filter({ hasText: CONSENT });
  await expect(signed.getByText('Signed', { exact: true })).toBeVisible({ timeout: 60_000 });
  const pdf = await downloaded(page, () => signed.getByRole('button', { name: /Download signed PDF/ }).click());
  const certificate = pdfPageTexts(pdf).at(-1) ?? '';
  expect(certificate).toContain('Signed by: Gina Lee (parent/guardian) on behalf of Sam Lee');
  expect(certificate).toContain('Relationship to client: Parent or guardian');
  await guardianContext.close();
});
