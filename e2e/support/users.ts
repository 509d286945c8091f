import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Client, ID, Users } from 'node-appwrite';
import { appwriteUrl } from './ports.ts';

// The local Appwrite's server API, as a function or an admin would use it.
export const users = new Users(
  new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'),
);

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

/**
 * A therapist who finished sign-up: verified email, name, and a password set more than 5 s after
 * registration (spec §4 profile completeness), with the labels of an active trial.
 */
export async function createCompleteUser(labels: string[] = ['subscribed', 'trialActive']): Promise<TestUser> {
  const email = `therapist-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse battery';
  const name = 'Dana Therapist';
  const user = await users.create({ userId: ID.unique(), email, name });
  await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  await users.updateLabels({ userId: user.$id, labels });
  await new Promise((resolve) => setTimeout(resolve, 5_100));
  await users.updatePassword({ userId: user.$id, password });
  return { id: user.$id, email, password, name };
}

/** Signs the page's browser context in through the same-origin /v1 proxy (HttpOnly cookie). */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post('/v1/account/sessions/email', {
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' },
    data: { email: user.email, password: user.password },
  });
  if (response.status() !== 201) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
