// message-email (issue 32): runs on Appwrite's message create event (backend/appwrite.json `events`).
// A message from the therapist emails the conversation's login once per unread burst: the first
// message after the client last read the conversation sends "You have a new message from
// {practice}" with a sign-in link; the ones after it send nothing until the client reads again.
// Exactly once even when several messages' events run at the same time: each claims the burst's
// message_emails document (id from the conversation and the last read, lib/messaging.js) and only
// the one whose create succeeds sends. A message already read when the event runs sends nothing.
// The event's payload is never trusted: the message and conversation are read again. Nothing of
// the message is in the email, the logs or the answer (ids and a word only).
import { AppwriteException, Databases, Permission, Role, Users } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { documentOrNull } from '../../lib/consent-store.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { burstEmailId, newMessageEmail } from '../../lib/messaging.js';
import { appwriteDate } from '../../lib/note-signing.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';

/** @param {import('../../lib/execution.js').Context} context */
export default async ({ req, res, log, error }) => {
  const payload = readBody(req.bodyText);
  const messageId = typeof payload['$id'] === 'string' ? payload['$id'].slice(0, 36) : '';
  if (!messageId) return res.json({ success: false, error: 'No message in the event.' }, 400);
  const answer = (/** @type {string} */ outcome) => res.json({ success: true, messageId, outcome });
  try {
    const client = serverClient(req);
    const databases = new Databases(client);
    const c = collectionsFromEnv(process.env);
    const message = await documentOrNull(databases, c.databaseId, c.messages, messageId);
    // Only the therapist's messages email the client; the therapist sees theirs in the Inbox.
    if (!message || message['senderRole'] !== 'therapist') return answer('not-for-client');
    const conversation = await documentOrNull(databases, c.databaseId, c.conversations, String(message['conversationId']));
    if (!conversation || conversation['userId'] !== message['userId']) return answer('no-conversation');
    const readAt = typeof conversation['clientReadAt'] === 'string' ? conversation['clientReadAt'] : null;
    if (readAt && Date.parse(readAt) >= Date.parse(String(message['sentAt']))) return answer('already-read');

    const origin = appOriginFrom(process.env);
    const smtp = smtpSettingsFromEnv(process.env);
    if (!origin || !smtp) {
      log('message email not sent: set APP_ORIGIN and the SMTP_* variables');
      return answer('not-configured');
    }
    const therapist = String(conversation['userId']);
    try {
      await databases.createDocument({
        databaseId: c.databaseId, collectionId: c.messageEmails, documentId: burstEmailId(conversation.$id, readAt),
        data: { userId: therapist, conversationId: conversation.$id, at: appwriteDate(new Date()) },
        permissions: [Permission.read(Role.user(therapist))],
      });
    } catch (e) {
      if (e instanceof AppwriteException && e.code === 409) return answer('burst-already-emailed');
      throw e;
    }
    const link = await documentOrNull(databases, c.databaseId, c.portalAccess, conversation.$id);
    const practiceName = String(link?.['practiceName'] || 'your practice');
    const { email } = await new Users(client).get({ userId: String(conversation['clientUserId']) });
    const mail = newMessageEmail({ practiceName, link: `${origin}/portal/messages` });
    const mailer = createMailer(smtp);
    try {
      await mailer.sendMail({ from: { name: practiceName, address: smtp.fromAddress }, to: email, ...mail });
    } catch (e) {
      // Let the next message of the burst try again.
      await databases.deleteDocument({ databaseId: c.databaseId, collectionId: c.messageEmails, documentId: burstEmailId(conversation.$id, readAt) }).catch(() => undefined);
      log(`message email for ${conversation.$id} not sent: ${smtpFailure(e)}`);
      return answer('send-failed');
    } finally {
      mailer.close();
    }
    return answer('emailed');
  } catch (e) {
    error(`message-email ${messageId} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'The message email could not be sent.' }, 500);
  }
};
