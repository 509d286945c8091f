// autopay (issue 33 "AutoPay"): turning AutoPay on and off for ONE client, and what it will charge.
// Opt-in per client only, never in bulk: the client in the portal (for one of their saved cards, the
// AutoPay terms accepted: version and time recorded), or the therapist with the client's recorded
// consent (named, and confirmed). Either turns it off, at once. The nightly charges are
// lib/autopay-run.js (autopay-nightly).
// Body (JSON):
//   a portal login linked to the client: {action, practiceId, clientId, …}
//   the therapist (the client's practice): {action, clientId, …}
//   summary → {success, online, enabled, card, cards:[{id, label}], terms, termsVersion, consentBy, enabledAt, allowInsurance,
//             usesInsurance, attentionReason, delayDays, currency, upcoming:[{date, amount, kind}]} (+ consent for the therapist)
//   enable  {paymentMethodId?, termsVersion} (client) | {paymentMethodId?, consent, confirmed: true} (therapist)
//   disable
//   allowInsurance {allow} · retry (the therapist: charge again tonight after a failure was left to them)
// Anyone else: 404. Refusals {success:false, error, field?}: 400, 401, 404, 409, 502.
import { Permission, Query, Role } from 'node-appwrite';
import {
  AUTOPAY_MESSAGES, AUTOPAY_TERMS, AUTOPAY_TERMS_VERSION, delayOf, enrollmentId, localClock, openChargesOf, upcomingCharges,
} from '../../lib/autopay.js';
import { currencyOf, dateIn, idOf, isNotFound, practiceOf, Refusal, zoneOf } from '../../lib/money-store.js';
import { cardLabel, connectedAccount } from '../../lib/online-payments.js';
import { ownedBy } from '../../lib/owned-by.js';
import { actingLink } from '../../lib/portal-people.js';
import { stripeFunction } from '../../lib/money-function.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {import('../../lib/money-function.js').StripeRun} Run
 */

const NOT_FOUND = 'This could not be found.';

/**
 * Who is asking, for which client: the client's own login (or their guardian's), or their therapist.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 * @param {string} callerId
 * @returns {Promise<{ role: 'client' | 'therapist', practiceId: string, client: Doc }>}
 */
async function callerFor(run, body, callerId) {
  const clientId = idOf(body, 'clientId', NOT_FOUND, 404);
  const practiceId = body['practiceId'] === undefined ? callerId : idOf(body, 'practiceId', NOT_FOUND, 404);
  const role = practiceId === callerId ? 'therapist' : 'client';
  if (role === 'client' && !(await actingLink(run.databases, run.c, { practice: practiceId, clientId, callerId }))) throw new Refusal(404, NOT_FOUND);
  const client = await run.databases.getDocument({ databaseId: run.c.databaseId, collectionId: run.c.clients, documentId: clientId }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!client || !ownedBy(client, practiceId)) throw new Refusal(404, NOT_FOUND);
  return { role, practiceId, client };
}

/**
 * The client's saved cards on the practice's account (the customer portal-pay made for them).
 * @param {StripeClient} stripe
 * @param {string} account
 * @param {string} clientId
 */
async function savedCards(stripe, account, clientId) {
  const found = await stripe.customers.search({ query: `metadata['cadenceClientId']:'${clientId}'`, limit: 1 }, { stripeAccount: account });
  const customer = found.data[0];
  if (!customer) return [];
  const methods = await stripe.customers.listPaymentMethods(customer.id, { limit: 10 }, { stripeAccount: account });
  return methods.data.filter((m) => m.card).map((m) => ({ id: m.id, customerId: customer.id, label: cardLabel(m.card) }));
}

