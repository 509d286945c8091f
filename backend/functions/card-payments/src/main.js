// card-payments (issue 33 "In the office" and refunds): the signed-in therapist takes and refunds card
// payments on the practice's own connected Stripe account, for their own clients. The platform's key
// stays here; what goes to Stripe is "{Practice} — Session payment" / "— Invoice INV-0042" and Cadence ids.
// Body (JSON) {action, …}:
//   cards {clientId}     → 200 {success, online, cards:[{id, label, expires}]}: the client's saved cards
//   charge {clientId, paymentMethodId, amount, invoiceId?, idempotencyKey}
//                        → 201/200 {success, entry}: an off-session charge of a saved card, recorded at once
//                          (the webhook then finds the entry). Declined → 402 {success:false, error} in plain
//                          words, nothing recorded; the bank asks the client to authenticate → 402
//                          {success:false, needsAuthentication:true, error}
//   payLink {clientId}   → 200 {success, sent}: mails the client's portal logins a sign-in link to pay
//                          (the practice's name only)
//   link {clientId, amount, email?} → 200 {success, url, sent}: a Checkout link to pay `amount` (the QR code
//                          the office shows), mailed to the client's email when `email`
//   refund {entryId, amount, idempotencyKey} → 201/200 {success, entry}: a Stripe refund of a card payment,
//                          recorded at once as ONE refund entry (the webhook finds it); more than Stripe has
//                          left → 400 with Stripe's own message and code
// Refusals {success:false, error, field?}: 400, 401, 402, 404, 409 (online payments off), 500.
import Stripe from 'stripe';
import { appOriginFrom } from '../../lib/app-origin.js';
import { cardPaymentEntryId, ownerOf, recordCardPayment, recordCardRefund } from '../../lib/card-ledger.js';
import { moneyFunction } from '../../lib/money-function.js';
import { amountOf, idOf, ownOr404, practiceOf, Refusal, storedEntry, textOf } from '../../lib/money-store.js';
import { cardLabel, connectedAccount, customerFor, MIN_PAYMENT, ONLINE_PAYMENT_MESSAGES, paymentDescription } from '../../lib/online-payments.js';
import { escapeHtml } from '../../lib/portal.js';
import { recipientsOf } from '../../lib/portal-people.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/**
 * @typedef {import('../../lib/money-function.js').Run} Run
 * @typedef {import('../../lib/card-ledger.js').CardRun} CardRun
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

export const CARD_PAYMENT_MESSAGES = {
  clientNotFound: 'This client could not be found.',
  paymentNotFound: 'This card payment could not be found.',
  noCard: 'This card is not saved for this client.',
  authentication: 'The client’s bank wants the client to confirm this payment. Send them a link to pay in the portal.',
  noPortal: 'Invite the client to the portal first: the link asks them to sign in.',
  noEmail: 'This client has no email address.',
};

/** Stripe's decline codes in plain words for the therapist; anything else is "declined". */
const DECLINES = /** @type {Record<string, string>} */ ({
  insufficient_funds: 'The card was declined: not enough funds. Ask the client for another card or another way to pay.',
  expired_card: 'The card has expired. Ask the client for another card.',
  incorrect_cvc: 'The card was declined: the security code is wrong. Ask the client to enter the card again.',
  lost_card: 'The card was declined. Ask the client for another card or another way to pay.',
  stolen_card: 'The card was declined. Ask the client for another card or another way to pay.',
});
const DECLINED = 'The card was declined by the client’s bank. Ask the client for another card or another way to pay.';

/** @param {Stripe.errors.StripeError} e */
export const declineWords = (e) => DECLINES[String(e.decline_code ?? e.code ?? '')] ?? DECLINED;

/**
 * The caller's practice, connected and taking charges, and the account.
 * @param {CardRun} run
 */
async function onlinePractice(run) {
  const practice = await practiceOf(run.databases, run.c, run.userId);
  const account = await connectedAccount(run.stripe, practice);
  if (!practice || !account?.charges_enabled) throw new Refusal(409, ONLINE_PAYMENT_MESSAGES.notConnected);
  return { practice, account: account.id };
}

/**
 * Mails one person a link, naming only the practice. False when it could not be sent.
 * @param {CardRun} run
 * @param {string} to
 * @param {{ subject: string, line: string, linkText: string, link: string, practiceName: string }} mail
 */
async function mailLink(run, to, mail) {
  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp || !to) {
    run.log('card payment mail not sent: set APP_ORIGIN and the SMTP_* variables');
    return false;
  }
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({
      from: { name: mail.practiceName, address: smtp.fromAddress }, to, subject: mail.subject,
      text: [mail.line, '', `${mail.linkText}: ${mail.link}`, '', 'Please don’t reply to this email.'].join('\n'),
      html: `<p>${escapeHtml(mail.line)}</p><p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.linkText)}</a></p><p>Please don’t reply to this email.</p>`,
    });
    return true;
  } catch (e) {
    run.log(`card payment mail not sent: ${smtpFailure(e)}`);
    return false;
  } finally {
    mailer.close();
  }
}

