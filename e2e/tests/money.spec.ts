// Issue #16 "money" in the composed build: a week of sessions (a show, a late cancel and a no-show)
// charges the client through the attendance-charges function; a cash payment recorded in the
// Billing tab says what becomes credit; a wrong payment is voided and both entries stay; an invoice
// is created, issued and emailed (its PDF read back from the dev mailbox); a superbill carries its
// codes; Reports show a seeded practice's totals, counted here independently; Payments works on a
// phone. Set-up goes through the API: practice documents with the server key, money through the
// ledger function as the therapist (a session made over HTTP, as the login page makes one).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { Client, Functions, Query } from 'node-appwrite';
import { pdfText } from '../../backend/test/support/pdf-text.ts';
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, PASSWORD, signIn, type TestUser } from '../support/accounts.ts';
import { mailFor, uniqueEmail, waitForMail } from '../support/mailbox.ts';
import { createPracticeDocument, practiceDatabases, seedPractice } from '../support/practice-data.ts';
import { appwriteUrl } from '../support/ports.ts';

const ZONE = 'America/New_York';
const DAY = 24 * 60 * 60_000;

const zoneDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** 15:00 UTC (10 or 11 in the morning in New York), `days` from today. */
const daysFromNow = (days: number) => new Date(`${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T15:00:00.000Z`);

