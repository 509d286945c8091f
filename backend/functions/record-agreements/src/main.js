// record-agreements (empty body) → {success, error}: spec §4 "record the two consents" (§3
// user_agreements) for the signed-in caller, written with the server key. The user comes ONLY from
// the execution's x-appwrite-user-id (Appwrite injects it; a body cannot name anyone), so nobody
// can record a consent in someone else's name. The IP is Appwrite's x-appwrite-client-ip; the user
// agent is the `user-agent` header of the execution (Appwrite hands a function only the headers
// the caller passes in createExecution's `headers`, so the browser sends navigator.userAgent there).
// Consent records are immutable: the owner may read them; update and delete stay with the server.
// Finishing sign-up is what makes the user a therapist: the `therapist` label, which the practice's
// collections require to create documents. A portal client (label `client`) is refused: a client
// never signs up as a therapist with the same login.
import { isIP } from 'node:net';
import { Databases, ID, Permission, Role, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { appOriginFrom } from '../../lib/app-origin.js';
import { CLIENT_LABEL, THERAPIST_LABEL } from '../../lib/portal.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

/** spec §3/§9: the version of the terms and privacy policy a sign-up accepts — kept here only. */
export const AGREEMENT_VERSION = '2024-12-30';
/** spec §3: one record per agreement, in this order. */
export const AGREEMENT_TYPES = /** @type {const} */ (['terms', 'privacy']);
/** user_agreements.userAgent and .ipAddress sizes in backend/appwrite.json. */
const USER_AGENT_MAX = 1024;
const IP_MAX = 45;


/** @param {Context} context */
export default async ({ req, res, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: 'Sign in to record your agreements.' }, 401);
  const origin = appOriginFrom(process.env);
  if (!origin) {
    error('Set APP_ORIGIN (or ALLOWED_RETURN_ORIGINS) as a function variable: the agreements link to <origin>/terms and /privacy.');
    return res.json({ success: false, error: 'Agreements are not configured.' }, 500);
  }
  const clientIp = req.headers['x-appwrite-client-ip'] ?? '';
  const ipAddress = clientIp.length <= IP_MAX && isIP(clientIp) ? clientIp : null;
  const userAgent = (req.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);

  const client = serverClient(req);
  const databases = new Databases(client);
  const users = new Users(client);
  const { databaseId, userAgreements: collectionId } = collectionsFromEnv(process.env);
  const acceptedAt = new Date().toISOString().replace('Z', '+00:00');
  try {
    const user = await users.get({ userId });
    if (user.labels.includes(CLIENT_LABEL)) {
      return res.json({ success: false, error: 'This login belongs to a client portal. Sign up for Cadence with another email address.' }, 403);
    }
    for (const agreementType of AGREEMENT_TYPES) {
      await databases.createDocument({
        databaseId, collectionId, documentId: ID.unique(),
        data: {
          userId, agreementType, version: AGREEMENT_VERSION, accepted: true, acceptedAt,
          ipAddress, userAgent, source: 'website', documentUrl: `${origin}/${agreementType}`, consentMethod: 'checkbox',
        },
        permissions: [Permission.read(Role.user(userId))],
      });
    }
    if (!user.labels.includes(THERAPIST_LABEL)) await users.updateLabels({ userId, labels: [...user.labels, THERAPIST_LABEL] });
    return res.json({ success: true, error: null });
  } catch (e) {
    error(`record-agreements for ${userId} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'Could not record your agreements. Please try again.' }, 500);
  }
};
