// A client's own appointments in the portal (issue 32): listing them with what the client may do,
// undoing a just-made booking, moving one to another slot and cancelling one. Every rule is applied
// here from the server's clock and the practice's own settings — the browser only shows the terms
// this sends it and says what the client chose.
//
// - Undo: for UNDO_MS after booking, the booking is taken back with nothing left of it (the request,
//   its appointment, its claims and the therapist's notice are deleted, not cancelled).
// - Withdraw: a request still waiting for the therapist's answer, any time before it (after the undo
//   time too): it stays on record as withdrawn, its time is freed, the therapist's to-do on it is done
//   and the therapist is told (in the app, and by an email that names no one).
// - Move: outside the practice's cancellation window, to one of the service's slots now (the
//   appointment itself not counting as busy), claimed like a booking; the appointment keeps its id.
// - Cancel: outside the window, Cancelled; inside it, Late cancelled with the late-cancel fee of the
//   practice's policy (lib/fee-policy.js, as the dashboard's status menu records it: the status, a
//   history entry naming who and when, the fee), only once the client confirmed those terms.
// The therapist is told of each change (tellTherapist).
import { Query } from 'node-appwrite';
import { claimIds, claimsOf, listAll, releaseClaims, takeClaims } from '../../lib/booking-store.js';
import { documentOrNull, ownPortalLink } from '../../lib/consent-store.js';
import { isLateCancellation, policyFee, storedCancellationWindow, storedLateCancelPolicy } from '../../lib/fee-policy.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import {
  bookableService, BOOK_SLOT_MESSAGES, existingClientsMayBook, practiceOf, requestSummary, slotsNow, tellTherapist, UNDO_MS,
} from '../../lib/booking-practice.js';
import { validId } from '../../lib/ids.js';

/**
 * @typedef {import('../../lib/booking-practice.js').Run} Run
 * @typedef {import('../../lib/booking-practice.js').Doc} Doc
 * @typedef {import('../../lib/booking-practice.js').Practice} Practice
 */

/**
 * What cancelling an appointment now would mean under the practice's policy: whether it is late,
 * and the fee and its currency (the client's fee or the service's, or the policy's fixed amount),
 * worked out as the dashboard's status menu does (feeThatApplies).
 * @param {Run} run
 * @param {Practice} practice
 * @param {Doc} appointment
 * @param {number} now
 */
export async function cancelTerms(run, practice, appointment, now) {
  const { settings } = practice;
  // No practice settings: the dashboard calls no cancellation late either.
  const windowHours = settings ? storedCancellationWindow(settings) : 0;
  const late = isLateCancellation(windowHours, new Date(String(appointment.start)), new Date(now));
  if (!late || !settings) return { late, windowHours, fee: null, currency: String(appointment.currency ?? settings?.currency ?? 'USD') };
  const [service, client] = await Promise.all([
    documentOrNull(run.databases, run.c.databaseId, run.c.services, String(appointment.serviceId)),
    documentOrNull(run.databases, run.c.databaseId, run.c.clients, String(appointment.clientId)),
  ]);
  const clientFee = typeof client?.feeOverride === 'number' ? client.feeOverride : null;
  const serviceFee = typeof service?.fee === 'number' ? service.fee : null;
  const policy = storedLateCancelPolicy(settings);
  const feeCurrency = clientFee != null ? client?.currency : serviceFee != null ? service?.currency : undefined;
  const currency = String((policy.type === 'fixed' ? settings.currency : feeCurrency) ?? settings.currency ?? appointment.currency ?? 'USD');
  return { late, windowHours, fee: policyFee(policy, clientFee ?? serviceFee ?? 0), currency };
}

/**
 * The link's client's appointment with this practice that is still to come and scheduled, or a 404.
 * @param {Run} run
 * @param {Doc} link
 * @param {unknown} appointmentId
 * @param {number} now
 */
async function ownUpcoming(run, link, appointmentId, now) {
  const id = validId(appointmentId);
  const appointment = id ? await documentOrNull(run.databases, run.c.databaseId, run.c.appointments, id) : null;
  const therapist = String(link.userId);
  if (!appointment || appointment.clientId !== link.clientId || !ownedBy(appointment, therapist)) throw new Refusal(404, BOOK_SLOT_MESSAGES.appointment, 'appointmentId');
  if (appointment.status !== 'scheduled' || Date.parse(String(appointment.start)) <= now) throw new Refusal(409, BOOK_SLOT_MESSAGES.notChangeable, 'appointmentId');
  return appointment;
}

