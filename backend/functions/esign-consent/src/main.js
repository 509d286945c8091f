// esign-consent (issue 31; ESIGN §101(c), ../shared/reference/client-portal.md §4.2): a portal client's
// consent to electronic records and signatures with one practice, and its withdrawal. Each is a new
// esign_consents document (readable by the therapist and the client; nobody may change or delete
// one), so the history stays: the newest decides (lib/consent-store.js isEsignConsentInForce).
//
// Body (JSON), the caller the client's own login; `accessId` is its portal_access id (one practice):
//   {action:'disclosure', accessId} → 200 {success, version, title, text, fileName, contentType, base64}:
//       the disclosure (lib/consent-templates.js ESIGN_DISCLOSURE) as a PDF carrying a 6-digit code,
//       and its text for the page, where the code's place says it is in the PDF
//   {action:'accept', accessId, version, accessCode} → 201 {success, record}: the code typed back from
//       that PDF shows the client can open the records (§101(c)(1)(C)(ii)); time, IP, user agent kept
//   {action:'status', accessId} → 200 {success, version, inForce, latest}: the current disclosure
//       version, whether the client's consent is in force, and their newest record ({action, at,
//       disclosureVersion} or null), so the portal asks again before the next signing once the
//       disclosure's version changes (ESIGN §101(c)(1)(D))
//   {action:'withdraw', accessId} → 201 {success, record}: withdrawal and a request for paper; the
//       therapist gets an in-app notification that says no more than "A client updated their
//       e-signature consent" and links to the client's Portal tab, and an email that says the same
//       (no name: lib/portal.js paperRequestEmail; a mail that fails is logged, the record stands)
// Refusals {success:false, error, field?}: 400 (a code that does not match, no action), 401, 404 (no
// such link of the caller's), 409 (an older disclosure version), 500 (ESIGN_CODE_SECRET not set).
import { ID, Permission, Role } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import { ESIGN_DISCLOSURE } from '../../lib/consent-templates.js';
import { accessCode, accessCodeDays, disclosurePdf, disclosureWithCode, sha256Hex } from '../../lib/consent-signing.js';
import { auditConsent, consentFunction, isEsignConsentInForce, latestEsignRecord, ownPortalLink, requestEvidence } from '../../lib/consent-store.js';
import { paperRequestEmail } from '../../lib/portal.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';

export const ESIGN_MESSAGES = {
  signIn: 'Sign in to the client portal first.',
  action: 'Say what to do: disclosure, status, accept or withdraw.',
  version: 'The disclosure has changed. Open it again and read the new version.',
  code: 'This code does not match the one in the document. Open the document and type the code it shows.',
  notConfigured: 'Electronic consent is not configured.',
  failed: 'Your choice could not be recorded. Please try again.',
};

/** What the page shows in the code's place. */
export const DISCLOSURE_CODE_ON_PAGE = '(the code is in the PDF)';

/** The notification the therapist gets: nothing about who or why beyond the link (spec §7 panel). */
export const WITHDRAWAL_NOTIFICATION = {
  title: 'A client updated their e-signature consent',
  message: 'A client withdrew their consent to electronic records and asked for paper copies. Open the client’s Portal tab to see who.',
};

/** @param {import('node-appwrite').Models.DefaultDocument} record */
const recordSummary = (record) => Object.fromEntries(
  ['$id', '$createdAt', '$permissions', 'userId', 'clientId', 'clientUserId', 'action', 'disclosureVersion', 'disclosureHash', 'accessConfirmed', 'paperRequested', 'at', 'ipAddress', 'userAgent']
    .map((k) => [k, record[k]]),
);

function codeSecret() {
  const secret = process.env.ESIGN_CODE_SECRET ?? '';
  // Not configured: set ESIGN_CODE_SECRET (16+ random characters) on esign-consent.
  if (secret.length < 16) throw new Refusal(500, ESIGN_MESSAGES.notConfigured);
  return secret;
}

/**
 * The therapist's email about a withdrawal: the notification's words and a link, nothing about who.
 * @param {import('../../lib/consent-store.js').Run} run
 * @param {string} therapist
 * @param {string | null} link
 */
async function mailTherapist({ users, log }, therapist, link) {
  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp || !link) {
    log('withdrawal not mailed: set APP_ORIGIN and the SMTP_* variables');
    return;
  }
  const { email } = await users.get({ userId: therapist });
  if (!email) return;
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({ from: { name: 'Cadence', address: smtp.fromAddress }, to: email, ...paperRequestEmail({ link }) });
  } catch (e) {
    log(`withdrawal not mailed: ${smtpFailure(e)}`);
  } finally {
    mailer.close();
  }
}

