// Issue #13 "Client import from CSV", in the composed production build: a subscribed therapist with
// two clients imports a 200-row file holding 3 bad rows and 2 of those clients again; the summary,
// the rejected rows' CSV, a second import of the same file, a bad file, a Windows-1252 file, and a
// second therapist who sees none of it. Clients are seeded and counted through the API; the list
// screen is not under test.
import { readFile } from 'node:fs/promises';
import { Client, Databases, ID, Permission, Query, Role } from 'node-appwrite';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, signIn, type TestUser } from '../support/accounts.ts';
import { createPracticeDocument } from '../support/practice-data.ts';
import { appwriteUrl } from '../support/ports.ts';

const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));
const clients = { databaseId: 'main', collectionId: 'clients' };

const owner = (userId: string) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];

async function seedClient(userId: string, data: Record<string, unknown>): Promise<void> {
  await databases.createDocument({ ...clients, documentId: ID.unique(), data: { userId, status: 'active', currency: 'USD', ...data }, permissions: owner(userId) });
}

async function clientCount(userId: string): Promise<number> {
  const list = await databases.listDocuments({ ...clients, queries: [Query.equal('userId', userId), Query.limit(1)] });
  return list.total;
}

/**
 * 200 clients in SimplePractice's export headers: row 6 has the first seeded client's email, row 101
 * the second one's name and date of birth; row 11 has no last name, row 51 a broken email, row 151
 * a date of birth in the future.
 */
function importFile(): string {
  const header = 'Legal first name,Legal last name,Email,Phone,Date of birth,Client status';
  const rows = Array.from({ length: 200 }, (_, i) => {
    const row = [`Iris${i}`, `Importer${i}`, `iris.${i}@example.test`, '(555) 010-2000', `1980-01-${String((i % 28) + 1).padStart(2, '0')}`, 'Active'];
    if (i === 4) row[2] = 'Seeded.One@example.test';
    if (i === 99) [row[0], row[1], row[2], row[4]] = ['Sam', 'Seeded-Two', '', '03/14/1975'];
    if (i === 9) row[1] = '';
    if (i === 49) row[2] = 'iris at example';
    if (i === 149) row[4] = '3/14/2099';
    return row.join(',');
  });
  return [header, ...rows].join('\r\n');
}

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

let therapist: TestUser;
let other: TestUser;
let european: TestUser;

test.beforeAll(async () => {
  const [a, b, c] = await createCompleteTherapists(3);
  if (!a || !b || !c) throw new Error('no therapists');
  [therapist, other, european] = [a, b, c];
  await seedClient(therapist.id, { firstName: 'Sally', lastName: 'One', email: 'seeded.one@example.test' });
  await seedClient(therapist.id, { firstName: 'Sam', lastName: 'Seeded Two', dateOfBirth: '1975-03-14' });
  // A practice in Belgium: national numbers in the file are Belgian, fees in euros (issue 29).
  await createPracticeDocument(european.id, 'practice_settings', { practiceName: 'Praxis Adler', therapistName: 'Dr. Vos', timeZone: 'Europe/Brussels', currency: 'EUR', country: 'BE' });
});

test('imports 200 rows: 195 imported, 2 duplicates skipped, 3 rejected with reasons; the same file again adds nothing', async ({ page, consoleLog }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  await page.goto('/dashboard/clients/import');
  await expect(page.getByRole('heading', { level: 2, name: 'Import clients' })).toBeVisible();

  // A bad file: its message at the input, nothing further.
  await page.getByLabel('CSV file').setInputFiles(csv('clients.csv', 'Legal first name,Legal last name\r\n'));
  await expect(page.getByText('This file has a header row but no clients.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Match columns' })).toHaveCount(0);
  await page.getByLabel('CSV file').setInputFiles({ name: 'clients.txt', mimeType: 'text/plain', buffer: Buffer.from('{"clients": []}') });
  await expect(page.getByText(/This is not a CSV file/)).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles(csv('clients.csv', importFile()));
  await expect(page.getByRole('heading', { name: '2. Match columns' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Legal first name/ })).toHaveValue('firstName');
  await expect(page.getByText('195 clients ready to import · 2 duplicates to skip · 3 rows with problems')).toBeVisible();
  await expect(page.getByRole('table', { name: 'First 10 of 200 rows' }).getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('table', { name: 'First 10 of 200 rows' }).getByRole('row').filter({ hasText: 'Legal last name: Enter the last name.' })).toContainText('Not imported');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Import 195 clients' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Clients imported' })).toHaveAttribute('aria-valuenow', '195');
  await expect(page.getByRole('list', { name: 'Summary' }).getByRole('listitem')).toHaveText(['195 imported', '2 skipped as duplicates', '3 rejected']);
  const notImported = page.getByRole('table', { name: 'Rows not imported' });
  await expect(notImported.getByRole('row')).toHaveCount(6);
  await expect(notImported.getByRole('row').filter({ hasText: "The date of birth can't be in the future." })).toContainText('151');
  expect(await clientCount(therapist.id)).toBe(197);
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('rejected-rows.csv');
  const rejected = (await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, '').trim().split('\r\n');
  expect(rejected).toHaveLength(4);
  expect(rejected[0]).toBe('Row,Problems,Legal first name,Legal last name,Email,Phone,Date of birth,Client status');
  expect(rejected.slice(1).map((line) => line.split(',')[0])).toEqual(['11', '51', '151']);

  // The same file again: every row is a client now or has a problem.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('CSV file').setInputFiles(csv('clients.csv', importFile()));
  await expect(page.getByText('0 clients ready to import · 197 duplicates to skip · 3 rows with problems')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 0 clients' })).toBeDisabled();
  expect(await clientCount(therapist.id)).toBe(197);
  expect(consoleLog.errors).toEqual([]);
});

