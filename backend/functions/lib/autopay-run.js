// The nightly AutoPay run (issue 33; the `autopay-nightly` function every 30 minutes, and the bench).
// For each practice with clients on AutoPay, in the practice's own zone: between midnight and 2 am it
// charges each enrolled client's due balance off-session on the practice's connected account; from
// 6 pm it leaves the therapist an in-app summary of tonight's charges (counts and a total).
// Never twice for one balance: each attempt is a document whose id names the balance (lib/autopay.js
// attemptId), created before Stripe is called, and Stripe's idempotency key is derived from it — a run
// that dies after Stripe charged and before the answer was stored is finished by the next run with
// the same key, which gets Stripe's stored PaymentIntent back. Payment entries still come only from
// the Connect webhook (one per PaymentIntent); a charge whose entry is not in yet holds the client's
// next charge back.
import { Permission, Query, Role } from 'node-appwrite';
import {
  attemptId, AUTOPAY_MESSAGES, authenticationEmail, declineReason, delayOf, dueCharges, enrollmentId, inRunWindow, isCardError, localClock,
  MAX_ATTEMPTS, MIN_AUTOPAY, money, nextStep, openChargesOf, RETRY_AFTER_MS, stripeKey, SUMMARY_HOUR, summaryNotification,
} from './autopay.js';
import { ledgerEntryId } from './ledger.js';
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
 * Charges one client's due balance, at most once.
 * @param {RunContext} ctx
 * @param {{ practice: Doc, practiceId: string, account: string, enrollment: Doc, client: Doc, plan: { id: string, amount: number, chargeIds: string[] }, attempts: Attempts, report: RunReport }} p
 */
async function chargeClient(ctx, { practice, practiceId, account, enrollment, client, plan, attempts, report }) {
  const clientId = client.$id;
  const skip = (/** @type {string} */ why) => { report.skipped[why] = (report.skipped[why] ?? 0) + 1; };
  const planned = stepFor(ctx, attempts, practiceId, clientId, plan.id);
  if (planned.skip !== null) return skip(planned.skip);
  const { stored, carried } = planned;
  let step = planned.step;
  // Turned off a moment ago: nothing is charged.
  const fresh = await ctx.databases.getDocument({ databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayEnrollments, documentId: enrollment.$id });
  if (fresh['enabled'] !== true || fresh['attentionReason']) return skip('turned off');
  const currency = currencyOf(practice);
  const attemptedAt = ctx.now.toISOString();
  if (step.fresh) {
    try {
      await ctx.databases.createDocument({
        databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayCharges, documentId: plan.id,
        data: { userId: practiceId, clientId, amount: plan.amount, currency, chargeIds: JSON.stringify(plan.chargeIds), attempt: carried + 1, status: 'pending', attemptedAt },
        permissions: [Permission.read(Role.user(practiceId))],
      });
      step = { go: true, attempt: carried + 1, fresh: true };
    } catch (e) {
      if (!isConflict(e)) throw e;
      // Another run made it a moment ago: follow what it stored.
      const other = nextStep(await attemptById(ctx, plan.id), ctx.now);
      if (!other.go) return skip('another run');
      step = other;
    }
  } else if (step.attempt !== Number(stored?.['attempt'])) {
    await updateAttempt(ctx, plan.id, { status: 'pending', attempt: step.attempt, attemptedAt, reason: null, retryAfter: null });
  }

  try {
    const pi = await ctx.stripe.paymentIntents.create({
      amount: plan.amount, currency: currency.toLowerCase(), customer: String(fresh['customerId']), payment_method: String(fresh['paymentMethodId']),
      off_session: true, confirm: true, description: paymentDescription(String(practice['practiceName'] ?? ''), null),
      metadata: { cadencePracticeId: practiceId, cadenceClientId: clientId },
    }, { stripeAccount: account, idempotencyKey: stripeKey(plan.id, step.attempt) });
    await updateAttempt(ctx, plan.id, { status: 'succeeded', paymentIntentId: pi.id });
    report.charged += 1;
    report.amount += plan.amount;
  } catch (e) {
    if (!isCardError(e)) throw e;
    const err = /** @type {{ code?: string, raw?: { payment_intent?: { id?: string } } }} */ (e);
    const reason = declineReason(e);
    const paymentIntentId = err.raw?.payment_intent?.id ?? null;
    if (err.code === 'authentication_required') {
      report.actionRequired += 1;
      const current = await attemptById(ctx, plan.id);
      await updateAttempt(ctx, plan.id, { status: 'action_required', reason, paymentIntentId });
      if (!current?.['emailedAt']) await emailClient(ctx, practice, client, plan.id);
      return;
    }
    report.failed += 1;
    const last = step.attempt >= MAX_ATTEMPTS;
    await updateAttempt(ctx, plan.id, { status: 'failed', reason, paymentIntentId, retryAfter: last ? null : new Date(ctx.now.getTime() + RETRY_AFTER_MS).toISOString() });
    if (last) {
      await ctx.databases.updateDocument({ databaseId: ctx.c.databaseId, collectionId: ctx.c.autopayEnrollments, documentId: enrollment.$id, data: { attentionReason: reason, attentionAt: ctx.now.toISOString() } });
    }
  }
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
    await pool(own, ctx.concurrency ?? 6, async (enrollment) => {
      const client = clients.get(String(enrollment['clientId']));
      const plan = planFor({ enrollment, client, balance: balances.get(String(enrollment['clientId'])), practiceId, runDate: clock.date, delay });
      if (plan.skip !== null || !client) {
        report.skipped[plan.skip ?? 'no client'] = (report.skipped[plan.skip ?? 'no client'] ?? 0) + 1;
        return;
      }
      try {
        await chargeClient(ctx, { practice, practiceId, account: account.id, enrollment, client, plan, attempts, report });
      } catch (e) {
        // Left pending: the next run in the window tries again with the same key.
        report.errors += 1;
        ctx.log(`autopay ${plan.id} (${practiceId}/${client.$id}) not finished: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  }
  return report;
}
