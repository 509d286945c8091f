// issue 17 "Full export, and deletion", end to end: Account → Settings → "Export all my data" saves
// cadence-export-YYYY-MM-DD.zip (made in the background behind a progress bar, then removed from the
// server) — unzipped here: a CSV per kind with the practice's rows (formula
// injection defused), the FHIR R4 Bundle, the README — then Delete Account (which offers the export
// first) leaves no document naming the therapist in any collection with a userId, and a second
// therapist's practice as it was.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { Query } from 'node-appwrite';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { createPracticeDocument, practiceDatabases, seedPractice } from '../support/practice-data.ts';

const project = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../backend/appwrite.json'), 'utf8')) as {
  collections: Array<{ $id: string; attributes: Array<{ key: string }> }>;
};
const WITH_USER_ID = project.collections.filter((c) => c.attributes.some((a) => a.key === 'userId')).map((c) => c.$id);

async function documentCounts(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const collectionId of WITH_USER_ID) {
    counts[collectionId] = (await practiceDatabases.listDocuments({ databaseId: 'main', collectionId, queries: [Query.equal('userId', userId), Query.limit(1)] })).total;
  }
  return counts;
}

/** Data rows of an exported CSV (the header is the first line; cells here hold no line breaks). */
const csvRows = (text: string) => text.replace(/^\ufeff/, '').split('\r\n').filter(Boolean).slice(1);

test('export all my data from Settings, then delete the account: nothing of the practice is left', async ({ page }) => {
  test.setTimeout(180_000);
  const [therapist, other] = [await createCompleteUser(), await createCompleteUser()];
  const practice = await seedPractice(therapist.id, {
    clients: [{ firstName: 'Nora', lastName: 'Lind' }, { firstName: 'Omar', lastName: '=SUM(A1:A9)' }],
  });
  for (const [name, status, day] of [['Nora', 'show', -7], ['Omar', 'scheduled', 3]] as const) {
    const start = new Date(Date.now() + day * 86_400_000);
    await createPracticeDocument(therapist.id, 'appointments', {
      clientId: practice.clients[name], serviceId: practice.serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(),
      status, locationType: 'office', feeAmount: 15000, currency: 'USD',
    });
  }
  await seedPractice(other.id, { clients: [{ firstName: 'Olga', lastName: 'Otherclient' }] });
  const otherBefore = await documentCounts(other.id);

  await signIn(page, therapist);
  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Export all my data' })).toBeVisible();
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all my data' }).click();
  // Made in the background: the bar follows the export's own progress.
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cadence-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByRole('status').filter({ hasText: `Downloaded ${download.suggestedFilename()}.` })).toBeVisible();
  // Saved: neither the ZIP nor its progress stays on the server.
  await expect.poll(async () => (await documentCounts(therapist.id))['data_exports']).toBe(0);
  const files = Object.fromEntries(Object.entries(unzipSync(fs.readFileSync(await download.path()))).map(([name, bytes]) => [name, strFromU8(bytes)]));

  expect(Object.keys(files)).toEqual(expect.arrayContaining(['clients.csv', 'services.csv', 'appointments.csv', 'appointment-series.csv', 'practice-settings.csv', 'fhir-r4-bundle.json', 'README.txt']));
  expect(csvRows(files['clients.csv'] ?? '')).toHaveLength(2);
  expect(csvRows(files['services.csv'] ?? '')).toHaveLength(1);
  expect(csvRows(files['appointments.csv'] ?? '')).toHaveLength(2);
  expect(csvRows(files['practice-settings.csv'] ?? '')).toHaveLength(1);
  expect(files['clients.csv']).toContain("'=SUM(A1:A9)");
  expect(files['clients.csv']).not.toMatch(/(^|,)=SUM/m);
  expect(Object.values(files).join('\n')).not.toContain('Otherclient');
  const bundle = JSON.parse(files['fhir-r4-bundle.json'] ?? '{}') as { resourceType: string; type: string; entry: Array<{ resource: { resourceType: string } }> };
  expect([bundle.resourceType, bundle.type]).toEqual(['Bundle', 'collection']);
  const types = bundle.entry.map((e) => e.resource.resourceType);
  expect(types.filter((t) => t === 'Patient')).toHaveLength(2);
  expect(types.filter((t) => t === 'Appointment')).toHaveLength(2);
  expect(types.filter((t) => t === 'Encounter')).toHaveLength(1);

  // Delete Account offers the export first, then deletes everything of this therapist.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('button', { name: 'Export your data before deleting' })).toBeVisible();
  await page.getByLabel('Type "delete my account" to confirm').fill('delete my account');
  await page.getByLabel('Password', { exact: true }).fill(therapist.password);
  await expectAccessible(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL('/');

  await expect.poll(() => documentCounts(therapist.id)).toEqual(Object.fromEntries(WITH_USER_ID.map((c) => [c, 0])));
  const otherAfter = await documentCounts(other.id);
  expect(otherAfter['audit_log'] ?? 0).toBeGreaterThanOrEqual(otherBefore['audit_log'] ?? 0);
  expect({ ...otherAfter, audit_log: 0 }).toEqual({ ...otherBefore, audit_log: 0 });
});
