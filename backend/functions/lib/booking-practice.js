// What online booking shares (issue 32: book-slot for existing clients, public-booking for new ones):
// the practice behind a portal link or a public booking page (its settings, availability and booking
// rules), a service a client may book, the slots now, the appointment a booking makes, and telling
// the therapist (an in-app notice and an email that names no one).
import { ID, Permission, Query, Role } from 'node-appwrite';
import { appOriginFrom } from './app-origin.js';
import { availabilityOf, busyFor, ruleOf, rulesByService } from './booking-store.js';
import { documentOrNull } from './consent-store.js';
import { appwriteDate, Refusal } from './note-signing.js';
import { ownedBy } from './owned-by.js';
import { escapeHtml } from './portal.js';
import { computeSlots } from './slots.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from './smtp-mailer.js';
import { validId } from './ids.js';

export const BOOK_SLOT_MESSAGES = {
  signIn: 'Sign in to the client portal to book an appointment.',
  service: 'Choose a service to book.',
  notBookable: 'This service cannot be booked online. Please contact the practice.',
  start: 'Choose a time.',
  taken: 'That time was just taken',
  request: 'This request could not be found.',
  decided: 'This request has already been answered.',
  withdrawn: 'The client withdrew this request.',
  decision: 'Choose Approve or Decline.',
  message: 'Keep the message under 1,000 characters.',
  failed: 'The booking could not be made. Please try again.',
  appointment: 'This appointment could not be found.',
  undoExpired: 'This booking can no longer be undone. You can cancel it instead.',
  lateReschedule: 'This appointment is inside the practice’s cancellation window, so it can’t be moved online. Please call the practice, or cancel it.',
  lateConfirm: 'This appointment is inside the practice’s cancellation window. Confirm the late cancellation to go on.',
  notChangeable: 'This appointment can no longer be changed online. Please contact the practice.',
  notWithdrawable: 'This request has already been answered, so it can no longer be withdrawn.',
};

/** A just-made booking can be undone, with nothing left of it, for this long (issue 32; Jane's grace period). */
export const UNDO_MS = 5 * 60_000;


/**
 * @typedef {import('./consent-store.js').Run} Run
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {Awaited<ReturnType<typeof practiceOf>>} Practice
 */

/**
 * The therapist's own document of a one-per-practice collection (practice settings, availability):
 * any signed-in therapist can create documents naming anyone, so only one whose every permission
 * is the therapist's counts.
 * @param {Run} run
 * @param {string} collectionId
 * @param {string} therapist
 */
export async function ownFirst({ databases, c }, collectionId, therapist) {
  const list = await databases.listDocuments({ databaseId: c.databaseId, collectionId, queries: [Query.equal('userId', therapist), Query.limit(25)] });
  return /** @type {Doc[]} */ (list.documents).find((d) => ownedBy(d, therapist)) ?? null;
}

/**
 * The practice behind a portal link (or a public booking page: `{ userId }` of its therapist), its
 * settings and availability, and its booking rules.
 * @param {Run} run
 * @param {Doc | { userId: unknown }} link
 */
export async function practiceOf(run, link) {
  const { c } = run;
  const therapist = String(link.userId);
  const [settings, hours, rules] = await Promise.all([ownFirst(run, c.practiceSettings, therapist), ownFirst(run, c.availability, therapist), rulesByService(run, therapist)]);
  const timeZone = String(settings?.timeZone ?? 'UTC');
  const availability = hours ? availabilityOf(hours, timeZone) : { timeZone, weekly: {}, overrides: [] };
  return { therapist, settings, availability, rules, timeZone };
}

/** @param {Doc | undefined} rule */
export const existingClientsMayBook = (rule) => ['existing', 'both'].includes(String(rule?.bookableBy));
/** @param {Doc | undefined} rule */
export const newClientsMayBook = (rule) => ['new', 'both'].includes(String(rule?.bookableBy));

/**
 * A service of the practice that existing (or, from the public page, new) clients may book online,
 * with its rules.
 * @param {Pick<Run, 'databases' | 'c'>} run
 * @param {Practice} practice
 * @param {unknown} serviceId
 * @param {'existing' | 'new'} [who]
 */
export async function bookableService(run, practice, serviceId, who = 'existing') {
  const id = validId(serviceId);
  if (!id) throw new Refusal(400, BOOK_SLOT_MESSAGES.service, 'serviceId');
  const service = await documentOrNull(run.databases, run.c.databaseId, run.c.services, id);
  const rule = practice.rules.get(id);
  if (!service || !rule || !ownedBy(service, practice.therapist) || service.archived || !(who === 'new' ? newClientsMayBook : existingClientsMayBook)(rule)) {
    throw new Refusal(404, BOOK_SLOT_MESSAGES.notBookable, 'serviceId');
  }
  return { service, rule, booking: ruleOf(rule, service) };
}

/**
 * The slots of a service now; `exceptAppointmentId` is left out of the busy time (the appointment
 * being moved does not stand in its own way).
 * @param {Run} run
 * @param {Practice} practice
 * @param {import('./slots.js').BookingRule} booking
 * @param {number} now
 * @param {string} [exceptAppointmentId]
 */
export async function slotsNow(run, practice, booking, now, exceptAppointmentId) {
  const query = { availability: practice.availability, rule: booking, now };
  return computeSlots({ ...query, busy: await busyFor(run, practice.therapist, query, practice.rules, exceptAppointmentId) });
}

/**
 * A mail that names no one: the words and a link. A mail that fails is logged; the change stands.
 * @param {Run} run
 * @param {string} to
 * @param {{ subject: string, line: string, linkText: string, link: string }} mail
 */
export async function sendMail({ log }, to, mail) {
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

/**
 * Tells the therapist of a client's booking or change: an in-app notice (behind sign-in, so it may
 * name the service and time) and an email that names no one, linking to the calendar on that day.
 * @param {Run} run
 * @param {string} therapist
 * @param {{ notificationId: string, title: string, message: string, urgent: boolean, day: string, subject: string, line: string }} what
 */
export async function tellTherapist(run, therapist, what) {
  const origin = appOriginFrom(process.env);
  const actionUrl = origin ? `${origin}/dashboard/schedule?date=${what.day}` : null;
  await run.databases.createDocument({
    databaseId: run.c.databaseId, collectionId: run.c.notifications, documentId: ID.unique(),
    data: {
      userId: therapist, notificationId: what.notificationId, type: 'booking', priority: what.urgent ? 'high' : 'medium', title: what.title,
      message: what.message, actionText: 'Open the calendar', actionUrl, timestamp: appwriteDate(new Date()), read: false, persistent: what.urgent, dismissed: false,
    },
    permissions: [Permission.read(Role.user(therapist)), Permission.update(Role.user(therapist)), Permission.delete(Role.user(therapist))],
  });
  if (actionUrl) {
    const { email } = await run.users.get({ userId: therapist });
    await sendMail(run, email, { subject: what.subject, line: what.line, linkText: 'Open the calendar', link: actionUrl });
  }
}

/**
 * The appointment of a booked or approved request (id = the request's), as the dashboard makes one.
 * @param {Run} run
 * @param {Doc} request
 */
export async function createAppointment({ databases, c }, request) {
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

/** @param {Doc} request */
export const requestSummary = (request) => ({
  $id: request.$id, serviceId: request.serviceId, start: request.start, end: request.end, status: request.status, message: request.message ?? null, appointmentId: request.appointmentId ?? null,
  requestedAt: request.requestedAt, decidedAt: request.decidedAt ?? null,
});
