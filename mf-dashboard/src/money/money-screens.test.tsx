// The money screens (issue #16) as a therapist meets them: the dialogs that ask the ledger function
// for an entry (one idempotency key per submission, the function's refusal under its field,
// nothing typed lost), All Transactions (filters in the address by id, running balance, totals,
// cursor pages, CSV), Payments, the client's Billing tab and Reports. The Appwrite reads and the
// function calls are replaced at the api modules; backend/test runs the functions over HTTP and
// e2e/tests/money.spec.ts runs the screens against the local Appwrite.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Query, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { Route, Routes, useLocation } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { listClients } from '../clients/api/list-clients.ts';
import { getPracticeSettings, type PracticeSettingsDocument } from '../practice/api/get-practice-settings.ts';
import { listServices } from '../practice/api/list-services.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { todayIn } from '../schedule/calendar-dates.ts';
import { listSessionStatuses } from './api/list-session-statuses.ts';
import { createInvoice, emailInvoice, issueInvoice, moneyDocument, MoneyRefusal, recordPayment, repairLedgerTotals, voidEntry, voidInvoice } from './api/money-functions.ts';
import { getClientBalance, listAllEntries, listClientInvoices, listEntryPage, listOwingBalances, readCutMonths } from './api/read-ledger.ts';
import { getLedgerTotals, listBalances, listIncomeEntries, scanEntries } from './api/read-totals.ts';
import { ClientBilling } from './client-billing.tsx';
import type { ClientBalanceDocument, ClientInvoiceDocument, LedgerEntryDocument } from './ledger.ts';
import { MoneyCard } from './money-card.tsx';
import { PaymentsPage } from './payments-page.tsx';
import { ReportsPage } from './reports-page.tsx';
import { TransactionsPage } from './transactions-page.tsx';

vi.mock('./api/read-ledger.ts', () => ({
  listEntryPage: vi.fn(),
  listAllEntries: vi.fn(),
  getClientBalance: vi.fn(),
  listClientInvoices: vi.fn(),
  listOwingBalances: vi.fn(),
  readCutMonths: vi.fn(),
}));
vi.mock('./api/read-totals.ts', () => ({
  MAX_PAGE: 5000,
  scanEntries: vi.fn(),
  listBalances: vi.fn(),
  listIncomeEntries: vi.fn(),
  getLedgerTotals: vi.fn(),
}));
vi.mock('./api/list-session-statuses.ts', () => ({ listSessionStatuses: vi.fn() }));
vi.mock('./api/money-functions.ts', async (original) => ({
  ...(await original<typeof import('./api/money-functions.ts')>()),
  recordPayment: vi.fn(),
  recordAdjustment: vi.fn(),
  recordRefund: vi.fn(),
  recordCharge: vi.fn(),
  voidEntry: vi.fn(),
  repairLedgerTotals: vi.fn(),
  createInvoice: vi.fn(),
  issueInvoice: vi.fn(),
  emailInvoice: vi.fn(),
  voidInvoice: vi.fn(),
  moneyDocument: vi.fn(),
}));
vi.mock('../clients/api/list-clients.ts', () => ({ listClients: vi.fn() }));
vi.mock('../practice/api/get-practice-settings.ts', () => ({ getPracticeSettings: vi.fn() }));
vi.mock('../practice/api/list-services.ts', () => ({ listServices: vi.fn() }));

const THERAPIST = 'therapist1';
const ZONE = 'America/Chicago';
const settings = { ...practiceSettingsSchema.parse({ practiceName: 'Calm Waters', therapistName: 'Dana', timeZone: ZONE }), $id: 's1' } as PracticeSettingsDocument;
const jane = { $id: 'jane1', firstName: 'Jane', lastName: 'Doe', preferredName: null, feeOverride: null, currency: 'USD' } as unknown as ClientDocument;
const sam = { $id: 'sam1', firstName: '=cmd', lastName: 'Smith', preferredName: null, feeOverride: null, currency: 'USD' } as unknown as ClientDocument;

let sequence = 0;
function entry(fields: Partial<LedgerEntryDocument>): LedgerEntryDocument {
  return {
    $id: `e${++sequence}`,
    $permissions: [`read("user:${THERAPIST}")`],
    userId: THERAPIST,
    clientId: jane.$id,
    kind: 'charge',
    type: 'session_fee',
    amount: 12_000,
    currency: 'USD',
    date: '2026-03-02',
    memo: null,
    reference: null,
    reason: null,
    appointmentId: null,
    invoiceId: null,
    voidsEntryId: null,
    allocations: null,
    ...fields,
  } as LedgerEntryDocument;
}

function balance(fields: Partial<ClientBalanceDocument>): ClientBalanceDocument {
  return { $id: fields.clientId ?? jane.$id, $permissions: [], userId: THERAPIST, clientId: jane.$id, balance: 0, credit: 0, openCharges: '[]', lastEntryDate: null, currency: 'USD', ...fields } as ClientBalanceDocument;
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

function renderAt(path: string, element: React.ReactNode, route = path.split('?')[0]!) {
  useAuthStore.setState({ user: { $id: THERAPIST, name: 'Dana' } as AuthUser, status: 'signedIn' });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryProvider>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
        <CurrentPath />
      </QueryProvider>
    </MemoryRouter>,
  );
}

