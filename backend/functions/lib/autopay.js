// AutoPay (issue 33): the rules, without I/O. A client's saved card is charged at night for what they
// owe — opt-in per client only (the client in the portal, or the therapist with the client's recorded
// consent), in the practice's time zone between midnight and 2 am, for charges older than the
// practice's delay (default: the day after the session), never for a client using insurance unless
// the therapist allowed it, never twice for one balance: an attempt is named by the charges it pays
// and what is open on each, so a re-run (a crash and a restart, two runs overlapping) finds the same
// attempt and Stripe the same idempotency key.
import { createHash } from 'node:crypto';
import { addDays, dateIn } from './money-store.js';

/** The AutoPay terms the client agrees to; the version is recorded with the time. */
export const AUTOPAY_TERMS_VERSION = '2026-11-29';
export const AUTOPAY_TERMS = 'I authorize this practice to charge my saved card, through Stripe, for the amounts I owe it after each session: on the night after the practice’s waiting time, at most once for each balance. I will see each upcoming charge in the portal first, can pay another way before it, and can turn AutoPay off at any time, at once.';

/** Charges run in the practice's zone from midnight until 2 am; the evening summary from 6 pm. */
export const RUN_HOURS = /** @type {const} */ ({ from: 0, to: 2 });
export const SUMMARY_HOUR = 18;
/** practice_settings.autopayDelayDays: 1 (the day after the session) unless the practice chose 1–30. */
export const DEFAULT_DELAY_DAYS = 1;
/** A failed charge is tried once more this long after, then left to the therapist. */
export const RETRY_AFTER_MS = 3 * 86_400_000;
export const MAX_ATTEMPTS = 2;
/** Stripe's card minimum is $0.50; Cadence takes no online payment under $1. */
export const MIN_AUTOPAY = 100;

export const AUTOPAY_MESSAGES = {
  noCard: 'Save a card first: pay once in the portal with “Save this card for future payments” ticked.',
  terms: 'Read and accept the AutoPay terms to turn AutoPay on.',
  consent: 'Name the client’s consent (how and when they agreed) and confirm it to turn AutoPay on.',
  offline: 'This practice does not take card payments online.',
  authentication: 'The card needs the client to confirm the payment with their bank; they were emailed a link to pay in the portal.',
};

/**
 * @param {Record<string, unknown> | null} practice
 * @returns {number}
 */
export function delayOf(practice) {
  const days = practice?.['autopayDelayDays'];
  return typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 30 ? days : DEFAULT_DELAY_DAYS;
}

/**
 * The practice's wall clock at an instant: its date and hour (0–23).
 * @param {Date} now
 * @param {string} timeZone
 */
export function localClock(now, timeZone) {
  let hour = now.getUTCHours();
  try {
    hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
  } catch { /* an unknown zone: UTC */ }
  return { date: dateIn(now, timeZone), hour };
}

/** @param {{ hour: number }} clock */
export const inRunWindow = (clock) => clock.hour >= RUN_HOURS.from && clock.hour < RUN_HOURS.to;

/**
 * The open charges a run on `runDate` takes: those dated on or before the run date less the delay.
 * @template {{ entryId: string, date: string, open: number }} T
 * @param {readonly T[]} openCharges
 * @param {string} runDate YYYY-MM-DD in the practice's zone
 * @param {number} delayDays
 * @returns {T[]}
 */
export function dueCharges(openCharges, runDate, delayDays) {
  const last = addDays(runDate, -delayDays);
  return openCharges.filter((o) => o.open > 0 && o.date <= last);
}

/**
 * The attempt's id (an Appwrite document id, 36 hex): the practice, the client, and each charge with
 * what is open on it. The same balance always gives the same id; a changed balance (a payment in
 * between, a new charge) a new one.
 * @param {string} practiceId
 * @param {string} clientId
 * @param {ReadonlyArray<{ entryId: string, open: number }>} charges
 */
export function attemptId(practiceId, clientId, charges) {
  const parts = charges.map((o) => `${o.entryId}:${o.open}`).sort();
  return createHash('sha256').update(`autopay|${practiceId}|${clientId}|${parts.join(',')}`).digest('hex').slice(0, 36);
}

/** Stripe's idempotency key of one attempt's charge. @param {string} id @param {number} attempt */
export const stripeKey = (id, attempt) => `cadence-autopay-${id}-${attempt}`;

/** The enrollment's document id: one per practice and client. @param {string} practiceId @param {string} clientId */
export const enrollmentId = (practiceId, clientId) => createHash('sha256').update(`autopay-enrollment|${practiceId}|${clientId}`).digest('hex').slice(0, 36);

/**
 * What the run does with an attempt already stored for this balance.
 * @param {Record<string, unknown> | null} stored
 * @param {Date} now
 * @returns {{ go: false } | { go: true, attempt: number, fresh: boolean }}
 */
