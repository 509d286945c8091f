// public-booking (issue 32): a new client books from the practice's public page `/book/<slug>`,
// without signing in. Callable by guests. A practice takes part only once its settings carry a
// booking slug (practice_settings.bookingSlug, unique), and offers only the services whose booking
// rule lets new clients book online.
//
// Body (JSON), each with `practice` (the slug):
//   {action:'practice'} → 200 {practiceName, timeZone, services: [{$id, name, durationMinutes, confirmation}]}
//   {action:'slots', serviceId} → 200 {timeZone, slots: [{start, end}]} (UTC, the one slots function)
//   {action:'start', serviceId, start, name, email, phone, usesInsurance} → 201 {bookingId, codeExpiresAt}:
//     mails a 6-digit code (the practice's name and the code, nothing else). Nothing is held yet.
//     At most PER_ADDRESS_PER_HOUR codes per email address and PER_PRACTICE_PER_HOUR per practice:
//     beyond, Appwrite's own 429 general_rate_limit_exceeded body.
//   {action:'verify', bookingId, code, newClient?} → 200 {heldUntil, start, end}: the right code holds
//     the time for HOLD_MS (the slot claims of lib/booking-store.js, and busy for everyone else).
//     The code is stored as an HMAC only and allows MAX_ATTEMPTS wrong tries. An email that is
//     already a client's of this practice answers 409 {existingClient: true} — the booker (who has
//     just proved the address is theirs) decides: sign in to the portal, or go on as a new client
//     (`newClient: true`, e.g. a family member sharing the address).
//   {action:'confirm', bookingId, code} → 201 {outcome: 'booked' | 'requested', start, end}: within the
//     hold, creates the prospective client (their answer to the self-pay question recorded), the
//     booked appointment or the request the therapist approves, the portal invitation, and the
//     service's intake packet; tells the therapist. After the hold: 410, the time is free again.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Databases, ID, Permission, Query, Role, Storage, Users } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import {
  bookableService, createAppointment, newClientsMayBook, practiceOf, slotsNow, tellTherapist,
} from '../../lib/booking-practice.js';
import { claimIds, claimsOf, releaseClaims, takeClaims } from '../../lib/booking-store.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { documentOrNull } from '../../lib/consent-store.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { sendServicePackets } from '../../lib/packets.js';
import { escapeHtml } from '../../lib/portal.js';
import { clientUser, mailInvitation } from '../../lib/portal-invitation.js';
import { selfPayOf } from '../../lib/self-pay.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { ID_RE } from '../../lib/ids.js';

/** The code works, and a confirmed time is held, this long (issue 32). */
export const HOLD_MS = 10 * 60_000;
export const CODE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 5;
export const PER_ADDRESS_PER_HOUR = 3;
export const PER_PRACTICE_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

export const PUBLIC_BOOKING_MESSAGES = {
  practice: 'This practice does not take bookings online. Please contact the practice directly.',
  service: 'Choose a service to book.',
  notBookable: 'This service cannot be booked online. Please contact the practice.',
  start: 'Choose a time.',
  taken: 'That time was just taken',
  name: 'Enter your name.',
  email: 'Enter your email address, like name@example.com.',
  phone: 'Enter a phone number the practice can reach you on.',
  insurance: 'Answer whether you will use insurance for these sessions.',
  booking: 'This booking could not be found. Please start again.',
  code: 'That code is not right. Check the email and try again.',
  codeExpired: 'This code has expired. Please start again to get a new one.',
  attempts: 'Too many wrong codes. Please start again to get a new one.',
  existingClient: 'This email address is already on file with this practice. If you are a client there, sign in to the client portal to book. If you are someone else using the same address, you can book as a new client.',
  practiceAccount: 'This email address belongs to a practice’s Cadence account. Please use your own email address.',
  holdExpired: 'We held this time for 10 minutes and it has passed. Please choose a time again.',
  done: 'This booking is already confirmed.',
  notConfigured: 'Online booking is not configured.',
  failed: 'The booking could not be made. Please try again.',
};

/** Appwrite's own answer to too many requests (reference/appwrite/errors.json). */
export const RATE_LIMIT_BODY = {
  message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
  code: 429,
  type: 'general_rate_limit_exceeded',
  version: '1.8.0',
};

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_RE = /^\d{6}$/;

/**
 * @typedef {import('../../lib/consent-store.js').Run} Run
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {{ status: number, body: unknown }} Answer
 */