/** @param {Run} run @param {string} practiceId @param {string} clientId */
async function enrollmentOf(run, practiceId, clientId) {
  return run.databases.getDocument({ databaseId: run.c.databaseId, collectionId: run.c.autopayEnrollments, documentId: enrollmentId(practiceId, clientId) }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
}

/**
 * Writes the enrollment (made on first use; only this function and the nightly run write it; the
 * therapist reads it).
 * @param {Run} run @param {string} practiceId @param {string} clientId @param {Record<string, unknown>} data
 */
async function saveEnrollment(run, practiceId, clientId, data) {
  const documentId = enrollmentId(practiceId, clientId);
  const existing = await enrollmentOf(run, practiceId, clientId);
  if (existing) return run.databases.updateDocument({ databaseId: run.c.databaseId, collectionId: run.c.autopayEnrollments, documentId, data });
  return run.databases.createDocument({
    databaseId: run.c.databaseId, collectionId: run.c.autopayEnrollments, documentId,
    data: { userId: practiceId, clientId, enabled: false, ...data }, permissions: [Permission.read(Role.user(practiceId))],
  });
}

/**
 * The upcoming sessions' fees (scheduled, with a fee, not waived), by their day in the practice's zone.
 * @param {Run} run @param {string} practiceId @param {string} clientId @param {string} zone
 */
async function upcomingSessions(run, practiceId, clientId, zone) {
  const page = await run.databases.listDocuments({
    databaseId: run.c.databaseId, collectionId: run.c.appointments,
    queries: [Query.equal('userId', practiceId), Query.equal('clientId', clientId), Query.equal('status', 'scheduled'), Query.greaterThan('start', run.now.toISOString()), Query.orderAsc('start'), Query.limit(10), Query.select(['$id', '$permissions', 'userId', 'start', 'feeAmount', 'feeWaived'])],
  });
  return page.documents.filter((a) => ownedBy(a, practiceId) && typeof a['feeAmount'] === 'number' && a['feeWaived'] !== true)
    .map((a) => ({ date: dateIn(String(a['start']), zone), fee: Number(a['feeAmount']) }));
}

/**
 * @param {Run} run
 * @param {{ role: 'client' | 'therapist', practiceId: string, client: Doc }} who
 */
async function summary(run, { role, practiceId, client }) {
  const practice = await practiceOf(run.databases, run.c, practiceId);
  const account = await connectedAccount(run.stripe, practice);
  const online = Boolean(account?.charges_enabled);
  const [enrollment, cards, balance] = await Promise.all([
    enrollmentOf(run, practiceId, client.$id),
    account && online ? savedCards(run.stripe, account.id, client.$id) : Promise.resolve([]),
    run.databases.listDocuments({ databaseId: run.c.databaseId, collectionId: run.c.clientBalances, queries: [Query.equal('userId', practiceId), Query.equal('clientId', client.$id), Query.limit(1)] }),
  ]);
  const enabled = online && enrollment?.['enabled'] === true;
  const zone = zoneOf(practice);
  const delayDays = delayOf(practice);
  const stored = balance.documents[0];
  const openCharges = openChargesOf(stored?.['openCharges']);
  const excluded = client['selfPay'] === false && enrollment?.['allowInsurance'] !== true;
  const upcoming = enabled && !excluded && !enrollment?.['attentionReason']
    ? upcomingCharges({ openCharges, balance: Number(stored?.['balance'] ?? 0), sessions: await upcomingSessions(run, practiceId, client.$id, zone), delayDays, clock: localClock(run.now, zone) })
    : [];
  return {
    success: true, online, enabled,
    card: enabled ? String(enrollment?.['cardLabel'] ?? '') : null,
    cards: cards.map(({ id, label }) => ({ id, label })),
    terms: AUTOPAY_TERMS, termsVersion: AUTOPAY_TERMS_VERSION,
    consentBy: enrollment?.['consentBy'] ?? null, enabledAt: enrollment?.['enabledAt'] ?? null,
    ...(role === 'therapist' ? { consent: enrollment?.['consent'] ?? null } : {}),
    allowInsurance: enrollment?.['allowInsurance'] === true, usesInsurance: client['selfPay'] === false,
    attentionReason: enrollment?.['attentionReason'] ?? null,
    delayDays, currency: currencyOf(practice), upcoming,
  };
}

/**
 * @param {Run} run
 * @param {{ role: 'client' | 'therapist', practiceId: string, client: Doc }} who
 * @param {Record<string, unknown>} body
 * @param {string} callerId
 */
async function enable(run, who, body, callerId) {
  const { role, practiceId, client } = who;
  /** @type {Record<string, unknown>} */
  let consent;
  if (role === 'client') {
    if (body['termsVersion'] !== AUTOPAY_TERMS_VERSION) throw new Refusal(400, AUTOPAY_MESSAGES.terms, 'termsVersion');
    consent = { consentBy: 'client', consent: null, termsVersion: AUTOPAY_TERMS_VERSION };
  } else {
    const named = typeof body['consent'] === 'string' ? body['consent'].trim().replace(/\s+/g, ' ') : '';
    if (named.length < 5 || named.length > 500 || body['confirmed'] !== true) throw new Refusal(400, AUTOPAY_MESSAGES.consent, 'consent');
    consent = { consentBy: 'therapist', consent: named, termsVersion: null };
  }
  const practice = await practiceOf(run.databases, run.c, practiceId);
  const account = await connectedAccount(run.stripe, practice);
  if (!account?.charges_enabled) throw new Refusal(409, AUTOPAY_MESSAGES.offline);
  const cards = await savedCards(run.stripe, account.id, client.$id);
  const card = typeof body['paymentMethodId'] === 'string' ? cards.find((c) => c.id === body['paymentMethodId']) : cards[0];
  if (!card) throw new Refusal(409, AUTOPAY_MESSAGES.noCard, 'paymentMethodId');
  await saveEnrollment(run, practiceId, client.$id, {
    enabled: true, customerId: card.customerId, paymentMethodId: card.id, cardLabel: card.label, ...consent, consentUserId: callerId,
    enabledAt: run.now.toISOString(), disabledAt: null, disabledBy: null, attentionReason: null, attentionAt: null,
  });
  return summary(run, who);
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function handle(run, body) {
  const callerId = run.userId;
  const who = await callerFor(run, body, callerId);
  const action = body['action'];
  if (action === 'summary') return summary(run, who);
  if (action === 'enable') return enable(run, who, body, callerId);
  if (action === 'disable') {
    if (await enrollmentOf(run, who.practiceId, who.client.$id)) {
      await saveEnrollment(run, who.practiceId, who.client.$id, { enabled: false, disabledAt: run.now.toISOString(), disabledBy: who.role });
    }
    return summary(run, who);
  }
  if (who.role !== 'therapist' || (action !== 'allowInsurance' && action !== 'retry')) throw new Refusal(400, 'Say what to do: summary, enable or disable.', 'action');
  if (!(await enrollmentOf(run, who.practiceId, who.client.$id))) throw new Refusal(409, 'AutoPay is not set up for this client.');
  await saveEnrollment(run, who.practiceId, who.client.$id, action === 'retry' ? { attentionReason: null, attentionAt: null } : { allowInsurance: body['allow'] === true });
  return summary(run, who);
}

export default stripeFunction({
  name: 'autopay', field: 'action', signedOut: 'Sign in to manage AutoPay.', failed: 'AutoPay could not be changed. Please try again.', handle,
});
