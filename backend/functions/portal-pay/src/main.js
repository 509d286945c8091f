// portal-pay (issue 33 "Paying"): a portal client (or a guardian acting for one) pays a practice by card
// through Stripe's hosted Checkout on the practice's own connected account. Only a login linked to the
// client at that practice gets anything; everyone else is told 404.
// Body (JSON) {action, practiceId, clientId, …}:
//   summary  → 200 {success, online, balance, allowPrepayment, invoices:[{id, number, dueDate, open}], cardTerms, cardTermsVersion}
//   checkout {what: 'invoice'|'balance'|'amount', invoiceId?, amount?, saveCard?, successUrl, cancelUrl} → 200 {success, url}
//            the amount: the invoice's open amount, the whole balance, or a chosen one (≥ $1, ≤ the balance
//            unless the practice allows prepayment)
//   status   {sessionId} → 200 {success, state: 'recorded' | 'processing' | 'unpaid'} ("processing": paid at
//            Stripe, its webhook not in yet)
// What goes to Stripe: "{Practice} — Invoice INV-0042" or "{Practice} — Session payment", and Cadence ids.
// Refusals {success:false, error, field?}: 400, 401, 404, 409 (online payments off), 500, 502.
import { computeBalance, ledgerEntryId } from '../../lib/ledger.js';
import { stripeFunction } from '../../lib/money-function.js';
import { clientEntries, clientInvoices, currencyOf, idOf, practiceOf, Refusal, storedEntry } from '../../lib/money-store.js';
import {
  CARD_TERMS, CARD_TERMS_VERSION, connectedAccount, customerFor, MIN_PAYMENT, ONLINE_PAYMENT_MESSAGES, paymentDescription, paymentKey,
} from '../../lib/online-payments.js';
import { actingLink } from '../../lib/portal-people.js';
import { acceptableReturnUrl } from '../../lib/session-request.js';

const NOT_FOUND = 'This could not be found.';

/**
 * The client's money as the ledger has it: the balance and each issued invoice's open amount.
 * @param {import('node-appwrite').Databases} databases
 * @param {import('../../lib/collections.js').Collections} c
 * @param {string} practiceId
 * @param {string} clientId
 */
async function moneyOf(databases, c, practiceId, clientId) {
  const [entries, invoices] = await Promise.all([clientEntries(databases, c, practiceId, clientId), clientInvoices(databases, c, practiceId, clientId)]);
  const { balance, openCharges } = computeBalance(entries);
  const open = new Map(openCharges.map((o) => [o.entryId, o.open]));
  const issued = invoices.filter((i) => i['status'] === 'issued').map((i) => ({
    id: i.$id, number: String(i['number'] ?? ''), dueDate: typeof i['dueDate'] === 'string' ? i['dueDate'] : null,
    open: (Array.isArray(i['entryIds']) ? i['entryIds'].map(String) : []).reduce((sum, id) => sum + (open.get(id) ?? 0), 0),
  })).filter((i) => i.open > 0);
  return { balance: Math.max(0, balance), invoices: issued };
}

/**
 * @param {import('../../lib/money-function.js').StripeRun} run
 * @param {Record<string, unknown>} body
 */
