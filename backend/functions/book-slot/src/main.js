// book-slot (issue 32, booking from the portal): an existing client books within the therapist's
// availability; the therapist answers requests. The slots are always computed here, by the one
// pure function (lib/slots.js), from the therapist's own availability and rules and the calendar's
// busy time; a client never sees anyone else's appointments, only the free times.
//
// Body (JSON):
//   client (the caller a portal login; accessId = its portal_access id, as the consent functions take it):
//   {action:'services', accessId} → 200 {success, practiceName, timeZone, services: [{$id, name, durationMinutes, confirmation}]}:
//     the services the practice lets existing clients book online.
//   {action:'slots', accessId, serviceId} → 200 {success, timeZone, slots: [{start, end}]} (UTC).
//   {action:'book', accessId, serviceId, start} → 201 {success, outcome: 'booked' | 'requested', request}:
//     the slots are computed again and `start` must be one of them; then the time is claimed
//     (lib/booking-store.js: of any bookings that overlap, exactly one wins) and an instant service
//     becomes an appointment at once, an approval service a request the therapist answers. The
//     therapist gets an in-app notice and an email that names no one. A time that is no longer
//     free: 409 {success:false, error: "That time was just taken", field: 'start', slots} with the next slots.
//   therapist (the caller the practice):
//   {action:'decide', requestId, decision: 'approve' | 'decline', message?} → 200 {success, request}:
//     approve makes the appointment; decline frees the time; the client is emailed either way (the
//     practice's name and a link, nothing else) and reads the answer and message in the portal.
import { ID, Permission, Query, Role } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import { availabilityOf, busyFor, claimIds, claimsOf, releaseClaims, ruleOf, rulesByService, takeClaims } from '../../lib/booking-store.js';
import { consentFunction, documentOrNull, ownPortalLink } from '../../lib/consent-store.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { escapeHtml } from '../../lib/portal.js';
import { computeSlots } from '../../lib/slots.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';

export const BOOK_SLOT_MESSAGES = {
  signIn: 'Sign in to the client portal to book an appointment.',
  service: 'Choose a service to book.',
  notBookable: 'This service cannot be booked online. Please contact the practice.',
  start: 'Choose a time.',
  taken: 'That time was just taken',
  request: 'This request could not be found.',
  decided: 'This request has already been answered.',
  decision: 'Choose Approve or Decline.',
  message: 'Keep the message under 1,000 characters.',
  failed: 'The booking could not be made. Please try again.',
};
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const MESSAGE_MAX = 1000;

/**
 * @typedef {import('../../lib/consent-store.js').Run} Run
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

/** @param {unknown} value */
const idOf = (value) => (typeof value === 'string' && ID_RE.test(value) ? value : '');

/**
 * The therapist's own document of a one-per-practice collection (practice settings, availability):
 * any signed-in therapist can create documents naming anyone, so only one whose every permission
 * is the therapist's counts.
 * @param {Run} run
 * @param {string} collectionId
 * @param {string} therapist
 */
async function ownFirst({ databases, c }, collectionId, therapist) {
  const list = await databases.listDocuments({ databaseId: c.databaseId, collectionId, queries: [Query.equal('userId', therapist), Query.limit(25)] });
  return /** @type {Doc[]} */ (list.documents).find((d) => ownedBy(d, therapist)) ?? null;
}

/**
 * The practice behind a portal link, its availability, and a service the link's client may book.
 * @param {Run} run
 * @param {Doc} link
 */
async function practiceOf(run, link) {
  const { c } = run;
  const therapist = String(link.userId);
  const settings = await ownFirst(run, c.practiceSettings, therapist);
  const hours = await ownFirst(run, c.availability, therapist);
  const timeZone = String(settings?.timeZone ?? 'UTC');
  const availability = hours ? availabilityOf(hours, timeZone) : { timeZone, weekly: {}, overrides: [] };
  const rules = await rulesByService(run, therapist);
  return { therapist, settings, availability, rules, timeZone };
}

/**
 * @param {Run} run
 * @param {Awaited<ReturnType<typeof practiceOf>>} practice
 * @param {unknown} serviceId
 */
async function bookableService(run, practice, serviceId) {
  const id = idOf(serviceId);
  if (!id) throw new Refusal(400, BOOK_SLOT_MESSAGES.service, 'serviceId');
  const service = await documentOrNull(run.databases, run.c.databaseId, run.c.services, id);
  const rule = practice.rules.get(id);
  if (!service || !rule || !ownedBy(service, practice.therapist) || service.archived || !['existing', 'both'].includes(String(rule.bookableBy))) {
    throw new Refusal(404, BOOK_SLOT_MESSAGES.notBookable, 'serviceId');
  }
  return { service, rule, booking: ruleOf(rule, service) };
}

