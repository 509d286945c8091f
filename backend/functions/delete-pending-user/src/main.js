// delete-pending-user {userId, secret}: 'Tap to change' on sign-up step 2 (spec §2) removes the
// pending user. It runs before login (execute: any), so it deletes ONLY a user that cannot be a real
// account (no password, no completed profile, created within the last hour), and only for the
// person holding that user's mailbox: `secret` is the 6-digit code just emailed, checked by Appwrite
// itself (a guest createSession) before anything is deleted. Knowing an email or a userId — which
// handle-signup-conflict tells any guest — is not enough to cancel someone's sign-up (issue 11).
import { Account, AppwriteException, Users } from 'node-appwrite';
import { guestClient, messageOf, readBody, serverClient, TOO_MANY_REQUESTS } from '../../lib/execution.js';
import { isProfileComplete } from '../../lib/profile.js';
import { ID_RE } from '../../lib/ids.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

const PENDING_MAX_AGE_MS = 60 * 60 * 1000;
/** spec §9: the emailed code has 6 digits. */
const CODE = /^\d{6}$/;
const NEEDS_CODE = 'Enter the code we emailed you to change this email.';

/**
 * A sign-up that has not become an account: no password, no completed profile, created within the
 * last hour.
 * @param {{ name?: string, registration?: string, passwordUpdate?: string, password?: string, $createdAt?: string }} user
 * @param {number} [now]
 */
function isPendingUser(user, now = Date.now()) {
  const hasPassword = Boolean(user.passwordUpdate) || Boolean(user.password);
  const created = Date.parse(user.$createdAt || user.registration || '');
  return !hasPassword && !isProfileComplete(user) && Number.isFinite(created) && now - created < PENDING_MAX_AGE_MS;
}

/** @param {Context} context */
export default async ({ req, res, error }) => {
  const { userId, secret } = readBody(req.bodyText);
  if (typeof userId !== 'string' || !ID_RE.test(userId)) {
    return res.json({ success: false, error: 'A valid userId is required.' }, 400);
  }
  if (typeof secret !== 'string' || !CODE.test(secret)) return res.json({ success: false, error: NEEDS_CODE }, 401);
  const users = new Users(serverClient(req));

  // Proof of the mailbox: Appwrite accepts the code only for this user, once, within its lifetime
  // and its rate limit. A guest client, so the code is checked exactly as the sign-up page would.
  let session;
  try {
    session = await new Account(guestClient()).createSession({ userId, secret });
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 429) {
      return res.json({ success: false, error: TOO_MANY_REQUESTS }, 429);
    }
    if (e instanceof AppwriteException && e.code >= 400 && e.code < 500) {
      return res.json({ success: false, error: 'Invalid or expired code.' }, 401);
    }
    error(`delete-pending-user: checking the code failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'Could not delete the pending user.' }, 500);
  }

  try {
    const user = await users.get({ userId });
    if (!isPendingUser(user)) {
      // The code was right but this is a real account: take back the session the check opened.
      await users.deleteSession({ userId, sessionId: session.$id });
      return res.json({ success: false, error: 'Only a pending sign-up can be deleted.' }, 403);
    }
    await users.delete({ userId });
    return res.json({ success: true, error: null });
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) {
      return res.json({ success: false, error: 'User not found.' }, 404);
    }
    error(`delete-pending-user failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'Could not delete the pending user.' }, 500);
  }
};
