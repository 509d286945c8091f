// Issue 35, a contract test against the real local Appwrite and its ledger function: a practice's
// money recorded through the function (charges over five months, payments, adjustments, refunds
// out of credit and of a payment, voids, several at once), then the numbers All Transactions, the
// Income report, the Outstanding report and Today's money card show — read from the ledger totals
// as the therapist's browser reads them — equal the totals computed here from every entry, and
// every page placed by the months' counts holds the same entries as the list read in one go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Query } from '@cadence/shared-auth';
import { actAs, createTherapist, startLocalAppwrite, type LocalAppwrite, type Therapist } from '../../test/local-appwrite.ts';
import { createClient } from '../clients/api/create-client.ts';
import { clientSchemaFor } from '../clients/client-schema.ts';
import { savePracticeSettings } from '../practice/api/save-practice-settings.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { recordAdjustment, recordCharge, recordPayment, recordRefund, voidEntry } from './api/money-functions.ts';
import { listAllEntries, listEntryPage, listOwingBalances, readCutMonths } from './api/read-ledger.ts';
import { getLedgerTotals, listBalances, listIncomeEntries } from './api/read-totals.ts';
import { incomeFromTotals } from './ledger-totals.ts';
import { filterTotals, pagePosition } from './filter-totals.ts';
import type { LedgerEntryDocument } from './ledger.ts';
import { outstandingReport } from './reports.ts';
import { incomeReport } from './income-report.ts';
import { NO_TRANSACTION_FILTER, transactionQueries, type TransactionFilter } from './transaction-filter.ts';

let server: LocalAppwrite;
let therapist: Therapist;
let other: Therapist;

const key = () => crypto.randomUUID();

