// Issue 31, forms in the composed build, one flow through both sides (the invitation and the intake
// packet set up through the API; portal.spec covers the sign-in pages): the client finds the packet
// in its order, fills in the demographics form, leaves and comes back to find the answers kept,
// submits and sees their answers; the therapist reviews it beside the record and accepts one field —
// only that field changes. axe finds nothing serious on the form
// page, light and dark.
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { inviteToPortal, PORTAL_PRACTICE, sendPacket } from '../support/portal.ts';
import { practiceDatabases, seedPractice } from '../support/practice-data.ts';

const FORM = 'About you and how to reach you';

test('intake packet: the client fills the demographics form over two visits; the therapist accepts one answer into the record', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('forms-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Ada', lastName: 'Byron', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Ada'] ?? '';
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);

  // The intake packet: the form, then the informed consent (the Portal tab's packet builder has its component test).
  await sendPacket(page, clientId, [{ kind: 'form', templateId: 'demographics' }, { kind: 'consent', templateId: 'informed-consent' }]);

  // The client finds the packet in that order and opens the form.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  const packet = client.getByRole('region', { name: PORTAL_PRACTICE }).getByRole('region', { name: /^Sent / });
  await expect(packet.getByRole('listitem')).toHaveText([new RegExp(`${FORM} · Not started`), /Informed consent for therapy · To sign/], { timeout: 60_000 });
  await expect(packet.getByText('0 of 2 done')).toBeVisible();
  // The consent is to sign within its packet only, not listed a second time on the home.
  await expect(client.getByRole('region', { name: PORTAL_PRACTICE }).getByRole('link', { name: 'Informed consent for therapy' })).toHaveCount(1);
  await packet.getByRole('link', { name: FORM }).click();
  await expect(client).toHaveURL(/\/portal\/forms\/[A-Za-z0-9._-]+$/);
  await expect(client.getByRole('heading', { level: 1, name: FORM })).toBeVisible({ timeout: 60_000 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await client.emulateMedia({ colorScheme });
    await expectAccessible(client);
  }
  await client.emulateMedia({ colorScheme: 'light' });

  // Part of it, then away: the answers are saved, and there when the client comes back.
  await client.getByLabel(/^First name/).fill('Ada');
  await client.getByLabel(/^Last name/).fill('Lovelace');
  await client.getByRole('group', { name: /How may we contact you/ }).getByLabel('Email').check();
  await expect(client.getByRole('group', { name: /voicemail/ })).toHaveCount(0);
  await client.getByRole('link', { name: 'Back to your portal' }).click();
  await expect(packet.getByRole('listitem').first()).toContainText('3 of', { timeout: 30_000 });
  await packet.getByRole('link', { name: FORM }).click();
  await expect(client.getByLabel(/^Last name/)).toHaveValue('Lovelace', { timeout: 60_000 });

  // Submitting without the date of birth names it; with it, the form is sent and stays readable.
  await client.getByRole('button', { name: 'Submit' }).click();
  const summary = client.getByRole('alert').filter({ hasText: 'One answer needs your attention.' });
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: 'Date of birth: Answer this question.' }).click();
  await expect(client.getByLabel(/^Date of birth/)).toBeFocused();
  await client.getByLabel(/^Date of birth/).fill('1990-12-10');
  await client.getByRole('button', { name: 'Submit' }).click();
  await expect(client.getByText('Thank you. Your form was sent to your therapist.')).toBeVisible({ timeout: 60_000 });
  await expect(client.getByRole('definition').filter({ hasText: 'Lovelace' })).toBeVisible();
  await expect(client.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await clientContext.close();

  // The therapist reviews it on the Portal tab (Today's "Forms to review" has its component test).
  await page.goto(`/dashboard/clients/${clientId}?tab=portal`);
  const forms = page.getByRole('region', { name: 'Forms' });
  const item = forms.getByRole('listitem').filter({ hasText: FORM });
  await expect(item.getByText('To review')).toBeVisible({ timeout: 60_000 });
  await item.getByRole('button', { name: 'Review' }).click();
  const lastName = item.getByRole('row', { name: /^Last name/ });
  await expect(lastName).toContainText('Lovelace');
  await expect(lastName).toContainText('Byron');
  await expect(item.getByRole('row', { name: /^First name/ })).toContainText('Same as the record');
  await lastName.getByLabel('Accept “Last name” into the record').check();
  await forms.getByRole('button', { name: 'Accept 1 field and mark reviewed' }).click();
  await expect(forms.getByText('Accepted into the record: 1 field.')).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText('Reviewed', { exact: true })).toBeVisible();
  // Only the accepted field changed: the date of birth the client gave was not taken.
  const record = await practiceDatabases.getDocument({ databaseId: 'main', collectionId: 'clients', documentId: clientId });
  expect([record.lastName, record.firstName, record.dateOfBirth ?? null]).toEqual(['Lovelace', 'Ada', null]);
});