/**
 * @param {Run} run
 * @param {Awaited<ReturnType<typeof practiceOf>>} practice
 * @param {import('../../lib/slots.js').BookingRule} booking
 * @param {number} now
 */
async function slotsNow(run, practice, booking, now) {
  const query = { availability: practice.availability, rule: booking, now };
  return computeSlots({ ...query, busy: await busyFor(run, practice.therapist, query, practice.rules) });
}

/**
 * A mail that names no one: the words and a link. A mail that fails is logged; the booking stands.
 * @param {Run} run
 * @param {string} to
 * @param {{ subject: string, line: string, linkText: string, link: string }} mail
 */
async function sendMail({ log }, to, mail) {
  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp || !to) {
    log('booking mail not sent: set APP_ORIGIN and the SMTP_* variables');
    return;
  }
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({
      from: { name: 'Cadence', address: smtp.fromAddress }, to, subject: mail.subject,
      text: [mail.line, '', `${mail.linkText}: ${mail.link}`].join('\n'),
      html: `<p>${escapeHtml(mail.line)}</p><p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.linkText)}</a></p>`,
    });
  } catch (e) {
    log(`booking mail not sent: ${smtpFailure(e)}`);
  } finally {
    mailer.close();
  }
}

/** @param {Doc} request */
const requestSummary = (request) => ({
  $id: request.$id, serviceId: request.serviceId, start: request.start, end: request.end, status: request.status, message: request.message ?? null, appointmentId: request.appointmentId ?? null,
});

/**
 * The appointment of a booked or approved request (id = the request's), as the dashboard makes one.
 * @param {Run} run
 * @param {Doc} request
 */