const nameOf = (/** @type {Doc} */ practice) => String(practice['practiceName'] ?? '').trim() || 'Your practice';

/** @param {CardRun} run @param {Record<string, unknown>} body */
async function cards(run, body) {
  const client = await ownOr404(run.databases, run.c.databaseId, run.c.clients, idOf(body, 'clientId', CARD_PAYMENT_MESSAGES.clientNotFound), run.userId, CARD_PAYMENT_MESSAGES.clientNotFound);
  const practice = await practiceOf(run.databases, run.c, run.userId);
  const account = await connectedAccount(run.stripe, practice);
  if (!account?.charges_enabled) return { status: 200, body: { success: true, online: false, cards: [] } };
  const customer = await customerFor(run.stripe, account.id, run.userId, client.$id, { create: false });
  const methods = customer ? (await run.stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 20 }, { stripeAccount: account.id })).data : [];
  return {
    status: 200,
    body: {
      success: true, online: true,
      cards: methods.map((pm) => ({ id: pm.id, label: cardLabel(pm.card), expires: pm.card ? `${String(pm.card.exp_month).padStart(2, '0')}/${pm.card.exp_year}` : null })),
    },
  };
}

/** @param {CardRun} run @param {Record<string, unknown>} body */
async function charge(run, body) {
  const client = await ownOr404(run.databases, run.c.databaseId, run.c.clients, idOf(body, 'clientId', CARD_PAYMENT_MESSAGES.clientNotFound), run.userId, CARD_PAYMENT_MESSAGES.clientNotFound);
  const amount = amountOf(body);
  if (amount < MIN_PAYMENT) throw new Refusal(400, ONLINE_PAYMENT_MESSAGES.belowMinimum, 'amount');
  const key = textOf(body, 'idempotencyKey', 100, 'Missing idempotencyKey.');
  const { practice, account } = await onlinePractice(run);
  const customer = await customerFor(run.stripe, account, run.userId, client.$id, { create: false });
  const methods = customer ? (await run.stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 20 }, { stripeAccount: account })).data : [];
  const method = methods.find((pm) => pm.id === body['paymentMethodId']);
  if (!customer || !method) throw new Refusal(404, CARD_PAYMENT_MESSAGES.noCard, 'paymentMethodId');
  const invoiceId = typeof body['invoiceId'] === 'string' && body['invoiceId'] ? body['invoiceId'] : null;
  const invoice = invoiceId ? await ownOr404(run.databases, run.c.databaseId, run.c.clientInvoices, invoiceId, run.userId, 'This invoice could not be found.') : null;
  if (invoice && invoice['clientId'] !== client.$id) throw new Refusal(404, 'This invoice could not be found.', 'invoiceId');
  /** @type {Stripe.PaymentIntent} */
  let pi;
  try {
    pi = await run.stripe.paymentIntents.create({
      amount, currency: String(practice['currency'] ?? 'USD').toLowerCase(), customer, payment_method: method.id, confirm: true, off_session: true,
      description: paymentDescription(nameOf(practice), invoice ? String(invoice['number'] ?? '') || null : null),
      metadata: { cadencePracticeId: run.userId, cadenceClientId: client.$id, cadenceChannel: 'office', ...(invoice ? { cadenceInvoiceId: invoice.$id } : {}) },
    }, { stripeAccount: account, idempotencyKey: `cadence-office-${run.userId}-${key}` });
  } catch (e) {
    if (!(e instanceof Stripe.errors.StripeCardError)) throw e;
    if (e.code === 'authentication_required') return { status: 402, body: { success: false, needsAuthentication: true, error: CARD_PAYMENT_MESSAGES.authentication } };
    return { status: 402, body: { success: false, error: declineWords(e) } };
  }
  const paid = await run.stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] }, { stripeAccount: account });
  const owner = await ownerOf(run, paid, account);
  if (paid.status !== 'succeeded' || !owner) throw new Error(`office charge ${pi.id} is ${paid.status}`);
  return recordCardPayment(run, paid, owner);
}

/** @param {CardRun} run @param {Record<string, unknown>} body */
async function payLink(run, body) {
  const client = await ownOr404(run.databases, run.c.databaseId, run.c.clients, idOf(body, 'clientId', CARD_PAYMENT_MESSAGES.clientNotFound), run.userId, CARD_PAYMENT_MESSAGES.clientNotFound);
  const { practice } = await onlinePractice(run);
  const to = await recipientsOf(run.databases, run.c, run.userId, client, null);
  const origin = appOriginFrom(process.env);
  if (!to || !origin) throw new Refusal(409, CARD_PAYMENT_MESSAGES.noPortal);
  const practiceName = nameOf(practice);
  let sent = false;
  for (const login of to.logins) {
    const { email } = await run.users.get({ userId: login });
    sent = (await mailLink(run, email, {
      practiceName, subject: `Complete your payment to ${practiceName}`, line: `${practiceName} asks you to complete a card payment. Sign in to your client portal to pay.`,
      linkText: 'Sign in to pay', link: new URL('/portal', origin).href,
    })) || sent;
  }
  return { status: 200, body: { success: true, sent } };
}

