// The nightly AutoPay run (issue 33; the `autopay-nightly` function every 30 minutes, and the bench).
// For each practice with clients on AutoPay, in the practice's own zone: between midnight and 2 am it
// charges each enrolled client's due balance off-session on the practice's connected account; from
// 6 pm it leaves the therapist an in-app summary of tonight's charges (counts and a total).
// Never twice for one balance: each attempt is a document whose id names the balance (lib/autopay.js
// attemptId), created before Stripe is called, and Stripe's idempotency key is derived from it — a run
// that dies after Stripe charged and before the answer was stored is finished by the next run with
// the same key, which gets Stripe's stored PaymentIntent back. Clients go in chunks (one read of their
// enrollments, one write of their new attempts before Stripe is called, Stripe called a few at a time,
// one write of the answers), so 2,000 clients take a few hundred requests. Payment entries still come only from
// the Connect webhook (one per PaymentIntent); a charge whose entry is not in yet holds the client's
// next charge back.
import { Permission, Query, Role } from 'node-appwrite';
import {
  attemptId, AUTOPAY_MESSAGES, authenticationEmail, declineReason, delayOf, dueCharges, enrollmentId, inRunWindow, isCardError, localClock,
  MAX_ATTEMPTS, MIN_AUTOPAY, nextStep, openChargesOf, RETRY_AFTER_MS, stripeKey, SUMMARY_HOUR, summaryNotification,
} from './autopay.js';
import { ledgerEntryId } from './ledger.js';
import { money } from './money-format.js';
import { addDays, currencyOf, isConflict, isNotFound, practiceOf, zoneOf } from './money-store.js';
import { connectedAccount, paymentDescription, paymentKey } from './online-payments.js';
import { ownedBy } from './owned-by.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {{ to: string, fromName: string, subject: string, text: string }} Mail
 * @typedef {{ databases: Databases, c: Collections, stripe: StripeClient, now: Date, log: (m: string) => void,
 *   send: ((mail: Mail) => Promise<void>) | null, origin: string | null, concurrency?: number }} RunContext
 * @typedef {{ practices: number, enrolled: number, charged: number, amount: number, failed: number, actionRequired: number,
 *   skipped: Record<string, number>, summaries: number, errors: number }} RunReport
 */

const PAGE = 100;

/**
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string[]} queries
 * @returns {Promise<Doc[]>}
 */
async function everyPage(databases, databaseId, collectionId, queries) {
  /** @type {Doc[]} */
  const all = [];
  let cursor = '';
  for (;;) {
    const page = await databases.listDocuments({ databaseId, collectionId, queries: [...queries, Query.limit(1000), ...(cursor ? [Query.cursorAfter(cursor)] : [])] });
    all.push(...page.documents);
    if (page.documents.length < 1000) return all;
    cursor = page.documents[page.documents.length - 1]?.$id ?? '';
  }
}

/**
 * Documents of a collection by a field's values, in chunks the query allows.
 * @param {RunContext} ctx
 * @param {string} collectionId
 * @param {string} practiceId
 * @param {string} field
 * @param {string[]} values
 */
async function byValues(ctx, collectionId, practiceId, field, values) {
  /** @type {Doc[]} */
  const all = [];
  for (let i = 0; i < values.length; i += PAGE) {
    const chunk = values.slice(i, i + PAGE);
    const page = await ctx.databases.listDocuments({ databaseId: ctx.c.databaseId, collectionId, queries: [Query.equal('userId', practiceId), Query.equal(field, chunk), Query.limit(chunk.length)] });
    all.push(...page.documents);
  }
  return all;
}

/**
 * @template T
 * @param {readonly T[]} items
 * @param {number} width
 * @param {(item: T) => Promise<void>} work
 */
async function pool(items, width, work) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, async () => {
    while (next < items.length) {
      const item = /** @type {T} */ (items[next++]);
      await work(item);
    }
  }));
}

