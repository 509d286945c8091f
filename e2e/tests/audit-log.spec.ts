// Issue 17 "Audit log" in the composed build: a therapist signs in through the login page and edits a
// client; both appear in Account → Security log (written by the event-triggered audit function), the
// client and a note named as the therapist knows them (issue 37: the client's name, the session's
// date, read live from their own data — the log and its CSV keep only ids) and the device as browser
// and system; Verify log recomputes the chain in the browser; the CSV downloads; and an entry cannot
// be changed or deleted through the SDK with the therapist's own session.
import { readFile } from 'node:fs/promises';
import { AppwriteException, Client, Databases, Query } from 'node-appwrite';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { createCompleteUser, logInThroughPage } from '../support/accounts.ts';
import { createPracticeDocument, practiceDatabases } from '../support/practice-data.ts';
import { appUrl } from '../support/ports.ts';
import type { Page } from '@playwright/test';

async function openSecurityLog(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Security log' }).click();
  await expect(page.getByRole('heading', { name: 'Security log', level: 2 })).toBeVisible();
}

test('a sign-in and a client edit appear in the Security log, which verifies, downloads as CSV and cannot be changed', async ({ page }) => {
  // It waits for the audit function twice (the seeded records, then the sign-in and the edit).
  test.setTimeout(180_000);
  const therapist = await createCompleteUser(['subscribed', 'trialActive']);
  const clientId = await createPracticeDocument(therapist.id, 'clients', {
    firstName: 'Rosalind', lastName: 'Achterberg', status: 'active', tags: [], diagnosisCodes: ['F43.10'], currency: 'USD', reminderConsent: false,
  });

  const serviceId = await createPracticeDocument(therapist.id, 'services', { name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 15000, currency: 'USD', color: 'blue', archived: false, sortOrder: 1 });
  const appointmentId = await createPracticeDocument(therapist.id, 'appointments', {
    clientId, serviceId, start: '2026-11-03T15:00:00.000Z', end: '2026-11-03T15:45:00.000Z', status: 'scheduled', locationType: 'office', currency: 'USD', statusHistory: [], noteState: 'draft',
  });
  await createPracticeDocument(therapist.id, 'progress_notes', { appointmentId, clientId, template: 'soap', content: '{}', status: 'draft', revision: 1 });
  // The audit function writes these entries one after the other: start once it has (a busy emulator is slow to sign in).
  const audited = () => practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'audit_log', queries: [Query.equal('userId', therapist.id), Query.equal('action', 'progress_note.create')] });
  await expect.poll(async () => (await audited()).total, { timeout: 60_000 }).toBe(1);

  await logInThroughPage(page, therapist.email, therapist.password);
  await page.goto(`/dashboard/clients/${clientId}?tab=profile`);
  await page.getByRole('textbox', { name: 'Preferred name' }).fill('Roz');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // The entries are written by a function after the events: reload until they are there.
  const log = page.getByRole('table', { name: /^Security log/ });
  await expect(async () => {
    await openSecurityLog(page);
    await expect(log.getByRole('row', { name: /Client updated/ })).toBeVisible({ timeout: 1000 });
    await expect(log.getByRole('row', { name: /Signed in/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const edit = log.getByRole('row', { name: /Client updated/ });
  await expect(edit).toContainText('Client: Rosalind (Roz) Achterberg');
  await expect(edit).not.toContainText(clientId);
  await expect(edit.getByRole('cell', { name: 'You', exact: true })).toBeVisible();
  // The note by its client and session date; the devices as browser and system, not user-agent strings.
  await expect(log.getByRole('row', { name: /Progress note created/ })).toContainText('Progress note: Rosalind (Roz) Achterberg, session of Tue, Nov 3, 2026');
  await expect(log.getByRole('row', { name: /Signed in/ }).first()).toContainText(/Chrom(e|ium) [\d.]+ on Linux/);
  await expect(edit).toContainText(/Chrom(e|ium) \d+ on Linux/);
  await expect(log).not.toContainText('Mozilla/');
  await expect(log).not.toContainText('F43');
  // Newest first: the edit came after the sign-in.
  const actions = await log.getByRole('row').allInnerTexts();
  expect(actions.findIndex((r) => r.includes('Client updated'))).toBeLessThan(actions.findIndex((r) => r.includes('Signed in')));
  await expectAccessible(page);

  // Filters by action, on the server.
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Signed in' });
  await expect(log.getByRole('row', { name: /Client updated/ })).toHaveCount(0);
  await expect(log.getByRole('row', { name: /Signed in/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(log.getByRole('row', { name: /Client updated/ })).toBeVisible();

  // Verify log, by keyboard.
  await page.getByRole('button', { name: 'Verify log' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^All \d+ entries verified\.$/)).toBeVisible();

  // CSV download: the header, the two entries, nothing of the client (the log keeps ids only).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cadence-security-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.replace(/^\ufeff/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Seq,Time (UTC),Action,Record type,Record ID,By,IP address,User agent,Previous hash,Hash');
  expect(lines.some((l) => l.includes('Client updated') && l.includes(clientId))).toBe(true);
  expect(lines.some((l) => l.includes('Signed in'))).toBe(true);
  for (const value of ['Roz', 'Rosalind', 'Achterberg', 'F43']) expect(csv).not.toContain(value);

  // The therapist's own session, through the SDK: the entry can be read, not changed or deleted.
  // On plain http the browser keeps the legacy cookie (SameSite=None needs Secure).
  const cookie = (await page.context().cookies()).find((c) => c.name.startsWith('a_session_cadence'));
  expect(cookie).toBeDefined();
  const mine = new Databases(new Client().setEndpoint(`${appUrl}/v1`).setProject('cadence').setSession(decodeURIComponent(cookie!.value)));
  const [entry] = (await mine.listDocuments({ databaseId: 'main', collectionId: 'audit_log', queries: [Query.equal('action', 'client.update'), Query.limit(1)] })).documents;
  expect(entry).toBeDefined();
  const ref = { databaseId: 'main', collectionId: 'audit_log', documentId: entry!.$id };
  const refused = async (call: Promise<unknown>) => call.then(() => null, (e: unknown) => (e instanceof AppwriteException ? e.code : e));
  expect(await refused(mine.updateDocument({ ...ref, data: { action: 'client.view' } as never }))).toBe(401);
  expect(await refused(mine.deleteDocument(ref))).toBe(401);
  expect((await practiceDatabases.getDocument(ref)).action).toBe('client.update');
  // …and the log still verifies.
  await page.getByRole('button', { name: 'Verify log' }).click();
  await expect(page.getByText(/^All \d+ entries verified\.$/)).toBeVisible();
});