const path = () => screen.getByTestId('path').textContent;

function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  let last: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      last = blob;
      return 'blob:money';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: last!, name: this.download });
  });
  return saved;
}

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(getPracticeSettings).mockResolvedValue(settings);
  vi.mocked(listClients).mockResolvedValue([jane, sam]);
  vi.mocked(listClientInvoices).mockResolvedValue([]);
  vi.mocked(getClientBalance).mockResolvedValue(null);
  vi.mocked(listAllEntries).mockResolvedValue([]);
  // A practice without ledger totals (entries from before them) unless a test gives it some.
  vi.mocked(getLedgerTotals).mockResolvedValue(null);
  vi.mocked(repairLedgerTotals).mockRejectedValue(new MoneyRefusal('This could not be recorded. Please try again.', null, 500));
  vi.mocked(readCutMonths).mockResolvedValue({ amounts: [], kinds: [], dates: [] });
});

/** The practice's ledger totals (issue 35): month → each kind's [Σ amount, count]. */
function ledgerTotals(months: Record<string, Partial<Record<'charge' | 'payment' | 'adjustment' | 'refund', [number, number]>>>, owed = 0, credit = 0) {
  const zero = { amount: 0, count: 0 };
  return {
    owed,
    credit,
    months: new Map(Object.entries(months).map(([month, kinds]) => [month, {
      charge: kinds.charge ? { amount: kinds.charge[0], count: kinds.charge[1] } : zero,
      payment: kinds.payment ? { amount: kinds.payment[0], count: kinds.payment[1] } : zero,
      adjustment: kinds.adjustment ? { amount: kinds.adjustment[0], count: kinds.adjustment[1] } : zero,
      refund: kinds.refund ? { amount: kinds.refund[0], count: kinds.refund[1] } : zero,
    }])),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Billing tab: Record payment', () => {
  it('says what becomes credit, records one entry for a double click, and keeps what was typed when refused', async () => {
    const charge = entry({ amount: 6_000, date: '2026-03-02' });
    vi.mocked(listAllEntries).mockResolvedValue([charge]);
    vi.mocked(getClientBalance).mockResolvedValue(balance({ balance: 6_000, openCharges: JSON.stringify([{ entryId: charge.$id, date: charge.date, open: 6_000 }]) }));
    let release: () => void = () => {};
    vi.mocked(recordPayment)
      .mockRejectedValueOnce(new MoneyRefusal('That date is in the future.', 'date', 400))
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            release = () => resolve({ entry: entry({ kind: 'payment', type: 'cash', amount: -10_000 }), allocated: 6_000, credit: 4_000 });
          }),
      );
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);

    await screen.findByRole('table', { name: 'Ledger of Jane Doe' });
    expect(screen.getByText('Balance due').nextSibling).toHaveTextContent('$60.00');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment for Jane Doe' });

    // Nothing sent while a field needs fixing; each says what.
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText('Enter an amount.')).toBeVisible();
    expect(within(dialog).getByText('Choose how it was paid.')).toBeVisible();
    expect(recordPayment).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '100');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Method/ }), 'Cash');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'R-17');
    expect(within(dialog).getByRole('status')).toHaveTextContent('$60.00 goes to the oldest unpaid charges. $40.00 will be kept as credit for Jane D.');

    // Refused: the message sits under its field, and everything typed is still there.
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('That date is in the future.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /Amount/ })).toHaveValue('100');
    expect(within(dialog).getByRole('textbox', { name: 'Reference' })).toHaveValue('R-17');

    // A double click sends once, and a retry carries the first attempt's key.
    const submit = within(dialog).getByRole('button', { name: 'Record payment' });
    await user.dblClick(submit);
    await waitFor(() => expect(recordPayment).toHaveBeenCalledTimes(2));
    release();
    expect(await screen.findByText('Payment recorded: $100.00 for Jane D. $40.00 kept as credit for Jane D.')).toBeVisible();
    expect(recordPayment).toHaveBeenCalledTimes(2);
    const [first, second] = vi.mocked(recordPayment).mock.calls.map(([input]) => input);
    expect(second).toEqual({ clientId: 'jane1', amount: 10_000, method: 'cash', date: todayIn(ZONE), reference: 'R-17', idempotencyKey: first!.idempotencyKey });
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('applies a payment to a chosen invoice and says so', async () => {
    const first = entry({ amount: 12_000, date: '2026-02-02' });
    const second = entry({ amount: 12_000, date: '2026-03-02' });
    vi.mocked(listAllEntries).mockResolvedValue([second, first]);
    vi.mocked(getClientBalance).mockResolvedValue(balance({ balance: 24_000, openCharges: JSON.stringify([{ entryId: first.$id, date: first.date, open: 12_000 }, { entryId: second.$id, date: second.date, open: 12_000 }]) }));
    vi.mocked(listClientInvoices).mockResolvedValue([
      { $id: 'inv2', $permissions: [], userId: THERAPIST, clientId: jane.$id, seq: 2, number: 'INV-0002', status: 'issued', issueDate: '2026-03-03', dueDate: '2026-04-02', periodStart: '2026-03-01', periodEnd: '2026-03-31', entryIds: [second.$id], total: 12_000, currency: 'USD', emailedAt: null, voidReason: null } as unknown as ClientInvoiceDocument,
    ]);
    vi.mocked(recordPayment).mockResolvedValue({ entry: entry({ kind: 'payment', amount: -12_000 }), allocated: 12_000, credit: 0 });
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);
    await screen.findByRole('table', { name: 'Ledger of Jane Doe' });
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment for Jane Doe' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '120');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Method/ }), 'Check');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Apply to' }), 'INV-0002 (Issued, $120.00 open)');
    expect(within(dialog).getByRole('status')).toHaveTextContent('$120.00 goes to INV-0002.');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(recordPayment).toHaveBeenCalledWith(expect.objectContaining({ amount: 12_000, method: 'check', invoiceId: 'inv2' })));
  });

  it('lists the ledger with running balances, marks a voided entry, and voids with a reason', async () => {
    const charge = entry({ amount: 12_000, date: '2026-03-02' });
    const payment = entry({ kind: 'payment', type: 'check', amount: -5_000, date: '2026-03-05', reference: '1042' });
    const wrong = entry({ kind: 'payment', type: 'cash', amount: -2_000, date: '2026-03-06' });
    const reversal = entry({ kind: 'payment', type: 'cash', amount: 2_000, date: '2026-03-07', voidsEntryId: wrong.$id, reason: 'Entered twice' });
    vi.mocked(listAllEntries).mockResolvedValue([reversal, wrong, payment, charge]);
    vi.mocked(voidEntry).mockResolvedValue({ entry: entry({ voidsEntryId: payment.$id }) });
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);

    const ledger = await screen.findByRole('table', { name: 'Ledger of Jane Doe' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-2)?.textContent)).toEqual(['$70.00', '$50.00', '$70.00', '$120.00']);
    expect(within(rows[1]!).getByText('Voided')).toBeVisible();
    expect(within(rows[0]!).getByText('Void of Payment · Cash')).toBeVisible();
    expect(within(rows[0]!).getByText('Reason: Entered twice')).toBeVisible();

    await user.click(within(rows[2]!).getByRole('button', { name: /Actions for Payment · Check/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Void' }));
    const dialog = screen.getByRole('dialog', { name: 'Void this payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(within(dialog).getByText('Enter a reason.')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Check bounced');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(voidEntry).toHaveBeenCalledWith({ entryId: payment.$id, reason: 'Check bounced' }));
    expect(await screen.findByText(/Voided: Payment · Check of \$50.00/)).toBeVisible();
  });

  it('issues and emails an invoice, and downloads its PDF and a superbill as files', async () => {
    const draft = { $id: 'inv1', $permissions: [], userId: THERAPIST, clientId: jane.$id, seq: 1, number: 'INV-0001', status: 'draft', issueDate: null, dueDate: null, periodStart: '2026-02-01', periodEnd: '2026-02-28', entryIds: [], total: 24_000, currency: 'USD', emailedAt: null, voidReason: null } as unknown as ClientInvoiceDocument;
    vi.mocked(listClientInvoices).mockResolvedValue([draft]);
    vi.mocked(issueInvoice).mockResolvedValue({ ...draft, status: 'issued' });
    vi.mocked(emailInvoice).mockResolvedValue({ ...draft, status: 'issued', emailedAt: '2026-03-01T00:00:00.000Z' });
    vi.mocked(moneyDocument).mockImplementation(async (request) => ({
      filename: request.document === 'invoice' ? 'INV-0001.pdf' : `superbill-${request.from}-${request.to}.pdf`,
      contentType: 'application/pdf',
      base64: btoa('%PDF-1.7 test'),
    }));
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);

    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    await user.click(within(invoices).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('Invoice INV-0001 issued.')).toBeVisible();
    await user.click(within(invoices).getByRole('button', { name: 'Email' }));
    expect(await screen.findByText('Invoice INV-0001 emailed to the client.')).toBeVisible();
    expect(emailInvoice).toHaveBeenCalledWith('inv1');
    await user.click(within(invoices).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('INV-0001.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(await readText(saved[0]!.blob)).toBe('%PDF-1.7 test');

    await user.click(screen.getByRole('button', { name: 'Superbill' }));
    const dialog = screen.getByRole('dialog', { name: 'Superbill for Jane Doe' });
    const from = within(dialog).getByLabelText(/From/);
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const to = within(dialog).getByLabelText(/To/);
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Download superbill' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(moneyDocument).toHaveBeenLastCalledWith({ document: 'superbill', clientId: 'jane1', from: '2026-01-01', to: '2026-03-31' });
    expect(saved[1]!.name).toBe('superbill-2026-01-01-2026-03-31.pdf');
  });

  it('shares a statement in the client’s portal when asked (issue 31), and says why it can’t for a client never invited', async () => {
    vi.mocked(moneyDocument)
      .mockResolvedValueOnce({ filename: 'statement-2026-02-01-2026-02-28.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.7') })
      .mockRejectedValueOnce(new MoneyRefusal('Invite the client to the portal first.', 'share', 409));
    captureDownloads();
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);
    await user.click(await screen.findByRole('button', { name: 'Statement' }));
    let dialog = screen.getByRole('dialog', { name: 'Statement for Jane Doe' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Also share in the client’s portal/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Download statement' }));
    await waitFor(() => expect(moneyDocument).toHaveBeenLastCalledWith(expect.objectContaining({ document: 'statement', clientId: 'jane1', share: true })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Statement' }));
    dialog = screen.getByRole('dialog', { name: 'Statement for Jane Doe' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Also share in the client’s portal/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Download statement' }));
    expect(await within(dialog).findByText('Invite the client to the portal first.')).toBeVisible();
  });
  it('names the attended sessions a superbill or an invoice left out, and why (issue 29)', async () => {
    vi.mocked(listClientInvoices).mockResolvedValue([]);
    const noFee = { appointmentId: 'a1', date: '2026-02-03', start: '2026-02-03T15:00:00.000Z', reason: 'no_fee', why: 'No fee applied when it was marked attended: set its fee to bill it.' } as const;
    const noCharge = { appointmentId: 'a2', date: '2026-02-10', start: '2026-02-10T15:00:00.000Z', reason: 'no_charge', why: 'Marked “No charge”.' } as const;
    vi.mocked(moneyDocument).mockResolvedValue({ filename: 'superbill-2026-02-01-2026-02-28.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.7'), leftOut: [noFee, noCharge] });
    const draft = { $id: 'inv9', number: 'INV-0009', status: 'draft' } as unknown as ClientInvoiceDocument;
    vi.mocked(createInvoice)
      .mockRejectedValueOnce(new MoneyRefusal('There are no unbilled charges in these days.', null, 409, [noFee]))
      .mockResolvedValueOnce({ invoice: draft, leftOut: [noCharge] });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);

    await user.click(await screen.findByRole('button', { name: 'Superbill' }));
    const superbill = screen.getByRole('dialog', { name: 'Superbill for Jane Doe' });
    for (const [label, day] of [[/From/, '2026-02-01'], [/To/, '2026-02-28']] as const) {
      const field = within(superbill).getByLabelText(label);
      await user.clear(field);
      await user.type(field, day);
    }
    await user.click(within(superbill).getByRole('button', { name: 'Download superbill' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const missed = (await within(superbill).findByText('2 attended sessions left out of this superbill')).closest('[role="status"]') as HTMLElement;
    expect(within(missed).getByText(/Tue, Feb 3, 2026: No fee applied when it was marked attended/)).toBeVisible();
    expect(within(missed).getByText(/Tue, Feb 10, 2026: Marked “No charge”/)).toBeVisible();
    await user.click(within(superbill).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Create invoice' }));
    const invoice = screen.getByRole('dialog', { name: 'Create invoice for Jane Doe' });
    await user.click(within(invoice).getByRole('button', { name: 'Create draft' }));
    expect(await within(invoice).findByText('There are no unbilled charges in these days.')).toBeVisible();
    expect(within(invoice).getByText('1 attended session left out of this invoice')).toBeVisible();
    await user.click(within(invoice).getByRole('button', { name: 'Create draft' }));
    expect(await within(invoice).findByText('Invoice INV-0009 created as a draft for Jane Doe.')).toBeVisible();
    expect(within(invoice).getByText(/Tue, Feb 10, 2026: Marked “No charge”/)).toBeVisible();
    await user.click(within(invoice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Create invoice for Jane Doe' })).toBeNull();
  });
  it('signs a superbill electronically only with the password, and says a wrong one in the dialog (issue 37)', async () => {
    vi.mocked(listClientInvoices).mockResolvedValue([]);
    vi.mocked(moneyDocument)
      .mockRejectedValueOnce(new Error('The password is incorrect.'))
      .mockResolvedValueOnce({ filename: 'superbill-2026-02-01-2026-02-28.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.7'), signatureId: 'sig1' });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);

    await user.click(await screen.findByRole('button', { name: 'Superbill' }));
    const superbill = screen.getByRole('dialog', { name: 'Superbill for Jane Doe' });
    for (const [label, day] of [[/From/, '2026-02-01'], [/To/, '2026-02-28']] as const) {
      const field = within(superbill).getByLabelText(label);
      await user.clear(field);
      await user.type(field, day);
    }
    expect(within(superbill).queryByLabelText(/Your password/)).toBeNull();
    await user.click(within(superbill).getByRole('checkbox', { name: /Sign electronically/ }));
    await user.click(within(superbill).getByRole('button', { name: 'Download superbill' }));
    expect(within(superbill).getByText('Enter your password to sign.')).toBeVisible();
    expect(moneyDocument).not.toHaveBeenCalled();

    await user.type(within(superbill).getByLabelText(/Your password/), 'wrong');
    await user.click(within(superbill).getByRole('button', { name: 'Download superbill' }));
    expect(await within(superbill).findByText('The password is incorrect.')).toBeVisible();
    expect(moneyDocument).toHaveBeenLastCalledWith({ document: 'superbill', clientId: 'jane1', from: '2026-02-01', to: '2026-02-28', sign: true, password: 'wrong' });
    expect(saved).toHaveLength(0);

    await user.type(within(superbill).getByLabelText(/Your password/), 'right');
    await user.click(within(superbill).getByRole('button', { name: 'Download superbill' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(moneyDocument).toHaveBeenLastCalledWith(expect.objectContaining({ sign: true, password: 'wrongright' }));
    expect(screen.queryByRole('dialog', { name: 'Superbill for Jane Doe' })).toBeNull();
  });

  it('voids an invoice only with a reason, keeps the reason typed under a refusal, and says it is voided', async () => {
    const issued = { $id: 'inv2', $permissions: [], userId: THERAPIST, clientId: jane.$id, seq: 2, number: 'INV-0002', status: 'issued', issueDate: '2026-03-01', dueDate: '2026-03-31', periodStart: '2026-02-01', periodEnd: '2026-02-28', entryIds: [], total: 24_000, currency: 'USD', emailedAt: null, voidReason: null } as unknown as ClientInvoiceDocument;
    vi.mocked(listClientInvoices).mockResolvedValue([issued]);
    vi.mocked(listAllEntries).mockResolvedValue([]);
    vi.mocked(voidInvoice).mockRejectedValueOnce(new Error('This could not be recorded. Please try again.')).mockResolvedValueOnce({ ...issued, status: 'void', voidReason: 'Wrong period' });
    const user = userEvent.setup();
    renderAt('/dashboard/clients/jane1', <ClientBilling client={jane} />);

    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    await user.click(within(invoices).getByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('dialog', { name: 'Void invoice INV-0002?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(within(dialog).getByText('Enter a reason.')).toBeVisible();
    expect(voidInvoice).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong period');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByText('This could not be recorded. Please try again.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Wrong period');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('Invoice INV-0002 voided.')).toBeVisible();
    expect(voidInvoice).toHaveBeenLastCalledWith('inv2', 'Wrong period');
  });
});

describe('All Transactions', () => {
  it('keeps filters in the address by id, totals the filter, and pages by cursor; across clients there is no balance column', async () => {
    // 120 entries of $10 charges, newest first: the scan knows every id and amount.
    const all = Array.from({ length: 120 }, (_, index) => entry({ $id: `t${index}`, amount: 1_000, date: '2026-03-01' }));
    vi.mocked(scanEntries).mockResolvedValue({ ids: all.map((each) => each.$id), amounts: Float64Array.from(all.map((each) => each.amount)), kinds: all.map((each) => each.kind), dates: all.map((each) => each.date) });
    vi.mocked(listEntryPage).mockImplementation(async (_user, _filter, cursor, size) => {
      const start = cursor ? all.findIndex((each) => each.$id === cursor) + 1 : 0;
      return { entries: all.slice(start, start + size), voided: [] };
    });
    const user = userEvent.setup();
    renderAt('/dashboard/transactions', <TransactionsPage />);

    expect(await screen.findByText('Showing 1–50 of 120 transactions')).toBeVisible();
    const totals = screen.getByRole('region', { name: 'Totals for these transactions' });
    expect(within(totals).getByText('Charges').nextSibling).toHaveTextContent('$1,200.00');
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Client', 'Entry', 'Amount', 'Actions']);

    await user.click(within(screen.getByRole('navigation', { name: 'Transactions pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100 of 120 transactions')).toBeVisible();
    expect(vi.mocked(listEntryPage).mock.calls.at(-1)![2]).toBe('t49');
    expect(path()).toBe('/dashboard/transactions?page=2');

    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Jane Doe' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Payment');
    expect(path()).toBe('/dashboard/transactions?client=jane1&type=payment');
    await waitFor(() => expect(vi.mocked(scanEntries).mock.calls.at(-1)![1]).toEqual([Query.equal('userId', THERAPIST), Query.equal('clientId', 'jane1'), Query.equal('kind', 'payment')]));
  });

  it('adds up the practice’s ledger totals instead of every entry, reads only the days a date filter cuts from a month, and pages by month', async () => {
    vi.mocked(getLedgerTotals).mockResolvedValue(ledgerTotals({
      '2026-03': { charge: [60_000, 40], payment: [-20_000, 10] },
      '2026-02': { charge: [30_000, 20], refund: [1_000, 1] },
      '2026-01': { charge: [12_000, 10] },
    }, 41_000, 500));
    const page = (n: number) => Array.from({ length: n }, (_, index) => entry({ $id: `p${index}`, amount: 1_000, date: '2026-02-10' }));
    // 81 entries; 31 of them dated up to the end of February.
    vi.mocked(listEntryPage).mockImplementation(async (_user, filter, _cursor, size, offset = 0) => ({
      entries: page(Math.min(size, (filter.includes(Query.lessThanEqual('date', '2026-02-28')) ? 31 : 81) - offset)), voided: [],
    }));
    const user = userEvent.setup();
    renderAt('/dashboard/transactions', <TransactionsPage />);

    expect(await screen.findByText('Showing 1–50 of 81 transactions', {}, { timeout: 5_000 })).toBeVisible();
    const totals = screen.getByRole('region', { name: 'Totals for these transactions' });
    expect(within(totals).getByText('Charges').nextSibling).toHaveTextContent('$1,020.00');
    expect(within(totals).getByText('Payments').nextSibling).toHaveTextContent('$200.00');
    expect(within(totals).getByText('Refunds').nextSibling).toHaveTextContent('$10.00');
    expect(within(totals).getByText('Net change in balances').nextSibling).toHaveTextContent('$830.00');
    expect(scanEntries).not.toHaveBeenCalled();
    // Page 2 starts 50 in: March holds 50, so at February's newest entry.
    await user.click(within(screen.getByRole('navigation', { name: 'Transactions pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–81 of 81 transactions', {}, { timeout: 5_000 })).toBeVisible();
    expect(vi.mocked(listEntryPage).mock.calls.at(-1)!.slice(1)).toEqual([[Query.equal('userId', THERAPIST), Query.lessThanEqual('date', '2026-02-28')], null, 50, 0]);

    // From Feb 15: February's whole total can't say which entries are after the 15th, so those are read.
    queryClient.clear();
    document.body.innerHTML = '';
    vi.mocked(readCutMonths).mockResolvedValue({ amounts: [2_000, 500], kinds: ['charge', 'refund'], dates: ['2026-02-20', '2026-02-16'] });
    renderAt('/dashboard/transactions?from=2026-02-15', <TransactionsPage />);
    expect(await screen.findByText('Showing 1–50 of 52 transactions', {}, { timeout: 5_000 })).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Totals for these transactions' })).getByText('Charges').nextSibling).toHaveTextContent('$620.00');
    expect(vi.mocked(readCutMonths).mock.calls.at(-1)![1]).toMatchObject({ from: '2026-02-15', to: '' });
    expect(scanEntries).not.toHaveBeenCalled();
  });

  it('filtered by one client, shows the client’s balance after each entry — their whole ledger’s, whatever the type or dates', async () => {
    // Jane's ledger, newest first: a refund, a payment, a charge, an older charge.
    const ledger = [
      entry({ kind: 'refund', type: 'cash', amount: 2_000, date: '2026-03-05' }),
      entry({ kind: 'payment', type: 'check', amount: -15_000, date: '2026-03-04' }),
      entry({ amount: 12_000, date: '2026-03-02' }),
      entry({ amount: 8_000, date: '2026-02-20' }),
    ];
    const scanOf = (list: LedgerEntryDocument[]) => ({ ids: list.map((each) => each.$id), amounts: Float64Array.from(list.map((each) => each.amount)), kinds: list.map((each) => each.kind), dates: list.map((each) => each.date) });
    const payments = ledger.filter((each) => each.kind === 'payment');
    vi.mocked(scanEntries).mockImplementation(async (_user, filter) => scanOf(filter.includes(Query.equal('kind', 'payment')) ? payments : ledger));
    vi.mocked(listEntryPage).mockImplementation(async (_user, filter) => ({ entries: filter.includes(Query.equal('kind', 'payment')) ? payments : ledger, voided: [] }));
    renderAt('/dashboard/transactions?client=jane1', <TransactionsPage />);

    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Client', 'Entry', 'Amount', 'Balance', 'Actions']);
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').at(-2)!.textContent)).toEqual(['$70.00', '$50.00', '$200.00', '$80.00']));

    // Only her payments: the balance is still hers after the payment ($50.00), not the sum of the rows listed (−$150.00).
    queryClient.clear();
    document.body.innerHTML = '';
    renderAt('/dashboard/transactions?client=jane1&type=payment', <TransactionsPage />);
    const paymentsOnly = await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(within(within(paymentsOnly).getAllByRole('row')[1]!).getAllByRole('cell').at(-2)).toHaveTextContent('$50.00'));
    expect(vi.mocked(scanEntries).mock.calls.map((call) => call[1])).toContainEqual([Query.equal('userId', THERAPIST), Query.equal('clientId', 'jane1')]);
  });

  it('pages by offset while the sums are still being read, saying how far they got', async () => {
    const all = Array.from({ length: 120 }, (_, index) => entry({ $id: `o${index}`, amount: 1_000 }));
    vi.mocked(scanEntries).mockImplementation(async (_user, _filter, onProgress) => {
      onProgress?.(5_000);
      return new Promise(() => {});
    });
    vi.mocked(listEntryPage).mockImplementation(async (_user, _filter, _cursor, size, offset = 0) => ({ entries: all.slice(offset, offset + size), voided: [] }));
    const user = userEvent.setup();
    renderAt('/dashboard/transactions', <TransactionsPage />);
    expect(await screen.findByText('Showing 1–50')).toBeVisible();
    expect(screen.getByText('Adding up… 5,000 transactions so far')).toBeVisible();
    await user.click(within(screen.getByRole('navigation', { name: 'Transactions pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100')).toBeVisible();
    expect(vi.mocked(listEntryPage).mock.calls.at(-1)!.slice(2)).toEqual([null, 50, 50]);

  });

  it('downloads the whole filter as a CSV with running balances, formulas defused', async () => {
    const rows = [entry({ clientId: sam.$id, kind: 'payment', type: 'cash', amount: -3_000, date: '2026-03-03', memo: '+1' }), entry({ clientId: sam.$id, amount: 12_000, date: '2026-03-01' })];
    vi.mocked(scanEntries).mockResolvedValue({ ids: rows.map((each) => each.$id), amounts: Float64Array.from([-3_000, 12_000]), kinds: ['payment', 'charge'], dates: ['2026-03-03', '2026-03-01'] });
    vi.mocked(listEntryPage).mockResolvedValue({ entries: rows, voided: [] });
    vi.mocked(listAllEntries).mockImplementation(async (_user, _filter, onProgress) => {
      onProgress?.(2);
      return rows;
    });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAt('/dashboard/transactions?client=sam1', <TransactionsPage />);
    await screen.findByText('Showing 1–2 of 2 transactions');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(vi.mocked(listAllEntries).mock.calls[0]![1]).toContain(Query.equal('clientId', 'sam1'));
    expect(saved[0]!.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await readText(saved[0]!.blob)).replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Date,Client,Entry,Type,Amount,Running balance,Currency,Reference,Memo,Reason,Voids entry,Entry id',
      `2026-03-03,'=cmd Smith,Payment,Cash,-30,90.00,USD,,'+1,,,${rows[0]!.$id}`,
      `2026-03-01,'=cmd Smith,Charge,Session fee,120.00,120.00,USD,,,,,${rows[1]!.$id}`,
      '',
    ]);
  });
});

describe('Payments', () => {
  it('lists the clients with balances due, oldest first with aging, and the recent payments', async () => {
    const today = todayIn(ZONE);
    const old = new Date(Date.parse(`${today}T00:00:00Z`) - 100 * 86_400_000).toISOString().slice(0, 10);
    vi.mocked(listBalances).mockResolvedValue([
      balance({ clientId: jane.$id, balance: 5_000, openCharges: JSON.stringify([{ entryId: 'c1', date: today, open: 5_000 }]) }),
      balance({ clientId: sam.$id, balance: 8_000, openCharges: JSON.stringify([{ entryId: 'c2', date: old, open: 8_000 }]) }),
    ]);
    vi.mocked(listEntryPage).mockResolvedValue({ entries: [entry({ kind: 'payment', type: 'check', amount: -4_500, reference: '77' })], voided: [] });
    renderAt('/dashboard/payments', <PaymentsPage />);

    const due = await screen.findByRole('table', { name: 'Clients with a balance due, oldest first' });
    const rows = within(due).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['=cmd Smith', 'Jane Doe']);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5)).toEqual(['$80.00', '—', '—', '—', '$80.00']);
    expect(screen.getByText('Outstanding').nextSibling).toHaveTextContent('$130.00');
    const recent = screen.getByRole('table', { name: 'Recent payments' });
    expect(within(recent).getByText('Payment · Check')).toBeVisible();
    expect(within(recent).getByText('−$45.00')).toBeVisible();
    expect(vi.mocked(listEntryPage).mock.calls[0]![1]).toEqual([Query.equal('userId', THERAPIST), Query.equal('kind', 'payment')]);
  });
});

describe('Reports', () => {
  it('shows income per month as a chart and a table, with a CSV of the same numbers', async () => {
    vi.mocked(listIncomeEntries).mockResolvedValue([
      { kind: 'payment', amount: -12_000, date: '2026-01-10' },
      { kind: 'payment', amount: -5_000, date: '2026-03-02' },
      { kind: 'refund', amount: 1_000, date: '2026-03-05' },
    ]);
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAt('/dashboard/reports?year=2026', <ReportsPage />);

    const table = await screen.findByRole('table', { name: 'Income per month in 2026' });
    const march = within(table).getByRole('row', { name: /March/ });
    expect(within(march).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$50.00', '$10.00', '$40.00']);
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('$170.00$10.00$160.00');
    // The chart prints each month's value over its bar; a screen reader hears each month once, in full.
    const chart = screen.getByRole('list', { name: 'Payments received per month in 2026' });
    const january = within(chart).getAllByRole('listitem')[0]!;
    expect(january).toHaveTextContent('January: $120.00');
    expect(within(january).getByText('$120')).toHaveAttribute('aria-hidden', 'true');
    expect(within(chart).getAllByRole('listitem')[2]).toHaveTextContent('$40');
    expect(listIncomeEntries).toHaveBeenCalledWith(THERAPIST, '2026-01-01', '2026-12-31');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved[0]!.name).toBe('income-2026.csv');
    expect(await readText(saved[0]!.blob)).toContain('2026-03,50.00,10.00,40.00,USD');
  });

  it('counts sessions per month with the no-show and late-cancel rates, and switches reports in the address', async () => {
    const fee = (serviceId: string, feeAmount: number | null, feeWaived = false) => ({ serviceId, feeAmount, feeWaived });
    vi.mocked(listSessionStatuses).mockResolvedValue([
      { start: '2026-02-03T16:00:00.000Z', status: 'show', ...fee('therapy', 15_000) },
      { start: '2026-02-10T16:00:00.000Z', status: 'show', ...fee('therapy', 12_000) },
      { start: '2026-02-17T16:00:00.000Z', status: 'no_show', ...fee('therapy', 7_500) },
      { start: '2026-02-24T16:00:00.000Z', status: 'late_cancelled', ...fee('intake', 5_000, true) },
    ]);
    vi.mocked(listServices).mockResolvedValue([
      { $id: 'therapy', name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45 },
      { $id: 'intake', name: 'Intake', serviceCode: '90791', durationMinutes: 60 },
    ] as Awaited<ReturnType<typeof listServices>>);
    vi.mocked(listIncomeEntries).mockResolvedValue([]);
    const user = userEvent.setup();
    renderAt('/dashboard/reports?year=2026', <ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Sessions' }));
    expect(path()).toBe('/dashboard/reports?year=2026&report=sessions');
    const table = await screen.findByRole('table', { name: 'Appointments per month in 2026' });
    const february = within(table).getByRole('row', { name: /February/ });
    expect(within(february).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '2', '0', '1', '1', '0', '4', '25.0%', '25.0%']);

    await user.click(screen.getByRole('tab', { name: 'By service' }));
    expect(path()).toBe('/dashboard/reports?year=2026&report=services');
    const services = await screen.findByRole('table', { name: 'Fees charged by service in 2026' });
    const cells = (name: RegExp) => within(within(services).getByRole('row', { name })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(/Psychotherapy \(90834, 45 min\)/)).toEqual(['2', '$270.00', '$75.00', '$345.00', '$135.00']);
    // The intake's late-cancel fee was waived: nothing charged, so no row.
    expect(within(services).queryByRole('row', { name: /Intake/ })).toBeNull();
    expect(cells(/^Total/)).toEqual(['2', '$270.00', '$75.00', '$345.00', '$135.00']);
    expect(screen.getByText(/Average session fee:/)).toHaveTextContent('Average session fee: $135.00 over 2 charged sessions');
  });
});

describe('Reports and the money card from the ledger totals (issue 35)', () => {
  it('Income reads the months’ totals, not the year’s payments; the card reads what clients owe and this month’s', async () => {
    vi.mocked(getLedgerTotals).mockResolvedValue(ledgerTotals({ '2026-01': { payment: [-12_000, 1] }, '2026-03': { payment: [-5_000, 3], refund: [1_000, 1] } }, 16_550, 3_000));
    renderAt('/dashboard/reports?year=2026', <ReportsPage />);
    const table = await screen.findByRole('table', { name: 'Income per month in 2026' });
    expect(within(within(table).getByRole('row', { name: /March/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$50.00', '$10.00', '$40.00']);
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('$170.00$10.00$160.00');
    expect(listIncomeEntries).not.toHaveBeenCalled();

    queryClient.clear();
    document.body.innerHTML = '';
    renderAt('/dashboard', <MoneyCard today="2026-03-10" currency="USD" />);
    expect(await screen.findByText('$165.50')).toBeVisible();
    expect(screen.getByText('Payments this month').nextSibling).toHaveTextContent('$40.00');
    expect(listBalances).not.toHaveBeenCalled();
    expect(listIncomeEntries).not.toHaveBeenCalled();
  });

  it('a practice whose entries predate the totals has them made once, then reads them', async () => {
    vi.mocked(getLedgerTotals).mockResolvedValueOnce(null).mockResolvedValue(ledgerTotals({ '2026-03': { payment: [-7_000, 2] } }, 2_500));
    vi.mocked(repairLedgerTotals).mockResolvedValue({ entries: 2, months: 1, fixed: [] });
    renderAt('/dashboard', <MoneyCard today="2026-03-10" currency="USD" />);
    expect(await screen.findByText('$25.00')).toBeVisible();
    expect(screen.getByText('Payments this month').nextSibling).toHaveTextContent('$70.00');
    expect(repairLedgerTotals).toHaveBeenCalledTimes(1);
    expect(listBalances).not.toHaveBeenCalled();
  });

  it('Outstanding lists only the clients who owe or hold credit', async () => {
    vi.mocked(listOwingBalances).mockResolvedValue([balance({ clientId: jane.$id, balance: 12_000, openCharges: JSON.stringify([{ entryId: 'c1', date: '2026-03-02', open: 12_000 }]) }), balance({ clientId: sam.$id, balance: -3_000, credit: 3_000 })]);
    renderAt('/dashboard/reports?report=outstanding', <ReportsPage />);
    const table = await screen.findByRole('table', { name: 'Balances by client, aged' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Jane Doe', '=cmd Smith', 'Total']);
    expect(listBalances).not.toHaveBeenCalled();
  });
});

describe("Today's money card", () => {
  it('shows what clients owe in all and the payments received this month, with the way to Payments', async () => {
    vi.mocked(listBalances).mockResolvedValue([balance({ clientId: jane.$id, balance: 12_000 }), balance({ clientId: sam.$id, balance: -3_000, credit: 3_000 }), balance({ clientId: 'x', balance: 4_550 })]);
    vi.mocked(listIncomeEntries).mockResolvedValue([
      { kind: 'payment', amount: -10_000, date: '2026-03-02' },
      { kind: 'payment', amount: 10_000, date: '2026-03-03' },
      { kind: 'payment', amount: -2_500, date: '2026-03-04' },
      { kind: 'refund', amount: 500, date: '2026-03-05' },
    ]);
    renderAt('/dashboard', <MoneyCard today="2026-03-10" currency="USD" />);
    expect(await screen.findByText('$165.50')).toBeVisible();
    // A voided payment counts for nothing; a refund is taken off.
    expect(screen.getByText('Payments this month').nextSibling).toHaveTextContent('$20.00');
    expect(listIncomeEntries).toHaveBeenCalledWith(THERAPIST, '2026-03-01', '2026-03-10');
    expect(screen.getByRole('link', { name: 'Payments and balances due' })).toHaveAttribute('href', '/dashboard/payments');
  });
});