/**
 * What each enrolled client owes the run: due charges, amount and the attempt's id — or why not.
 * @param {{ enrollment: Doc, client: Doc | undefined, balance: Doc | undefined, practiceId: string, runDate: string, delay: number }} p
 * @returns {{ skip: string } | { skip: null, id: string, amount: number, chargeIds: string[] }}
 */
export function planFor({ enrollment, client, balance, practiceId, runDate, delay }) {
  if (enrollment['attentionReason']) return { skip: 'left to the therapist' };
  if (!enrollment['paymentMethodId'] || !enrollment['customerId']) return { skip: 'no card' };
  if (!client || !ownedBy(client, practiceId)) return { skip: 'no client' };
  if (client['selfPay'] === false && enrollment['allowInsurance'] !== true) return { skip: 'insurance' };
  if (!balance) return { skip: 'nothing due' };
  const due = dueCharges(openChargesOf(balance['openCharges']), runDate, delay);
  const amount = Math.min(due.reduce((s, o) => s + o.open, 0), Number(balance['balance'] ?? 0));
  if (amount < MIN_AUTOPAY) return { skip: 'nothing due' };
  return { skip: null, id: attemptId(practiceId, String(client.$id), due), amount, chargeIds: due.map((o) => o.entryId) };
}

/** Attempts are read back this far: far beyond a retry's 3 days (an older one is still found by its id). */
const HISTORY_MS = 35 * 86_400_000;

/**
 * @typedef {{ byId: Map<string, Doc>, latest: Map<string, Doc>, recorded: Set<string> }} Attempts
 */

/**
 * The practice's recent attempts, read once per run: by id, each client's latest, and which
 * succeeded charges already have their ledger entry.
 * @param {RunContext} ctx
 * @param {string} practiceId
 * @returns {Promise<Attempts>}
 */
async function attemptsOf(ctx, practiceId) {
  const since = new Date(ctx.now.getTime() - HISTORY_MS).toISOString();
  const docs = await everyPage(ctx.databases, ctx.c.databaseId, ctx.c.autopayCharges, [Query.equal('userId', practiceId), Query.greaterThan('attemptedAt', since)]);
  /** @type {Map<string, Doc>} */
  const latest = new Map();
  for (const d of docs) {
    const before = latest.get(String(d['clientId']));
    if (!before || String(d['attemptedAt']) > String(before['attemptedAt'])) latest.set(String(d['clientId']), d);
  }
  const entryIds = [...latest.values()].filter((d) => d['status'] === 'succeeded' && typeof d['paymentIntentId'] === 'string')
    .map((d) => ledgerEntryId(practiceId, paymentKey(String(d['paymentIntentId']))));
  const recorded = new Set((await byValues(ctx, ctx.c.ledgerEntries, practiceId, '$id', entryIds)).filter((d) => ownedBy(d, practiceId)).map((d) => d.$id));
  return { byId: new Map(docs.map((d) => [d.$id, d])), latest, recorded };
}

/**
 * What this run does about a client's balance (the attempt `id`): skip it, or which attempt to make.
 * Held back: a charge whose payment entry is not in the ledger yet, or a failure waiting for its retry.
 * @param {RunContext} ctx
 * @param {Attempts} attempts
 * @param {string} practiceId
 * @param {string} clientId
 * @param {string} id
 * @returns {{ skip: string } | { skip: null, stored: Doc | null, carried: number, step: { go: true, attempt: number, fresh: boolean } }}
 */
function stepFor(ctx, attempts, practiceId, clientId, id) {
  const latest = attempts.latest.get(clientId) ?? null;
  if (latest?.['status'] === 'succeeded' && typeof latest['paymentIntentId'] === 'string'
    && !attempts.recorded.has(ledgerEntryId(practiceId, paymentKey(latest['paymentIntentId'])))) return { skip: 'payment processing' };
  if (latest?.['status'] === 'failed' && Number(latest['attempt']) < MAX_ATTEMPTS && typeof latest['retryAfter'] === 'string' && Date.parse(latest['retryAfter']) > ctx.now.getTime()) {
    return { skip: 'waiting to retry' };
  }
  const stored = attempts.byId.get(id) ?? null;
  // A new balance after a failed first attempt whose retry is due: this is that retry.
  const carried = !stored && latest?.['status'] === 'failed' && Number(latest['attempt']) < MAX_ATTEMPTS ? Number(latest['attempt']) : 0;
  const step = nextStep(stored, ctx.now);
  if (!step.go) return { skip: `already ${String(stored?.['status'])}` };
  return { skip: null, stored, carried, step };
}

