// The portal invitation (issue 31), shared by invite-client (the therapist invites a client) and
// public-booking (a new client's confirmed booking invites them): the client's login, found by email
// or made with the `client` label, and the mail with a sign-in link that works a day, once.
import { ID, Query } from 'node-appwrite';
import { CLIENT_LABEL, INVITE_LINK_SECONDS, invitationEmail, signInLink } from './portal.js';
import { createMailer } from './smtp-mailer.js';

/**
 * The client's Appwrite user: found by email or made, with the `client` label. A user without the
 * label is someone's own Cadence account (a therapist): never turned into a client (null).
 * @param {import('node-appwrite').Users} users
 * @param {string} email
 * @param {string} name
 * @returns {Promise<import('node-appwrite').Models.User<import('node-appwrite').Models.Preferences> | null>}
 */
export async function clientUser(users, email, name) {
  const found = await users.list({ queries: [Query.equal('email', email), Query.limit(1)] });
  const existing = found.users[0];
  if (existing) return existing.labels.includes(CLIENT_LABEL) ? existing : null;
  const created = await users.create({ userId: ID.unique(), email, name });
  return users.updateLabels({ userId: created.$id, labels: [CLIENT_LABEL] });
}

/**
 * Mails the invitation: "{practice} invited you to its client portal" and a fresh sign-in link.
 * Throws when the mail cannot be sent (the caller says so).
 * @param {import('node-appwrite').Users} users
 * @param {import('./smtp-mailer.js').SmtpSettings} smtp
 * @param {{ origin: string, practiceName: string, userId: string, email: string }} to
 */
export async function mailInvitation(users, smtp, { origin, practiceName, userId, email }) {
  const token = await users.createToken({ userId, length: 64, expire: INVITE_LINK_SECONDS });
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({
      from: { name: practiceName, address: smtp.fromAddress }, to: email,
      ...invitationEmail({ practiceName, link: signInLink(origin, { userId, secret: token.secret, expire: token.expire }) }),
    });
  } finally {
    mailer.close();
  }
}