/** @param {unknown} value @param {number} max */
const text = (value, max) => (typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, max + 1) : '');

/**
 * The code as stored: an HMAC keyed by the function's secret and bound to the booking, so a read of
 * the collection gives no code.
 * @param {string} secret @param {string} bookingId @param {string} code
 */
export const codeHash = (secret, bookingId, code) => createHmac('sha256', secret).update(`${bookingId}:${code}`).digest('hex');

/** @param {string} a @param {string} b */
const sameHash = (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The practice whose settings carry this slug, or a 404. The settings are the therapist's browser's:
 * only a document whose every permission is its owner's counts.
 * @param {Run} run
 * @param {unknown} slug
 */
async function practiceBySlug(run, slug) {
  const value = typeof slug === 'string' ? slug.trim().toLowerCase() : '';
  if (!SLUG_RE.test(value)) throw new Refusal(404, PUBLIC_BOOKING_MESSAGES.practice, 'practice');
  const found = await run.databases.listDocuments({ databaseId: run.c.databaseId, collectionId: run.c.practiceSettings, queries: [Query.equal('bookingSlug', value), Query.limit(2)] });
  const settings = /** @type {Doc[]} */ (found.documents).find((doc) => ownedBy(doc, String(doc.userId)));
  if (!settings) throw new Refusal(404, PUBLIC_BOOKING_MESSAGES.practice, 'practice');
  const practice = await practiceOf(run, { userId: settings.userId });
  return { ...practice, practiceName: String(settings.practiceName ?? '').trim() || 'The practice' };
}

/**
 * The booking a step names, which must be of this practice.
 * @param {Run} run @param {string} therapist @param {unknown} bookingId
 */
async function bookingOf(run, therapist, bookingId) {
  const id = typeof bookingId === 'string' && ID_RE.test(bookingId) ? bookingId : '';
  const booking = id ? await documentOrNull(run.databases, run.c.databaseId, run.c.publicBookings, id) : null;
  if (!booking || booking.userId !== therapist) throw new Refusal(404, PUBLIC_BOOKING_MESSAGES.booking, 'bookingId');
  return booking;
}

/**
 * How many codes went out in the last hour for this query.
 * @param {Run} run @param {string[]} queries
 */
async function sentInLastHour(run, queries) {
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const list = await run.databases.listDocuments({
    databaseId: run.c.databaseId, collectionId: run.c.publicBookings, queries: [...queries, Query.greaterThan('requestedAt', since), Query.limit(100)],
  });
  return list.total;
}

/**
 * @param {Run} run
 * @param {string} to
 * @param {{ subject: string, lines: string[] }} mail
 */
async function mail(run, to, { subject, lines }) {
  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp) throw new Error('SMTP is not configured');
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({
      from: { name: 'Online booking', address: smtp.fromAddress }, to, subject,
      text: lines.join('\n\n'), html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    });
  } finally {
    mailer.close();
  }
}

