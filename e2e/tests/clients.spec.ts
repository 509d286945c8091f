// Issue #13 "Clients" in the composed build: a subscribed therapist adds, finds, edits and archives
// clients, meets the duplicate check, deep-links to a client after a reload and moves back and
// forward; a second therapist sees none of it; the list and the form work on a phone. Bulk clients
// are seeded through the API (server key, owner-only documents, as the browser writes them).
import { Client, Databases, ID, Permission, Query, Role } from 'node-appwrite';
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, signIn, type TestUser } from '../support/accounts.ts';
import { appwriteUrl } from '../support/ports.ts';
import type { Page } from '@playwright/test';

const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));

const SEEDED = 60;

/** `count` clients of the therapist, Seed Client000…, readable and writable by the therapist only. */
async function seedClients(userId: string, count: number): Promise<void> {
  const role = Role.user(userId);
  for (let start = 0; start < count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, (_, offset) => {
        const n = String(start + offset).padStart(3, '0');
        return databases.createDocument({
          databaseId: 'main',
          collectionId: 'clients',
          documentId: ID.unique(),
          data: { userId, firstName: 'Seed', lastName: `Client${n}`, status: 'active', tags: ['seeded'], diagnosisCodes: [], currency: 'USD', reminderConsent: false, email: `seed${n}@example.test` },
          permissions: [Permission.read(role), Permission.update(role), Permission.delete(role)],
        });
      }),
    );
  }
}

