// book-slot (issue 32, booking from the portal): an existing client books within the therapist's
// availability; the therapist answers requests. The slots are always computed here, by the one
// pure function (lib/slots.js), from the therapist's own availability and rules and the calendar's
// busy time; a client never sees anyone else's appointments, only the free times.
//
// Body (JSON):
//   client (the caller a portal login; accessId = its portal_access id, as the consent functions take it):
//   {action:'services', accessId} → 200 {success, practiceName, timeZone, services: [{$id, name, durationMinutes, confirmation}], askSelfPay}:
//     the services the practice lets existing clients book online; askSelfPay while the client's
//     record has no answer to "Will you use insurance for these sessions?" (clients.selfPay).
//   {action:'slots', accessId, serviceId} → 200 {success, timeZone, slots: [{start, end}]} (UTC).
//   {action:'book', accessId, serviceId, start, usesInsurance?} → 201 {success, outcome: 'booked' | 'requested', request, undoUntil}:
//     the answer to the self-pay question, when given, is recorded on the client's record (lib/self-pay.js);
//     the slots are computed again and `start` must be one of them; then the time is claimed
//     (lib/booking-store.js: of any bookings that overlap, exactly one wins) and an instant service
//     becomes an appointment at once, an approval service a request the therapist answers. The
//     therapist gets an in-app notice and an email that names no one. A time that is no longer
//     free: 409 {success:false, error: "That time was just taken", field: 'start', slots} with the next slots.
//   therapist (the caller the practice):
//   {action:'mine', accessId} → 200 {success, timeZone, cancellationWindowHours, appointments, requests}: the
//     client's coming appointments (canReschedule, cancel: {late, fee, currency}, undoUntil) and requests.
//   {action:'undo', accessId, requestId} → 200: within 5 minutes of booking, nothing is left of it.
//   {action:'withdraw', accessId, requestId} → 200 {request}: a request not answered yet is withdrawn (kept, its time freed,
//     the therapist told); 409 once answered.
//   {action:'reschedule', accessId, appointmentId, start} → 200 {appointment} | 409 taken (with slots) or late.
//   {action:'cancel', accessId, appointmentId, confirmLate?} → 200 {status, fee, currency} | 409 with the
//     late-cancel terms until confirmLate. (src/changes.js)
//   {action:'decide', requestId, decision: 'approve' | 'decline', message?} → 200 {success, request}:
//     approve makes the appointment; decline frees the time; the client is emailed either way (the
//     practice's name and a link, nothing else) and reads the answer and message in the portal.
import { ID, Permission, Query, Role } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import { claimIds, claimsOf, releaseClaims, takeClaims } from '../../lib/booking-store.js';
import { consentFunction, documentOrNull, ownPortalLink } from '../../lib/consent-store.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { recordSelfPayAnswer } from '../../lib/self-pay.js';
import { cancel, mine, reschedule, undo, withdraw } from './changes.js';
import {
  bookableService, BOOK_SLOT_MESSAGES, createAppointment, existingClientsMayBook, ownFirst, practiceOf, requestSummary, sendMail, slotsNow, tellTherapist, UNDO_MS,
} from '../../lib/booking-practice.js';
import { validId } from '../../lib/ids.js';

export { BOOK_SLOT_MESSAGES } from '../../lib/booking-practice.js';
const MESSAGE_MAX = 1000;

