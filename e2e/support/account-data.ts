// A therapist with everything account deletion must remove (spec §3): a real Stripe subscription on
// its own test clock (customer, subscription, invoices and checkout session documents written by
// the webhooks), agreements, a users document, and the notifications the account page generates.
import type { Page } from '@playwright/test';
import { Client, Databases, ID, Permission, Query, Role } from 'node-appwrite';
import { expect } from './fixtures.ts';
import { appwriteUrl } from './ports.ts';
import { subscribeOnTestClock, type ClockedSubscription } from './stripe-clock.ts';
import { createCompleteUser, type TestUser } from './accounts.ts';

export const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));

/** Every collection that holds a user's documents (field userId). */
export const USER_COLLECTIONS = ['customers', 'subscriptions', 'invoices', 'checkout_sessions', 'notifications', 'user_agreements', 'users'] as const;

export type DocumentCounts = Record<(typeof USER_COLLECTIONS)[number], number>;

export async function documentCounts(userId: string): Promise<DocumentCounts> {
  const counts = {} as DocumentCounts;
  for (const collectionId of USER_COLLECTIONS) {
    const list = await databases.listDocuments({ databaseId: 'main', collectionId, queries: [Query.equal('userId', userId), Query.limit(1)] });
    counts[collectionId] = list.total;
  }
  return counts;
}

export const NO_DOCUMENTS: DocumentCounts = Object.fromEntries(USER_COLLECTIONS.map((c) => [c, 0])) as DocumentCounts;

export interface UserWithData {
  user: TestUser;
  billing: ClockedSubscription;
}

/** Subscribed (trial over, first month paid), with agreements and a users document. */
export async function userWithData(): Promise<UserWithData> {
  const user = await createCompleteUser([]);
  const billing = await subscribeOnTestClock(user);
  await billing.advanceDays(8);
  const own = [Permission.read(Role.user(user.id)), Permission.update(Role.user(user.id)), Permission.delete(Role.user(user.id))];
  for (const agreementType of ['terms', 'privacy']) {
    await databases.createDocument({
      databaseId: 'main', collectionId: 'user_agreements', documentId: ID.unique(), permissions: own,
      data: { userId: user.id, agreementType, version: '2024-12-30', accepted: true, acceptedAt: new Date().toISOString(), source: 'website', consentMethod: 'checkbox' },
    });
  }
  await databases.createDocument({
    databaseId: 'main', collectionId: 'users', documentId: user.id, permissions: [Permission.read(Role.user(user.id))],
    data: { userId: user.id, email: user.email, name: user.name },
  });
  return { user, billing };
}

/** Opens the account's Notifications (which stores the label notifications) and waits until every collection has documents. */
export async function visitAccount(page: Page, user: TestUser): Promise<DocumentCounts> {
  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible();
  let counts = NO_DOCUMENTS;
  await expect
    .poll(async () => {
      counts = await documentCounts(user.id);
      return USER_COLLECTIONS.filter((c) => counts[c] === 0);
    }, { message: `collections without documents of ${user.email}` })
    .toEqual([]);
  return counts;
}