/** @param {Run} run @param {Awaited<ReturnType<typeof practiceBySlug>>} practice @param {Record<string, unknown>} body @param {string} secret */
async function start(run, practice, body, secret) {
  const { service, booking: rule } = await bookableService(run, practice, body['serviceId'], 'new');
  const startMs = typeof body['start'] === 'string' ? Date.parse(body['start']) : Number.NaN;
  if (!Number.isFinite(startMs)) throw new Refusal(400, PUBLIC_BOOKING_MESSAGES.start, 'start');
  const name = text(body['name'], 100);
  if (!name || name.length > 100) throw new Refusal(400, PUBLIC_BOOKING_MESSAGES.name, 'name');
  const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
  if (email.length > 254 || !EMAIL_RE.test(email)) throw new Refusal(400, PUBLIC_BOOKING_MESSAGES.email, 'email');
  const phone = text(body['phone'], 40);
  if (phone.length > 40 || (phone.match(/\d/g) ?? []).length < 7 || !/^[\d\s()+.-]+$/.test(phone)) throw new Refusal(400, PUBLIC_BOOKING_MESSAGES.phone, 'phone');
  if (typeof body['usesInsurance'] !== 'boolean') throw new Refusal(400, PUBLIC_BOOKING_MESSAGES.insurance, 'usesInsurance');

  const slots = await slotsNow(run, practice, rule, Date.now());
  const slot = slots.find((s) => Date.parse(s.start) === startMs);
  if (!slot) return { status: 409, body: { success: false, error: PUBLIC_BOOKING_MESSAGES.taken, field: 'start', slots: slots.slice(0, 12) } };

  const [byAddress, byPractice] = await Promise.all([
    sentInLastHour(run, [Query.equal('email', email)]),
    sentInLastHour(run, [Query.equal('userId', practice.therapist)]),
  ]);
  if (byAddress >= PER_ADDRESS_PER_HOUR || byPractice >= PER_PRACTICE_PER_HOUR) return { status: 429, body: RATE_LIMIT_BODY };

  const bookingId = ID.unique();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();
  const codeExpiresAt = new Date(now + CODE_MS).toISOString();
  await run.databases.createDocument({
    databaseId: run.c.databaseId, collectionId: run.c.publicBookings, documentId: bookingId,
    data: {
      userId: practice.therapist, serviceId: service.$id, start: slot.start, end: slot.end, name, email, phone, usesInsurance: body['usesInsurance'],
      codeHash: codeHash(secret, bookingId, code), attempts: 0, status: 'pending', requestedAt: appwriteDate(new Date(now)), codeExpiresAt,
    },
    // Only this function reads or writes it.
    permissions: [],
  });
  // The practice's name and the code: never the service, the time or anything else about the visit.
  await mail(run, email, {
    subject: `Your booking code for ${practice.practiceName}`,
    lines: [
      `Your code to confirm your booking with ${practice.practiceName} is ${code}`,
      'Enter it on the booking page within 10 minutes. If you did not ask to book, you can ignore this email.',
    ],
  });
  run.log(`public booking ${bookingId} started`);
  return { status: 201, body: { success: true, error: null, bookingId, codeExpiresAt } };
}

/**
 * Checks the code of a booking; a wrong one uses up one of MAX_ATTEMPTS.
 * @param {Run} run @param {Doc} booking @param {unknown} code @param {string} secret
 */
async function checkCode(run, booking, code, secret) {
  if (Number(booking.attempts) >= MAX_ATTEMPTS) throw new Refusal(429, PUBLIC_BOOKING_MESSAGES.attempts, 'code');
  const given = typeof code === 'string' ? code.replace(/\s/g, '') : '';
  if (CODE_RE.test(given) && sameHash(codeHash(secret, booking.$id, given), String(booking.codeHash))) return;
  const attempts = Number(booking.attempts) + 1;
  await run.databases.updateDocument({ databaseId: run.c.databaseId, collectionId: run.c.publicBookings, documentId: booking.$id, data: { attempts } });
  throw new Refusal(attempts >= MAX_ATTEMPTS ? 429 : 400, attempts >= MAX_ATTEMPTS ? PUBLIC_BOOKING_MESSAGES.attempts : PUBLIC_BOOKING_MESSAGES.code, 'code');
}

/**
 * The practice's client with this email, if any.
 * @param {Run} run @param {string} therapist @param {string} email
 */
async function clientWithEmail(run, therapist, email) {
  const found = await run.databases.listDocuments({
    databaseId: run.c.databaseId, collectionId: run.c.clients, queries: [Query.equal('userId', therapist), Query.equal('email', email), Query.limit(5)],
  });
  return /** @type {Doc[]} */ (found.documents).find((doc) => ownedBy(doc, therapist)) ?? null;
}

