// spec §4 sign-up conflict handling, for its two functions {email, withPhrase}:
//   handle-incomplete-verified-users (first step): a verified account whose profile was never
//     completed gets a fresh emailed code, so the person can continue to step 3;
//   handle-signup-conflict (second step): any account that is not complete, verified or still
//     pending, gets a fresh emailed code.
// Both refuse a complete account (409, go to login). Answer (spec §7): {success, userId, secret,
// phrase, error, shouldRedirectToLogin}. The code goes out as Appwrite's own email OTP, requested
// WITHOUT the API key, so Appwrite returns an empty secret: the code reaches only the mailbox and
// `secret` is always ''.
import { Account, AppwriteException, Query, Users } from 'node-appwrite';
import { guestClient, messageOf, readBody, serverClient, TOO_MANY_REQUESTS } from './execution.js';
import { isProfileComplete } from './profile.js';

/** @typedef {import('./execution.js').Context} Context */

export const ALREADY_EXISTS = 'An account with this email already exists. Please log in instead.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A 64-octet local part, '@' and a 255-octet domain (RFC 5321's limits). */
const EMAIL_MAX = 320;

/**
 * @param {Context['res']} res
 * @param {number} status
 * @param {{ success?: boolean, userId?: string, phrase?: string | null, error?: string, shouldRedirectToLogin?: boolean }} fields
 */
function answer(res, status, fields) {
  return res.json(
    { success: false, userId: null, secret: '', phrase: null, error: null, shouldRedirectToLogin: false, ...fields },
    status,
  );
}

/**
 * One step's function.
 * @param {{ functionId: string, resumeUnverified: boolean }} step `resumeUnverified`: whether an
 *   account whose email is not verified yet gets a code (the second step) or the empty answer.
 * @returns {(context: Context) => Promise<unknown>}
 */
export function signupConflictFunction({ functionId, resumeUnverified }) {
  return async ({ req, res, error }) => {
    const body = readBody(req.bodyText);
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
    if (email.length > EMAIL_MAX || !EMAIL.test(email)) return answer(res, 400, { error: 'A valid email is required.' });
    const users = new Users(serverClient(req));
    try {
      const { users: found } = await users.list({ queries: [Query.equal('email', [email]), Query.limit(1)] });
      const user = found[0];
      // No account, or one this step does not resume: the same empty answer (the next sign-up step
      // takes over), so the answer tells a guest nothing beyond spec §7's fields.
      if (!user) return answer(res, 200, {});
      if (isProfileComplete(user)) return answer(res, 409, { error: ALREADY_EXISTS, shouldRedirectToLogin: true });
      if (!user.emailVerification && !resumeUnverified) return answer(res, 200, {});
      // A guest client: Appwrite mails the code and hands back no secret.
      const token = await new Account(guestClient()).createEmailToken({ userId: user.$id, email: user.email, phrase: body['withPhrase'] === true });
      return answer(res, 200, { success: true, userId: user.$id, phrase: token.phrase || null });
    } catch (e) {
      error(`${functionId} failed: ${messageOf(e)}`);
      const status = e instanceof AppwriteException && e.code === 429 ? 429 : 500;
      return answer(res, status, { error: status === 429 ? TOO_MANY_REQUESTS : 'Could not check this email.' });
    }
  };
}
