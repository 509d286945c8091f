// send-reminders (issue 14 "Client reminders"): on its schedule (every 5 minutes), emails each
// consenting client a reminder at the practice's lead time (24 or 48 h) before each scheduled
// appointment, over SMTP (lib/smtp-mailer.js). Exactly once per appointment and start time:
//  - `reminderSentFor` on the appointment holds the start instant a reminder went out for, so a
//    moved appointment (start ≠ reminderSentFor) gets a new one and an unmoved one none;
//  - before sending, a run claims the reminder by creating an `appointment_reminders` document whose
//    id is derived from (appointment, start, previous reminderSentFor). Appwrite refuses a second
//    document with that id (409), so of two runs that overlap only one sends. A run that dies
//    between its claim and the send leaves that reminder unsent rather than risk sending it twice.
// Cancelled (any cancelled status) and past appointments get none. Acts only on documents the
// therapist wrote themselves (lib/owned-by.js), so nobody can have a reminder sent in another
// therapist's name. Logs counts and ids only: no names, addresses or times.
// Then the measures scheduled per client (issue 31): lib/measure-schedule.js sends each its
// questionnaire before the next appointments, with an email that names no measure; the email's
// link is the portal's sign-in page under APP_ORIGIN (no email without it).
// A telehealth appointment's reminder to a client in the portal carries the room's own link (issue
// 34, lib/video-links.js): one new token per reminder, for that appointment and the client's login.
// Each parent or guardian linked to the client gets a reminder of their own (reminderRecipients),
// with a room link for their own login once they are in the portal; each person's is claimed and sent
// once, and the appointment is marked reminded when every one of them has theirs.
import { createHash } from 'node:crypto';
import { AppwriteException, Databases, Query } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { sendScheduledMeasures } from '../../lib/measure-schedule.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { portalPeople } from '../../lib/portal-people.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { mintRoomLink } from '../../lib/video-links.js';
import { reminderEmail } from './reminder-email.js';

/** @typedef {import('../../lib/execution.js').Context} Context */
/** @typedef {import('node-appwrite').Models.DefaultDocument} Doc */

const HOUR_MS = 3_600_000;
/** practice_settings.reminderLeadHours: the app offers 24 and 48 (appwrite.json allows 0–48; 0 turns reminders off). */
const MAX_LEAD_HOURS = 48;
const DEFAULT_LEAD_HOURS = 24;
const PAGE = 100;

/** @param {unknown} a @param {unknown} b */
const sameInstant = (a, b) => typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);

/**
 * The claim's document id: one per appointment, start and the reminder sent before it (so moving an
 * appointment back to a time it was once reminded for still reminds the client of the change).
 * 36 hex characters, a valid Appwrite custom id.
 * @param {string} appointmentId
 * @param {string} start
 * @param {unknown} previous the appointment's reminderSentFor when the run read it
 */
export function reminderClaimId(appointmentId, start, previous) {
  const before = typeof previous === 'string' && previous ? new Date(previous).toISOString() : '';
  return createHash('sha256').update(`${appointmentId}|${new Date(start).toISOString()}|${before}`).digest('hex').slice(0, 36);
}

/**
 * Scheduled appointments starting within the longest lead time, oldest first.
 * @param {Databases} databases
 * @param {import('../../lib/collections.js').Collections} collections
 * @param {number} now
 */
async function dueAppointments(databases, collections, now) {
  /** @type {Doc[]} */
  const all = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    const queries = [
      Query.equal('status', 'scheduled'),
      Query.greaterThan('start', new Date(now).toISOString()),
      Query.lessThanEqual('start', new Date(now + MAX_LEAD_HOURS * HOUR_MS).toISOString()),
      Query.orderAsc('start'),
      Query.limit(PAGE),
    ];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const page = await databases.listDocuments({ databaseId: collections.databaseId, collectionId: collections.appointments, queries });
    all.push(...page.documents);
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < PAGE || !last) return all;
    cursor = last.$id;
  }
}

/** @param {unknown} e */
const isConflict = (e) => e instanceof AppwriteException && e.code === 409;
/** @param {unknown} e */
const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;

