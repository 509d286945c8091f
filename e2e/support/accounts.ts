// Accounts for the browser tests, made through the local Appwrite's Server API (key local-dev-key),
// plus the reads a test needs (user agreements, a user by email) and the two ways into a signed-in
// browser. Only the set-up goes through the API; every flow under test runs through the app.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { Client, Databases, ID, Query, Users, type Models } from 'node-appwrite';
import { appwriteUrl } from './ports.ts';

const server = new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key');

/** The local Appwrite's users API, as a function or an admin would use it. */
export const users = new Users(server);

export const PASSWORD = 'correct horse battery';

export type AppwriteUser = Models.User<Models.Preferences>;

/** A therapist a test signs in as. */
export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

/**
 * spec §4: a profile is complete only with a password set more than 5 s after registration. Waits
 * until that much time (plus a margin) has passed since `registeredAt` (ms or an ISO date).
 */
export async function waitOutProfileRule(registeredAt: number | string): Promise<void> {
  const since = typeof registeredAt === 'number' ? registeredAt : Date.parse(registeredAt);
  const wait = since + 5_500 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** What record-agreements gives a therapist at the end of sign-up; the practice collections' create needs it. */
export const THERAPIST_LABEL = 'therapist';

export const uniqueTherapistEmail = (): string => `therapist-${randomUUID().slice(0, 8)}@example.test`;

export async function createUser(email: string, opts: { name?: string; password?: string; verified?: boolean } = {}): Promise<AppwriteUser> {
  const user = await users.create({ userId: ID.unique(), email, password: opts.password ?? PASSWORD, name: opts.name ?? '' });
  return opts.verified ? users.updateEmailVerification({ userId: user.$id, emailVerification: true }) : user;
}

export const getUser = (userId: string): Promise<AppwriteUser> => users.get({ userId });

/**
 * Complete accounts (spec §4: a name and a password updated more than 5 s after registration) with
 * the given emails. They come from the worker's accounts registered ahead (below), whose emails are
 * changed to these (Appwrite's users.updateEmail, which leaves them unverified), so no test waits
 * out the profile rule. They carry an active trial's labels by default, so the access decision lets
 * them through to /dashboard and /account (spec §4), and always the `therapist` label that finishing
 * sign-up (record-agreements) sets.
 */
export async function createCompleteUsers(
  emails: string[],
  password = PASSWORD,
  verified = true,
  labels: string[] = ['subscribed', 'trialActive'],
): Promise<AppwriteUser[]> {
  return Promise.all(
    takeRegistered(emails.length).map(async (pending, i) => {
      const { $id: userId } = await pending;
      await users.updateEmail({ userId, email: emails[i] ?? '' });
      if (verified) await users.updateEmailVerification({ userId, emailVerification: true });
      await users.updateLabels({ userId, labels: [THERAPIST_LABEL, ...labels] });
      return users.updatePassword({ userId, password });
    }),
  );
}

/**
 * Therapists registered ahead, per Playwright worker. spec §4's profile rule (a password set more
 * than 5 s after registration) made every test that created its own therapist sleep 5.5 s; accounts
 * registered a few tests earlier have waited already, so taking one only sets its labels and its
 * password, exactly as createCompleteUsers does after its wait. Only a worker's first test waits.
 */
const REGISTERED_AHEAD = 6;
const registered: Promise<AppwriteUser>[] = [];

function registerAhead(atLeast: number): void {
  while (registered.length < Math.max(atLeast, REGISTERED_AHEAD)) {
    const user = createUser(uniqueTherapistEmail(), { name: 'Ada Lovelace', password: `${PASSWORD}-initial`, verified: true }).then(async (created) => {
      await waitOutProfileRule(created.registration);
      return created;
    });
    // Awaited when a test takes it, which reports a failure; until then it must not count as unhandled.
    user.catch(() => undefined);
    registered.push(user);
  }
}

function takeRegistered(count: number): Promise<AppwriteUser>[] {
  registerAhead(count);
  const taken = registered.splice(0, count);
  registerAhead(0);
  return taken;
}

/** `count` complete, verified therapists with fresh emails and the given labels (default: an active trial). */
export async function createCompleteTherapists(count: number, labels: string[] = ['subscribed', 'trialActive']): Promise<TestUser[]> {
  return Promise.all(
    takeRegistered(count).map(async (pending) => {
      const user = await pending;
      await users.updateLabels({ userId: user.$id, labels: [THERAPIST_LABEL, ...labels] });
      await users.updatePassword({ userId: user.$id, password: PASSWORD });
      return { id: user.$id, email: user.email, password: PASSWORD, name: user.name };
    }),
  );
}

/** One complete therapist with a fresh email, as a TestUser. */
export async function createCompleteUser(labels: string[] = ['subscribed', 'trialActive']): Promise<TestUser> {
  const [user] = await createCompleteTherapists(1, labels);
  if (!user) throw new Error('no user created');
  return user;
}

export async function agreementsOf(userId: string): Promise<Models.DefaultDocument[]> {
  const list = await new Databases(server).listDocuments<Models.DefaultDocument>({ databaseId: 'main', collectionId: 'user_agreements', queries: [Query.equal('userId', userId)] });
  return list.documents;
}

export async function findUserByEmail(email: string): Promise<AppwriteUser | null> {
  const list = await users.list({ queries: [Query.equal('email', email.toLowerCase())] });
  return list.users[0] ?? null;
}

/**
 * Signs the page's browser context in through the same-origin /v1 proxy (HttpOnly cookie), without
 * the login page (which signs unverified users out): the set-up for a test of something else.
 */
export async function signIn(page: Page, who: { email: string; password?: string }): Promise<void> {
  const response = await page.request.post('/v1/account/sessions/email', {
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' },
    data: { email: who.email, password: who.password ?? PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Signs in through the login page, as a therapist does, and waits for the guarded /account page. */
export async function logInThroughPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/account');
}
