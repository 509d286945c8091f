import { appwrite, attempt, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { PracticeSettings } from '../practice-settings.ts';
import { getPracticeSettings, type PracticeSettingsDocument } from './get-practice-settings.ts';

/** Creates the therapist's settings document on the first save, updates it after. */
export async function savePracticeSettings(userId: string, settings: PracticeSettings): Promise<PracticeSettingsDocument> {
  const existing = await getPracticeSettings(userId);
  const where = practiceCollection('practiceSettings');
  if (existing) {
    return attempt(() => appwrite().databases.updateDocument<PracticeSettingsDocument>({ ...where, documentId: existing.$id, data: settings }));
  }
  return attempt(() =>
    appwrite().databases.createDocument<PracticeSettingsDocument>({
      ...where, documentId: uniqueId(), data: { ...settings, userId }, permissions: ownerPermissions(userId),
    }),
  );
}
