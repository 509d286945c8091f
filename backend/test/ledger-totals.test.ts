// Issue 35: the practice's ledger totals (ledger_totals, lib/ledger-totals.js), kept by the money
// functions in the same transaction as each entry. A property test of the rules (any sequence of
// entries, voids and refunds, applied in any interleaving of clients), then contract tests through
// the SDKs: random sequences of ledger calls sent several at once leave totals equal to the
// recomputation from the stored entries; the repair recomputes a practice whose totals are missing
// or stale and says what it fixed; only the owner reads them, and nobody writes them.
import { AppwriteException, ID, Permission, Query, Role } from 'appwrite';
import fc from 'fast-check';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocate, computeBalance, refundableOf, reversalOf, type Entry } from '../functions/lib/ledger.js';
import { ALL, practiceTotals, storedFields, totalsChange, totalsDocumentId, type Fields } from '../functions/lib/ledger-totals.js';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient, createPractice, type Doc } from './support/practice-fixtures.ts';

type Stored = Entry & { userId: string; clientId: string; currency: string };

/** A step of a random ledger history: which client, what, how much, which earlier entry it names. */
type Step = { client: number; action: 'charge' | 'payment' | 'adjustment' | 'refund' | 'refundPayment' | 'void'; amount: number; pick: number; day: number };

const stepArb = fc.record({
  client: fc.integer({ min: 0, max: 2 }),
  action: fc.constantFrom('charge', 'payment', 'adjustment', 'refund', 'refundPayment', 'void'),
  amount: fc.integer({ min: 1, max: 50_000 }),
  pick: fc.nat(),
  day: fc.integer({ min: 0, max: 120 }),
}) as fc.Arbitrary<Step>;

const dayOf = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

/** The totals as a plain object, month → fields, for comparing. */
const plain = (totals: Map<string, Fields>) => Object.fromEntries([...totals].sort(([a], [b]) => a.localeCompare(b)));

describe('totalsChange (rules)', () => {
  it('adding each write’s change, clients interleaved in any order, equals recomputing from every entry', () => {
    fc.assert(fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
      let clock = 0;
      const byClient = new Map<number, Stored[]>();
      const kept = new Map<string, Fields>();
      for (const step of steps) {
        const mine = byClient.get(step.client) ?? [];
        clock += 1;
        const base = { $id: `e${clock}`, $createdAt: new Date(Date.UTC(2026, 0, 1) + clock).toISOString(), userId: 'u', clientId: `c${step.client}`, currency: 'USD', date: dayOf(step.day) };
        let added: Stored | null = null;
        if (step.action === 'charge') added = { ...base, kind: 'charge', type: 'other', amount: step.amount };
        if (step.action === 'payment' || step.action === 'adjustment') {
          added = { ...base, kind: step.action, type: 'cash', amount: -step.amount, allocations: JSON.stringify(allocate(mine, step.amount).allocations) };
        }
        if (step.action === 'refund') {
          const { credit } = computeBalance(mine);
          if (credit > 0) added = { ...base, kind: 'refund', type: 'cash', amount: Math.min(credit, step.amount) };
        }
        if (step.action === 'refundPayment') {
          const payments = mine.filter((e) => e.kind === 'payment' && !e.voidsEntryId);
          const payment = payments[step.pick % Math.max(1, payments.length)];
          const left = payment ? refundableOf(mine, payment.$id) : null;
          if (payment && left) added = { ...base, kind: 'refund', type: 'cash', amount: Math.min(left, step.amount), refundsEntryId: payment.$id };
        }
        if (step.action === 'void') {
          const voided = new Set(mine.map((e) => e.voidsEntryId).filter(Boolean));
          const open = mine.filter((e) => !e.voidsEntryId && !voided.has(e.$id));
          const target = open[step.pick % Math.max(1, open.length)];
          if (target) added = { ...base, ...reversalOf(target, 'Wrong', base.date), userId: 'u', clientId: base.clientId, currency: 'USD' };
        }
        if (!added) continue;
        const { months, balances } = totalsChange(mine, [added]);
        for (const [month, change] of [...months, [ALL, balances] as const]) {
          const fields = kept.get(month) ?? {};
          for (const [f, v] of Object.entries(change)) fields[f] = (fields[f] ?? 0) + v;
          kept.set(month, fields);
        }
        byClient.set(step.client, [...mine, added]);
      }
      const all = [...byClient.values()].flat();
      const recomputed = practiceTotals(all);
      const balanceNow = { owed: 0, credit: 0, ...kept.get(ALL) };
      expect({ ...plain(kept), [ALL]: balanceNow }).toEqual(plain(recomputed));
      // The practice-wide document is what clients owe and hold, client by client.
      const owed = [...byClient.values()].reduce((s, list) => s + Math.max(0, computeBalance(list).balance), 0);
      expect(recomputed.get(ALL)?.['owed']).toBe(owed);
    }), { numRuns: 300 });
  });
});

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;