/**
 * The booking request behind an appointment made online (same id), when this client made it.
 * @param {Run} run
 * @param {string} id
 */
async function ownRequest(run, id) {
  const request = await documentOrNull(run.databases, run.c.databaseId, run.c.bookingRequests, id);
  return request && request.clientUserId === run.userId ? request : null;
}

/** @param {Doc} request @param {number} now */
const undoUntil = (request, now) => {
  const until = Date.parse(String(request.requestedAt)) + UNDO_MS;
  return ['booked', 'requested'].includes(String(request.status)) && until > now ? new Date(until).toISOString() : null;
};

/**
 * {action:'mine', accessId}: the client's coming appointments with this practice (each with whether it
 * can be moved online, what cancelling it now means, and until when it can be undone), and their
 * requests still to come: waiting, approved or declined with the practice's message.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
export async function mine(run, body) {
  const link = await ownPortalLink(run, body['accessId']);
  const practice = await practiceOf(run, link);
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const [appointments, requests] = await Promise.all([
    listAll(run.databases, run.c.databaseId, run.c.appointments, [Query.equal('userId', practice.therapist), Query.equal('clientId', String(link.clientId)), Query.greaterThan('start', nowIso)]),
    listAll(run.databases, run.c.databaseId, run.c.bookingRequests, [Query.equal('clientUserId', run.userId), Query.greaterThan('end', nowIso)]),
  ]);
  const own = appointments.filter((a) => ownedBy(a, practice.therapist) && a.status === 'scheduled').sort((a, b) => String(a.start).localeCompare(String(b.start)));
  const ownRequests = requests.filter((r) => r.userId === practice.therapist && r.clientId === link.clientId);
  const serviceIds = [...new Set([...own, ...ownRequests].map((x) => String(x.serviceId)))];
  const services = new Map((await Promise.all(serviceIds.map((id) => documentOrNull(run.databases, run.c.databaseId, run.c.services, id))))
    .flatMap((s) => (s && ownedBy(s, practice.therapist) ? [[s.$id, String(s.name)]] : [])));
  const byAppointment = new Map(ownRequests.filter((r) => r.appointmentId).map((r) => [String(r.appointmentId), r]));
  const listed = await Promise.all(own.map(async (a) => {
    const terms = await cancelTerms(run, practice, a, now);
    const request = byAppointment.get(a.$id);
    return {
      $id: a.$id, serviceId: a.serviceId, serviceName: services.get(String(a.serviceId)) ?? null, start: a.start, end: a.end,
      canReschedule: !terms.late && existingClientsMayBook(practice.rules.get(String(a.serviceId))),
      cancel: { late: terms.late, fee: terms.fee, currency: terms.currency },
      undoUntil: request && request.status === 'booked' ? undoUntil(request, now) : null,
      requestId: request?.$id ?? null,
    };
  }));
  return {
    status: 200,
    body: {
      success: true, error: null, practiceName: link.practiceName, timeZone: practice.timeZone,
      cancellationWindowHours: practice.settings ? storedCancellationWindow(practice.settings) : 0,
      appointments: listed,
      requests: ownRequests.filter((r) => r.status !== 'booked').sort((a, b) => String(a.start).localeCompare(String(b.start)))
        .map((r) => ({ ...requestSummary(r), serviceName: services.get(String(r.serviceId)) ?? null, undoUntil: undoUntil(r, now) })),
    },
  };
}

/**
 * Deletes the therapist's notices about one booking (its own and any of its later changes).
 * @param {Run} run
 * @param {string} therapist
 * @param {string} bookingId
 */
async function deleteNotices(run, therapist, bookingId) {
  const notices = await listAll(run.databases, run.c.databaseId, run.c.notifications, [Query.equal('userId', therapist), Query.startsWith('notificationId', `booking:${bookingId}`)]);
  for (const notice of notices) await run.databases.deleteDocument({ databaseId: run.c.databaseId, collectionId: run.c.notifications, documentId: notice.$id });
}