const test = base.extend<object, { therapists: [TestUser, TestUser] }>({
  therapists: [
    async ({}, use) => {
      const [a, b] = await createCompleteTherapists(2);
      if (!a || !b) throw new Error('no therapists created');
      await seedClients(a.id, SEEDED);
      await use([a, b]);
    },
    { scope: 'worker' },
  ],
});

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search clients' });
const clientList = (page: Page) => page.getByRole('table', { name: 'Client list' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).last();

test.describe.configure({ mode: 'serial' });

test('a therapist adds, finds, edits and archives clients; duplicates open the existing client; deep links and back/forward work', async ({ page, therapists: [therapist] }) => {
  // The whole life of a client in one flow (~30 s alone, near a minute on a busy 2-core machine).
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  await page.goto('/dashboard/clients');
  await expect(page.getByText(`${SEEDED} clients`)).toBeVisible();
  await expect(clientList(page).getByRole('rowheader')).toHaveCount(50);
  await expect(page.getByRole('navigation', { name: 'Client list pages' })).toBeVisible();
  await expectAccessible(page);

  // Add a client: a validation error first, then the fixed form.
  await page.getByRole('link', { name: 'Add client' }).first().click();
  await expect(page).toHaveURL('/dashboard/clients/new');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Costa');
  await page.getByRole('textbox', { name: 'Email' }).fill('mia@example');
  await page.getByRole('button', { name: 'Add client' }).click();
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('Enter the first name.');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter an email address such as name@example.com.');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^First name/ }).fill('Mia');
  await page.getByRole('textbox', { name: 'Email' }).fill('mia.costa@example.com');
  await page.getByLabel('Date of birth', { exact: true }).fill('1990-04-01');
  await page.getByRole('textbox', { name: 'Tags' }).fill('evenings, sliding scale');
  // Diagnoses are chosen from ICD-10-CM by code or words, each shown with its description.
  const diagnoses = page.getByRole('combobox', { name: /^Diagnosis codes/ });
  await diagnoses.fill('F41.1');
  await page.getByRole('option', { name: 'F41.1 Generalized anxiety disorder' }).click();
  await diagnoses.fill('depression unspecified');
  await page.getByRole('option', { name: 'F32.A Depression, unspecified' }).click();
  await page.getByRole('textbox', { name: /^Fee override/ }).fill('80');
  // Issue 37: the default service is asked, never assumed.
  await page.getByLabel(/^Default service/).selectOption({ label: 'No default service — choose at each booking' });
  await page.getByRole('button', { name: 'Add client' }).click();
  // The new client's own page: /clients/new itself also matches an id's pattern, so it is ruled out.
  await expect(page).toHaveURL(/\/dashboard\/clients\/(?!new$)[A-Za-z0-9._-]+$/);
  const miaUrl = new URL(page.url()).pathname;
  await expect(page.getByText('Client added.')).toBeVisible();
  await expect(heading(page)).toHaveText('Mia Costa');
  // The page opens on the read-only overview (issue 37); the profile editor is a tab.
  const summary = page.getByRole('definition').filter({ hasText: 'F41.1, F32.A' });
  await expect(summary).toBeVisible();
  await expect(page.getByRole('link', { name: 'mia.costa@example.com' })).toHaveAttribute('href', 'mailto:mia.costa@example.com');
  await expect(page.getByText('None booked')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Diagnosis codes.*: chosen$/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(`${miaUrl}?tab=profile`);
  await expect(page.getByRole('list', { name: /^Diagnosis codes.*: chosen$/ })).toHaveText(/F41\.1 Generalized anxiety disorder.*F32\.A Depression, unspecified/);
  await expect(page.getByRole('textbox', { name: /^Fee override/ })).toHaveValue('80.00');
  await expectAccessible(page);

  // A deep link, its tab included, survives a reload.
  await page.reload();
  await expect(heading(page)).toHaveText('Mia Costa');
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(page.getByText('Created', { exact: true })).toBeVisible();

  // Edit: the profile saves and says so.
  await page.getByRole('textbox', { name: 'Preferred name' }).fill('Mimi');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(555) 201-3344');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(heading(page)).toHaveText('Mimi Costa');

  // Search as you type, from the list: by preferred name, then by phone digits.
  await page.getByRole('link', { name: 'Back to clients' }).click();
  await expect(page).toHaveURL('/dashboard/clients');
  await search(page).fill('mimi');
  await expect(clientList(page).getByRole('rowheader')).toHaveText(['Mimi Costa']);
  await search(page).fill('201-3344');
  await expect(clientList(page).getByRole('rowheader')).toHaveText(['Mimi Costa']);
  await search(page).fill('client05');
  await expect(clientList(page).getByRole('rowheader')).toHaveCount(10);
  await search(page).fill('');
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('evenings');
  await expect(clientList(page).getByRole('rowheader')).toHaveText(['Mimi Costa']);
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('');

  // Open the client from the list; back returns to the list as it was, forward to the client. The
  // search is kept in the history entry, never in the address (browser history, server logs).
  await search(page).fill('costa');
  await expect.poll(() => page.evaluate(() => JSON.stringify(window.history.state?.usr))).toBe('{"clientSearch":"costa"}');
  await expect(page).toHaveURL('/dashboard/clients');
  await clientList(page).getByRole('link', { name: 'Mimi Costa' }).click();
  await expect(page).toHaveURL(miaUrl);
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/clients');
  await expect(search(page)).toHaveValue('costa');
  await expect(clientList(page).getByRole('rowheader')).toHaveText(['Mimi Costa']);
  await page.goForward();
  await expect(heading(page)).toHaveText('Mimi Costa');

  // Archive (on the Profile tab): discharged, and the status filter finds her there.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Discharge' }).click();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('discharged');
  await page.goto('/dashboard/clients');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Discharged');
  await expect(clientList(page).getByRole('rowheader')).toHaveText(['Mimi Costa']);
  await expect(clientList(page).getByRole('row', { name: /Mimi Costa/ })).toContainText('Discharged');

  // The same email (in other letters) is the same person: "Open existing client", nothing created.
  await page.goto('/dashboard/clients/new');
  await page.getByRole('textbox', { name: /^First name/ }).fill('Maria');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Costa-Lima');
  await page.getByRole('textbox', { name: 'Email' }).fill('MIA.COSTA@example.com');
  await page.getByLabel(/^Default service/).selectOption({ label: 'No default service — choose at each booking' });
  await page.getByRole('button', { name: 'Add client' }).click();
  await expect(page.getByText('Mimi Costa already has this email address.')).toBeVisible();
  await page.getByRole('link', { name: 'Open existing client' }).click();
  await expect(page).toHaveURL(miaUrl);
  await page.goto('/dashboard/clients');
  await expect(page.getByText(`${SEEDED + 1} clients`)).toBeVisible();
});

test('a second therapist sees none of it: an empty list, and the first therapist’s client is "Client not found"', async ({ page, therapists: [first, second] }) => {
  const foreign = await databases.listDocuments({ databaseId: 'main', collectionId: 'clients', queries: [Query.equal('userId', first.id), Query.limit(1)] });
  const foreignId = foreign.documents[0]?.$id;
  expect(foreignId).toBeTruthy();
  await signIn(page, second);
  await page.goto('/dashboard/clients');
  await expect(page.getByText('No clients yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add client' })).toHaveCount(2);
  await page.goto(`/dashboard/clients/${foreignId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Client not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to clients' }).click();
  await expect(page).toHaveURL('/dashboard/clients');
  await expect(page.getByText('No clients yet')).toBeVisible();
  await expectAccessible(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test('the list and the form fit 390 px without sideways scrolling and stay usable', async ({ page, therapists: [therapist] }) => {
    await signIn(page, therapist);
    await page.goto('/dashboard/clients');
    await expect(clientList(page)).toBeVisible();
    await search(page).fill('client001');
    await expect(clientList(page).getByRole('rowheader')).toHaveText(['Seed Client001']);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page);

    await page.goto('/dashboard/clients/new');
    await page.getByRole('button', { name: 'Add client' }).click();
    await expect(page.getByRole('textbox', { name: /^First name/ })).toBeFocused();
    await expect(page.getByText('Enter the first name.')).toBeInViewport();
    expect(await noSidewaysScroll(page)).toBe(true);
    const box = await page.getByRole('textbox', { name: /^First name/ }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectAccessible(page);
  });
});