export function nextStep(stored, now) {
  if (!stored) return { go: true, attempt: 1, fresh: true };
  const attempt = typeof stored['attempt'] === 'number' ? stored['attempt'] : 1;
  const retryAfter = stored['retryAfter'];
  // Pending: a run died between creating the attempt and storing Stripe's answer. The same key
  // gets Stripe's stored answer back, never a second charge.
  if (stored['status'] === 'pending') return { go: true, attempt, fresh: false };
  if (stored['status'] === 'failed' && attempt < MAX_ATTEMPTS && typeof retryAfter === 'string' && Date.parse(retryAfter) <= now.getTime()) {
    return { go: true, attempt: attempt + 1, fresh: false };
  }
  return { go: false };
}

/**
 * A decline in plain words (Stripe's card error codes).
 * @param {unknown} e
 */
export function declineReason(e) {
  const err = /** @type {{ code?: string, decline_code?: string, raw?: { decline_code?: string } }} */ (e ?? {});
  const decline = err.decline_code ?? err.raw?.decline_code;
  if (err.code === 'authentication_required') return AUTOPAY_MESSAGES.authentication;
  if (decline === 'insufficient_funds') return 'The card was declined for insufficient funds.';
  if (err.code === 'expired_card') return 'The card has expired.';
  if (err.code === 'card_declined') return 'The card was declined by the bank.';
  return 'The card could not be charged.';
}

/** @param {unknown} e */
export const isCardError = (e) => typeof e === 'object' && e !== null && 'type' in e && /** @type {{ type?: string }} */ (e).type === 'StripeCardError';

/**
 * The day the next run takes a charge: its own due night, or the next run when that has passed.
 * @param {string} chargeDate YYYY-MM-DD (a ledger charge's date or an appointment's local day)
 * @param {number} delayDays
 * @param {{ date: string, hour: number }} clock the practice's now
 */
export function chargeDayOf(chargeDate, delayDays, clock) {
  const nextRun = clock.hour < RUN_HOURS.to ? clock.date : addDays(clock.date, 1);
  const due = addDays(chargeDate, delayDays);
  return due > nextRun ? due : nextRun;
}

/**
 * Every upcoming AutoPay charge the client is shown ("AutoPay will charge $X to Visa •••• 4242 on
 * {date}"): what is open now, grouped by the night it is taken, then each upcoming session's fee.
 * @param {{ openCharges: ReadonlyArray<{ date: string, open: number }>, balance: number, sessions: ReadonlyArray<{ date: string, fee: number }>,
 *   delayDays: number, clock: { date: string, hour: number } }} p
 * @returns {Array<{ date: string, amount: number, kind: 'balance' | 'session' }>}
 */
export function upcomingCharges({ openCharges, balance, sessions, delayDays, clock }) {
  /** @type {Map<string, number>} */
  const nights = new Map();
  let left = Math.max(0, balance);
  for (const o of [...openCharges].sort((a, b) => a.date.localeCompare(b.date))) {
    const amount = Math.min(o.open, left);
    if (amount <= 0) break;
    left -= amount;
    const day = chargeDayOf(o.date, delayDays, clock);
    nights.set(day, (nights.get(day) ?? 0) + amount);
  }
  const owed = [...nights].filter(([, amount]) => amount >= MIN_AUTOPAY).map(([date, amount]) => ({ date, amount, kind: /** @type {const} */ ('balance') }));
  const coming = sessions.filter((s) => s.fee >= MIN_AUTOPAY).map((s) => ({ date: chargeDayOf(s.date, delayDays, clock), amount: s.fee, kind: /** @type {const} */ ('session') }));
  return [...owed, ...coming].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The in-app evening summary: counts and a total, never a name.
 * @param {number} count
 * @param {string} total formatted
 */
export function summaryNotification(count, total) {
  return {
    title: 'AutoPay tonight',
    message: `AutoPay will charge ${count} ${count === 1 ? 'client' : 'clients'} a total of ${total} tonight.`,
  };
}

/**
 * The email a client gets when their bank wants them to confirm a charge: the practice and a link,
 * nothing about the sessions.
 * @param {string} practiceName
 * @param {string} link
 */
export function authenticationEmail(practiceName, link) {
  const practice = practiceName.trim() || 'Your practice';
  return {
    subject: `${practice}: please confirm your card payment`,
    text: `${practice} tried to take an automatic card payment, and your bank asks you to confirm it first.\n\nYou can pay in the client portal: ${link}\n\nIf you did not expect this, contact the practice.`,
  };
}

/**
 * The open charges a client_balances document holds (JSON), or none.
 * @param {unknown} value
 * @returns {Array<{ entryId: string, date: string, open: number }>}
 */
export function openChargesOf(value) {
  try {
    const parsed = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
