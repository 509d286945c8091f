// Issue #13 "Practice settings": a new subscribed therapist sets up the practice and its services in
// the composed build against the local Appwrite; everything survives a reload, Today's checklist
// follows, and a second therapist sees none of it.
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, signIn, type TestUser } from '../support/accounts.ts';
import type { Locator, Page } from '@playwright/test';

const test = base.extend<object, { therapists: TestUser[] }>({
  therapists: [
    async ({}, use) => {
      await use(await createCompleteTherapists(3));
    },
    { scope: 'worker' },
  ],
});

const textbox = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('textbox', { name });

/** Opens a service's row menu and chooses an action. */
async function rowAction(page: Page, service: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${service}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function setFee(page: Page, service: string, fee: string) {
  await rowAction(page, service, 'Edit');
  const dialog = page.getByRole('dialog');
  await textbox(dialog, /^Fee/).fill(fee);
  await dialog.getByRole('button', { name: 'Save service' }).click();
  await expect(dialog).toHaveCount(0);
}

const serviceRows = (page: Page) =>
  page.getByRole('tabpanel').getByRole('row').filter({ has: page.getByRole('rowheader') });

test.describe('practice settings and services', () => {
  test('a new therapist sets up the practice and its services; a reload keeps them; Today follows; another therapist sees none of it', async ({ page, browser, therapists }) => {
    const [therapist, other] = therapists as [TestUser, TestUser];
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, therapist);
    await page.goto('/dashboard/practice');
    await expect(page.getByRole('heading', { level: 2, name: 'Practice' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Practice details' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/saving it also adds three suggested services/)).toBeVisible();

    await textbox(page, /^Practice name/).fill('Calm Waters Therapy');
    await textbox(page, /^Credentials/).fill('LCSW');
    const npi = textbox(page, /^NPI/);
    await npi.fill('1234567890');
    await npi.blur();
    await expect(page.getByText('This NPI fails its check digit. Check it for a typo.')).toBeVisible();
    await expect(npi).toHaveAttribute('aria-invalid', 'true');
    await npi.fill('1234567893');
    await expect(page.getByText('This NPI fails its check digit. Check it for a typo.')).toHaveCount(0);
    await textbox(page, /^Tax ID/).fill('12-3456789');
    const zone = page.getByRole('combobox', { name: /^Time zone/ });
    await zone.fill('Chicago');
    await page.getByRole('option', { name: 'America/Chicago' }).click();
    await expect(zone).toHaveValue('America/Chicago');
    await page.getByRole('group', { name: 'No-show fee' }).getByRole('radio', { name: 'A fixed amount' }).check();
    await textbox(page, /^No-show fee: amount/).fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(textbox(page, /^Tax ID/)).toHaveValue('••-•••6789');

    await page.getByRole('tab', { name: 'Services' }).click();
    await expect(serviceRows(page)).toHaveCount(3);
    await expect(page.getByText('Needs a fee')).toHaveCount(3);
    await setFee(page, 'Intake assessment (90791, 60 min)', '150');
    await setFee(page, 'Psychotherapy (90834, 45 min)', '120');
    await setFee(page, 'Psychotherapy (90837, 60 min)', '160');
    await expect(page.getByText('Needs a fee')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add service' }).click();
    const add = page.getByRole('dialog', { name: 'Add a service' });
    await add.getByRole('button', { name: 'Save service' }).click();
    await expect(add.getByText('Enter the service name.')).toBeVisible();
    await textbox(add, /^Name/).fill('Couples therapy');
    await textbox(add, /^Service code/).fill('90847');
    await textbox(add, /^Duration/).fill('50');
    await textbox(add, /^Fee/).fill('140');
    await add.getByText('Green').click();
    await add.getByRole('button', { name: 'Save service' }).click();
    await expect(add).toHaveCount(0);
    await expect(page.getByRole('rowheader', { name: 'Couples therapy' })).toBeVisible();

    await rowAction(page, 'Couples therapy (90847, 50 min)', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Couples therapy' });
    await textbox(edit, /^Name/).fill('Couples and family therapy');
    await edit.getByRole('button', { name: 'Save service' }).click();
    await expect(edit).toHaveCount(0);

    await rowAction(page, 'Psychotherapy (90837, 60 min)', 'Archive');
    const confirm = page.getByRole('dialog', { name: 'Archive Psychotherapy (90837, 60 min)?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(serviceRows(page)).toHaveCount(3);
    await expectAccessible(page);

    await page.reload();
    await expect(textbox(page, /^Practice name/)).toHaveValue('Calm Waters Therapy');
    await expect(textbox(page, /^NPI/)).toHaveValue('1234567893');
    await expect(textbox(page, /^Tax ID/)).toHaveValue('••-•••6789');
    await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/Chicago');
    await expect(textbox(page, /^No-show fee: amount/)).toHaveValue('60.00');
    await page.getByRole('tab', { name: 'Services' }).click();
    await expect(serviceRows(page).getByRole('rowheader')).toHaveText(['Intake assessment', 'Psychotherapy', 'Couples and family therapy']);
    await expect(serviceRows(page).getByRole('cell', { name: /^\$/ })).toHaveText(['$150.00', '$120.00', '$140.00']);
    await page.getByRole('switch', { name: 'Show archived' }).check();
    await expect(page.getByRole('rowheader', { name: 'Psychotherapy Archived' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Today' }).click();
    await expect(page.getByText('2 of 3 done')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Set up your practice' })).toContainText('Done');
    await expect(page.getByRole('listitem').filter({ hasText: 'Add a service' })).toContainText('Done');
    await expect(page.getByRole('listitem').filter({ hasText: 'Add a client' })).toContainText('Not done');
    await expectAccessible(page);

    // A second therapist: a new, empty practice of their own.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const second = await context.newPage();
    await signIn(second, other);
    await second.goto('/dashboard/practice');
    await expect(textbox(second, /^Practice name/)).toHaveValue('');
    await expect(second.getByText(/saving it also adds three suggested services/)).toBeVisible();
    await second.getByRole('tab', { name: 'Services' }).click();
    await expect(second.getByText('Set up your practice first')).toBeVisible();
    await second.goto('/dashboard');
    await expect(second.getByText('0 of 3 done')).toBeVisible();
    await expect(second.getByRole('listitem').filter({ hasText: 'Set up your practice' })).toContainText('Not done');
    await context.close();
  });

  test('on a phone (390 px): the form and the services fit without sideways scrolling', async ({ page, therapists }) => {
    const therapist = therapists[2]!;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, therapist);
    await page.goto('/dashboard/practice');
    await textbox(page, /^Practice name/).fill('Harbor Counseling');
    await textbox(page, /^City/).fill('Portland');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Services' }).click();
    await expect(serviceRows(page)).toHaveCount(3);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await setFee(page, 'Psychotherapy (90834, 45 min)', '110');
    await expect(page.getByText('$110.00')).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