/**
 * Issue 29: a European spreadsheet — semicolons, dates day first with dots, blank lines between rows,
 * a note spanning lines, international phones with 00 and +, a name with a decomposed accent, a
 * phone guarded with an apostrophe as Cadence's own export writes it, extra cells after the last
 * column — and the rows the report names as the spreadsheet numbers them.
 */
function europeanFile(): string {
  return [
    'Vorname;Nachname;Date of birth;Phone;Email;Fee override;Notes',
    'Lena;Adler;03.04.1985;0470 12 34 56;lena.adler@example.test;80,50;',
    '',
    'Jose\u0301;Mu\u0308ller;01.11.1979;\'+34 612 345 678;jose.muller@example.test;1.234,56;"Prefers mornings;',
    'call first"',
    'Ines;Berg;14.07.1991;+44 20 7946 0958;ines.berg@example.test;;;extra;cells',
    '',
    '',
    'Olaf;Kern;31.02.1990;;olaf.kern@example.test;;',
    'Pia;Vogel;29.02.1989;;pia.vogel@example.test;;',
    ';Nameless;12.12.1980;;nameless@example.test;;',
  ].join('\r\n');
}

test('a day-first file with blank rows: the order is read from the file and shown, stored right, rows named as the spreadsheet numbers them; a Windows-1252 file read as guessed and shown', async ({ page, consoleLog }) => {
  test.setTimeout(90_000);
  await signIn(page, european);
  await page.goto('/dashboard/clients/import');

  // Every date could be either order: the page asks, and nothing imports until it is answered.
  await page.getByLabel('CSV file').setInputFiles(csv('ambiguous.csv', 'First name,Last name,Date of birth\r\nAmy,Ash,03.04.1985\r\nBen,Birch,01.11.1979\r\n'));
  await expect(page.getByText('Every date in this file could be read day first or month first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 0 clients' })).toBeDisabled();
  await page.getByRole('radio', { name: 'Day first (31/12/1990)' }).check();
  await expect(page.getByRole('button', { name: 'Import 2 clients' })).toBeEnabled();
  await expect(page.getByRole('table', { name: 'First 2 of 2 rows' })).toContainText('Apr 3, 1985 (file: 03.04.1985)');

  await page.getByLabel('CSV file').setInputFiles(csv('praxis.csv', europeanFile()));
  const order = page.getByRole('group', { name: 'How does this file write dates?' });
  await expect(order.getByRole('radio', { name: 'Day first (31/12/1990)' })).toBeChecked();
  // Row 5: the note spanning two lines is one row, numbered where it starts (row 4).
  await expect(order).toContainText('Read day first. Row 5 has 14.07.1991, which can only be day first.');
  // Amounts with a decimal comma, read so from the file's own 80,50; national phones as Belgian ones.
  const amounts = page.getByRole('group', { name: 'How does this file write amounts?' });
  await expect(amounts.getByRole('radio', { name: 'Decimal comma (1.234,56)' })).toBeChecked();
  await expect(amounts).toContainText('Read with a decimal comma. Row 2 has 80,50, which can only have a decimal comma.');
  await expect(page.getByText('Phone numbers without + or 00 are read as Belgium numbers (Practice details → Country).')).toBeVisible();
  await expect(page.getByText('3 clients ready to import · 0 duplicates to skip · 3 rows with problems')).toBeVisible();
  const preview = page.getByRole('table', { name: 'First 6 of 6 rows' });
  await expect(preview.getByRole('row').filter({ hasText: 'Ines' })).toContainText('the 2 cells after the last column were ignored');
  await expect(preview.getByRole('row').filter({ hasText: 'Lena' })).toContainText('Apr 3, 1985 (file: 03.04.1985)');
  await expect(preview.getByRole('row').filter({ hasText: 'Lena' })).toContainText('€80.50 (file: 80,50)');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Import 3 clients' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  const notImported = page.getByRole('table', { name: 'Rows not imported' });
  await expect(notImported.getByRole('row').filter({ hasText: 'February 1990 has no day 31' })).toContainText('8');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click()]);
  const rejected = (await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, '').trim().split('\r\n');
  expect(rejected.slice(1).map((line) => line.split(',')[0])).toEqual(['8', '9', '10']);
  expect(rejected[2]).toContain('February 1989 has no day 29');

  const stored = await databases.listDocuments({ ...clients, queries: [Query.equal('userId', european.id), Query.orderAsc('lastName'), Query.limit(10)] });
  expect(stored.documents.map((doc) => [doc['firstName'], doc['lastName'], doc['dateOfBirth'], doc['phone'], doc['feeOverride'], doc['adminNotes']])).toEqual([
    ['Lena', 'Adler', '1985-04-03', '+32470123456', 8050, null],
    ['Ines', 'Berg', '1991-07-14', '+442079460958', null, null],
    ['Jos\u00e9', 'M\u00fcller', '1979-11-01', '+34612345678', 123456, 'Prefers mornings;\ncall first'],
  ]);

  // Excel's "CSV (Comma delimited)" on Windows writes Windows-1252, not UTF-8: read so as a guess,
  // shown with the values as they read, and a choice (by keyboard here) to read it as a Mac file.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'excel-windows.csv', mimeType: 'text/csv', buffer: Buffer.from('Vorname;Nachname;Email\r\nZo\u00eb;W\u00e4chter;zoe.waechter@example.test\r\n', 'latin1') });
  await expect(page.getByText('This file is not saved as UTF-8')).toBeVisible();
  const values = page.getByRole('list', { name: 'Values with accented letters, as read now' }).getByRole('listitem');
  await expect(values).toHaveText(['Zo\u00eb', 'W\u00e4chter']);
  const saved = page.getByRole('group', { name: 'How was this file saved?' });
  await expect(saved.getByRole('radio', { name: 'Windows (Western European)' })).toBeChecked();
  await expectAccessible(page);
  await saved.getByRole('radio', { name: 'Windows (Western European)' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(saved.getByRole('radio', { name: 'Mac (Western European)' })).toBeChecked();
  await expect(values).toHaveText(['Zo\u00ce', 'W\u2030chter']);
  await expect(page.getByRole('table', { name: 'First 1 of 1 row' })).toContainText('Zo\u00ce W\u2030chter');
  await page.keyboard.press('ArrowLeft');
  await expect(values).toHaveText(['Zo\u00eb', 'W\u00e4chter']);
  await page.getByRole('button', { name: 'Import 1 client' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  const zoe = await databases.listDocuments({ ...clients, queries: [Query.equal('userId', european.id), Query.equal('email', 'zoe.waechter@example.test')] });
  expect(zoe.documents.map((doc) => [doc['firstName'], doc['lastName']])).toEqual([['Zo\u00eb', 'W\u00e4chter']]);
  expect(consoleLog.errors).toEqual([]);
});

test('a second therapist sees none of the imported clients', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, other);
  const response = await page.request.get('/v1/databases/main/collections/clients/documents', { headers: { 'x-appwrite-project': 'cadence' } });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { total: number }).total).toBe(0);
  expect(await clientCount(other.id)).toBe(0);
  await context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the import steps fit the screen: no sideways scroll, every control reachable', async ({ page }) => {
    await signIn(page, other);
    await page.goto('/dashboard/clients/import');
    await page.getByLabel('CSV file').setInputFiles(csv('clients.csv', importFile()));
    await expect(page.getByText('197 clients ready to import · 0 duplicates to skip · 3 rows with problems')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('combobox', { name: /Client status/ }).selectOption("Don't import");
    await page.getByRole('button', { name: 'Import 197 clients' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Import 197 clients' })).toBeEnabled();
    await expectAccessible(page);
  });
});