/** @param {Run} run @param {Awaited<ReturnType<typeof practiceBySlug>>} practice @param {Record<string, unknown>} body @param {string} secret */
async function verify(run, practice, body, secret) {
  const booking = await bookingOf(run, practice.therapist, body['bookingId']);
  if (booking.status === 'confirmed') throw new Refusal(409, PUBLIC_BOOKING_MESSAGES.done);
  if (booking.status !== 'pending') throw new Refusal(410, PUBLIC_BOOKING_MESSAGES.codeExpired, 'code');
  if (Date.now() > Date.parse(String(booking.codeExpiresAt))) throw new Refusal(410, PUBLIC_BOOKING_MESSAGES.codeExpired, 'code');
  await checkCode(run, booking, body['code'], secret);

  const email = String(booking.email);
  const account = (await run.users.list({ queries: [Query.equal('email', email), Query.limit(1)] })).users[0];
  if (account && !account.labels.includes('client')) throw new Refusal(409, PUBLIC_BOOKING_MESSAGES.practiceAccount, 'email');
  if (body['newClient'] !== true && await clientWithEmail(run, practice.therapist, email)) {
    return { status: 409, body: { success: false, error: PUBLIC_BOOKING_MESSAGES.existingClient, field: 'email', existingClient: true } };
  }

  const { booking: rule } = await bookableService(run, practice, booking.serviceId, 'new');
  const now = Date.now();
  const startMs = Date.parse(String(booking.start));
  const slots = await slotsNow(run, practice, rule, now);
  const free = slots.some((s) => Date.parse(s.start) === startMs);
  const won = free && await takeClaims(run, practice.therapist, booking.$id, claimIds(practice.therapist, startMs, Date.parse(String(booking.end)), rule), now);
  if (!won) {
    const next = slots.filter((s) => Date.parse(s.start) !== startMs).slice(0, 12);
    return { status: 409, body: { success: false, error: PUBLIC_BOOKING_MESSAGES.taken, field: 'start', slots: next } };
  }
  const heldUntil = new Date(now + HOLD_MS).toISOString();
  await run.databases.updateDocument({
    databaseId: run.c.databaseId, collectionId: run.c.publicBookings, documentId: booking.$id, data: { status: 'held', heldUntil },
  });
  return { status: 200, body: { success: true, error: null, heldUntil, start: booking.start, end: booking.end } };
}

/** @param {string} name */
function nameParts(name) {
  const parts = name.split(' ');
  const last = parts.length > 1 ? parts.pop() ?? '' : '';
  return { firstName: parts.join(' ').slice(0, 50), lastName: last.slice(0, 50) };
}

/** @param {Run} run @param {Awaited<ReturnType<typeof practiceBySlug>>} practice @param {Record<string, unknown>} body @param {string} secret */
async function confirm(run, practice, body, secret) {
  const { databases, c } = run;
  const therapist = practice.therapist;
  const booking = await bookingOf(run, therapist, body['bookingId']);
  if (booking.status === 'confirmed') throw new Refusal(409, PUBLIC_BOOKING_MESSAGES.done);
  if (booking.status !== 'held' || Date.now() > Date.parse(String(booking.heldUntil))) {
    if (booking.status === 'held') {
      await releaseClaims(run, await claimsOf(run, booking.$id));
      await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.publicBookings, documentId: booking.$id, data: { status: 'expired' } });
    }
    throw new Refusal(410, PUBLIC_BOOKING_MESSAGES.holdExpired, 'start');
  }
  await checkCode(run, booking, body['code'], secret);
  const { service, rule } = await bookableService(run, practice, booking.serviceId, 'new');
  const email = String(booking.email);
  const name = String(booking.name);
  const user = await clientUser(run.users, email, name.slice(0, 128));
  if (!user) throw new Refusal(409, PUBLIC_BOOKING_MESSAGES.practiceAccount, 'email');

  const owner = [Permission.read(Role.user(therapist)), Permission.update(Role.user(therapist)), Permission.delete(Role.user(therapist))];
  // A prospective client, as the therapist would add one: their answer to the self-pay question, and
  // their agreement to email (they asked for the invitation by booking).
  const record = await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.clients, documentId: ID.unique(),
    data: {
      userId: therapist, ...nameParts(name), email, phone: String(booking.phone), status: 'prospective', selfPay: selfPayOf(booking.usesInsurance),
      reminderConsent: true, referralSource: 'Online booking', currency: String(practice.settings?.currency ?? service.currency ?? 'USD'),
    },
    permissions: owner,
  });
  const at = appwriteDate(new Date());
  await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.portalAccess, documentId: record.$id,
    data: {
      userId: therapist, clientId: record.$id, clientUserId: user.$id, practiceName: practice.practiceName.slice(0, 200),
      practicePhone: typeof practice.settings?.phone === 'string' && practice.settings.phone ? practice.settings.phone.slice(0, 40) : null,
      status: 'invited', invitedAt: at, activatedAt: null, role: 'client', personName: name.slice(0, 128), contactName: null, contactEmail: email,
    },
    permissions: [Permission.read(Role.user(therapist)), Permission.read(Role.user(user.$id))],
  });

  const instant = rule.confirmation === 'instant';
  // The request's id is the booking's: the slot claims taken at the hold are the request's.
  /** @type {Doc} */
  let request = await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.bookingRequests, documentId: booking.$id,
    data: {
      userId: therapist, clientId: record.$id, clientUserId: user.$id, serviceId: service.$id, start: booking.start, end: booking.end,
      status: instant ? 'booked' : 'requested', requestedAt: at, decidedAt: instant ? at : null,
    },
    permissions: [Permission.read(Role.user(therapist)), Permission.read(Role.user(user.$id))],
  });
  if (instant) {
    const appointment = await createAppointment(run, request);
    request = await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.bookingRequests, documentId: request.$id, data: { appointmentId: appointment.$id } });
  }
  await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.publicBookings, documentId: booking.$id, data: { status: 'confirmed', clientId: record.$id } });

  // The service's intake packet, once per client and service whichever of this and the appointment's
  // event (service-packets) comes first.
  await sendServicePackets({ ...run, userId: therapist }, record, [service.$id]);
  const origin = appOriginFrom(process.env);
  const smtp = smtpSettingsFromEnv(process.env);
  if (origin && smtp) {
    try {
      await mailInvitation(run.users, smtp, { origin, practiceName: practice.practiceName, userId: user.$id, email });
    } catch (e) {
      run.log(`invitation not sent: ${smtpFailure(e)}`);
    }
  }
  await tellTherapist(run, therapist, {
    notificationId: `booking:${request.$id}`, urgent: !instant, day: String(booking.start).slice(0, 10),
    title: instant ? 'New client booked online' : 'New client asked for an appointment',
    message: instant ? `A new client booked ${service.name} online for ${booking.start}.` : `A new client asked for ${service.name} at ${booking.start}. Approve or decline it on the calendar.`,
    subject: instant ? 'A new client booked an appointment online' : 'A new client asked for an appointment',
    line: instant ? 'A new client booked an appointment online. Sign in to Cadence to see it.' : 'A new client asked for an appointment. Sign in to Cadence to approve or decline it.',
  });
  run.log(`public booking ${booking.$id} ${instant ? 'booked' : 'requested'}`);
  return { status: 201, body: { success: true, error: null, outcome: instant ? 'booked' : 'requested', start: booking.start, end: booking.end } };
}

