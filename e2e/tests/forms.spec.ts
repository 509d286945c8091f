// Issue 31, forms in the composed build, one flow through both sides (the invitation and the intake
// packet set up through the API; portal.spec covers the sign-in pages): the client finds the packet
// in its order, fills in the demographics form, leaves and comes back to find the answers kept,
// submits and sees their answers, and downloads the submitted form's PDF from their documents; the
// therapist reviews it beside the record and accepts one field — only that field changes — and
// downloads the same PDF from the Portal tab. axe finds nothing serious on the form page, light and
// dark. A second, short flow: the therapist's form editor (Practice → Forms), its copy sent and
// rendered in the portal, where the client uploads a photo to its file-upload question.
import { pdfText } from '../../backend/test/support/pdf-text.ts';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { downloadedPdf } from '../support/downloads.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { inviteToPortal, PORTAL_PRACTICE, sendPacket } from '../support/portal.ts';
import { practiceDatabases, seedPractice } from '../support/practice-data.ts';

const FORM = 'About you and how to reach you';
const CARD = 'Photo of your insurance card (front and back)';
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

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

  // The submitted form is among the client's documents, its PDF the answers as given.
  await client.goto('/portal/documents');
  const row = client.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: FORM });
  await expect(row).toContainText(`Submitted form · ${PORTAL_PRACTICE}`, { timeout: 60_000 });
  const own = await downloadedPdf(client, () => row.getByRole('button', { name: `Download ${FORM} (PDF)` }).click());
  expect(own.file.suggestedFilename()).toBe('about-you-and-how-to-reach-you-submitted.pdf');
  const ownText = pdfText(own.bytes);
  for (const line of [FORM, 'Form version 1', 'Last name', 'Lovelace', '1990-12-10', 'Email']) expect(ownText).toContain(line);
  expect(ownText).toMatch(/Submitted \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
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
  const theirs = await downloadedPdf(page, () => item.getByRole('button', { name: `Download PDF: ${FORM} as submitted` }).click());
  expect(pdfText(theirs.bytes)).toBe(ownText);
  // Only the accepted field changed: the date of birth the client gave was not taken.
  const record = await practiceDatabases.getDocument({ databaseId: 'main', collectionId: 'clients', documentId: clientId });
  expect([record.lastName, record.firstName, record.dateOfBirth ?? null]).toEqual(['Lovelace', 'Ada', null]);
});

test('form editor: a copy of the demographics form gains a required question, moved by keyboard, shown only if; the portal renders it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('editor-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Ada', lastName: 'Byron', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Ada'] ?? '';
  await signIn(page, therapist);
  // The invitation (a function and its mail) goes on while the therapist edits.
  const invitation = inviteToPortal(page, clientId, clientEmail);

  await page.goto('/dashboard/practice?tab=forms');
  await page.getByRole('button', { name: `Make a copy of ${FORM}` }).click();
  await expect(page).toHaveURL(/[?&]form=[A-Za-z0-9]+/, { timeout: 30_000 });
  await expect(page.getByText('Version 1. Clients you already sent this form to keep the version they were sent.')).toBeVisible();
  const formId = new URL(page.url()).searchParams.get('form') ?? '';

  // A required question at the end; the new question's text field has the focus.
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByLabel('Question', { exact: true }).last()).toBeFocused();
  await page.keyboard.type('Favourite colour');
  const added = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '11. Short answer' }) });
  await added.getByLabel('Required').check();

  // Up one place by keyboard with the drag handle (Space, arrow, Space), announced, visibly focused.
  const handle = page.getByRole('button', { name: 'Drag to reorder “Favourite colour”' });
  // Reached by the keyboard (Shift+Tab, Tab) so the browser shows focus as it would to a keyboard user.
  await handle.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(handle).toBeFocused();
  await expect(handle).not.toHaveCSS('outline-style', 'none');
  await page.keyboard.press('Space');
  // Picked up (dnd-kit then announces where it is over: its own place).
  await expect(page.getByText('“Favourite colour” is over position 11 of 11.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('“Favourite colour” is over position 10 of 11.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Dropped “Favourite colour” at position 10 of 11.')).toBeAttached();
  await expect(page.getByRole('heading', { name: '10. Short answer' })).toBeVisible();

  // Shown only if the client would be contacted by email.
  const moved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '10. Short answer' }) });
  await moved.getByRole('button', { name: 'Add a show-if' }).click();
  await moved.getByLabel('Question', { exact: true }).last().selectOption({ label: 'How may we contact you?' });
  await moved.getByLabel('Answer', { exact: true }).selectOption({ label: 'is' });
  await moved.getByLabel('Value', { exact: true }).selectOption({ label: 'Email' });
  await moved.getByRole('button', { name: 'Apply' }).click();
  await expect(moved.getByText('“How may we contact you?” is “Email”')).toBeVisible();
  // A file upload at the end (its accepted kinds have their component test).
  await page.getByLabel('Type of the new item', { exact: true }).selectOption({ label: 'File upload' });
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.keyboard.type(CARD);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved as version 1.')).toBeVisible({ timeout: 30_000 });

  // Sent through the API (the packet builder's "Your forms" has its component test); the portal renders the copy.
  const invitationLink = await invitation;
  const [requestId] = await sendPacket(page, clientId, [{ kind: 'form', formId }]);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  await client.goto(`/portal/forms/${requestId}`);
  await expect(client.getByRole('heading', { level: 1, name: FORM })).toBeVisible({ timeout: 60_000 });
  await expect(client.getByLabel(/^Favourite colour/)).toHaveCount(0);
  await client.getByRole('group', { name: /How may we contact you/ }).getByLabel('Email').check();
  await expect(client.getByLabel(/^Favourite colour/)).toBeVisible();
  await expect(client.getByLabel(/^Favourite colour/)).toHaveJSProperty('required', true);
  // The upload goes to the client's own file at once (a 1×1 PNG).
  await client.getByLabel(CARD).setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
  await expect(client.getByText(/^Uploaded: card\.png/)).toBeVisible({ timeout: 30_000 });
  await clientContext.close();
});