/** @param {CardRun} run @param {Record<string, unknown>} body */
async function checkoutLink(run, body) {
  const client = await ownOr404(run.databases, run.c.databaseId, run.c.clients, idOf(body, 'clientId', CARD_PAYMENT_MESSAGES.clientNotFound), run.userId, CARD_PAYMENT_MESSAGES.clientNotFound);
  const amount = amountOf(body);
  if (amount < MIN_PAYMENT) throw new Refusal(400, ONLINE_PAYMENT_MESSAGES.belowMinimum, 'amount');
  const { practice, account } = await onlinePractice(run);
  const origin = appOriginFrom(process.env);
  if (!origin) throw new Error('APP_ORIGIN is not set');
  const practiceName = nameOf(practice);
  const description = paymentDescription(practiceName, null);
  const metadata = { cadencePracticeId: run.userId, cadenceClientId: client.$id };
  const session = await run.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: String(practice['currency'] ?? 'USD').toLowerCase(), unit_amount: amount, product_data: { name: description } } }],
    payment_intent_data: { description, metadata }, metadata,
    success_url: `${origin}/portal?paid={CHECKOUT_SESSION_ID}`, cancel_url: `${origin}/portal`,
  }, { stripeAccount: account });
  const url = String(session.url);
  const email = typeof client['email'] === 'string' ? client['email'].trim() : '';
  if (body['email'] === true && !email) throw new Refusal(400, CARD_PAYMENT_MESSAGES.noEmail, 'email');
  const sent = body['email'] === true
    ? await mailLink(run, email, { practiceName, subject: `Pay ${practiceName} by card`, line: `${practiceName} sent you a link to pay by card.`, linkText: 'Pay by card', link: url })
    : false;
  return { status: 200, body: { success: true, url, sent } };
}

/** @param {CardRun} run @param {Record<string, unknown>} body */
async function refund(run, body) {
  const entryId = idOf(body, 'entryId', CARD_PAYMENT_MESSAGES.paymentNotFound);
  const amount = amountOf(body);
  const key = textOf(body, 'idempotencyKey', 100, 'Missing idempotencyKey.');
  const payment = await storedEntry(run.databases, run.c, entryId, run.userId);
  const piId = typeof payment?.['paymentIntentId'] === 'string' ? payment['paymentIntentId'] : '';
  if (!payment || payment.kind !== 'payment' || !piId || cardPaymentEntryId(run.userId, piId) !== entryId) throw new Refusal(404, CARD_PAYMENT_MESSAGES.paymentNotFound, 'entryId');
  const { account } = await onlinePractice(run);
  const pi = await run.stripe.paymentIntents.retrieve(piId, { expand: ['latest_charge'] }, { stripeAccount: account });
  const owner = await ownerOf(run, pi, account);
  if (!owner || owner.clientId !== payment.clientId) throw new Refusal(404, CARD_PAYMENT_MESSAGES.paymentNotFound, 'entryId');
  /** @type {Stripe.Refund} */
  let made;
  try {
    made = await run.stripe.refunds.create({ payment_intent: piId, amount, reason: 'requested_by_customer' }, { stripeAccount: account, idempotencyKey: `cadence-refund-${run.userId}-${key}` });
  } catch (e) {
    // Stripe's own words: more than is left on the charge, a charge already refunded, a disputed one.
    if (e instanceof Stripe.errors.StripeInvalidRequestError) throw new Refusal(400, e.message, e.param === 'amount' ? 'amount' : undefined);
    throw e;
  }
  const stripeCharge = /** @type {Stripe.Charge | null} */ (typeof pi.latest_charge === 'object' ? pi.latest_charge : null);
  return recordCardRefund(run, made, owner, entryId, stripeCharge);
}

const ACTIONS = /** @type {Record<string, (run: CardRun, body: Record<string, unknown>) => Promise<{ status: number, body: Record<string, unknown> }>>} */ ({
  cards, charge, payLink, link: checkoutLink, refund,
});

export default moneyFunction({
  name: 'card-payments', field: 'action', signedOut: 'Sign in to take card payments.', failed: 'Stripe could not be reached. Please try again.',
  handle: async (run, body) => {
    const act = ACTIONS[String(body['action'])];
    if (!act) throw new Refusal(400, 'Say what to do: cards, charge, payLink, link or refund.', 'action');
    if (!process.env.STRIPE_SECRET_KEY) {
      // A deployment without Stripe takes no cards: the Billing tab offers none.
      if (act === cards) return { status: 200, body: { success: true, online: false, cards: [] } };
      throw new Error('STRIPE_SECRET_KEY must be set as a function variable.');
    }
    return act({ ...run, stripe: stripeFromEnv(process.env) }, body);
  },
});