/**
 * {action:'undo', accessId, requestId}: within UNDO_MS of booking, takes it back with no record left.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
export async function undo(run, body) {
  const link = await ownPortalLink(run, body['accessId']);
  const id = validId(body['requestId']);
  const request = id ? await ownRequest(run, id) : null;
  if (!request || request.clientId !== link.clientId || request.userId !== link.userId) throw new Refusal(404, BOOK_SLOT_MESSAGES.request, 'requestId');
  const now = Date.now();
  if (!undoUntil(request, now)) throw new Refusal(409, BOOK_SLOT_MESSAGES.undoExpired, 'requestId');
  const therapist = String(request.userId);
  if (request.appointmentId) {
    const appointment = await documentOrNull(run.databases, run.c.databaseId, run.c.appointments, String(request.appointmentId));
    if (appointment) {
      // Anything the therapist has recorded on it since (a status, a note) is theirs to keep.
      if (!ownedBy(appointment, therapist) || appointment.status !== 'scheduled' || (appointment.noteState ?? 'none') !== 'none') throw new Refusal(409, BOOK_SLOT_MESSAGES.undoExpired, 'requestId');
      await run.databases.deleteDocument({ databaseId: run.c.databaseId, collectionId: run.c.appointments, documentId: appointment.$id });
    }
  }
  await releaseClaims(run, await claimsOf(run, request.$id));
  await deleteNotices(run, therapist, request.$id);
  await run.databases.deleteDocument({ databaseId: run.c.databaseId, collectionId: run.c.bookingRequests, documentId: request.$id });
  run.log(`booking ${request.$id} undone`);
  return { status: 200, body: { success: true, error: null, undone: request.$id } };
}

/**
 * {action:'reschedule', accessId, appointmentId, start}: moves the appointment to one of its
 * service's slots now, outside the cancellation window only.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
export async function reschedule(run, body) {
  const link = await ownPortalLink(run, body['accessId']);
  const now = Date.now();
  const appointment = await ownUpcoming(run, link, body['appointmentId'], now);
  const practice = await practiceOf(run, link);
  if ((await cancelTerms(run, practice, appointment, now)).late) throw new Refusal(409, BOOK_SLOT_MESSAGES.lateReschedule, 'appointmentId');
  const { service, booking } = await bookableService(run, practice, appointment.serviceId);
  const startMs = typeof body['start'] === 'string' ? Date.parse(body['start']) : Number.NaN;
  if (!Number.isFinite(startMs)) throw new Refusal(400, BOOK_SLOT_MESSAGES.start, 'start');
  const slots = await slotsNow(run, practice, booking, now, appointment.$id);
  const taken = () => ({
    status: 409,
    body: { success: false, error: BOOK_SLOT_MESSAGES.taken, field: 'start', slots: slots.filter((s) => Date.parse(s.end) <= startMs || Date.parse(s.start) >= startMs + booking.durationMinutes * 60_000).slice(0, 12) },
  });
  const slot = slots.find((s) => Date.parse(s.start) === startMs);
  if (!slot) return taken();
  // The appointment's claims are its own id's (an online booking's request has the same id).
  const held = await claimsOf(run, appointment.$id);
  const wanted = claimIds(practice.therapist, startMs, Date.parse(slot.end), booking);
  if (!(await takeClaims(run, practice.therapist, appointment.$id, wanted, now))) return taken();
  const keep = new Set(wanted.map((claim) => claim.id));
  await releaseClaims(run, held.filter((claimId) => !keep.has(claimId)));

  const previousStart = String(appointment.start);
  const moved = await run.databases.updateDocument({
    databaseId: run.c.databaseId, collectionId: run.c.appointments, documentId: appointment.$id, data: { start: slot.start, end: slot.end },
  });
  const request = await ownRequest(run, appointment.$id);
  if (request) await run.databases.updateDocument({ databaseId: run.c.databaseId, collectionId: run.c.bookingRequests, documentId: request.$id, data: { start: slot.start, end: slot.end } });
  await tellTherapist(run, practice.therapist, {
    notificationId: `booking:${appointment.$id}:moved:${now}`, title: 'Appointment moved online', urgent: false, day: slot.start.slice(0, 10),
    message: `A client moved ${service.name} from ${previousStart} to ${slot.start}.`,
    subject: 'A client moved an appointment', line: 'A client moved an appointment online. Sign in to Cadence to see it.',
  });
  return { status: 200, body: { success: true, error: null, appointment: { $id: moved.$id, start: moved.start, end: moved.end } } };
}

/**
 * {action:'cancel', accessId, appointmentId, confirmLate?}: Cancelled outside the window; inside it
 * Late cancelled with the policy's fee, once the client has confirmed (confirmLate: true) — else 409
 * with the terms, so a page that showed none never records a fee.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
export async function cancel(run, body) {
  const link = await ownPortalLink(run, body['accessId']);
  const now = Date.now();
  const appointment = await ownUpcoming(run, link, body['appointmentId'], now);
  const practice = await practiceOf(run, link);
  const terms = await cancelTerms(run, practice, appointment, now);
  if (terms.late && body['confirmLate'] !== true) {
    return { status: 409, body: { success: false, error: BOOK_SLOT_MESSAGES.lateConfirm, field: 'confirmLate', cancel: { late: true, fee: terms.fee, currency: terms.currency } } };
  }
  const status = terms.late ? 'late_cancelled' : 'cancelled';
  const at = new Date(now);
  const history = Array.isArray(appointment.statusHistory) ? appointment.statusHistory.map(String) : [];
  // The fields the dashboard's status menu writes (mf-dashboard/src/schedule/use-set-status.ts statusChange).
  await run.databases.updateDocument({
    databaseId: run.c.databaseId, collectionId: run.c.appointments, documentId: appointment.$id,
    data: {
      status, statusHistory: [...history, JSON.stringify({ status, at: at.toISOString(), by: run.userId })],
      feeAmount: terms.late ? terms.fee : null, currency: terms.currency, feeWaived: false, feeWaivedReason: null, noChargeAt: null, noChargeBy: null,
    },
  });
  await releaseClaims(run, await claimsOf(run, appointment.$id));
  const service = await documentOrNull(run.databases, run.c.databaseId, run.c.services, String(appointment.serviceId));
  await tellTherapist(run, practice.therapist, {
    notificationId: `booking:${appointment.$id}:cancelled:${now}`, urgent: terms.late, day: String(appointment.start).slice(0, 10),
    title: terms.late ? 'Late cancellation online' : 'Appointment cancelled online',
    message: `A client cancelled ${String(service?.name ?? 'an appointment')} at ${String(appointment.start)}${terms.late ? ', inside your cancellation window: recorded as Late cancelled' : ''}.`,
    subject: 'A client cancelled an appointment', line: 'A client cancelled an appointment online. Sign in to Cadence to see it.',
  });
  return { status: 200, body: { success: true, error: null, status, fee: terms.late ? terms.fee : null, currency: terms.currency } };
}

/**
 * {action:'withdraw', accessId, requestId}: the client takes back a request the therapist has not
 * answered yet (Undo's 5 minutes over or not): it is kept as withdrawn, its claims are released, the
 * therapist's "approve or decline" notice is done and a new one says it was withdrawn.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
export async function withdraw(run, body) {
  const link = await ownPortalLink(run, body['accessId']);
  const id = validId(body['requestId']);
  const request = id ? await ownRequest(run, id) : null;
  if (!request || request.clientId !== link.clientId || request.userId !== link.userId) throw new Refusal(404, BOOK_SLOT_MESSAGES.request, 'requestId');
  const now = Date.now();
  if (request.status !== 'requested' || Date.parse(String(request.start)) <= now) throw new Refusal(409, BOOK_SLOT_MESSAGES.notWithdrawable, 'requestId');
  const therapist = String(request.userId);
  const updated = await run.databases.updateDocument({
    databaseId: run.c.databaseId, collectionId: run.c.bookingRequests, documentId: request.$id, data: { status: 'withdrawn', decidedAt: appwriteDate(new Date(now)) },
  });
  await releaseClaims(run, await claimsOf(run, request.$id));
  const asked = await listAll(run.databases, run.c.databaseId, run.c.notifications, [Query.equal('userId', therapist), Query.equal('notificationId', `booking:${request.$id}`)]);
  for (const notice of asked) await run.databases.updateDocument({ databaseId: run.c.databaseId, collectionId: run.c.notifications, documentId: notice.$id, data: { read: true, persistent: false } });
  const service = await documentOrNull(run.databases, run.c.databaseId, run.c.services, String(request.serviceId));
  await tellTherapist(run, therapist, {
    notificationId: `booking:${request.$id}:withdrawn:${now}`, urgent: false, day: String(request.start).slice(0, 10),
    title: 'Request withdrawn online', message: `A client withdrew their request for ${String(service?.name ?? 'an appointment')} at ${String(request.start)}.`,
    subject: 'A client withdrew an appointment request', line: 'A client withdrew an appointment request online. Sign in to Cadence to see it.',
  });
  run.log(`booking ${request.$id} withdrawn`);
  return { status: 200, body: { success: true, error: null, request: requestSummary(updated) } };
}
