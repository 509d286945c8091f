// Issue 16, the ledger's pure rules (backend/functions/lib/ledger.js): unit and property tests.
// Sequences of charges, payments, adjustments, refunds and voids are built with the same rules the
// functions use (allocate, reversalOf, attendanceDecision) and checked against sums computed here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeEntries, allocate, attendanceDecision, byAge, computeBalance, ledgerEntryId, parseAllocations, refundableOf, reversalOf, wantedAttendanceCharge, type Entry,
} from '../functions/lib/ledger.js';

type Stored = Entry & { userId: string; clientId: string; currency: string; reason?: string | null };

const USER = 'u1';
let clock = 0;
function entry(data: Partial<Stored> & Pick<Stored, 'kind' | 'amount'>, id?: string): Stored {
  clock += 1;
  return {
    $id: id ?? `e${clock}`, $createdAt: new Date(Date.UTC(2026, 0, 1) + clock * 1000).toISOString(), userId: USER, clientId: 'c1', currency: 'USD',
    type: 'other', date: '2026-01-01', ...data,
  };
}

const sum = (entries: readonly Entry[]) => entries.reduce((s, e) => s + e.amount, 0);

describe('ledgerEntryId', () => {
  it("is 'l' + 35 hex of SHA-256(userId:key): the same key gives the same id, another user or key another", () => {
    const id = ledgerEntryId('user-1', 'k-1');
    expect(id).toMatch(/^l[0-9a-f]{35}$/);
    expect(id).toHaveLength(36);
    expect(ledgerEntryId('user-1', 'k-1')).toBe(id);
    expect(ledgerEntryId('user-2', 'k-1')).not.toBe(id);
    expect(ledgerEntryId('user-1', 'k-2')).not.toBe(id);
    // `printf 'user-1:k-1' | sha256sum`, first 35 hex digits
    expect(id).toBe('l9c5c3531e6b7077eadf1af578e7af23f4cb');
  });
});