async function handle(run, body) {
  const { databases, c, stripe } = run;
  const practiceId = idOf(body, 'practiceId', NOT_FOUND, 404);
  const clientId = idOf(body, 'clientId', NOT_FOUND, 404);
  if (!(await actingLink(databases, c, { practice: practiceId, clientId, callerId: run.userId }))) throw new Refusal(404, NOT_FOUND);
  const practice = await practiceOf(databases, c, practiceId);
  const account = await connectedAccount(stripe, practice);
  const online = Boolean(account?.charges_enabled);
  const action = body['action'];

  if (action === 'summary') {
    const money = await moneyOf(databases, c, practiceId, clientId);
    return { success: true, online, allowPrepayment: practice?.['allowPrepayment'] === true, currency: currencyOf(practice), ...money, cardTerms: CARD_TERMS, cardTermsVersion: CARD_TERMS_VERSION };
  }
  if (action === 'status') {
    const sessionId = typeof body['sessionId'] === 'string' && /^cs_[A-Za-z0-9_]{1,200}$/.test(body['sessionId']) ? body['sessionId'] : null;
    if (!sessionId || !account) throw new Refusal(404, NOT_FOUND, 'sessionId');
    const session = await stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: account.id }).catch(() => null);
    if (!session || session.metadata?.['cadenceClientId'] !== clientId) throw new Refusal(404, NOT_FOUND, 'sessionId');
    if (session.payment_status !== 'paid' || typeof session.payment_intent !== 'string') return { success: true, state: 'unpaid' };
    const entry = await storedEntry(databases, c, ledgerEntryId(practiceId, paymentKey(session.payment_intent)), practiceId);
    return { success: true, state: entry ? 'recorded' : 'processing' };
  }
  if (action !== 'checkout') throw new Refusal(400, 'Say what to do: summary, checkout or status.', 'action');
  if (!account || !online || !practice) throw new Refusal(409, ONLINE_PAYMENT_MESSAGES.notConnected);
  const allowed = process.env.ALLOWED_RETURN_ORIGINS;
  const successUrl = acceptableReturnUrl(body['successUrl'], allowed);
  const cancelUrl = acceptableReturnUrl(body['cancelUrl'], allowed);
  if (!successUrl || !cancelUrl) throw new Refusal(400, "successUrl and cancelUrl must be http(s) URLs of this app's origin.");

  const money = await moneyOf(databases, c, practiceId, clientId);
  /** @type {{ amount: number, invoice: { id: string, number: string } | null }} */
  let pay;
  if (body['what'] === 'invoice') {
    const invoice = money.invoices.find((i) => i.id === body['invoiceId']);
    if (!invoice) throw new Refusal(404, 'This invoice is paid or could not be found.', 'invoiceId');
    pay = { amount: invoice.open, invoice };
  } else if (body['what'] === 'balance') {
    if (money.balance < MIN_PAYMENT) throw new Refusal(400, 'There is nothing to pay.', 'what');
    pay = { amount: money.balance, invoice: null };
  } else if (body['what'] === 'amount') {
    const amount = body['amount'];
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < MIN_PAYMENT) throw new Refusal(400, ONLINE_PAYMENT_MESSAGES.belowMinimum, 'amount');
    if (amount > money.balance && practice['allowPrepayment'] !== true) throw new Refusal(400, ONLINE_PAYMENT_MESSAGES.aboveBalance, 'amount');
    pay = { amount, invoice: null };
  } else throw new Refusal(400, 'Choose what to pay.', 'what');

  const saveCard = body['saveCard'] === true;
  const description = paymentDescription(String(practice['practiceName'] ?? ''), pay.invoice?.number ?? null);
  /** @type {Record<string, string>} */
  const metadata = { cadencePracticeId: practiceId, cadenceClientId: clientId, ...(pay.invoice ? { cadenceInvoiceId: pay.invoice.id } : {}) };
  const back = new URL(successUrl);
  back.searchParams.set('paid', '{CHECKOUT_SESSION_ID}');
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: currencyOf(practice).toLowerCase(), unit_amount: pay.amount, product_data: { name: description } } }],
    payment_intent_data: {
      description, metadata: saveCard ? { ...metadata, cadenceCardTerms: CARD_TERMS_VERSION } : metadata,
      ...(saveCard ? { setup_future_usage: /** @type {const} */ ('off_session') } : {}),
    },
    ...(saveCard ? { customer: (await customerFor(stripe, account.id, practiceId, clientId, { create: true })) ?? undefined } : {}),
    metadata,
    // The braces must reach Stripe as they are for it to put the session id in.
    success_url: back.toString().replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
    cancel_url: cancelUrl,
  }, { stripeAccount: account.id });
  return { success: true, url: session.url };
}

export default stripeFunction({
  name: 'portal-pay', field: 'action', signedOut: 'Sign in to the client portal to pay.', failed: 'The payment could not be started. Please try again.', handle,
});
