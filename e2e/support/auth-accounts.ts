// Accounts for the auth flows, made through the local Appwrite's Server API (key local-dev-key),
// plus reads a test needs (user agreements). Only the setup goes this way; every flow under
// test runs through the app.
import { expect, type Page } from '@playwright/test';
import { appwriteUrl } from './ports.ts';

const headers = { 'content-type': 'application/json', 'x-appwrite-project': 'cadence', 'x-appwrite-key': 'local-dev-key' };
export const PASSWORD = 'correct horse battery';

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${appwriteUrl}/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface AppwriteUser {
  $id: string;
  email: string;
  name: string;
  emailVerification: boolean;
  registration: string;
  passwordUpdate: string;
}

export async function createUser(email: string, opts: { name?: string; password?: string; verified?: boolean } = {}): Promise<AppwriteUser> {
  const user = await api<AppwriteUser>('POST', '/users', { userId: 'unique()', email, password: opts.password ?? PASSWORD, name: opts.name ?? '' });
  if (opts.verified) await api('PATCH', `/users/${user.$id}/verification`, { emailVerification: true });
  return user;
}

export const getUser = (userId: string): Promise<AppwriteUser> => api<AppwriteUser>('GET', `/users/${userId}`);

/**
 * Complete accounts (spec §4: a name and a password updated more than 5 s after registration):
 * created together, then one wait, then the passwords set. They carry an active trial's labels by
 * default, so the access decision lets them through to /dashboard and /account (spec §4).
 */
export async function createCompleteUsers(
  emails: string[],
  password = PASSWORD,
  verified = true,
  labels: string[] = ['subscribed', 'trialActive'],
): Promise<AppwriteUser[]> {
  const users = await Promise.all(emails.map((email) => createUser(email, { name: 'Ada Lovelace', password: `${password}-initial`, verified })));
  await Promise.all(users.map((user) => api('PUT', `/users/${user.$id}/labels`, { labels })));
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  await Promise.all(users.map((user) => api('PATCH', `/users/${user.$id}/password`, { password })));
  return users;
}

export async function agreementsOf(userId: string): Promise<Array<Record<string, unknown>>> {
  const query = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'userId', values: [userId] }));
  const list = await api<{ documents: Array<Record<string, unknown>> }>('GET', `/databases/main/collections/user_agreements/documents?queries[0]=${query}`);
  return list.documents;
}

/** Signs in through the login page and waits for the guarded /account page. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/account');
}

export async function findUserByEmail(email: string): Promise<AppwriteUser | null> {
  const query = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'email', values: [email.toLowerCase()] }));
  const list = await api<{ users: AppwriteUser[] }>('GET', `/users?queries[0]=${query}`);
  return list.users[0] ?? null;
}

/**
 * A session cookie in the page's context without the login page (which signs unverified users
 * out): for states the UI itself never leaves a browser in.
 */
export async function sessionByApi(page: Page, email: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post('/v1/account/sessions/email', {
    data: { email, password },
    headers: { 'x-appwrite-project': 'cadence' },
  });
  expect(response.status()).toBe(201);
}