describe('computeBalance (examples)', () => {
  it('charges, a payment to the oldest, an overpayment as credit, a void', () => {
    const c1 = entry({ kind: 'charge', type: 'session_fee', amount: 12000, date: '2026-01-05' });
    const c2 = entry({ kind: 'charge', type: 'session_fee', amount: 12000, date: '2026-01-12' });
    expect(computeBalance([c1, c2])).toEqual({ balance: 24000, credit: 0, openCharges: [{ entryId: c1.$id, date: '2026-01-05', open: 12000 }, { entryId: c2.$id, date: '2026-01-12', open: 12000 }] });
    const { allocations } = allocate([c1, c2], 15000);
    expect(allocations).toEqual([{ entryId: c1.$id, amount: 12000 }, { entryId: c2.$id, amount: 3000 }]);
    const p = entry({ kind: 'payment', type: 'cash', amount: -15000, allocations: JSON.stringify(allocations) });
    expect(computeBalance([c1, c2, p])).toEqual({ balance: 9000, credit: 0, openCharges: [{ entryId: c2.$id, date: '2026-01-12', open: 9000 }] });
    const over = entry({ kind: 'payment', type: 'card', amount: -20000, allocations: JSON.stringify(allocate([c1, c2, p], 20000).allocations) });
    expect(computeBalance([c1, c2, p, over])).toEqual({ balance: -11000, credit: 11000, openCharges: [] });
    // Voiding the first payment frees its allocations: the second one's credit covers them, oldest first.
    const v = entry({ ...reversalOf(p, 'Wrong amount', '2026-01-20'), kind: 'payment', amount: 15000 } as Stored);
    expect(computeBalance([c1, c2, p, over, v])).toEqual({
      balance: 4000, credit: 0, openCharges: [{ entryId: c1.$id, date: '2026-01-05', open: 1000 }, { entryId: c2.$id, date: '2026-01-12', open: 3000 }],
    });
  });

  it('a refund lowers the credit; voiding the refunded payment leaves the refund owed in the balance', () => {
    const p = entry({ kind: 'payment', type: 'cash', amount: -5000, allocations: '[]' });
    const r = entry({ kind: 'refund', type: 'cash', amount: 3000 });
    expect(computeBalance([p, r])).toEqual({ balance: -2000, credit: 2000, openCharges: [] });
    const v = entry({ ...reversalOf(p, 'Bounced', '2026-01-03') } as Stored);
    expect(computeBalance([p, r, v])).toEqual({ balance: 3000, credit: 0, openCharges: [] });
  });

  it('a refund of a payment takes its credit part first, then reopens what it paid, last charge first; never more than is left of it', () => {
    const c1 = entry({ kind: 'charge', amount: 10000, date: '2026-03-01' });
    const c2 = entry({ kind: 'charge', amount: 4000, date: '2026-03-02' });
    const p = entry({ kind: 'payment', type: 'card', amount: -16000, allocations: JSON.stringify(allocate([c1, c2], 16000).allocations) });
    expect(computeBalance([c1, c2, p])).toEqual({ balance: -2000, credit: 2000, openCharges: [] });
    expect(refundableOf([c1, c2, p], p.$id)).toBe(16000);
    const r1 = entry({ kind: 'refund', type: 'card', amount: 5000, refundsEntryId: p.$id });
    // 2,000 of credit, then 3,000 of c2 (paid last) owed again; c1 stays paid.
    expect(computeBalance([c1, c2, p, r1])).toEqual({ balance: 3000, credit: 0, openCharges: [{ entryId: c2.$id, date: '2026-03-02', open: 3000 }] });
    expect(refundableOf([c1, c2, p, r1], p.$id)).toBe(11000);
    const r2 = entry({ kind: 'refund', type: 'cash', amount: 11000, refundsEntryId: p.$id });
    expect(computeBalance([c1, c2, p, r1, r2])).toEqual({
      balance: 14000, credit: 0, openCharges: [{ entryId: c1.$id, date: '2026-03-01', open: 10000 }, { entryId: c2.$id, date: '2026-03-02', open: 4000 }],
    });
    expect(refundableOf([c1, c2, p, r1, r2], p.$id)).toBe(0);
    // Voiding a refund gives the payment back its part; a voided payment, a charge or an unknown id is not refundable.
    const v = entry({ ...reversalOf(r2, 'Wrong payment', '2026-03-05') } as Stored);
    expect(v).toMatchObject({ kind: 'refund', amount: -11000, refundsEntryId: p.$id, voidsEntryId: r2.$id });
    expect(refundableOf([c1, c2, p, r1, r2, v], p.$id)).toBe(11000);
    expect(computeBalance([c1, c2, p, r1, r2, v]).balance).toBe(3000);
    expect(refundableOf([c1, c2, p], c1.$id)).toBeNull();
    expect(refundableOf([c1, c2, p], 'nope')).toBeNull();
    const pv = entry({ ...reversalOf(p, 'Bounced', '2026-03-06') } as Stored);
    expect(refundableOf([c1, c2, p, pv], p.$id)).toBeNull();
  });

  it('allocations to a voided charge are credit again; allocation to a chosen invoice’s charges only', () => {
    const c1 = entry({ kind: 'charge', amount: 5000, date: '2026-02-01' });
    const c2 = entry({ kind: 'charge', amount: 7000, date: '2026-02-02' });
    expect(allocate([c1, c2], 6000, new Set([c2.$id]))).toEqual({ allocations: [{ entryId: c2.$id, amount: 6000 }], unallocated: 0 });
    expect(allocate([c1, c2], 9000, new Set([c2.$id]))).toEqual({ allocations: [{ entryId: c2.$id, amount: 7000 }], unallocated: 2000 });
    const p = entry({ kind: 'payment', amount: -5000, allocations: JSON.stringify([{ entryId: c1.$id, amount: 5000 }]) });
    const v = entry({ ...reversalOf(c1, 'Entered twice', '2026-02-03') } as Stored);
    expect(computeBalance([c1, c2, p, v])).toEqual({ balance: 2000, credit: 0, openCharges: [{ entryId: c2.$id, date: '2026-02-02', open: 2000 }] });
  });

  it('reads malformed allocations as none', () => {
    expect(parseAllocations('not json')).toEqual([]);
    expect(parseAllocations('[{"entryId":"x","amount":-1},{"entryId":"y","amount":2.5},{"entryId":"z","amount":3}]')).toEqual([{ entryId: 'z', amount: 3 }]);
  });
});

