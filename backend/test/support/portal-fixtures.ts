// Portal clients with real sessions (issue 31): a therapist invites a client record through
// invite-client, and the client signs in with the invitation's link (createSession), as the portal
// page does. The SMTP and origin variables point the portal functions at the test's Appwrite.
import { Account, Client, Databases, Functions, Storage } from 'appwrite';
import type { Models } from 'appwrite';
import { execute, PROJECT_ID, signedInUser, type LocalAppwrite, type SignedInUser } from './billing-appwrite.ts';
import { createClient, createPractice, mailFor, type DevMail } from './practice-fixtures.ts';

export const APP_ORIGIN = 'http://localhost:3000';

export function portalFunctionVars(aw: LocalAppwrite): void {
  const vars = JSON.stringify({
    APP_ORIGIN, PORTAL_ID_SECRET: 'test-portal-id-secret', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(aw.smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <portal@cadence.test>',
  });
  process.env.FUNCTION_VARS_INVITE_CLIENT = vars;
  process.env.FUNCTION_VARS_PORTAL_SIGN_IN = vars;
  process.env.FUNCTION_VARS_PUBLIC_BOOKING = vars;
}

export interface InviteAnswer { success: boolean; error: string | null; field?: string; status?: string; invitedAt?: string }

export function invite(therapist: SignedInUser, clientId: string) {
  return execute<InviteAnswer>(therapist.functions, 'invite-client', { clientId });
}

/** The sign-in link of the newest portal mail to `email`. */
export async function newestLink(aw: LocalAppwrite, email: string): Promise<{ mail: DevMail; link: URL }> {
  const [mail] = await mailFor(aw.origin, email);
  const href = /(http:\/\/localhost:3000\/portal\/sign-in\?\S+)/.exec(mail?.text ?? '')?.[1];
  if (!mail || !href) throw new Error(`no portal mail for ${email}`);
  return { mail, link: new URL(href) };
}

export interface PortalClient { id: string; email: string; databases: Databases; account: Account; functions: Functions; storage: Storage; client: Client }

/** Signs in with a link's userId and secret (POST /account/sessions/token), as /portal/sign-in does. */
export async function signInWith(aw: LocalAppwrite, userId: string, secret: string): Promise<PortalClient> {
  const response = await fetch(`${aw.endpoint}/account/sessions/token`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID }, body: JSON.stringify({ userId, secret }),
  });
  if (response.status !== 201) throw new Error(`portal sign-in ${response.status}: ${await response.text()}`);
  const session = (JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>)[`a_session_${PROJECT_ID}`] ?? '';
  const client = new Client().setEndpoint(aw.endpoint).setProject(PROJECT_ID).setSession(session);
  const account = new Account(client);
  const me = await account.get();
  return { id: me.$id, email: me.email, databases: new Databases(client), account, functions: new Functions(client), storage: new Storage(client), client };
}

/** Invites the client record and signs in with the invitation's link. */
export async function invitedClient(aw: LocalAppwrite, therapist: SignedInUser, clientId: string, email: string): Promise<PortalClient> {
  const answer = await invite(therapist, clientId);
  if (!answer.body?.success) throw new Error(`invite: ${answer.status} ${answer.raw}`);
  const { link } = await newestLink(aw, email);
  return signInWith(aw, link.searchParams.get('userId') ?? '', link.searchParams.get('secret') ?? '');
}

/** Invites the client record's parent or guardian (invite-client with `guardian`). */
export function inviteGuardian(therapist: SignedInUser, clientId: string, guardian: { name: string; email: string }) {
  return execute<InviteAnswer & { accessId?: string; role?: string }>(therapist.functions, 'invite-client', { clientId, guardian });
}

/** Invites a guardian and signs in with their invitation's link; `accessId` is their own portal link. */
export async function invitedGuardian(aw: LocalAppwrite, therapist: SignedInUser, clientId: string, guardian: { name: string; email: string }): Promise<PortalClient & { accessId: string }> {
  const answer = await inviteGuardian(therapist, clientId, guardian);
  if (!answer.body.success || !answer.body.accessId) throw new Error(`invite guardian: ${answer.raw}`);
  const { link } = await newestLink(aw, guardian.email);
  return { ...(await signInWith(aw, link.searchParams.get('userId') ?? '', link.searchParams.get('secret') ?? '')), accessId: answer.body.accessId };
}

/** Ends one person's portal access (the client's link id, or a guardian's). */
export function revokeAccess(therapist: SignedInUser, accessId: string) {
  return execute<{ success: boolean; error: string | null; revoked?: string }>(therapist.functions, 'invite-client', { action: 'revoke', accessId });
}

/**
 * The forms tests' people: a therapist (Calm Waters Therapy) with clients A and B in the portal, and
 * another therapist (Lakeside Counseling) with a client of their own; `prefix` names the logins.
 */
export async function twoPracticesWithClients(aw: LocalAppwrite, prefix: string) {
  portalFunctionVars(aw);
  const therapist = await signedInUser(aw, `${prefix}-therapist`);
  const other = await signedInUser(aw, `${prefix}-other`);
  await createPractice(therapist, { practiceName: 'Calm Waters Therapy' });
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  const recordA: Models.DefaultDocument = await createClient(therapist);
  const recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe' });
  const recordOther = await createClient(other, { firstName: 'Cy', lastName: 'Poe' });
  return {
    therapist, other, recordA,
    clientA: await invitedClient(aw, therapist, recordA.$id, String(recordA.email)),
    clientB: await invitedClient(aw, therapist, recordB.$id, String(recordB.email)),
    otherClient: await invitedClient(aw, other, recordOther.$id, String(recordOther.email)),
  };
}
