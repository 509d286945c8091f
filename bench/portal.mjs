// Issue 31's first-load figure: the client portal's home (/portal) loaded cold with a client signed
// in, composed against the monolith (target ≤ 1.15×). The client is made as a therapist makes one:
// invite-client, run as the seeded therapist on one of the practice's clients, creates the client's
// login and its portal link. A client never has a password; the bench gives this one a password only
// so the cold load can start signed in, as the therapist's routes do (measure.mjs's signInContext).
import { KEY_HEADERS, sessionCookie } from './shared.mjs';

export const PORTAL_ROUTE = '/portal';
const CLIENT_PASSWORD = 'bench client passphrase';

async function keyed(appwriteUrl, method, route, body) {
  const response = await fetch(`${appwriteUrl}/v1${route}`, { method, headers: KEY_HEADERS, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Invites one client of the seeded practice to the portal and returns a way to sign in as them.
 * @param {string} appwriteUrl  the emulator's origin (no /v1)
 * @param {{ email: string, password: string }} therapist  the seeded therapist
 * @param {string} clientId  one of the therapist's client documents
 * @returns {Promise<{ email: string, password: string }>}
 */
export async function createPortalClient(appwriteUrl, therapist, clientId) {
  const email = `bench-client-${Date.now().toString(36)}@example.test`;
  // The invitation needs the client's email and their consent to email (invite-client's rules).
  await keyed(appwriteUrl, 'PATCH', `/databases/main/collections/clients/documents/${clientId}`, { data: { email, reminderConsent: true } });
  const cookie = await sessionCookie(`${appwriteUrl}/v1`, therapist);
  const response = await fetch(`${appwriteUrl}/v1/functions/invite-client/executions`, {
    method: 'POST',
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json', cookie },
    body: JSON.stringify({ body: JSON.stringify({ clientId }), async: false }),
  });
  const execution = await response.json();
  if (!response.ok || execution.responseStatusCode >= 300) throw new Error(`invite-client answered ${execution.responseStatusCode ?? response.status}: ${execution.responseBody ?? JSON.stringify(execution)}`);
  const { users } = await keyed(appwriteUrl, 'GET', `/users?queries[]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'email', values: [email] }))}`);
  const user = users[0];
  if (!user?.labels.includes('client')) throw new Error(`invite-client made no client login for ${email}`);
  await keyed(appwriteUrl, 'PATCH', `/users/${user.$id}/password`, { password: CLIENT_PASSWORD });
  return { email, password: CLIENT_PASSWORD };
}