async function createAppointment({ databases, c }, request) {
  const therapist = String(request.userId);
  const [service, client] = await Promise.all([
    documentOrNull(databases, c.databaseId, c.services, String(request.serviceId)),
    documentOrNull(databases, c.databaseId, c.clients, String(request.clientId)),
  ]);
  const fee = client?.feeOverride ?? service?.fee ?? null;
  return databases.createDocument({
    databaseId: c.databaseId, collectionId: c.appointments, documentId: request.$id,
    data: {
      userId: therapist, clientId: request.clientId, serviceId: request.serviceId, start: request.start, end: request.end, status: 'scheduled',
      feeAmount: typeof fee === 'number' ? fee : null, currency: service?.currency ?? client?.currency ?? 'USD', statusHistory: [], noteState: 'none',
    },
    // The therapist's own roles only, as the dashboard writes appointments (lib/owned-by.js).
    permissions: [Permission.read(Role.user(therapist)), Permission.update(Role.user(therapist)), Permission.delete(Role.user(therapist))],
  });
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function book(run, body) {
  const { databases, c, userId } = run;
  const link = await ownPortalLink(run, body['accessId']);
  const practice = await practiceOf(run, link);
  const { service, rule, booking } = await bookableService(run, practice, body['serviceId']);
  const startMs = typeof body['start'] === 'string' ? Date.parse(body['start']) : Number.NaN;
  if (!Number.isFinite(startMs)) throw new Refusal(400, BOOK_SLOT_MESSAGES.start, 'start');
  const now = Date.now();
  // The next slots leave out the one asked for: the booking that won it may not be on the calendar yet.
  const taken = async () => {
    const next = (await slotsNow(run, practice, booking, Date.now())).filter((s) => Date.parse(s.end) <= startMs || Date.parse(s.start) >= startMs + booking.durationMinutes * 60_000);
    return { status: 409, body: { success: false, error: BOOK_SLOT_MESSAGES.taken, field: 'start', slots: next.slice(0, 12) } };
  };
  const slot = (await slotsNow(run, practice, booking, now)).find((s) => Date.parse(s.start) === startMs);
  if (!slot) return taken();

  const requestId = ID.unique();
  const won = await takeClaims(run, practice.therapist, requestId, claimIds(practice.therapist, startMs, Date.parse(slot.end), booking), now);
  if (!won) return taken();

  const instant = rule.confirmation === 'instant';
  const at = appwriteDate(new Date(now));
  /** @type {Doc} */
  let request = await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.bookingRequests, documentId: requestId,
    data: {
      userId: practice.therapist, clientId: link.clientId, clientUserId: userId, serviceId: service.$id, start: slot.start, end: slot.end,
      status: instant ? 'booked' : 'requested', requestedAt: at, decidedAt: instant ? at : null,
    },
    // Read by the practice and this client; changed only here.
    permissions: [Permission.read(Role.user(practice.therapist)), Permission.read(Role.user(userId))],
  });
  if (instant) {
    const appointment = await createAppointment(run, request);
    request = await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.bookingRequests, documentId: requestId, data: { appointmentId: appointment.$id } });
  }

  const origin = appOriginFrom(process.env);
  const actionUrl = origin ? `${origin}/dashboard/schedule?date=${slot.start.slice(0, 10)}` : null;
  const title = instant ? 'New online booking' : 'New appointment request';
  await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.notifications, documentId: ID.unique(),
    data: {
      userId: practice.therapist, notificationId: `booking:${requestId}`, type: 'booking', priority: instant ? 'medium' : 'high', title,
      message: instant ? `${service.name} was booked online for ${slot.start}.` : `A client asked for ${service.name} at ${slot.start}. Approve or decline it on the calendar.`,
      actionText: 'Open the calendar', actionUrl, timestamp: at, read: false, persistent: !instant, dismissed: false,
    },
    permissions: [Permission.read(Role.user(practice.therapist)), Permission.update(Role.user(practice.therapist)), Permission.delete(Role.user(practice.therapist))],
  });
  if (actionUrl) {
    const { email } = await run.users.get({ userId: practice.therapist });
    await sendMail(run, email, {
      subject: instant ? 'A client booked an appointment online' : 'A client asked for an appointment',
      line: instant ? 'A client booked an appointment online. Sign in to Cadence to see it.' : 'A client asked for an appointment. Sign in to Cadence to approve or decline it.',
      linkText: 'Open the calendar', link: actionUrl,
    });
  }
  run.log(`booking ${requestId} ${instant ? 'booked' : 'requested'}`);
  return { status: 201, body: { success: true, error: null, outcome: instant ? 'booked' : 'requested', request: requestSummary(request) } };
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function decide(run, body) {
  const { databases, c, userId } = run;
  const id = idOf(body['requestId']);
  const request = id ? await documentOrNull(databases, c.databaseId, c.bookingRequests, id) : null;
  if (!request || request.userId !== userId) throw new Refusal(404, BOOK_SLOT_MESSAGES.request, 'requestId');
  const decision = body['decision'];
  if (decision !== 'approve' && decision !== 'decline') throw new Refusal(400, BOOK_SLOT_MESSAGES.decision, 'decision');
  const message = typeof body['message'] === 'string' ? body['message'].trim() : '';
  if (message.length > MESSAGE_MAX) throw new Refusal(400, BOOK_SLOT_MESSAGES.message, 'message');
  if (request.status !== 'requested') throw new Refusal(409, BOOK_SLOT_MESSAGES.decided);

  const at = appwriteDate(new Date());
  /** @type {Record<string, unknown>} */
  const data = { status: decision === 'approve' ? 'approved' : 'declined', decidedAt: at, message: message || null };
  if (decision === 'approve') data['appointmentId'] = (await createAppointment(run, request)).$id;
  else await releaseClaims(run, await claimsOf(run, request.$id));
  const updated = await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.bookingRequests, documentId: request.$id, data });

  const origin = appOriginFrom(process.env);
  const settings = await ownFirst(run, c.practiceSettings, userId);
  if (origin) {
    const { email } = await run.users.get({ userId: String(request.clientUserId) });
    const practiceName = String(settings?.practiceName ?? 'Your practice');
    await sendMail(run, email, {
      subject: `${practiceName} answered your appointment request`, line: `${practiceName} answered your appointment request. Sign in to the client portal to see it.`,
      linkText: 'Open the client portal', link: `${origin}/portal/book`,
    });
  }
  return { status: 200, body: { success: true, error: null, request: requestSummary(updated) } };
}

export default consentFunction({
  name: 'book-slot', signedOut: BOOK_SLOT_MESSAGES.signIn, failed: BOOK_SLOT_MESSAGES.failed,
  handle: async (run, body) => {
    const action = body['action'];
    if (action === 'decide') return decide(run, body);
    if (action === 'book') return book(run, body);
    const link = await ownPortalLink(run, body['accessId']);
    const practice = await practiceOf(run, link);
    if (action === 'services') {
      const bookable = [...practice.rules.values()].filter((rule) => ['existing', 'both'].includes(String(rule.bookableBy)));
      const services = (await Promise.all(bookable.map((rule) => documentOrNull(run.databases, run.c.databaseId, run.c.services, String(rule.serviceId)))))
        .filter((service) => service && ownedBy(service, practice.therapist) && !service.archived)
        .map((service) => ({ $id: service?.$id, name: service?.name, durationMinutes: service?.durationMinutes, confirmation: practice.rules.get(String(service?.$id))?.confirmation ?? 'approval' }));
      return { status: 200, body: { success: true, error: null, practiceName: link.practiceName, timeZone: practice.timeZone, services } };
    }
    if (action === 'slots') {
      const { booking } = await bookableService(run, practice, body['serviceId']);
      return { status: 200, body: { success: true, error: null, timeZone: practice.timeZone, slots: await slotsNow(run, practice, booking, Date.now()) } };
    }
    throw new Refusal(400, 'Say what to do: services, slots, book or decide.', 'action');
  },
});