/** @param {Doc} settings */
function addressLines(settings) {
  const text = (/** @type {string} */ key) => (typeof settings[key] === 'string' ? settings[key].trim() : '');
  const cityLine = [text('city'), [text('state'), text('postalCode')].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [text('addressLine1'), text('addressLine2'), cityLine].filter(Boolean);
}

/**
 * @typedef {object} Recipient one person a reminder goes to
 * @property {string} email
 * @property {string} greet the name the email greets
 * @property {string | null} login their active portal login (for the room link), or null
 * @property {string} claimKey what their claim is per appointment: '' for the client, the link's id for a guardian
 * @property {boolean} guardian
 */

/** @param {unknown} value */
const trimmed = (value) => (typeof value === 'string' ? value.trim() : '');

/**
 * Who is reminded of a client's appointment (issue 31's guardians, as SimplePractice's contacts each
 * get their own reminders): the client at their own email, and each parent or guardian the therapist
 * linked to the client, at the email they were invited at. A minor without an email of their own is
 * reminded through their guardians only.
 * @param {Doc} client
 * @param {import('../../lib/portal-people.js').PortalPeople} people
 * @returns {Recipient[]}
 */
export function reminderRecipients(client, people) {
  /** @type {Recipient[]} */
  const recipients = [];
  const email = trimmed(client['email']);
  if (email) {
    const login = people.client && people.client['status'] === 'active' ? String(people.client['clientUserId']) : null;
    recipients.push({ email, greet: trimmed(client['preferredName']) || trimmed(client['firstName']), login, claimKey: '', guardian: false });
  }
  for (const link of people.guardians) {
    const to = trimmed(link['contactEmail']);
    if (!to) continue;
    const login = link['status'] === 'active' ? String(link['clientUserId']) : null;
    recipients.push({ email: to, greet: trimmed(link['contactName']), login, claimKey: link.$id, guardian: true });
  }
  return recipients;
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  if (req.headers['x-appwrite-user-id']) {
    return res.json({ success: false, error: 'Only the schedule or a server key sends reminders.' }, 403);
  }
  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp) {
    error('Set SMTP_HOST and SMTP_FROM (and SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD as your provider needs) as function variables.');
    return res.json({ success: false, error: 'Reminders are not configured.' }, 500);
  }
  const databases = new Databases(serverClient(req));
  const collections = collectionsFromEnv(process.env);
  const { databaseId } = collections;
  const now = Date.now();

  /** @type {Map<string, Promise<Doc | null>>} */
  const practices = new Map();
  /** @param {string} userId */
  const practiceOf = (userId) => {
    let found = practices.get(userId);
    if (!found) {
      found = databases.listDocuments({ databaseId, collectionId: collections.practiceSettings, queries: [Query.equal('userId', userId), Query.limit(25)] })
        .then((list) => list.documents.find((d) => ownedBy(d, userId)) ?? null);
      practices.set(userId, found);
    }
    return found;
  };

  const mailer = createMailer(smtp);
  const origin = appOriginFrom(process.env);
  let sent = 0;
  let failed = 0;
  try {
    const appointments = await dueAppointments(databases, collections, now);
    for (const appointment of appointments) {
      try {
        const userId = appointment['userId'];
        const start = appointment['start'];
        if (typeof userId !== 'string' || typeof start !== 'string' || !ownedBy(appointment, userId)) continue;
        if (sameInstant(appointment['reminderSentFor'], start)) continue;
        const practice = await practiceOf(userId);
        if (!practice) continue;
        const leadHours = typeof practice['reminderLeadHours'] === 'number' ? practice['reminderLeadHours'] : DEFAULT_LEAD_HOURS;
        if (leadHours <= 0 || Date.parse(start) - now > leadHours * HOUR_MS) continue;

        const clientId = appointment['clientId'];
        if (typeof clientId !== 'string') continue;
        const client = await databases.getDocument({ databaseId, collectionId: collections.clients, documentId: clientId })
          .catch((e) => { if (isNotFound(e)) return null; throw e; });
        if (!client || !ownedBy(client, userId) || client['reminderConsent'] !== true) continue;
        const recipients = reminderRecipients(client, await portalPeople(databases, collections, userId, clientId));
        if (!recipients.length) continue;
        const telehealth = appointment['locationType'] === 'telehealth';
        const clientName = trimmed(client['preferredName']) || trimmed(client['firstName']);
        let unsent = 0;
        for (const recipient of recipients) {
          // One claim per person: a run that fails one of them sends only that one again.
          const claimId = reminderClaimId(recipient.claimKey ? `${appointment.$id}|${recipient.claimKey}` : appointment.$id, start, appointment['reminderSentFor']);
          try {
            await databases.createDocument({
              databaseId, collectionId: collections.appointmentReminders, documentId: claimId,
              data: { userId, appointmentId: appointment.$id, start }, permissions: [],
            });
          } catch (e) {
            if (!isConflict(e)) throw e;
            // Another run has this person's: done once it is sent, else that run marks the appointment.
            const held = await databases.getDocument({ databaseId, collectionId: collections.appointmentReminders, documentId: claimId }).catch(() => null);
            if (!held?.['sentAt']) unsent += 1;
            continue;
          }
          const message = reminderEmail({
            roomLink: telehealth && origin && recipient.login ? await mintRoomLink(databases, collections, { appointment, clientUserId: recipient.login, origin }) : null,
            greet: recipient.greet,
            clientName: recipient.guardian ? clientName : null,
            start,
            end: typeof appointment['end'] === 'string' ? appointment['end'] : start,
            timeZone: typeof practice['timeZone'] === 'string' ? practice['timeZone'] : 'UTC',
            locationType: telehealth ? 'telehealth' : 'office',
            meetingLink: typeof appointment['meetingLink'] === 'string' ? appointment['meetingLink'] : null,
            practiceName: String(practice['practiceName'] ?? '').trim() || 'Your therapist',
            phone: typeof practice['phone'] === 'string' && practice['phone'].trim() ? practice['phone'].trim() : null,
            addressLines: addressLines(practice),
          });
          try {
            await mailer.sendMail({ from: { name: String(practice['practiceName'] ?? '').trim() || 'Cadence', address: smtp.fromAddress }, to: recipient.email, ...message });
          } catch (e) {
            // Not sent: give the claim back so the next run tries again.
            failed += 1;
            unsent += 1;
            error(`reminder for appointment ${appointment.$id} not sent${recipient.guardian ? ' to a guardian' : ''}: ${smtpFailure(e)}`);
            await databases.deleteDocument({ databaseId, collectionId: collections.appointmentReminders, documentId: claimId }).catch(() => undefined);
            continue;
          }
          sent += 1;
          await databases.updateDocument({ databaseId, collectionId: collections.appointmentReminders, documentId: claimId, data: { sentAt: new Date().toISOString() } });
        }
        if (unsent) continue;
        // Everyone has theirs: the appointment is reminded for this start.
        await databases.updateDocument({ databaseId, collectionId: collections.appointments, documentId: appointment.$id, data: { reminderSentFor: start } })
          .catch((e) => { if (!isNotFound(e)) throw e; });
      } catch (e) {
        failed += 1;
        error(`reminder for appointment ${appointment.$id} failed: ${messageOf(e)}`);
      }
    }
    log(`reminders: ${appointments.length} scheduled within ${MAX_LEAD_HOURS} h, ${sent} sent, ${failed} failed`);
    const measures = await sendScheduledMeasures({
      databases, c: collections, now, practiceOf, error, portalLink: origin ? `${origin}/portal/sign-in` : null,
      send: async (to, fromName, message) => { await mailer.sendMail({ from: { name: fromName, address: smtp.fromAddress }, to, ...message }); },
    });
    log(`scheduled measures: ${measures.created} sent, ${measures.emailed} emailed, ${measures.failed} failed, ${measures.moved} due dates moved, ${measures.withdrawn} withdrawn`);
    failed += measures.failed;
    return res.json({ success: failed === 0, sent, failed, measures, error: failed ? 'Some reminders could not be sent.' : null });
  } catch (e) {
    error(`reminders run failed: ${messageOf(e)}`);
    return res.json({ success: false, sent, failed, error: 'Reminders could not be sent.' }, 500);
  } finally {
    mailer.close();
  }
};