/**
 * @param {RunContext} ctx
 * @param {string} id
 */
async function attemptById(ctx, id) {
  return ctx.databases.getDocument({ databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayCharges, documentId: id }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
}

/**
 * @param {RunContext} ctx
 * @param {string} id
 * @param {Record<string, unknown>} data
 */
const updateAttempt = (ctx, id, data) => ctx.databases.updateDocument({ databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayCharges, documentId: id, data });

/**
 * @typedef {{ enrollment: Doc, client: Doc, plan: { id: string, amount: number, chargeIds: string[] } }} DueItem
 * @typedef {DueItem & { stored: Doc | null, carried: number, step: { go: true, attempt: number, fresh: boolean } }} GoItem
 * @typedef {{ practice: Doc, practiceId: string, account: string, attempts: Attempts, report: RunReport }} ChunkRun
 */

/** Clients charged per chunk: one read of their enrollments, one write of their new attempts, one of their successes. */
const CHUNK = 50;

/**
 * An attempt's first document (status pending), as stored before Stripe is called.
 * @param {ChunkRun} run
 * @param {GoItem} g
 * @param {string} attemptedAt
 */
function attemptData({ practice, practiceId }, g, attemptedAt) {
  return {
    userId: practiceId, clientId: g.client.$id, amount: g.plan.amount, currency: currencyOf(practice), chargeIds: JSON.stringify(g.plan.chargeIds),
    attempt: g.carried + 1, status: 'pending', attemptedAt,
  };
}

/**
 * Stores one new attempt; when another run stored it a moment ago, follows what that run stored.
 * @param {RunContext} ctx
 * @param {ChunkRun} run
 * @param {GoItem} g
 * @param {string} attemptedAt
 * @returns {Promise<GoItem['step'] | null>} null: nothing to do
 */
async function storeAttempt(ctx, run, g, attemptedAt) {
  try {
    await ctx.databases.createDocument({
      databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayCharges, documentId: g.plan.id, data: attemptData(run, g, attemptedAt), permissions: [Permission.read(Role.user(run.practiceId))],
    });
    return { go: true, attempt: g.carried + 1, fresh: true };
  } catch (e) {
    if (!isConflict(e)) throw e;
    const other = nextStep(await attemptById(ctx, g.plan.id), ctx.now);
    return other.go ? other : null;
  }
}

/**
 * What a declined card or one that needs authentication leaves: the attempt's reason, a retry in
 * 3 days or the therapist's attention, or an email with a portal link.
 * @param {RunContext} ctx
 * @param {ChunkRun} run
 * @param {GoItem} g
 * @param {unknown} e a card error
 */
async function recordDecline(ctx, { practice, report }, g, e) {
  const err = /** @type {{ code?: string, raw?: { payment_intent?: { id?: string } } }} */ (e);
  const reason = declineReason(e);
  const paymentIntentId = err.raw?.payment_intent?.id ?? null;
  if (err.code === 'authentication_required') {
    report.actionRequired += 1;
    const current = await attemptById(ctx, g.plan.id);
    await updateAttempt(ctx, g.plan.id, { status: 'action_required', reason, paymentIntentId });
    if (!current?.['emailedAt']) await emailClient(ctx, practice, g.client, g.plan.id);
    return;
  }
  report.failed += 1;
  const last = g.step.attempt >= MAX_ATTEMPTS;
  await updateAttempt(ctx, g.plan.id, { status: 'failed', reason, paymentIntentId, retryAfter: last ? null : new Date(ctx.now.getTime() + RETRY_AFTER_MS).toISOString() });
  if (last) {
    await ctx.databases.updateDocument({ databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayEnrollments, documentId: g.enrollment.$id, data: { attentionReason: reason, attentionAt: ctx.now.toISOString() } });
  }
}

/**
 * The charges Stripe answered, stored as succeeded in one transaction (one by one if it fails). One
 * not stored stays pending: the next run asks Stripe again with the same key and gets the same
 * PaymentIntent back.
 * @param {RunContext} ctx
 * @param {Array<{ id: string, paymentIntentId: string }>} succeeded
 */
async function storeSucceeded(ctx, succeeded) {
  if (succeeded.length === 0) return 0;
  const data = (/** @type {{ paymentIntentId: string }} */ s) => ({ status: 'succeeded', paymentIntentId: s.paymentIntentId });
  try {
    const transaction = await ctx.databases.createTransaction({ ttl: 60 });
    try {
      await ctx.databases.createOperations({
        transactionId: transaction.$id,
        operations: succeeded.map((s) => ({ action: 'update', databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayCharges, documentId: s.id, data: data(s) })),
      });
      await ctx.databases.updateTransaction({ transactionId: transaction.$id, commit: true });
      return 0;
    } catch (e) {
      await ctx.databases.updateTransaction({ transactionId: transaction.$id, rollback: true }).catch(() => undefined);
      throw e;
    }
  } catch {
    let failures = 0;
    for (const s of succeeded) {
      await updateAttempt(ctx, s.id, data(s)).catch((e) => {
        failures += 1;
        ctx.log(`autopay ${s.id}: charged (${s.paymentIntentId}), not stored yet: ${e instanceof Error ? e.message : String(e)}`);
      });
    }
    return failures;
  }
}

/**
 * Charges a chunk of clients' due balances, each at most once: their enrollments read again (one
 * turned off a moment ago is not charged), the new attempts stored in one request before Stripe is
 * called, Stripe called `ctx.concurrency` at a time with each attempt's idempotency key, and the
 * successes stored together.
 * @param {RunContext} ctx
 * @param {ChunkRun} run
 * @param {DueItem[]} items
 */
async function chargeChunk(ctx, run, items) {
  const { practiceId, account, attempts, report } = run;
  const skip = (/** @type {string} */ why) => { report.skipped[why] = (report.skipped[why] ?? 0) + 1; };
  const enrollments = new Map((await byValues(ctx, ctx.c.autopayEnrollments, practiceId, '$id', items.map((x) => x.enrollment.$id))).map((d) => [d.$id, d]));
  /** @type {GoItem[]} */
  const go = [];
  for (const item of items) {
    const planned = stepFor(ctx, attempts, practiceId, item.client.$id, item.plan.id);
    if (planned.skip !== null) { skip(planned.skip); continue; }
    const enrollment = enrollments.get(item.enrollment.$id);
    // Turned off a moment ago: nothing is charged.
    if (enrollment?.['enabled'] !== true || enrollment['attentionReason']) { skip('turned off'); continue; }
    go.push({ ...item, enrollment, stored: planned.stored, carried: planned.carried, step: planned.step });
  }
  const attemptedAt = ctx.now.toISOString();
  const fresh = go.filter((g) => g.step.fresh);
  /** @type {Set<GoItem>} */
  const dropped = new Set();
  if (fresh.length > 0) {
    try {
      await ctx.databases.createDocuments({
        databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayCharges,
        documents: fresh.map((g) => ({ $id: g.plan.id, ...attemptData(run, g, attemptedAt), $permissions: [Permission.read(Role.user(practiceId))] })),
      });
      for (const g of fresh) g.step = { go: true, attempt: g.carried + 1, fresh: true };
    } catch (e) {
      if (!isConflict(e)) throw e;
      // Another run stored some of them a moment ago (none of these was written): one by one.
      for (const g of fresh) {
        const step = await storeAttempt(ctx, run, g, attemptedAt);
        if (step) g.step = step;
        else {
          skip('another run');
          dropped.add(g);
        }
      }
    }
  }
  for (const g of go) {
    if (!g.step.fresh && g.step.attempt !== Number(g.stored?.['attempt'])) {
      await updateAttempt(ctx, g.plan.id, { status: 'pending', attempt: g.step.attempt, attemptedAt, reason: null, retryAfter: null });
    }
  }

  /** @type {Array<{ id: string, paymentIntentId: string }>} */
  const succeeded = [];
  await pool(go.filter((g) => !dropped.has(g)), ctx.concurrency ?? 10, async (g) => {
    const clientId = g.client.$id;
    try {
      try {
        const pi = await ctx.stripe.paymentIntents.create({
          amount: g.plan.amount, currency: currencyOf(run.practice).toLowerCase(), customer: String(g.enrollment['customerId']), payment_method: String(g.enrollment['paymentMethodId']),
          off_session: true, confirm: true, description: paymentDescription(String(run.practice['practiceName'] ?? ''), null),
          metadata: { cadencePracticeId: practiceId, cadenceClientId: clientId },
        }, { stripeAccount: account, idempotencyKey: stripeKey(g.plan.id, g.step.attempt) });
        succeeded.push({ id: g.plan.id, paymentIntentId: pi.id });
        report.charged += 1;
        report.amount += g.plan.amount;
      } catch (e) {
        if (!isCardError(e)) throw e;
        await recordDecline(ctx, run, g, e);
      }
    } catch (e) {
      // Left pending: the next run in the window tries again with the same key.
      report.errors += 1;
      ctx.log(`autopay ${g.plan.id} (${practiceId}/${clientId}) not finished: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  report.errors += await storeSucceeded(ctx, succeeded);
}

/**
 * The email for a card that needs its owner's confirmation: the practice and a portal link only.
 * @param {RunContext} ctx
 * @param {Doc} practice
 * @param {Doc} client
 * @param {string} attempt
 */
async function emailClient(ctx, practice, client, attempt) {
  const to = typeof client['email'] === 'string' ? client['email'] : '';
  if (!ctx.send || !ctx.origin || !to) return ctx.log(`autopay ${attempt}: no email sent (mail not configured or no address)`);
  const name = String(practice['practiceName'] ?? '');
  try {
    await ctx.send({ to, fromName: name.trim() || 'Cadence', ...authenticationEmail(name, `${ctx.origin}/portal`) });
    await updateAttempt(ctx, attempt, { emailedAt: ctx.now.toISOString() });
  } catch (e) {
    ctx.log(`autopay ${attempt}: email not sent (${e instanceof Error ? e.name : 'error'})`);
  }
}

/**
 * @param {RunContext} ctx
 * @param {string} practiceId
 * @param {Doc[]} enrollments
 */
async function stateOf(ctx, practiceId, enrollments) {
  const ids = enrollments.map((e) => String(e['clientId']));
  const [clients, balances] = await Promise.all([
    byValues(ctx, ctx.c.clients, practiceId, '$id', ids),
    byValues(ctx, ctx.c.clientBalances, practiceId, 'clientId', ids),
  ]);
  return {
    clients: new Map(clients.map((d) => [d.$id, d])),
    balances: new Map(balances.map((d) => [String(d['clientId']), d])),
  };
}

/**
 * Tonight's charges for the therapist's evening summary: one in-app notification a night.
 * @param {RunContext} ctx
 * @param {Doc} practice
 * @param {string} practiceId
 * @param {Doc[]} enrollments
 * @param {string} runDate
 * @param {RunReport} report
 */
async function summarise(ctx, practice, practiceId, enrollments, runDate, report) {
  const notificationId = `autopay:${runDate}`;
  const existing = await ctx.databases.listDocuments({
    databaseId: ctx.c.databaseId, collectionId: ctx.c.notifications, queries: [Query.equal('userId', practiceId), Query.equal('notificationId', notificationId), Query.limit(1)],
  });
  if (existing.total > 0) return;
  const [{ clients, balances }, attempts] = await Promise.all([stateOf(ctx, practiceId, enrollments), attemptsOf(ctx, practiceId)]);
  const delay = delayOf(practice);
  let count = 0;
  let total = 0;
  for (const enrollment of enrollments) {
    const plan = planFor({ enrollment, client: clients.get(String(enrollment['clientId'])), balance: balances.get(String(enrollment['clientId'])), practiceId, runDate, delay });
    if (plan.skip !== null || stepFor(ctx, attempts, practiceId, String(enrollment['clientId']), plan.id).skip !== null) continue;
    count += 1;
    total += plan.amount;
  }
  if (count === 0) return;
  await ctx.databases.createDocument({
    databaseId: ctx.c.databaseId, collectionId: ctx.c.notifications, documentId: enrollmentId(practiceId, notificationId),
    data: {
      userId: practiceId, notificationId, type: 'autopay', priority: 'low', ...summaryNotification(count, money(total, currencyOf(practice))),
      actionText: 'Open Payments', actionUrl: ctx.origin ? `${ctx.origin}/dashboard/payments` : null, timestamp: ctx.now.toISOString(), read: false, persistent: false, dismissed: false,
    },
    // The therapist's own roles only, so the panel trusts it (isOwnNotification).
    permissions: [Permission.read(Role.user(practiceId)), Permission.update(Role.user(practiceId)), Permission.delete(Role.user(practiceId))],
  }).catch((e) => { if (!isConflict(e)) throw e; });
  report.summaries += 1;
}

/**
 * One pass over every practice with clients on AutoPay.
 * @param {RunContext} ctx
 * @returns {Promise<RunReport>}
 */
export async function runAutopay(ctx) {
  /** @type {RunReport} */
  const report = { practices: 0, enrolled: 0, charged: 0, amount: 0, failed: 0, actionRequired: 0, skipped: {}, summaries: 0, errors: 0 };
  const enrollments = await everyPage(ctx.databases, ctx.c.databaseId, ctx.c.autopayEnrollments, [Query.equal('enabled', true)]);
  /** @type {Map<string, Doc[]>} */
  const byPractice = new Map();
  for (const e of enrollments) byPractice.set(String(e['userId']), [...(byPractice.get(String(e['userId'])) ?? []), e]);
  for (const [practiceId, own] of byPractice) {
    const practice = await practiceOf(ctx.databases, ctx.c, practiceId);
    if (!practice) continue;
    const clock = localClock(ctx.now, zoneOf(practice));
    if (clock.hour >= SUMMARY_HOUR) {
      await summarise(ctx, practice, practiceId, own, addDays(clock.date, 1), report);
      continue;
    }
    if (!inRunWindow(clock)) continue;
    report.practices += 1;
    report.enrolled += own.length;
    const account = await connectedAccount(ctx.stripe, practice);
    if (!account?.charges_enabled) {
      ctx.log(`autopay ${practiceId}: ${AUTOPAY_MESSAGES.offline}`);
      continue;
    }
    const [{ clients, balances }, attempts] = await Promise.all([stateOf(ctx, practiceId, own), attemptsOf(ctx, practiceId)]);
    const delay = delayOf(practice);
    /** @type {DueItem[]} */
    const due = [];
    for (const enrollment of own) {
      const client = clients.get(String(enrollment['clientId']));
      const plan = planFor({ enrollment, client, balance: balances.get(String(enrollment['clientId'])), practiceId, runDate: clock.date, delay });
      if (plan.skip !== null || !client) report.skipped[plan.skip ?? 'no client'] = (report.skipped[plan.skip ?? 'no client'] ?? 0) + 1;
      else due.push({ enrollment, client, plan });
    }
    const run = { practice, practiceId, account: account.id, attempts, report };
    for (let i = 0; i < due.length; i += CHUNK) {
      const chunk = due.slice(i, i + CHUNK);
      try {
        await chargeChunk(ctx, run, chunk);
      } catch (e) {
        // Nothing of this chunk was sent to Stripe: the next run in the window takes it.
        report.errors += chunk.length;
        ctx.log(`autopay ${practiceId}: ${chunk.length} clients not charged: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  return report;
}