/** The ledger, invoices or money-documents function as the signed-in therapist. */
async function asTherapist(user: TestUser) {
  const response = await fetch(`${appwriteUrl}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`sign-in ${response.status}: ${await response.text()}`);
  const session = (JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>)['a_session_cadence'];
  if (!session) throw new Error('no session');
  const functions = new Functions(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setSession(session));
  return async (functionId: 'ledger' | 'invoices', body: Record<string, unknown>) => {
    const execution = await functions.createExecution({ functionId, body: JSON.stringify(body), async: false });
    const answer = JSON.parse(execution.responseBody) as { success: boolean; error?: string; entry?: { $id: string } };
    if (!answer.success) throw new Error(`${functionId}: ${answer.error}`);
    return answer;
  };
}

async function entriesOf(userId: string, clientId: string) {
  const list = await practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'ledger_entries', queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.limit(100)] });
  return list.documents as unknown as { $id: string; kind: string; type: string; amount: number }[];
}

interface Seeded {
  therapist: TestUser;
  clients: Record<string, string>;
  janeEmail: string;
  wrongPaymentId: string;
}

// Dana's session and her check for it, refunded in part in the browser.
const DANA_CHECK = 'CHK-314';

const test = base.extend<object, { seeded: Seeded }>({
  seeded: [
    async ({}, use) => {
      const therapist = await createCompleteUser();
      const janeEmail = uniqueEmail('jane');
      const { serviceId, clients } = await seedPractice(therapist.id, {
        timeZone: ZONE,
        clients: [{ firstName: 'Jane', lastName: 'Doe', email: janeEmail }, { firstName: 'Bob', lastName: 'Chen' }, { firstName: 'Cara', lastName: 'Lopez' }, { firstName: 'Dana', lastName: 'Park' }],
      });
      await practiceDatabases.updateDocument({
        databaseId: 'main', collectionId: 'clients', documentId: clients.Jane!,
        data: {
          dateOfBirth: '1990-05-17', diagnosisCodes: ['F41.1'], addressLine1: '9 Birch Ln', city: 'Albany', state: 'NY', postalCode: '12203',
          insurancePayerName: 'Aetna', insurancePayerId: '60054', insuranceMemberId: 'W123456789', insuranceGroupNumber: 'GRP-0042', insuranceSubscriberRelation: 'self',
        },
      });
      // What a payer needs of the practice on a superbill (issue 37): the tax ID in full, the licence.
      const [settings] = (await practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'practice_settings', queries: [Query.equal('userId', therapist.id)] })).documents;
      await practiceDatabases.updateDocument({ databaseId: 'main', collectionId: 'practice_settings', documentId: settings!.$id, data: { taxId: '12-3456789', licenseNumber: 'LCSW-0042', npi: '1234567893' } });
      const book = (clientId: string, start: Date, status: string, feeAmount: number) =>
        createPracticeDocument(therapist.id, 'appointments', {
          clientId, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status, locationType: 'office',
          currency: 'USD', feeAmount, statusHistory: [JSON.stringify({ status, at: start.toISOString(), by: therapist.id })], noteState: 'none',
        });
      // Jane's week: Monday attended ($150), Wednesday cancelled late ($50), Friday missed ($75).
      await book(clients.Jane!, daysFromNow(-11), 'show', 15000);
      await book(clients.Jane!, daysFromNow(-9), 'late_cancelled', 5000);
      await book(clients.Jane!, daysFromNow(-7), 'no_show', 7500);
      // Bob and Cara each attended once.
      await book(clients.Bob!, daysFromNow(-5), 'show', 15000);
      await book(clients.Cara!, daysFromNow(-4), 'show', 15000);
      await book(clients.Dana!, daysFromNow(-3), 'show', 15000);
      for (const [clientId, count] of [[clients.Jane!, 3], [clients.Bob!, 1], [clients.Cara!, 1], [clients.Dana!, 1]] as const) {
        await expect.poll(async () => (await entriesOf(therapist.id, clientId)).length, { timeout: 30_000 }).toBe(count);
      }
      // A payment recorded for Bob by mistake, to be voided in the browser.
      const run = await asTherapist(therapist);
      const wrong = await run('ledger', { action: 'payment', clientId: clients.Bob!, amount: 15000, method: 'cash', date: zoneDate(new Date()), reference: 'WRONG-1', idempotencyKey: crypto.randomUUID() });
      await run('ledger', { action: 'payment', clientId: clients.Dana!, amount: 15000, method: 'check', date: zoneDate(new Date()), reference: DANA_CHECK, idempotencyKey: crypto.randomUUID() });
      await use({ therapist, clients, janeEmail, wrongPaymentId: wrong.entry!.$id });
    },
    { scope: 'worker' },
  ],
});

async function openBilling(page: Page, seeded: Seeded, name: string) {
  await signIn(page, seeded.therapist);
  await page.goto(`/dashboard/clients/${seeded.clients[name]}`);
  await page.getByRole('tab', { name: 'Billing' }).click();
  return page.getByRole('table', { name: new RegExp(`^Ledger of ${name}`) });
}

const row = (ledger: ReturnType<Page['getByRole']>, text: string) => ledger.getByRole('row').filter({ hasText: text });
/** A report's row by its row header ("March", "Total"). */
const rowOf = (table: ReturnType<Page['getByRole']>, header: string) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: header, exact: true }) });

test('a week with a show, a late cancel and a no-show charges the session fee and the two policy fees', async ({ page, seeded }) => {
  const ledger = await openBilling(page, seeded, 'Jane');
  await expect(row(ledger, 'Session fee')).toContainText('+$150.00');
  await expect(row(ledger, 'Late-cancel fee')).toContainText('+$50.00');
  await expect(row(ledger, 'No-show fee')).toContainText('+$75.00');
  await expect(page.getByText('Balance due', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$275.00');
  // The newest row carries the whole balance.
  await expect(ledger.getByRole('row').nth(1)).toContainText('$275.00');
  await expectAccessible(page);
});

test('recording a cash payment says what becomes credit, and the ledger shows it', async ({ page, seeded }) => {
  const ledger = await openBilling(page, seeded, 'Cara');
  await expect(row(ledger, 'Session fee')).toContainText('+$150.00');
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment for Cara Lopez' });
  await dialog.getByLabel(/Amount/).fill('200');
  await dialog.getByLabel(/Method/).selectOption('cash');
  await dialog.getByLabel('Reference').fill('R-100');
  await expect(dialog.getByRole('status')).toHaveText('$150.00 goes to the oldest unpaid charges. $50.00 will be kept as credit for Cara L.');
  await dialog.getByRole('button', { name: 'Record payment' }).dblclick();
  await expect(page.getByText('Payment recorded: $200.00 for Cara L. $50.00 kept as credit for Cara L.')).toBeVisible();
  await expect(row(ledger, 'Payment · Cash')).toContainText('−$200.00');
  await expect(row(ledger, 'Payment · Cash')).toContainText('Ref. R-100');
  await expect(page.getByText('Unapplied credit').locator('xpath=following-sibling::dd')).toHaveText('$50.00');
  // A double click recorded one payment.
  const payments = (await entriesOf(seeded.therapist.id, seeded.clients.Cara!)).filter((entry) => entry.kind === 'payment');
  expect(payments.map((entry) => entry.amount)).toEqual([-20000]);
});

test('voiding a wrong payment adds a reversing entry with the reason; both stay listed', async ({ page, seeded }) => {
  const ledger = await openBilling(page, seeded, 'Bob');
  const wrong = row(ledger, 'Ref. WRONG-1');
  await expect(wrong).toContainText('−$150.00');
  await wrong.getByRole('button', { name: /Actions for Payment · Cash/ }).click();
  await page.getByRole('menuitem', { name: 'Void' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void this payment?' });
  await dialog.getByLabel('Reason').fill('Recorded for the wrong client');
  await dialog.getByRole('button', { name: 'Void' }).click();
  await expect(row(ledger, 'Void of Payment · Cash')).toContainText('+$150.00');
  await expect(row(ledger, 'Void of Payment · Cash')).toContainText('Reason: Recorded for the wrong client');
  await expect(row(ledger, 'Voided')).toContainText('−$150.00');
  await expect(page.getByText('Balance due', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$150.00');
  const entries = await entriesOf(seeded.therapist.id, seeded.clients.Bob!);
  expect(entries.filter((entry) => entry.kind === 'payment').map((entry) => entry.amount).sort()).toEqual([-15000, 15000]);
});

test('refunding part of a payment: at most what is left of it, shown linked to it, and the session is owed again in part', async ({ page, seeded }) => {
  const ledger = await openBilling(page, seeded, 'Dana');
  const payment = row(ledger, `Ref. ${DANA_CHECK}`);
  await expect(payment).toContainText('−$150.00');
  await expect(page.locator('.money-figures dt').getByText('Balance', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$0.00');
  await payment.getByRole('button', { name: /Actions for Payment · Check/ }).click();
  await page.getByRole('menuitem', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record refund for Dana Park' });
  // The payment is chosen, the whole of it filled in and paid back as it came (by check).
  await expect(dialog.getByLabel('Refund of')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Refund of').locator('option:checked')).toContainText('Payment of $150.00');
  await expect(dialog.getByLabel(/Amount/)).toHaveValue('150.00');
  await expect(dialog.getByLabel(/Paid back by/)).toHaveValue('check');
  await dialog.getByLabel(/Amount/).fill('40');
  await dialog.getByLabel(/Paid back by/).selectOption('cash');
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('Refund recorded: $40.00 for Dana P.')).toBeVisible();
  const refund = row(ledger, 'Refund · Cash');
  await expect(refund).toContainText('+$40.00');
  await expect(refund).toContainText('Of the $150.00 payment of');
  await expect(payment).toContainText('$40.00 refunded');
  await expect(page.getByText('Balance due', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$40.00');

  // More than the $110.00 left: the ledger function's words under the amount, what was typed kept.
  await payment.getByRole('button', { name: /Actions for Payment · Check/ }).click();
  await page.getByRole('menuitem', { name: 'Refund…' }).click();
  await expect(dialog.getByLabel(/Amount/)).toHaveValue('110.00');
  await dialog.getByLabel(/Amount/).fill('120');
  await dialog.getByLabel('Memo').fill('Overpaid by mistake');
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expect(dialog.getByText("A refund can't be more than what is left of this payment: $110.00.")).toBeVisible();
  await expect(dialog.getByLabel('Memo')).toHaveValue('Overpaid by mistake');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const refunds = (await entriesOf(seeded.therapist.id, seeded.clients.Dana!)).filter((entry) => entry.kind === 'refund');
  expect(refunds.map((entry) => [entry.type, entry.amount])).toEqual([['cash', 4000]]);
});

test('an invoice is created from the unbilled charges, issued and emailed with its PDF; the PDF downloads too', async ({ page, seeded }) => {
  await openBilling(page, seeded, 'Jane');
  await page.getByRole('button', { name: 'Create invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create invoice for Jane Doe' });
  await dialog.getByLabel('From').fill(zoneDate(new Date(Date.now() - 30 * DAY)));
  await dialog.getByLabel('To').fill(zoneDate(new Date()));
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Invoice INV-0001 created as a draft for Jane Doe.')).toBeVisible();
  const invoices = page.getByRole('table', { name: 'Invoices' });
  const invoice = invoices.getByRole('row').filter({ hasText: 'INV-0001' });
  await expect(invoice).toContainText('Draft');
  await expect(invoice).toContainText('$275.00');

  await invoice.getByRole('button', { name: 'Issue' }).click();
  await expect(invoice).toContainText('Issued');
  await invoice.getByRole('button', { name: 'Email' }).click();
  await expect(page.getByText('Invoice INV-0001 emailed to the client.')).toBeVisible();
  await expect(invoice).toContainText('Issued, emailed');

  const mail = await waitForMail(seeded.janeEmail, (each) => each.subject.startsWith('Invoice INV-0001'));
  expect(mail.subject).toBe('Invoice INV-0001 from Calm Harbor Counseling');
  for (const clinical of ['Psychotherapy', '90834', 'F41.1']) expect(`${mail.text}${mail.html}`).not.toContain(clinical);
  const [attachment] = (mail as unknown as { attachments: { filename: string; url: string }[] }).attachments;
  expect(attachment?.filename).toBe('INV-0001.pdf');
  const emailed = pdfText(Buffer.from(await (await fetch(`${appwriteUrl}${attachment!.url}`)).arrayBuffer()));
  for (const expected of ['Invoice INV-0001', 'Calm Harbor Counseling', 'Jane Doe', '$150.00', '$50.00', '$75.00', '$275.00']) expect(emailed).toContain(expected);

  const download = page.waitForEvent('download');
  await invoice.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('INV-0001.pdf');
  expect(pdfText(await readFile((await file.path())!))).toBe(emailed);
  expect((await mailFor(seeded.janeEmail)).length).toBe(1);
});

test('a superbill downloads with the attended session’s codes, the full tax ID and the insurance, and none of the policy fees', async ({ page, seeded }) => {
  await openBilling(page, seeded, 'Jane');
  await page.getByRole('button', { name: 'Superbill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Superbill for Jane Doe' });
  const from = zoneDate(new Date(Date.now() - 30 * DAY));
  const to = zoneDate(new Date());
  await dialog.getByLabel('From').fill(from);
  await dialog.getByLabel('To').fill(to);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download superbill' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`superbill-${from}-${to}.pdf`);
  const text = pdfText(await readFile((await file.path())!));
  for (const expected of ['Superbill', 'Calm Harbor Counseling', 'Jane Doe', 'Date of birth: 05/17/1990', 'F41.1', '90834', '$150.00']) expect(text).toContain(expected);
  // Issue 37: a payer's superbill carries the full tax ID (the screen masks it), the licence, the insurance and each line's diagnosis pointer.
  for (const expected of ['Tax ID (TIN): 12-3456789', 'License number: LCSW-0042', 'Primary insurance', 'Payer: Aetna', 'Payer ID: 60054', 'Member ID: W123456789', 'Group number: GRP-0042', 'A. F41.1']) expect(text).toContain(expected);
  expect(text).not.toMatch(/•+-?•*6789/);
  for (const never of ['$50.00', '$75.00', 'No-show', 'Late cancellation']) expect(text).not.toContain(never);
});

test('All Transactions: a client chosen is kept in the address by id, with running balances, totals and the CSV of the filter', async ({ page, seeded }) => {
  await signIn(page, seeded.therapist);
  await page.goto('/dashboard/transactions');
  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: 'Jane Doe' }).click();
  await expect(page).toHaveURL(`/dashboard/transactions?client=${seeded.clients.Jane}`);
  await expect(page.getByText('Showing 1–3 of 3 transactions')).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals for these transactions' });
  await expect(totals.getByText('Charges', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$275.00');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').nth(1)).toContainText('No-show fee');
  await expect(table.getByRole('row').nth(1)).toContainText('$275.00');
  await expect(table.getByRole('row').nth(3)).toContainText('Session fee');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile((await (await download).path())!, 'utf8')).replace(/^\ufeff/, '').split('\r\n');
  expect(csv[0]).toBe('Date,Client,Entry,Type,Amount,Running balance,Currency,Reference,Memo,Reason,Voids entry,Entry id');
  expect(csv.slice(1, 4).map((line) => line.split(',').slice(1, 6).join(','))).toEqual([
    'Jane Doe,Charge,No-show fee,75.00,275.00',
    'Jane Doe,Charge,Late-cancel fee,50.00,200.00',
    'Jane Doe,Charge,Session fee,150.00,150.00',
  ]);
});

test.describe('on a phone', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

  test('Payments: balances due and recent payments fit the screen', async ({ page, seeded }) => {
    await signIn(page, seeded.therapist);
    await page.goto('/dashboard/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const due = page.getByRole('table', { name: 'Clients with a balance due, oldest first' });
    await expect(due.getByRole('rowheader', { name: 'Jane Doe' })).toBeVisible();
    const record = page.getByRole('button', { name: 'Record payment', exact: true });
    await expect(record).toBeInViewport();
    // The page's content is as wide as the phone; a wide table scrolls inside its own region.
    const content = await page.locator('.money-page').evaluate((element) => ({ right: element.getBoundingClientRect().right, overflow: element.scrollWidth - element.clientWidth }));
    expect(content.right).toBeLessThanOrEqual(390);
    expect(content.overflow).toBeLessThanOrEqual(0);
    for (const region of await page.locator('.money-page [role="region"]').all()) expect((await region.boundingBox())!.x + (await region.boundingBox())!.width).toBeLessThanOrEqual(390);
    await record.click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await expect(dialog.getByRole('combobox', { name: /Client/ })).toBeInViewport();
    await expectAccessible(page);
  });
});

test.describe('Reports', () => {
  test('Income, Sessions and Outstanding show a seeded practice’s totals', async ({ page }) => {
    const therapist = await createCompleteUser();
    const { serviceId, clients } = await seedPractice(therapist.id, { timeZone: ZONE, clients: [{ firstName: 'Ann', lastName: 'Ash' }, { firstName: 'Ben', lastName: 'Birch' }] });
    const year = Number(zoneDate(new Date()).slice(0, 4));
    const month = (m: number) => `${year}-${String(m).padStart(2, '0')}`;
    // Sessions in March of this year (already past whenever the suite runs after March; the
    // statuses are what counts): 3 shows, 1 late cancel, 1 no-show, 1 cancelled.
    const statuses = ['show', 'show', 'show', 'late_cancelled', 'no_show', 'cancelled'];
    for (const [index, status] of statuses.entries()) {
      const start = new Date(`${month(3)}-${String(2 + index).padStart(2, '0')}T15:00:00.000Z`);
      await createPracticeDocument(therapist.id, 'appointments', {
        clientId: clients.Ann!, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status, locationType: 'office',
        currency: 'USD', feeAmount: { show: 15000, late_cancelled: 5000, no_show: 7500 }[status] ?? null, statusHistory: [], noteState: 'none',
      });
    }
    await expect.poll(async () => (await entriesOf(therapist.id, clients.Ann!)).length, { timeout: 30_000 }).toBe(5);
    const run = await asTherapist(therapist);
    const pay = (clientId: string, amount: number, date: string) => run('ledger', { action: 'payment', clientId, amount, method: 'check', date, idempotencyKey: crypto.randomUUID() });
    await pay(clients.Ann!, 20000, `${month(3)}-20`);
    await pay(clients.Ann!, 12550, `${month(4)}-02`);
    await pay(clients.Ben!, 4000, `${month(4)}-15`);
    await run('ledger', { action: 'refund', clientId: clients.Ben!, amount: 1000, method: 'check', date: `${month(4)}-16`, idempotencyKey: crypto.randomUUID() });
    // Counted here: charges 3 × 150 + 50 + 75 = 575; Ann paid 325.50 → owes 249.50; Ben paid 40, refunded 10 → 30 credit.
    const charged = 3 * 15000 + 5000 + 7500;
    const annOwes = charged - 20000 - 12550;

    await signIn(page, therapist);
    await page.goto(`/dashboard/reports?year=${year}`);
    const income = page.getByRole('table', { name: `Income per month in ${year}` });
    await expect(rowOf(income, 'March').getByRole('cell')).toHaveText(['$200.00', '$0.00', '$200.00']);
    await expect(rowOf(income, 'April').getByRole('cell')).toHaveText(['$165.50', '$10.00', '$155.50']);
    await expect(rowOf(income, 'Total').getByRole('cell')).toHaveText(['$365.50', '$10.00', '$355.50']);
    const chart = page.getByRole('list', { name: `Payments received per month in ${year}` });
    await expect(chart.getByRole('listitem').nth(2)).toHaveText('March: $200.00$200Mar');
    await expect(chart.getByRole('listitem').nth(2).getByText('$200', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(new RegExp(`report=sessions`));
    const sessions = page.getByRole('table', { name: `Appointments per month in ${year}` });
    // Scheduled, Show, Cancelled, Late cancelled, No show, Clinician cancelled, Total, rates of 5 expected.
    await expect(rowOf(sessions, 'March').getByRole('cell')).toHaveText(['0', '3', '1', '1', '1', '0', '6', '20.0%', '20.0%']);

    await page.getByRole('tab', { name: 'By service' }).click();
    // One service: 3 attended at $150, the late-cancel and no-show fees ($50 + $75); the cancelled session charges nothing.
    const byService = page.getByRole('table', { name: `Fees charged by service in ${year}` });
    await expect(rowOf(byService, 'Total').getByRole('cell')).toHaveText(['3', '$450.00', '$125.00', '$575.00', '$150.00']);

    await page.getByRole('tab', { name: 'Outstanding' }).click();
    const outstanding = page.getByRole('table', { name: 'Balances by client, aged' });
    await expect(rowOf(outstanding, 'Ann Ash').getByRole('cell').first()).toHaveText(`$${(annOwes / 100).toFixed(2)}`);
    await expect(rowOf(outstanding, 'Ben Birch').getByRole('cell').nth(5)).toHaveText('$30.00');
    // Printed, the report stands alone: no navigation, tabs or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(outstanding).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Income' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const text = await readFile((await (await csv).path())!, 'utf8');
    expect(text).toContain(`Ann Ash,${(annOwes / 100).toFixed(2)},0.00`);
    expect(text).toContain('Ben Birch,0.00,30.00');
    await expectAccessible(page);
  });
});