interface Answer {
  success: boolean;
  error?: string;
  entry?: { $id: string; kind: string; amount: number; voidsEntryId?: string | null; refundsEntryId?: string | null };
  entries?: number;
  months?: number;
  fixed?: Array<{ month: string; was: Fields | null; now: Fields }>;
}

const ledger = (user: SignedInUser, body: Record<string, unknown>) => execute<Answer>(user.functions, 'ledger', body);

async function everything(collectionId: string, userId: string): Promise<server.Models.DefaultDocument[]> {
  const all: server.Models.DefaultDocument[] = [];
  let cursor = '';
  for (;;) {
    const page = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.equal('userId', userId), Query.limit(500), ...(cursor ? [Query.cursorAfter(cursor)] : [])] });
    all.push(...page.documents);
    if (page.documents.length < 500) return all;
    cursor = page.documents.at(-1)!.$id;
  }
}

/** The stored totals, month → fields, for the practice. */
async function storedTotals(userId: string): Promise<Record<string, Fields>> {
  const docs = await everything('ledger_totals', userId);
  return Object.fromEntries(docs.map((d) => [String(d['month']), storedFields(d)]).sort(([x], [y]) => String(x).localeCompare(String(y))));
}

/** The totals recomputed from every stored entry of the practice. */
async function recomputed(userId: string): Promise<Record<string, Fields>> {
  return plain(practiceTotals((await everything('ledger_entries', userId)) as unknown as Stored[]));
}