/** @param {import('../../lib/execution.js').Context} context */
export default async ({ req, res, log, error }) => {
  const body = readBody(req.bodyText);
  const secret = process.env.PORTAL_ID_SECRET ?? '';
  if (secret.length < 16 || !smtpSettingsFromEnv(process.env)) {
    error('Set PORTAL_ID_SECRET (16+ characters), APP_ORIGIN and the SMTP_* variables on public-booking.');
    return res.json({ success: false, error: PUBLIC_BOOKING_MESSAGES.notConfigured }, 500);
  }
  try {
    const client = serverClient(req);
    /** @type {Run} */
    const run = { databases: new Databases(client), users: new Users(client), storage: new Storage(client), c: collectionsFromEnv(process.env), userId: '', req, log };
    const practice = await practiceBySlug(run, body['practice']);
    const scoped = { ...run, userId: practice.therapist };
    /** @type {Answer} */
    let answer;
    switch (body['action']) {
      case 'practice': {
        const offered = [...practice.rules.values()].filter(newClientsMayBook);
        const services = (await Promise.all(offered.map((rule) => documentOrNull(run.databases, run.c.databaseId, run.c.services, String(rule.serviceId)))))
          .filter((service) => service && ownedBy(service, practice.therapist) && !service.archived)
          .map((service) => ({ $id: service?.$id, name: service?.name, durationMinutes: service?.durationMinutes, confirmation: practice.rules.get(String(service?.$id))?.confirmation ?? 'approval' }));
        answer = { status: 200, body: { success: true, error: null, practiceName: practice.practiceName, timeZone: practice.timeZone, services } };
        break;
      }
      case 'slots': {
        const { booking } = await bookableService(run, practice, body['serviceId'], 'new');
        answer = { status: 200, body: { success: true, error: null, timeZone: practice.timeZone, slots: await slotsNow(run, practice, booking, Date.now()) } };
        break;
      }
      case 'start': answer = await start(scoped, practice, body, secret); break;
      case 'verify': answer = await verify(scoped, practice, body, secret); break;
      case 'confirm': answer = await confirm(scoped, practice, body, secret); break;
      default: throw new Refusal(400, 'Say what to do: practice, slots, start, verify or confirm.', 'action');
    }
    return res.json(answer.body, answer.status);
  } catch (e) {
    if (e instanceof Refusal) return res.json(e.body, e.status);
    error(`public-booking ${String(body['action'] ?? '').slice(0, 20)} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: PUBLIC_BOOKING_MESSAGES.failed }, 500);
  }
};