// ---- property tests ----

type Op =
  | { op: 'charge'; amount: number; day: number }
  | { op: 'payment'; amount: number; day: number; toInvoice: boolean }
  | { op: 'adjustment'; amount: number; day: number }
  | { op: 'refund'; fraction: number; day: number }
  | { op: 'void'; pick: number; day: number };

const day = fc.integer({ min: 1, max: 28 });
const amount = fc.integer({ min: 1, max: 50_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('charge' as const), amount, day }),
  fc.record({ op: fc.constant('payment' as const), amount, day, toInvoice: fc.boolean() }),
  fc.record({ op: fc.constant('adjustment' as const), amount, day }),
  fc.record({ op: fc.constant('refund' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }), day }),
  fc.record({ op: fc.constant('void' as const), pick: fc.nat(), day }),
);

/** Applies operations as the ledger function does; refunds never exceed the credit, voids only active entries. */
function play(ops: readonly Op[]): Stored[] {
  const entries: Stored[] = [];
  for (const o of ops) {
    const date = `2026-03-${String(o.day).padStart(2, '0')}`;
    if (o.op === 'charge') entries.push(entry({ kind: 'charge', type: 'other', amount: o.amount, date }));
    if (o.op === 'payment' || o.op === 'adjustment') {
      const charges = activeEntries(entries).filter((e) => e.kind === 'charge');
      const only = o.op === 'payment' && o.toInvoice && charges.length ? new Set(charges.filter((_, i) => i % 2 === 0).map((e) => e.$id)) : null;
      const { allocations } = allocate(entries, o.amount, only);
      entries.push(entry({ kind: o.op, type: o.op === 'payment' ? 'cash' : 'discount', amount: -o.amount, date, allocations: JSON.stringify(allocations) }));
    }
    if (o.op === 'refund') {
      const { credit } = computeBalance(entries);
      const refund = Math.floor(credit * o.fraction);
      if (refund > 0) entries.push(entry({ kind: 'refund', type: 'cash', amount: refund, date }));
    }
    if (o.op === 'void') {
      const candidates = activeEntries(entries);
      const target = candidates[o.pick % Math.max(1, candidates.length)];
      if (target) entries.push(entry(reversalOf(target, 'Mistake', date) as Stored));
    }
  }
  return entries;
}

/** What the client owes beyond their open charges: refunds left uncovered after a voided payment. */
function owedRefunds(entries: readonly Stored[]) {
  const { balance, credit, openCharges } = computeBalance(entries);
  return balance - (openCharges.reduce((s, c) => s + c.open, 0) - credit);
}

