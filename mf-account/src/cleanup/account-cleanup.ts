import { clearNotifications, deleteAllUserData, getCurrentUser, signOut } from '@cadence/shared-auth';

/**
 * spec §2 account-cleanup page: deletes all of the signed-in user's data (customer, subscriptions,
 * invoices, checkout sessions, notifications), then signs out. A document it could not delete, or
 * no signed-in user, is an error: the page must not claim a deletion that did not happen.
 */
export async function cleanUpAccount(): Promise<void> {
  const user = await getCurrentUser();
  if (!user) throw new Error('Not signed in');
  const result = await deleteAllUserData(user.$id);
  await clearNotifications(user.$id);
  if (result.failures.length > 0) {
    throw new Error(`Could not delete ${result.failures.length} document(s)`);
  }
  await signOut();
}