beforeAll(async () => {
  server = await startLocalAppwrite({ events: false });
  other = await createTherapist(server, 'other-totals');
  therapist = await createTherapist(server, 'totals');
  actAs(server, other);
  const theirs = await createClient(other.id, clientSchemaFor().parse({ firstName: 'Other', lastName: 'Client', currency: 'USD' }));
  await recordCharge({ clientId: theirs.$id, amount: 99_900, date: '2026-02-10', memo: 'Not ours', idempotencyKey: key() });

  actAs(server, therapist);
  await savePracticeSettings(therapist.id, practiceSettingsSchema.parse({ practiceName: 'Calm Waters', therapistName: 'Dana', timeZone: 'America/Chicago', currency: 'USD' }));
  const clients = await Promise.all(['Jane', 'Sam', 'Ana'].map((firstName) => createClient(therapist.id, clientSchemaFor().parse({ firstName, lastName: 'Doe', currency: 'USD' }))));
  const [jane, sam, ana] = clients.map((client) => client.$id) as [string, string, string];
  const months = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
  // Each month, at once: a charge for each client, a payment from Jane (sometimes more than owed) and one from Sam.
  for (const [index, month] of months.entries()) {
    await Promise.all([
      ...[jane, sam, ana].map((clientId, n) => recordCharge({ clientId, amount: 12_000 + n * 1_000, date: `${month}-0${3 + n}`, memo: 'Session', idempotencyKey: key() })),
      recordPayment({ clientId: jane, amount: index % 2 ? 20_000 : 9_000, method: 'card', date: `${month}-15`, idempotencyKey: key() }),
      recordPayment({ clientId: sam, amount: 6_500, method: 'check', date: `${month}-28`, idempotencyKey: key() }),
    ]);
  }
  await recordAdjustment({ clientId: ana, amount: 4_000, type: 'write_off', reason: 'Hardship', date: '2026-01-20', idempotencyKey: key() });
  const wrong = await recordPayment({ clientId: ana, amount: 50_000, method: 'cash', date: '2026-02-14', idempotencyKey: key() });
  await voidEntry({ entryId: wrong.entry.$id, reason: 'Entered twice' });
  const paid = await recordPayment({ clientId: sam, amount: 30_000, method: 'card', date: '2026-03-02', idempotencyKey: key() });
  await recordRefund({ clientId: sam, paymentId: paid.entry.$id, amount: 7_500, method: 'card', date: '2026-03-09', idempotencyKey: key() });
  await recordRefund({ clientId: jane, amount: 1_000, method: 'cash', date: '2026-03-20', idempotencyKey: key() });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

/** All Transactions' figures computed here, entry by entry, from the filter's entries. */
function computed(entries: readonly LedgerEntryDocument[]) {
  const byKind = { charge: 0, payment: 0, adjustment: 0, refund: 0 };
  let net = 0;
  for (const entry of entries) {
    net += entry.amount;
    byKind[entry.kind] += entry.kind === 'payment' || entry.kind === 'adjustment' ? -entry.amount : entry.amount;
  }
  return { count: entries.length, net, byKind };
}

describe('the reports read from the ledger totals (issue 35)', () => {
  it('All Transactions: totals for each filter equal the sums of its entries, and each page placed by month holds the entries in order', async () => {
    const totals = await getLedgerTotals(therapist.id);
    expect(totals).not.toBeNull();
    const filters: TransactionFilter[] = [
      NO_TRANSACTION_FILTER,
      { ...NO_TRANSACTION_FILTER, kind: 'payment' },
      { ...NO_TRANSACTION_FILTER, from: '2025-12-10', to: '2026-03-05' },
      { ...NO_TRANSACTION_FILTER, kind: 'charge', from: '2026-02-01', to: '2026-02-28' },
      { ...NO_TRANSACTION_FILTER, kind: 'refund', to: '2026-03-10' },
    ];
    for (const filter of filters) {
      const entries = await listAllEntries(therapist.id, transactionQueries(therapist.id, filter));
      const { totals: figures, monthCounts } = filterTotals(totals!, filter, await readCutMonths(therapist.id, filter));
      expect(figures, JSON.stringify(filter)).toEqual(computed(entries));
      const size = 7;
      for (let page = 1; (page - 1) * size < entries.length; page += 1) {
        const position = pagePosition(monthCounts, (page - 1) * size)!;
        const read = await listEntryPage(therapist.id, [...transactionQueries(therapist.id, filter), Query.lessThanEqual('date', position.through)], null, size, position.offset);
        expect(read.entries.map((entry) => entry.$id), `${JSON.stringify(filter)} page ${page}`).toEqual(entries.slice((page - 1) * size, page * size).map((entry) => entry.$id));
      }
    }
    expect(computed(await listAllEntries(therapist.id, transactionQueries(therapist.id, NO_TRANSACTION_FILTER))).count).toBe(31);
  });

  it('Income, Outstanding and the money card equal what the entries and the balances say', async () => {
    const totals = (await getLedgerTotals(therapist.id))!;
    for (const year of [2025, 2026]) {
      expect(incomeFromTotals(totals, year)).toEqual(incomeReport(await listIncomeEntries(therapist.id, `${year}-01-01`, `${year}-12-31`), year));
    }
    const balances = await listBalances(therapist.id);
    const entries = await listAllEntries(therapist.id, [Query.equal('userId', therapist.id)]);
    const owed = [...new Set(entries.map((entry) => entry.clientId))]
      .map((clientId) => entries.filter((entry) => entry.clientId === clientId).reduce((sum, entry) => sum + entry.amount, 0))
      .reduce((sum, balance) => sum + Math.max(0, balance), 0);
    expect(totals.owed).toBe(owed);
    expect(totals.credit).toBe(balances.reduce((sum, balance) => sum + balance.credit, 0));
    const report = outstandingReport(await listOwingBalances(therapist.id), '2026-04-01');
    expect(report).toEqual(outstandingReport(balances, '2026-04-01'));
    expect(report.total.balance).toBe(totals.owed);
    expect(report.total.credit).toBe(totals.credit);
    // The other practice's charge is in none of it.
    expect([...totals.months.values()].some((month) => month.charge.amount >= 99_900)).toBe(false);
  });
});