describe('computeBalance (properties)', () => {
  it('balance = Σ amount for any sequence of charges, payments, adjustments, refunds and voids', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
      const entries = play(ops);
      const { balance, credit, openCharges } = computeBalance(entries);
      expect(balance).toBe(sum(entries));
      expect(credit).toBeGreaterThanOrEqual(0);
      // Credit and open charges never stand side by side: the credit pays the oldest first.
      expect(credit === 0 || openCharges.length === 0).toBe(true);
      for (const c of openCharges) expect(c.open).toBeGreaterThan(0);
      expect(owedRefunds(entries)).toBeGreaterThanOrEqual(0);
      // A void cancels its entry: Σ over active entries is the same balance.
      expect(sum(activeEntries(entries))).toBe(balance);
    }), { numRuns: 300 });
  });

  it('cache equals recomputation: the balance does not depend on the order the entries are read in', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), fc.nat(), (ops, seed) => {
      const entries = play(ops);
      const shuffled = [...entries].sort((a, b) => ((a.$id.charCodeAt(a.$id.length - 1) * 31 + seed) % 17) - ((b.$id.charCodeAt(b.$id.length - 1) * 31 + seed) % 17));
      expect(computeBalance(shuffled)).toEqual(computeBalance(entries));
      expect(JSON.parse(JSON.stringify(computeBalance(entries)))).toEqual(computeBalance(entries));
    }), { numRuns: 200 });
  });

  it('allocation goes to the oldest open charges first, and a charge gets nothing while an older one is open', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), amount, (ops, pay) => {
      const entries = play(ops);
      const { allocations, unallocated } = allocate(entries, pay);
      expect(allocations.reduce((s, a) => s + a.amount, 0) + unallocated).toBe(pay);
      const before = computeBalance(entries);
      const open = activeEntries(entries).filter((e) => e.kind === 'charge').sort(byAge);
      const allocatedIds = allocations.map((a) => a.entryId);
      // The allocated charges are in age order, and each one before the last is paid in full by it.
      expect(allocatedIds).toEqual(open.map((e) => e.$id).filter((id) => allocatedIds.includes(id)));
      const p = entry({ kind: 'payment', amount: -pay, allocations: JSON.stringify(allocations), date: '2026-03-28' });
      const after = computeBalance([...entries, p]);
      expect(after.balance).toBe(before.balance - pay);
      if (unallocated > 0) expect(allocate([...entries, p], 1).allocations).toEqual([]);
    }), { numRuns: 200 });
  });
});

