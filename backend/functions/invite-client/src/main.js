// invite-client (issue 31): the therapist, from a client's page, invites the client to the portal.
// The client record must be the caller's own (lib/owned-by.js), with an email and the client's
// consent to email. The client's Appwrite user is found by that email or made (no password), gets
// the `client` label, and one `portal_access` document per client record (id = the record's,
// readable by the therapist and the client, written only here) links it to the practice; a second
// practice inviting the same email links the same login. Each call mails a fresh sign-in link
// (a re-invite), and the earlier ones keep working until they expire.
//
// Guardians (issue 31): `{clientId, guardian: {name, email}}` invites the client's parent or
// guardian instead — their own login (found or made by their email, label `client`), linked by a
// portal_access document with role `guardian` and its own id, with the client's name so the portal
// says for whom they act. The client must have agreed to email; the mail is the same PHI-free
// invitation. `{action: 'revoke', accessId}` ends one person's access (the client's or a
// guardian's): the link is deleted and every portal document of the client loses that login's read
// (lib/portal-people.js syncPortalReaders); the functions refuse them from then on.
import { createHash } from 'node:crypto';
import { AppwriteException, Databases, Permission, Query, Role, Storage, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { appOriginFrom } from '../../lib/app-origin.js';
import { sendServicePackets, upcomingServiceIds } from '../../lib/packets.js';
import { CLIENT_LABEL } from '../../lib/portal.js';
import { clientUser, mailInvitation } from '../../lib/portal-invitation.js';
import { publishPortalDocument } from '../../lib/portal-documents.js';
import { GUARDIAN_ROLE, portalPeople, syncPortalReaders } from '../../lib/portal-people.js';
import { signedConsentsBucketFromEnv } from '../../lib/signed-consents.js';
import { smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { ID_RE } from '../../lib/ids.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  guardianName: 'Enter the parent’s or guardian’s name.',
  guardianEmail: 'Enter the parent’s or guardian’s email address, like name@example.com.',
  guardianSameEmail: 'This is the client’s own email. Use the parent’s or guardian’s own email address.',
  revokeNotFound: 'This portal access could not be found.',
};

/** A guardian's link id: one per client record and guardian login, so a re-invite updates it. @param {string} clientId @param {string} guardianUserId */
export const guardianAccessId = (clientId, guardianUserId) => `g${createHash('sha256').update(`${clientId}|${guardianUserId}`).digest('hex').slice(0, 35)}`;

/** The client's name as the guardian's portal shows it ("For Sam Lee"). @param {import('node-appwrite').Models.DefaultDocument} record */
const personNameOf = (record) => [record['preferredName'] || record['firstName'], record['lastName']].filter((p) => typeof p === 'string' && p.trim()).join(' ').slice(0, 128);

/**
 * @param {unknown} value
 * @returns {{ name: string, email: string } | { error: string, field: string } | null}
 */
function guardianOf(value) {
  if (value === undefined || value === null) return null;
  const input = /** @type {Record<string, unknown>} */ (typeof value === 'object' ? value : {});
  const name = typeof input['name'] === 'string' ? input['name'].normalize('NFC').replace(/\s+/g, ' ').trim() : '';
  const email = typeof input['email'] === 'string' ? input['email'].trim().toLowerCase() : '';
  if (!name || name.length > 128) return { error: INVITE_MESSAGES.guardianName, field: 'guardianName' };
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return { error: INVITE_MESSAGES.guardianEmail, field: 'guardianEmail' };
  return { name, email };
}

/**
 * Deletes one person's link and takes their read off every portal document of the client.
 * @param {{ databases: Databases, storage: Storage, ids: import('../../lib/collections.js').Collections }} run
 * @param {string} callerId
 * @param {unknown} accessId
 */
async function revoke({ databases, storage, ids }, callerId, accessId) {
  const id = typeof accessId === 'string' && ID_RE.test(accessId) ? accessId : '';
  const link = id ? await databases.getDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: id }).catch((e) => {
    if (e instanceof AppwriteException && e.code === 404) return null;
    throw e;
  }) : null;
  if (!link || link['userId'] !== callerId) return null;
  await databases.deleteDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: link.$id });
  await syncPortalReaders({ databases, storage, c: ids }, callerId, String(link['clientId']), signedConsentsBucketFromEnv(process.env));
  return link;
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const callerId = req.headers['x-appwrite-user-id'] ?? '';
  if (!callerId) return res.json({ success: false, error: INVITE_MESSAGES.signIn }, 401);
  const body = readBody(req.bodyText);
  const revoking = body.action === 'revoke';
  const clientId = typeof body.clientId === 'string' && ID_RE.test(body.clientId) ? body.clientId : '';
  if (!clientId && !revoking) return res.json({ success: false, error: INVITE_MESSAGES.badRequest }, 400);
  const guardian = revoking ? null : guardianOf(body.guardian);
  if (guardian && 'error' in guardian) return res.json({ success: false, error: guardian.error, field: guardian.field }, 400);
  const origin = appOriginFrom(process.env);
  const smtp = smtpSettingsFromEnv(process.env);
  if (!origin || !smtp) {
    error('Set APP_ORIGIN (or ALLOWED_RETURN_ORIGINS) and the SMTP_* variables on invite-client.');
    return res.json({ success: false, error: INVITE_MESSAGES.notConfigured }, 500);
  }
  const ids = collectionsFromEnv(process.env);
  const client = serverClient(req);
  const databases = new Databases(client);
  const storage = new Storage(client);
  const users = new Users(client);
  try {
    const caller = await users.get({ userId: callerId });
    if (caller.labels.includes(CLIENT_LABEL)) return res.json({ success: false, error: INVITE_MESSAGES.notTherapist }, 403);
    if (revoking) {
      const revoked = await revoke({ databases, storage, ids }, callerId, body.accessId);
      if (!revoked) return res.json({ success: false, error: INVITE_MESSAGES.revokeNotFound, field: 'accessId' }, 404);
      log(`revoked portal access ${revoked.$id}`);
      return res.json({ success: true, error: null, revoked: revoked.$id });
    }
    const record = await databases.getDocument({ databaseId: ids.databaseId, collectionId: ids.clients, documentId: clientId }).catch((e) => {
      if (e instanceof AppwriteException && e.code === 404) return null;
      throw e;
    });
    if (!record || !ownedBy(record, callerId)) return res.json({ success: false, error: INVITE_MESSAGES.notFound }, 404);
    const clientEmail = typeof record.email === 'string' ? record.email.trim().toLowerCase() : '';
    if (!guardian && !clientEmail) return res.json({ success: false, error: INVITE_MESSAGES.noEmail, field: 'email' }, 400);
    if (record.reminderConsent !== true) return res.json({ success: false, error: INVITE_MESSAGES.noConsent, field: 'consent' }, 400);
    if (guardian && guardian.email === clientEmail) return res.json({ success: false, error: INVITE_MESSAGES.guardianSameEmail, field: 'guardianEmail' }, 400);
    const email = guardian ? guardian.email : clientEmail;
    const practice = (await databases.listDocuments({
      databaseId: ids.databaseId, collectionId: ids.practiceSettings, queries: [Query.equal('userId', callerId), Query.limit(10)],
    })).documents.find((doc) => ownedBy(doc, callerId));
    const practiceName = typeof practice?.practiceName === 'string' ? practice.practiceName.trim() : '';
    if (!practice || !practiceName) return res.json({ success: false, error: INVITE_MESSAGES.noPractice }, 409);

    const name = guardian ? guardian.name : String(record.preferredName || record.firstName || '').slice(0, 128);
    const user = await clientUser(users, email, name);
    if (!user) return res.json({ success: false, error: INVITE_MESSAGES.practiceAccount, field: guardian ? 'guardianEmail' : 'email' }, 409);
    if (guardian) {
      // One login is the client or a guardian of a record, never both.
      const people = await portalPeople(databases, ids, callerId, clientId);
      if (people.client?.clientUserId === user.$id) return res.json({ success: false, error: INVITE_MESSAGES.guardianSameEmail, field: 'guardianEmail' }, 400);
    }

    const now = new Date().toISOString();
    const accessId = guardian ? guardianAccessId(clientId, user.$id) : clientId;
    const existing = await databases.getDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: accessId }).catch((e) => {
      if (e instanceof AppwriteException && e.code === 404) return null;
      throw e;
    });
    // Still active only while it names the same login (a changed email is a new invitation).
    const active = existing?.status === 'active' && existing.clientUserId === user.$id;
    const data = {
      userId: callerId, clientId, clientUserId: user.$id, practiceName: practiceName.slice(0, 200),
      practicePhone: typeof practice.phone === 'string' && practice.phone ? practice.phone.slice(0, 40) : null,
      status: active ? 'active' : 'invited', invitedAt: now, activatedAt: active ? existing.activatedAt : null,
      role: guardian ? GUARDIAN_ROLE : 'client', personName: personNameOf(record) || null,
      contactName: guardian ? guardian.name : null, contactEmail: email,
    };
    // Read-only for both: only this function (and activation) changes it.
    const permissions = [Permission.read(Role.user(callerId)), Permission.read(Role.user(user.$id))];
    const access = existing
      ? await databases.updateDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: accessId, data, permissions })
      : await databases.createDocument({ databaseId: ids.databaseId, collectionId: ids.portalAccess, documentId: accessId, data, permissions });

    if (!guardian) {
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
    }
    // What is already shared with this person (a guardian invited after items were sent to guardians,
    // a client re-invited under a new email) follows the link from now on.
    await syncPortalReaders({ databases, storage, c: ids }, callerId, clientId, signedConsentsBucketFromEnv(process.env));
    // Booked before being invited: the intake packets of the services booked go out now (once each).
    try {
      const run = { databases, users, storage, c: ids, userId: callerId, req, log };
      await sendServicePackets(run, record, await upcomingServiceIds(run, clientId));
    } catch (e) {
      error(`intake packets for ${clientId} not sent: ${messageOf(e)}`);
    }

    try {
      await mailInvitation(users, smtp, { origin, practiceName, userId: user.$id, email });
    } catch (e) {
      error(`invitation not sent: ${smtpFailure(e)}`);
      return res.json({ success: false, error: INVITE_MESSAGES.failed }, 502);
    }
    log(`invited ${guardian ? 'a guardian of ' : ''}client ${clientId}`);
    return res.json({
      success: true, error: null, accessId, role: data.role, status: access.status, invitedAt: access.invitedAt, activatedAt: access.activatedAt ?? null,
    });
  } catch (e) {
    error(`invitation failed: ${messageOf(e)}`);
    return res.json({ success: false, error: INVITE_MESSAGES.failed }, 500);
  }
};
