// notify-client (issue 37 "Notify the client"): after the therapist moves or cancels an appointment,
// the schedule offers to tell the client; this sends that email over SMTP, the same way reminders go
// (lib/smtp-mailer.js). Body {appointmentId, change: 'moved' | 'cancelled', previousStart?, previousEnd?}.
// Only the caller's own appointment and client (lib/owned-by.js), only to a client who agreed to
// email (the client's reminder consent) and has an address, and only what the change says: a moved
// appointment must be scheduled, a cancelled one cancelled. The email holds the date, time and the
// practice (./change-email.js); the log holds ids only.
// Answers: 200 {success, sent: true}; 400 bad input; 404 not the caller's; 409 {reason: 'no-consent' |
// 'no-email' | 'status'} nothing sent; 500 mail not configured or not sent.
import { AppwriteException, Databases, Query } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { CANCELLED_STATUSES } from '../../lib/series-store.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { changeEmail } from './change-email.js';
import { ID_RE } from '../../lib/ids.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

const NOT_FOUND = 'This appointment could not be found.';

/** @param {unknown} value */
const isInstant = (value) => typeof value === 'string' && value.length <= 40 && Number.isFinite(Date.parse(value));
/** @param {unknown} e */
const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: 'Sign in to notify a client.' }, 401);
  const body = readBody(req.bodyText);
  const appointmentId = body['appointmentId'];
  const change = body['change'];
  if (typeof appointmentId !== 'string' || !ID_RE.test(appointmentId)) return res.json({ success: false, error: 'Name the appointment.' }, 400);
  if (change !== 'moved' && change !== 'cancelled') return res.json({ success: false, error: 'Say whether the appointment moved or was cancelled.' }, 400);
  const previousStart = isInstant(body['previousStart']) ? new Date(String(body['previousStart'])).toISOString() : null;
  const previousEnd = isInstant(body['previousEnd']) ? new Date(String(body['previousEnd'])).toISOString() : null;

  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp) {
    error('Set SMTP_HOST and SMTP_FROM (and SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD as your provider needs) as function variables.');
    return res.json({ success: false, error: 'Email is not set up for this practice yet.' }, 500);
  }
  const databases = new Databases(serverClient(req));
  const collections = collectionsFromEnv(process.env);
  const { databaseId } = collections;
  const read = (/** @type {string} */ collectionId, /** @type {string} */ documentId) =>
    databases.getDocument({ databaseId, collectionId, documentId }).catch((e) => { if (isNotFound(e)) return null; throw e; });

  try {
    const appointment = await read(collections.appointments, appointmentId);
    if (!appointment || !ownedBy(appointment, userId)) return res.json({ success: false, error: NOT_FOUND }, 404);
    const cancelled = /** @type {readonly unknown[]} */ (CANCELLED_STATUSES).includes(appointment['status']);
    if (change === 'cancelled' ? !cancelled : appointment['status'] !== 'scheduled') {
      return res.json({ success: false, reason: 'status', error: change === 'cancelled' ? 'This appointment is not cancelled.' : 'Only a scheduled appointment can be announced as moved.' }, 409);
    }
    const clientId = appointment['clientId'];
    const client = typeof clientId === 'string' && ID_RE.test(clientId) ? await read(collections.clients, clientId) : null;
    if (!client || !ownedBy(client, userId)) return res.json({ success: false, error: NOT_FOUND }, 404);
    if (client['reminderConsent'] !== true) return res.json({ success: false, reason: 'no-consent', error: 'This client has not agreed to email, so nothing was sent.' }, 409);
    const email = typeof client['email'] === 'string' ? client['email'].trim() : '';
    if (!email) return res.json({ success: false, reason: 'no-email', error: 'This client has no email address, so nothing was sent.' }, 409);

    const settings = (await databases.listDocuments({ databaseId, collectionId: collections.practiceSettings, queries: [Query.equal('userId', userId), Query.limit(25)] }))
      .documents.find((d) => ownedBy(d, userId));
    const practiceName = String(settings?.['practiceName'] ?? '').trim() || 'Your therapist';
    const phone = typeof settings?.['phone'] === 'string' && settings['phone'].trim() ? settings['phone'].trim() : null;
    const start = String(appointment['start']);
    const message = changeEmail({
      change, start, end: typeof appointment['end'] === 'string' ? appointment['end'] : start, previousStart, previousEnd,
      timeZone: typeof settings?.['timeZone'] === 'string' ? settings['timeZone'] : 'UTC', practiceName, phone,
    });
    const mailer = createMailer(smtp);
    try {
      await mailer.sendMail({ from: { name: practiceName, address: smtp.fromAddress }, to: email, ...message });
    } catch (e) {
      error(`change notice for appointment ${appointmentId} not sent: ${smtpFailure(e)}`);
      return res.json({ success: false, error: 'The email could not be sent. Try again in a moment.' }, 500);
    } finally {
      mailer.close();
    }
    log(`change notice (${change}) sent for appointment ${appointmentId}`);
    return res.json({ success: true, sent: true });
  } catch (e) {
    error(`change notice for appointment ${appointmentId} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'The email could not be sent. Try again in a moment.' }, 500);
  }
};