describe('attendanceDecision (status changes)', () => {
  const idOf = (key: string) => ledgerEntryId(USER, key);
  type State = { status: string; feeAmount: number | null; feeWaived: boolean; noChargeAt?: string | null; statusHistory: string[] };

  /** Runs the decision the way attendance-charges does, writing what it says; returns what it wrote. */
  function reconcile(appointment: State & { $id: string }, entries: Stored[]) {
    const decision = attendanceDecision(appointment, entries, idOf);
    const written: Stored[] = [];
    for (const r of decision.reverse) written.push(entry({ ...(reversalOf(r, `Attendance changed to ${appointment.status}`, '2026-04-01') as Stored) }, idOf(`void:${r.$id}`)));
    if (decision.charge) {
      const id = idOf(decision.charge.key);
      expect(entries.some((e) => e.$id === id)).toBe(false);
      written.push(entry({ kind: 'charge', type: decision.charge.type, amount: decision.charge.amount, appointmentId: appointment.$id, date: '2026-04-01' }, id));
    }
    entries.push(...written);
    return written;
  }

  it('show → no_show reverses the session fee and charges the no-show fee; run again: nothing', () => {
    const appt = { $id: 'a1', status: 'show', feeAmount: 12000, feeWaived: false, statusHistory: ['s', 'show'] };
    const entries: Stored[] = [];
    expect(reconcile(appt, entries).map((e) => [e.type, e.amount])).toEqual([['session_fee', 12000]]);
    expect(reconcile(appt, entries)).toEqual([]);
    const noShow = { ...appt, status: 'no_show', feeAmount: 6000, statusHistory: [...appt.statusHistory, 'no_show'] };
    const written = reconcile(noShow, entries);
    expect(written.map((e) => [e.type, e.amount, e.voidsEntryId ?? null])).toEqual([['session_fee', -12000, entries[0]!.$id], ['no_show_fee', 6000, null]]);
    expect(reconcile(noShow, entries)).toEqual([]);
    expect(sum(entries)).toBe(6000);
  });

  it('two standing attendance charges (a ledger read as it is): all but the wanted one are reversed', () => {
    const appt = { $id: 'a3', status: 'show', feeAmount: 12000, feeWaived: false, statusHistory: ['s', 'show'] };
    const entries: Stored[] = [
      entry({ kind: 'charge', type: 'session_fee', amount: 12000, appointmentId: 'a3' }),
      entry({ kind: 'charge', type: 'no_show_fee', amount: 6000, appointmentId: 'a3' }),
      entry({ kind: 'charge', type: 'session_fee', amount: 12000, appointmentId: 'a3' }),
    ];
    expect(reconcile(appt, entries).map((e) => [e.type, e.amount])).toEqual([['session_fee', -12000], ['no_show_fee', -6000]]);
    expect(reconcile(appt, entries)).toEqual([]);
    expect(sum(entries)).toBe(12000);
  });

  it('a waiver reverses without a new charge; undoing it charges again under a new id', () => {
    const appt = { $id: 'a2', status: 'late_cancelled', feeAmount: 5000, feeWaived: false, statusHistory: ['s', 'lc'] };
    const entries: Stored[] = [];
    reconcile(appt, entries);
    expect(reconcile({ ...appt, feeWaived: true }, entries).map((e) => e.amount)).toEqual([-5000]);
    expect(reconcile({ ...appt, feeWaived: false }, entries).map((e) => e.amount)).toEqual([5000]);
    expect(new Set(entries.map((e) => e.$id)).size).toBe(entries.length);
    expect(sum(entries)).toBe(5000);
  });

  it('for any sequence of attendance states, the active charges are exactly the last state’s wanted charge, and re-running changes nothing', () => {
    const stateArb = fc.record({
      status: fc.constantFrom('scheduled', 'show', 'cancelled', 'late_cancelled', 'no_show', 'clinician_cancelled'),
      feeAmount: fc.option(fc.constantFrom(0, 5000, 6000, 12000), { nil: null }),
      feeWaived: fc.boolean(),
      noCharge: fc.boolean(),
      newStatus: fc.boolean(),
    });
    fc.assert(fc.property(fc.array(stateArb, { minLength: 1, maxLength: 25 }), (states) => {
      const entries: Stored[] = [];
      const history: string[] = [];
      let appt: State & { $id: string } = { $id: 'ap', status: 'scheduled', feeAmount: null, feeWaived: false, statusHistory: [] };
      for (const s of states) {
        if (s.newStatus || s.status !== appt.status) history.push(s.status);
        appt = { $id: 'ap', status: s.status, feeAmount: s.feeAmount, feeWaived: s.feeWaived, noChargeAt: s.noCharge ? '2026-10-01T10:00:00.000Z' : null, statusHistory: [...history] };
        reconcile(appt, entries);
      }
      expect(reconcile(appt, entries)).toEqual([]);
      const wanted = wantedAttendanceCharge(appt);
      const active = activeEntries(entries);
      expect(active.map((e) => [e.type, e.amount])).toEqual(wanted ? [[wanted.type, wanted.amount]] : []);
      expect(sum(entries)).toBe(wanted?.amount ?? 0);
      expect(new Set(entries.map((e) => e.$id)).size).toBe(entries.length);
      if (appt.status === 'show' && appt.noChargeAt) expect(active).toEqual([]);
    }), { numRuns: 300 });
  });

  it('"No charge" (issue 29) stops an attended session\'s charge only: a no-show keeps its fee', () => {
    const decided = { noChargeAt: '2026-10-01T10:00:00.000Z' };
    expect(wantedAttendanceCharge({ status: 'show', feeAmount: 12000, ...decided })).toBeNull();
    expect(wantedAttendanceCharge({ status: 'show', feeAmount: 12000, noChargeAt: null })).toEqual({ type: 'session_fee', amount: 12000 });
    expect(wantedAttendanceCharge({ status: 'no_show', feeAmount: 6000, ...decided })).toEqual({ type: 'no_show_fee', amount: 6000 });
  });
});
