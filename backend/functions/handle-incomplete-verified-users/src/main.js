// handle-incomplete-verified-users {email, withPhrase}: spec §4 sign-up conflict handling, first
// step. A verified account whose profile was never completed gets a fresh emailed code so the
// person can continue to step 3; a complete account is refused (409, go to login).
// Answer (spec §7): {success, userId, secret, phrase, error, shouldRedirectToLogin}, 200 or 409.
// The code goes out as Appwrite's own email OTP, requested WITHOUT the API key, so Appwrite
// returns an empty secret: the code reaches only the mailbox and `secret` is always ''.
// Self-contained on purpose: each function deploys alone.
import { Account, AppwriteException, Client, Query, Users } from 'node-appwrite';

/** spec §4/§9 profile completeness. */
const PROFILE_COMPLETE_MIN_MS = 5000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ALREADY_EXISTS = 'An account with this email already exists. Please log in instead.';
const RESUME_UNVERIFIED = false;

function isProfileComplete(user) {
  if (!user.name || user.name.trim() === '' || !user.passwordUpdate) return false;
  return Date.parse(user.passwordUpdate) - Date.parse(user.registration) > PROFILE_COMPLETE_MIN_MS;
}

function readBody(req) {
  try {
    const body = req.bodyJson;
    return body && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
}

function answer(res, status, fields) {
  return res.json(
    { success: false, userId: null, secret: '', phrase: null, error: null, shouldRedirectToLogin: false, ...fields },
    status,
  );
}

export default async ({ req, res, error }) => {
  const body = readBody(req);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (email.length > 320 || !EMAIL.test(email)) return answer(res, 400, { error: 'A valid email is required.' });
  const endpoint = process.env.APPWRITE_FUNCTION_API_ENDPOINT;
  const project = process.env.APPWRITE_FUNCTION_PROJECT_ID;
  const users = new Users(new Client().setEndpoint(endpoint).setProject(project).setKey(req.headers['x-appwrite-key']));
  try {
    const { users: found } = await users.list({ queries: [Query.equal('email', [email]), Query.limit(1)] });
    const user = found[0];
    // No account, or one this step does not resume: the same empty answer (the next sign-up step
    // takes over), so the answer tells a guest nothing beyond spec §7's fields.
    if (!user) return answer(res, 200, {});
    if (isProfileComplete(user)) return answer(res, 409, { error: ALREADY_EXISTS, shouldRedirectToLogin: true });
    if (!user.emailVerification && !RESUME_UNVERIFIED) {
      return answer(res, 200, {});
    }
    // A guest client: Appwrite mails the code and hands back no secret.
    const guest = new Account(new Client().setEndpoint(endpoint).setProject(project));
    const token = await guest.createEmailToken({ userId: user.$id, email: user.email, phrase: body.withPhrase === true });
    return answer(res, 200, { success: true, userId: user.$id, phrase: token.phrase || null });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    error(`handle-incomplete-verified-users failed: ${message}`);
    const status = e instanceof AppwriteException && e.code === 429 ? 429 : 500;
    return answer(res, status, { error: status === 429 ? 'Too many requests. Please wait a moment and try again.' : 'Could not check this email.' });
  }
};