/**
 * @typedef {import('../../lib/booking-practice.js').Run} Run
 * @typedef {import('../../lib/booking-practice.js').Doc} Doc
 */

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
  await recordSelfPayAnswer(run, practice.therapist, String(link.clientId), body['usesInsurance']);

  await tellTherapist(run, practice.therapist, {
    notificationId: `booking:${requestId}`, urgent: !instant, day: slot.start.slice(0, 10),
    title: instant ? 'New online booking' : 'New appointment request',
    message: instant ? `${service.name} was booked online for ${slot.start}.` : `A client asked for ${service.name} at ${slot.start}. Approve or decline it on the calendar.`,
    subject: instant ? 'A client booked an appointment online' : 'A client asked for an appointment',
    line: instant ? 'A client booked an appointment online. Sign in to Cadence to see it.' : 'A client asked for an appointment. Sign in to Cadence to approve or decline it.',
  });
  run.log(`booking ${requestId} ${instant ? 'booked' : 'requested'}`);
  return { status: 201, body: { success: true, error: null, outcome: instant ? 'booked' : 'requested', request: requestSummary(request), undoUntil: new Date(now + UNDO_MS).toISOString() } };
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function decide(run, body) {
  const { databases, c, userId } = run;
  const id = validId(body['requestId']);
  const request = id ? await documentOrNull(databases, c.databaseId, c.bookingRequests, id) : null;
  if (!request || request.userId !== userId) throw new Refusal(404, BOOK_SLOT_MESSAGES.request, 'requestId');
  const decision = body['decision'];
  if (decision !== 'approve' && decision !== 'decline') throw new Refusal(400, BOOK_SLOT_MESSAGES.decision, 'decision');
  const message = typeof body['message'] === 'string' ? body['message'].trim() : '';
  if (message.length > MESSAGE_MAX) throw new Refusal(400, BOOK_SLOT_MESSAGES.message, 'message');
  if (request.status === 'withdrawn') throw new Refusal(409, BOOK_SLOT_MESSAGES.withdrawn);
  if (request.status !== 'requested') throw new Refusal(409, BOOK_SLOT_MESSAGES.decided);

  const at = appwriteDate(new Date());
  /** @type {Record<string, unknown>} */
  const data = { status: decision === 'approve' ? 'approved' : 'declined', decidedAt: at, message: message || null };
  if (decision === 'approve') data['appointmentId'] = (await createAppointment(run, request)).$id;
  else await releaseClaims(run, await claimsOf(run, request.$id));
  const updated = await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.bookingRequests, documentId: request.$id, data });
  // The request's notice has done its work once answered.
  const notices = await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.notifications, queries: [Query.equal('userId', userId), Query.equal('notificationId', `booking:${request.$id}`), Query.limit(5)] });
  for (const notice of notices.documents) await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.notifications, documentId: notice.$id, data: { read: true, persistent: false } });

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
    if (action === 'mine') return mine(run, body);
    if (action === 'undo') return undo(run, body);
    if (action === 'withdraw') return withdraw(run, body);
    if (action === 'reschedule') return reschedule(run, body);
    if (action === 'cancel') return cancel(run, body);
    const link = await ownPortalLink(run, body['accessId']);
    const practice = await practiceOf(run, link);
    if (action === 'services') {
      const bookable = [...practice.rules.values()].filter(existingClientsMayBook);
      const services = (await Promise.all(bookable.map((rule) => documentOrNull(run.databases, run.c.databaseId, run.c.services, String(rule.serviceId)))))
        .filter((service) => service && ownedBy(service, practice.therapist) && !service.archived)
        .map((service) => ({ $id: service?.$id, name: service?.name, durationMinutes: service?.durationMinutes, confirmation: practice.rules.get(String(service?.$id))?.confirmation ?? 'approval' }));
      const record = await documentOrNull(run.databases, run.c.databaseId, run.c.clients, String(link.clientId));
      const askSelfPay = !!record && ownedBy(record, practice.therapist) && typeof record.selfPay !== 'boolean';
      return { status: 200, body: { success: true, error: null, practiceName: link.practiceName, timeZone: practice.timeZone, services, askSelfPay } };
    }
    if (action === 'slots') {
      const { booking } = await bookableService(run, practice, body['serviceId']);
      return { status: 200, body: { success: true, error: null, timeZone: practice.timeZone, slots: await slotsNow(run, practice, booking, Date.now()) } };
    }
    throw new Refusal(400, 'Say what to do: services, slots, book, mine, undo, withdraw, reschedule, cancel or decide.', 'action');
  },
});