beforeAll(async () => {
  aw = await startAppwrite();
  a = await signedInUser(aw, 'totals-a');
  b = await signedInUser(aw, 'totals-b');
  await createPractice(a);
  await createPractice(b, { practiceName: 'Other Practice' });
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

describe('ledger_totals through the ledger function', () => {
  it('after random sequences of entries, voids and refunds sent several at once, the totals equal the recomputation from the entries', async () => {
    const clients = await Promise.all([0, 1, 2].map(() => createClient(a)));
    const made: Answer['entry'][] = [];
    await fc.assert(fc.asyncProperty(fc.array(fc.array(stepArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), async (rounds) => {
      for (const round of rounds) {
        // One round's calls at once: different clients' writes race for the same month documents.
        const answers = await Promise.all(round.map((step) => {
          const clientId = clients[step.client]!.$id;
          const date = dayOf(step.day);
          const idempotencyKey = crypto.randomUUID();
          const mine = made.filter((e) => e && (e as { clientId?: string }).clientId === clientId);
          const payments = mine.filter((e) => e!.kind === 'payment' && !e!.voidsEntryId);
          switch (step.action) {
            case 'charge': return ledger(a, { action: 'charge', clientId, amount: step.amount, date, memo: 'Workbook', idempotencyKey });
            case 'payment': return ledger(a, { action: 'payment', clientId, amount: step.amount, method: 'card', date, idempotencyKey });
            case 'adjustment': return ledger(a, { action: 'adjustment', clientId, amount: step.amount, type: 'discount', reason: 'Sliding scale', date, idempotencyKey });
            case 'refund': return ledger(a, { action: 'refund', clientId, amount: Math.min(step.amount, 500), method: 'cash', date, idempotencyKey });
            case 'refundPayment': {
              const payment = payments[step.pick % Math.max(1, payments.length)];
              return ledger(a, payment ? { action: 'refund', clientId, paymentId: payment.$id, amount: Math.min(step.amount, 300), date, idempotencyKey } : { action: 'charge', clientId, amount: step.amount, date, memo: 'x', idempotencyKey });
            }
            case 'void': {
              const open = mine.filter((e) => !e!.voidsEntryId);
              const target = open[step.pick % Math.max(1, open.length)];
              return ledger(a, target ? { action: 'void', entryId: target.$id, reason: 'Wrong' } : { action: 'payment', clientId, amount: step.amount, method: 'cash', date, idempotencyKey });
            }
          }
        }));
        for (const answer of answers) {
          // A refund over the credit or the payment, or a void of something refunded, is refused plainly.
          expect([200, 201, 409], answer.raw).toContain(answer.status);
          if (answer.body.entry) made.push({ ...answer.body.entry, clientId: (answer.body.entry as { clientId?: string }).clientId } as Answer['entry']);
        }
      }
      expect(await storedTotals(a.id)).toEqual(await recomputed(a.id));
    }), { numRuns: 4 });
    // Every entry was counted: the months' counts add up to the entries stored.
    const totals = await storedTotals(a.id);
    const counted = Object.entries(totals).filter(([m]) => m !== ALL).reduce((s, [, f]) => s + f['chargeCount']! + f['paymentCount']! + f['adjustmentCount']! + f['refundCount']!, 0);
    expect(counted).toBe((await everything('ledger_entries', a.id)).length);
  }, 240_000);

  it('the repair recomputes missing and stale totals, says what it fixed, and then finds nothing to fix; writes meanwhile are counted', async () => {
    const client = await createClient(b);
    for (const [amount, date] of [[12000, '2026-03-02'], [12000, '2026-04-06']] as const) {
      expect((await ledger(b, { action: 'charge', clientId: client.$id, amount, date, memo: 'Session', idempotencyKey: crypto.randomUUID() })).status).toBe(201);
    }
    expect((await ledger(b, { action: 'payment', clientId: client.$id, amount: 5000, method: 'cash', date: '2026-04-07', idempotencyKey: crypto.randomUUID() })).status).toBe(201);
    const right = await recomputed(b.id);
    expect(await storedTotals(b.id)).toEqual(right);
    expect(Object.keys(right)).toEqual(['2026-03', '2026-04', ALL]);
    expect(right[ALL]).toEqual({ owed: 19000, credit: 0 });

    // Stale: March's charges lost; missing: April's document and the practice-wide one.
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'ledger_totals', documentId: totalsDocumentId(b.id, '2026-03'), data: { chargeAmount: 1 } });
    await aw.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'ledger_totals', documentId: totalsDocumentId(b.id, '2026-04') });
    await aw.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'ledger_totals', documentId: totalsDocumentId(b.id, ALL) });
    // Without the practice-wide document a write keeps no totals (the practice's are not trusted).
    expect((await ledger(b, { action: 'charge', clientId: client.$id, amount: 3000, date: '2026-05-04', memo: 'Workbook', idempotencyKey: crypto.randomUUID() })).status).toBe(201);
    expect(Object.keys(await storedTotals(b.id))).toEqual(['2026-03']);

    const repaired = await ledger(b, { action: 'repair' });
    expect(repaired.status, repaired.raw).toBe(200);
    expect(repaired.body).toMatchObject({ success: true, entries: 4, months: 3 });
    expect(repaired.body.fixed).toEqual([
      { month: '2026-03', was: expect.objectContaining({ chargeAmount: 1, chargeCount: 1 }), now: expect.objectContaining({ chargeAmount: 12000, chargeCount: 1 }) },
      { month: '2026-04', was: null, now: expect.objectContaining({ chargeAmount: 12000, paymentAmount: -5000, paymentCount: 1 }) },
      { month: '2026-05', was: null, now: expect.objectContaining({ chargeAmount: 3000, chargeCount: 1 }) },
      { month: ALL, was: null, now: { owed: 22000, credit: 0 } },
    ]);
    expect(await storedTotals(b.id)).toEqual(await recomputed(b.id));

    // Repaired, writes keep them again; a repair alongside writes leaves them right too.
    const [again] = await Promise.all([
      ledger(b, { action: 'repair' }),
      ...[1, 2, 3].map((i) => ledger(b, { action: 'payment', clientId: client.$id, amount: 1000 * i, method: 'cash', date: '2026-05-05', idempotencyKey: crypto.randomUUID() })),
    ]);
    expect(again.status, again.raw).toBe(200);
    expect(await storedTotals(b.id)).toEqual(await recomputed(b.id));
    expect((await ledger(b, { action: 'repair' })).body.fixed).toEqual([]);
    // Another therapist's repair touches only their own totals.
    expect((await ledger(a, { action: 'repair' })).body.fixed).toEqual([]);
    expect(await storedTotals(b.id)).toEqual(await recomputed(b.id));
  }, 120_000);

  it('only the owner reads them; nobody writes them through the SDK, the owner included', async () => {
    const ref = { databaseId: DATABASE_ID, collectionId: 'ledger_totals', documentId: totalsDocumentId(b.id, ALL) };
    const own = await b.databases.getDocument(ref);
    expect(own.$permissions).toEqual([Permission.read(Role.user(b.id))]);
    expect((await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'ledger_totals', queries: [Query.equal('userId', b.id)] })).total).toBeGreaterThan(1);
    const refused = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof AppwriteException || e instanceof server.AppwriteException ? e.code : e));
    expect(await refused(b.databases.updateDocument<Doc>({ ...ref, data: { owed: 0 } }))).toBe(401);
    expect(await refused(b.databases.deleteDocument(ref))).toBe(401);
    expect(await refused(b.databases.createDocument<Doc>({ databaseId: DATABASE_ID, collectionId: 'ledger_totals', documentId: ID.unique(), data: { userId: b.id, month: '2030-01', chargeAmount: 5 } }))).toBe(401);
    expect(await refused(a.databases.getDocument(ref))).toBe(404);
    expect((await a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'ledger_totals', queries: [Query.equal('userId', b.id)] })).total).toBe(0);
  });
});
