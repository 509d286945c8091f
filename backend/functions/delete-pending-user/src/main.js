// delete-pending-user {userId}: 'Tap to change' on sign-up step 2 (spec §2) removes the pending
// user. It runs before login (execute: any), so it deletes ONLY a user that cannot be a real
// account: no password, no completed profile, created within the last hour.
import { AppwriteException, Client, Users } from 'node-appwrite';

const PENDING_MAX_AGE_MS = 60 * 60 * 1000;
/** spec §4/§9 profile completeness. */
const PROFILE_COMPLETE_MIN_MS = 5000;
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

function isProfileComplete(user) {
  if (!user.name || user.name.trim() === '' || !user.passwordUpdate) return false;
  return Date.parse(user.passwordUpdate) - Date.parse(user.registration) > PROFILE_COMPLETE_MIN_MS;
}

export function isPendingUser(user, now = Date.now()) {
  const hasPassword = Boolean(user.passwordUpdate) || Boolean(user.password);
  const created = Date.parse(user.$createdAt || user.registration);
  return !hasPassword && !isProfileComplete(user) && Number.isFinite(created) && now - created < PENDING_MAX_AGE_MS;
}

function readBody(req) {
  try {
    const body = req.bodyJson;
    return body && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
}

export default async ({ req, res, error }) => {
  const { userId } = readBody(req);
  if (typeof userId !== 'string' || !USER_ID.test(userId)) {
    return res.json({ success: false, error: 'A valid userId is required.' }, 400);
  }
  const client = new Client()
    .setEndpoint(process.env.APPWRITE_FUNCTION_API_ENDPOINT)
    .setProject(process.env.APPWRITE_FUNCTION_PROJECT_ID)
    .setKey(req.headers['x-appwrite-key']);
  const users = new Users(client);
  try {
    const user = await users.get({ userId });
    if (!isPendingUser(user)) {
      return res.json({ success: false, error: 'Only a pending sign-up can be deleted.' }, 403);
    }
    await users.delete({ userId });
    return res.json({ success: true, error: null });
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) {
      return res.json({ success: false, error: 'User not found.' }, 404);
    }
    error(`delete-pending-user failed: ${e instanceof Error ? e.message : String(e)}`);
    return res.json({ success: false, error: 'Could not delete the pending user.' }, 500);
  }
};
