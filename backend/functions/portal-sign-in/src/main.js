// portal-sign-in (issue 31): a client asks for a sign-in mail from /portal/sign-in, by email, or by
// the userId of a link that expired or was used ("Send a new link"). Callable by guests. Only a
// user with the `client` label linked to a practice gets a mail — one token (users.createToken) as
// a 6-character code and as a link, an hour, once —, at most 5 an hour. The answer is the same
// whether or not a mail went, so the page tells nobody who is a client: it names the user whose code
// to try (createSession needs it), for anyone else a stand-in id keyed by PORTAL_ID_SECRET, the
// same for the same email every time, which no code ever opens.
import { createHmac } from 'node:crypto';
import { Databases, Query, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { appOriginFrom } from '../../lib/app-origin.js';
import { CLIENT_LABEL, SIGN_IN_CODE_LENGTH, SIGN_IN_LINK_SECONDS, SIGN_IN_MAILS_PER_HOUR, signInEmail, signInLink } from '../../lib/portal.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { ID_RE } from '../../lib/ids.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SIGN_IN_MESSAGES = {
  badRequest: 'Enter your email address, like name@example.com.',
  notConfigured: 'Sign-in is not configured.',
  failed: 'We could not send the email. Please try again.',
};

/**
 * A stand-in user id for an email that gets no mail: 20 hex characters like Appwrite's unique ids.
 * @param {string} secret
 * @param {string} email
 */
export function standInUserId(secret, email) {
  return createHmac('sha256', secret).update(email).digest('hex').slice(0, 20);
}

/**
 * @param {Users} users
 * @param {{ email?: string, userId?: string }} who
 */
async function findUser(users, who) {
  if (who.userId) return users.get({ userId: who.userId }).catch(() => null);
  const found = await users.list({ queries: [Query.equal('email', who.email ?? ''), Query.limit(1)] });
  return found.users[0] ?? null;
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const body = readBody(req.bodyText);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const userId = typeof body.userId === 'string' && ID_RE.test(body.userId) ? body.userId : '';
  if (!userId && !(email.length <= 320 && EMAIL_PATTERN.test(email))) {
    return res.json({ success: false, error: SIGN_IN_MESSAGES.badRequest, field: 'email' }, 400);
  }
  const origin = appOriginFrom(process.env);
  const smtp = smtpSettingsFromEnv(process.env);
  const idSecret = process.env.PORTAL_ID_SECRET ?? '';
  if (!origin || !smtp || idSecret.length < 16) {
    error('Set APP_ORIGIN (or ALLOWED_RETURN_ORIGINS), PORTAL_ID_SECRET (16+ characters) and the SMTP_* variables on portal-sign-in.');
    return res.json({ success: false, error: SIGN_IN_MESSAGES.notConfigured }, 500);
  }
  const ids = collectionsFromEnv(process.env);
  const client = serverClient(req);
  const users = new Users(client);
  const databases = new Databases(client);
  /** @param {string} [realId] */
  const sent = (realId) => res.json({ success: true, error: null, userId: realId ?? (userId || standInUserId(idSecret, email)) });
  try {
    const user = await findUser(users, userId ? { userId } : { email });
    if (!user || !user.status || !user.labels.includes(CLIENT_LABEL)) return sent();
    const links = await databases.listDocuments({
      databaseId: ids.databaseId, collectionId: ids.portalAccess, queries: [Query.equal('clientUserId', user.$id), Query.limit(1)], total: false,
    });
    if (links.documents.length === 0) return sent();
    const now = Date.now();
    const recent = (Array.isArray(user.prefs?.portalMails) ? user.prefs.portalMails : [])
      .map((at) => Date.parse(String(at))).filter((at) => Number.isFinite(at) && now - at < 3_600_000);
    if (recent.length >= SIGN_IN_MAILS_PER_HOUR) return sent(user.$id);
    const portalMails = [...recent, now].map((at) => new Date(at).toISOString());
    await users.updatePrefs({ userId: user.$id, prefs: { ...user.prefs, portalMails } });

    const token = await users.createToken({ userId: user.$id, length: SIGN_IN_CODE_LENGTH, expire: SIGN_IN_LINK_SECONDS });
    const mailer = createMailer(smtp);
    try {
      await mailer.sendMail({
        from: { name: 'Client portal', address: smtp.fromAddress }, to: user.email,
        ...signInEmail({ code: token.secret, link: signInLink(origin, { userId: user.$id, secret: token.secret, expire: token.expire }) }),
      });
    } catch (e) {
      error(`sign-in mail not sent: ${smtpFailure(e)}`);
      return res.json({ success: false, error: SIGN_IN_MESSAGES.failed }, 502);
    } finally {
      mailer.close();
    }
    log('sign-in mail sent');
    return sent(user.$id);
  } catch (e) {
    error(`sign-in mail failed: ${messageOf(e)}`);
    return res.json({ success: false, error: SIGN_IN_MESSAGES.failed }, 500);
  }
};