export default consentFunction({
  name: 'esign-consent', signedOut: ESIGN_MESSAGES.signIn, failed: ESIGN_MESSAGES.failed,
  handle: async (run, body) => {
    const { databases, c, userId, req } = run;
    const action = body['action'];
    if (action !== 'disclosure' && action !== 'status' && action !== 'accept' && action !== 'withdraw') throw new Refusal(400, ESIGN_MESSAGES.action, 'action');
    const link = await ownPortalLink(run, body['accessId']);

    if (action === 'status') {
      const latest = await latestEsignRecord(run, { userId: String(link.userId), clientId: String(link.clientId), clientUserId: userId });
      return {
        status: 200,
        body: {
          success: true, error: null, version: ESIGN_DISCLOSURE.version, inForce: isEsignConsentInForce(latest),
          latest: latest ? { action: latest['action'], at: latest['at'], disclosureVersion: latest['disclosureVersion'] } : null,
        },
      };
    }
    const codeInput = { accessId: link.$id, clientUserId: userId, version: ESIGN_DISCLOSURE.version };

    if (action === 'disclosure') {
      const code = accessCode(codeSecret(), { ...codeInput, day: accessCodeDays(new Date())[0] ?? '' });
      const pdf = await disclosurePdf({
        practiceName: String(link.practiceName), title: ESIGN_DISCLOSURE.title, version: ESIGN_DISCLOSURE.version, body: disclosureWithCode(ESIGN_DISCLOSURE.body, code),
      });
      return {
        status: 200,
        body: {
          success: true, error: null, version: ESIGN_DISCLOSURE.version, title: ESIGN_DISCLOSURE.title,
          // The page shows the same words; only the PDF has the code, so typing it back shows the PDF was opened.
          text: disclosureWithCode(ESIGN_DISCLOSURE.body, DISCLOSURE_CODE_ON_PAGE),
          fileName: 'electronic-records-consent.pdf', contentType: 'application/pdf', base64: pdf.toString('base64') },
      };
    }

    const now = new Date();
    const common = {
      userId: String(link.userId), clientId: String(link.clientId), clientUserId: userId,
      disclosureVersion: ESIGN_DISCLOSURE.version, disclosureHash: sha256Hex(ESIGN_DISCLOSURE.body), at: appwriteDate(now), ...requestEvidence(req),
    };
    if (action === 'accept') {
      if (body['version'] !== ESIGN_DISCLOSURE.version) throw new Refusal(409, ESIGN_MESSAGES.version, 'version');
      const typed = typeof body['accessCode'] === 'string' ? body['accessCode'].replace(/\s+/g, '') : '';
      const secret = codeSecret();
      if (!/^\d{6}$/.test(typed) || !accessCodeDays(now).some((day) => accessCode(secret, { ...codeInput, day }) === typed)) {
        throw new Refusal(400, ESIGN_MESSAGES.code, 'accessCode');
      }
    }
    const withdraw = action === 'withdraw';
    const record = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.esignConsents, documentId: ID.unique(),
      data: { ...common, action, accessConfirmed: !withdraw, paperRequested: withdraw },
      permissions: [Permission.read(Role.user(common.userId)), Permission.read(Role.user(userId))],
    });
    await auditConsent(run, common.userId, { action: withdraw ? 'esign.withdraw' : 'esign.accept', entityType: 'esign_consent', entityId: record.$id });
    if (withdraw) {
      const origin = appOriginFrom(process.env);
      const therapist = common.userId;
      await databases.createDocument({
        databaseId: c.databaseId, collectionId: c.notifications, documentId: ID.unique(),
        data: {
          userId: therapist, notificationId: `portal_consent:${record.$id}`, type: 'portal_consent', priority: 'high', ...WITHDRAWAL_NOTIFICATION,
          actionText: 'Open client', actionUrl: origin ? `${origin}/dashboard/clients/${encodeURIComponent(common.clientId)}?tab=portal` : null,
          timestamp: common.at, read: false, persistent: true, dismissed: false,
        },
        // The therapist's own roles only, so the panel trusts it (isOwnNotification) and can mark it read or delete it.
        permissions: [Permission.read(Role.user(therapist)), Permission.update(Role.user(therapist)), Permission.delete(Role.user(therapist))],
      });
      await mailTherapist(run, therapist, origin ? `${origin}/dashboard/clients/${encodeURIComponent(common.clientId)}?tab=portal` : null);
    }
    return { status: 201, body: { success: true, error: null, record: recordSummary(record) } };
  },
});
