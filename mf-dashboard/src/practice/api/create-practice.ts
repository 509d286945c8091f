import { appwrite, attempt, isAppError, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { PracticeSettings } from '../practice-settings.ts';
import type { Service } from '../services.ts';
import type { PracticeSettingsDocument } from './get-practice-settings.ts';

/** Seconds the first save's transaction may stay open (Appwrite's minimum; it lives for three calls). */
const TRANSACTION_TTL_SECONDS = 60;

/**
 * A practice's first save (issue #13): the settings document and the practice's first services
 * created together in one Appwrite transaction, so a practice never has settings without its
 * services, and a failed commit leaves nothing behind.
 *
 * The settings document's id is the therapist's own user id, so two first saves racing (two tabs)
 * collide in the commit (409) instead of making a second practice with a second set of services.
 * Anyone may create a document in the collection, so another user could take that id first with a
 * document the owner cannot use; the save then goes ahead under a fresh id (`documentId`).
 */
export async function createPractice(
  userId: string,
  settings: PracticeSettings,
  services: readonly Service[],
  documentId: string = userId,
): Promise<PracticeSettingsDocument> {
  const { databases } = appwrite();
  const permissions = ownerPermissions(userId);
  const settingsWhere = practiceCollection('practiceSettings');
  const servicesWhere = practiceCollection('services');
  const operations = [
    { action: 'create', ...settingsWhere, documentId, data: { ...settings, userId, $permissions: permissions } },
    ...services.map((service, sortOrder) => ({
      action: 'create', ...servicesWhere, documentId: uniqueId(), data: { ...service, sortOrder, userId, $permissions: permissions },
    })),
  ];
  const transaction = await attempt(() => databases.createTransaction({ ttl: TRANSACTION_TTL_SECONDS }));
  try {
    await attempt(() => databases.createOperations({ transactionId: transaction.$id, operations }));
    await attempt(() => databases.updateTransaction({ transactionId: transaction.$id, commit: true }));
  } catch (error) {
    // A commit that failed is already rolled back; this only ends one that never got to commit.
    await databases.updateTransaction({ transactionId: transaction.$id, rollback: true }).catch(() => undefined);
    throw error;
  }
  return attempt(() => databases.getDocument<PracticeSettingsDocument>({ ...settingsWhere, documentId }));
}

/** The commit found a document under an id it was creating: another save (or another user) got there first. */
export function isCreateConflict(error: unknown): boolean {
  return isAppError(error) && error.code === 409;
}
