// invite-client (issue 31): the therapist, from a client's page, invites the client to the portal.
// The client record must be the caller's own (lib/owned-by.js), with an email and the client's
// consent to email. The client's Appwrite user is found by that email or made (no password), gets
// the `client` label, and one `portal_access` document per client record (id = the record's,
// readable by the therapist and the client, written only here) links it to the practice; a second
// practice inviting the same email links the same login. Each call mails a fresh sign-in link
// (a re-invite), and the earlier ones keep working until they expire.
import { AppwriteException, Databases, ID, Permission, Query, Role, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { appOriginFrom } from '../../lib/app-origin.js';
import { CLIENT_LABEL, INVITE_LINK_SECONDS, invitationEmail, signInLink } from '../../lib/portal.js';
import { publishPortalDocument } from '../../lib/portal-documents.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export const INVITE_MESSAGES = {
  signIn: 'Sign in to invite a client.',
  notTherapist: 'Only a practice can invite clients.',
  badRequest: 'Send the client to invite.',
  notFound: 'This client is not in your practice.',
  noEmail: 'Add the client’s email address first.',
  noConsent: 'The client has not agreed to email. Ask them, then tick “Consents to email reminders” on their profile.',
  practiceAccount: 'This email belongs to a practice’s Cadence account. Use the client’s own email address.',
  noPractice: 'Save your practice’s details first: the invitation names your practice.',
  notConfigured: 'Invitations are not configured.',
  failed: 'The invitation could not be sent. Please try again.',
};

/**
 * The client's Appwrite user: found by email or made, with the `client` label. A user without the
 * label is someone's own Cadence account (a therapist): never turned into a client.
 * @param {Users} users
 * @param {string} email
 * @param {string} name
 * @returns {Promise<import('node-appwrite').Models.User<import('node-appwrite').Models.Preferences> | null>}
 */
async function clientUser(users, email, name) {
  const found = await users.list({ queries: [Query.equal('email', email), Query.limit(1)] });
  const existing = found.users[0];
  if (existing) return existing.labels.includes(CLIENT_LABEL) ? existing : null;
  const created = await users.create({ userId: ID.unique(), email, name });
  return users.updateLabels({ userId: created.$id, labels: [CLIENT_LABEL] });
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const callerId = req.headers['x-appwrite-user-id'] ?? '';
  if (!callerId) return res.json({ success: false, error: INVITE_MESSAGES.signIn }, 401);
  const body = readBody(req.bodyText);
  const clientId = typeof body.clientId === 'string' && ID_PATTERN.test(body.clientId) ? body.clientId : '';
  if (!clientId) return res.json({ success: false, error: INVITE_MESSAGES.badRequest }, 400);
  const origin = appOriginFrom(process.env);
  const smtp = smtpSettingsFromEnv(process.env);
  if (!origin || !smtp) {
    error('Set APP_ORIGIN (or ALLOWED_RETURN_ORIGINS) and the SMTP_* variables on invite-client.');
    return res.json({ success: false, error: INVITE_MESSAGES.notConfigured }, 500);
  }
  const ids = collectionsFromEnv(process.env);
  const client = serverClient(req);
  const databases = new Databases(client);
  const users = new Users(client);
  try {
    const caller = await users.get({ userId: callerId });
    if (caller.labels.includes(CLIENT_LABEL)) return res.json({ success: false, error: INVITE_MESSAGES.notTherapist }, 403);
    const record = await databases.getDocument({ databaseId: ids.databaseId, collectionId: ids.clients, documentId: clientId }).catch((e) => {
      if (e instanceof AppwriteException && e.code === 404) return null;
      throw e;
    });
    if (!record || !ownedBy(record, callerId)) return res.json({ success: false, error: INVITE_MESSAGES.notFound }, 404);
    const email = typeof record.email === 'string' ? record.email.trim().toLowerCase() : '';
    if (!email) return res.json({ success: false, error: INVITE_MESSAGES.noEmail, field: 'email' }, 400);
    if (record.reminderConsent !== true) return res.json({ success: false, error: INVITE_MESSAGES.noConsent, field: 'consent' }, 400);
    const practice = (await databases.listDocuments({
      databaseId: ids.databaseId, collectionId: ids.practiceSettings, queries: [Query.equal('userId', callerId), Query.limit(10)],
    })).documents.find((doc) => ownedBy(doc, callerId));
    const practiceName = typeof practice?.practiceName === 'string' ? practice.practiceName.trim() : '';
    if (!practice || !practiceName) return res.json({ success: false, error: INVITE_MESSAGES.noPractice }, 409);

    const name = String(record.preferredName || record.firstName || '').slice(0, 128);
    const user = await clientUser(users, email, name);
    if (!user) return res.json({ success: false, error: INVITE_MESSAGES.practiceAccount, field: 'email' }, 409);

    const now = new Date().toISOString();
    const existing = await databases.getDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: clientId }).catch((e) => {
      if (e instanceof AppwriteException && e.code === 404) return null;
      throw e;
    });
    // Still active only while it names the same login (a changed email is a new invitation).
    const active = existing?.status === 'active' && existing.clientUserId === user.$id;
    const data = {
      userId: callerId, clientId, clientUserId: user.$id, practiceName: practiceName.slice(0, 200),
      practicePhone: typeof practice.phone === 'string' && practice.phone ? practice.phone.slice(0, 40) : null,
      status: active ? 'active' : 'invited', invitedAt: now, activatedAt: active ? existing.activatedAt : null,
    };
    // Read-only for both: only this function (and activation) changes it.
    const permissions = [Permission.read(Role.user(callerId)), Permission.read(Role.user(user.$id))];
    const access = existing
      ? await databases.updateDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: clientId, data, permissions })
      : await databases.createDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: clientId, data, permissions });

    // Invoices issued before the invitation are the client's documents too (listed, not mailed: the
    // invitation is the mail).
    const issued = await databases.listDocuments({
      databaseId: ids.databaseId, collectionId: ids.clientInvoices,
      queries: [Query.equal('userId', callerId), Query.equal('clientId', clientId), Query.equal('status', ['issued', 'paid']), Query.limit(500)],
    });
    for (const invoice of issued.documents.filter((doc) => ownedBy(doc, callerId))) {
      await publishPortalDocument({ databases, users, c: ids, log }, {
        userId: callerId, clientId, kind: 'invoice', refId: invoice.$id, title: `Invoice ${String(invoice.number)}`,
      }, { mail: false });
    }

    const token = await users.createToken({ userId: user.$id, length: 64, expire: INVITE_LINK_SECONDS });
    const mailer = createMailer(smtp);
    try {
      await mailer.sendMail({
        from: { name: practiceName, address: smtp.fromAddress }, to: email,
        ...invitationEmail({ practiceName, link: signInLink(origin, { userId: user.$id, secret: token.secret, expire: token.expire }) }),
      });
    } catch (e) {
      error(`invitation not sent: ${smtpFailure(e)}`);
      return res.json({ success: false, error: INVITE_MESSAGES.failed }, 502);
    } finally {
      mailer.close();
    }
    log(`invited client ${clientId}`);
    return res.json({ success: true, error: null, status: access.status, invitedAt: access.invitedAt, activatedAt: access.activatedAt ?? null });
  } catch (e) {
    error(`invitation failed: ${messageOf(e)}`);
    return res.json({ success: false, error: INVITE_MESSAGES.failed }, 500);
  }
};
