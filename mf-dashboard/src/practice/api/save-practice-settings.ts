import { appwrite, attempt, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { PracticeSettings } from '../practice-settings.ts';
import { suggestedServices } from '../service-model.ts';
import { createPractice, isCreateConflict } from './create-practice.ts';
import { getPracticeSettings, type PracticeSettingsDocument } from './get-practice-settings.ts';

function updateSettings(documentId: string, settings: PracticeSettings): Promise<PracticeSettingsDocument> {
  return attempt(() =>
    appwrite().databases.updateDocument<PracticeSettingsDocument>({ ...practiceCollection('practiceSettings'), documentId, data: settings }),
  );
}

/**
 * Saves the therapist's settings. The first save creates the practice: the settings and the three
 * suggested services in the practice's currency, together (createPractice). Later saves update.
 */
export async function savePracticeSettings(userId: string, settings: PracticeSettings): Promise<PracticeSettingsDocument> {
  const existing = await getPracticeSettings(userId);
  if (existing) return updateSettings(existing.$id, settings);
  const services = suggestedServices(settings.currency);
  try {
    return await createPractice(userId, settings, services);
  } catch (error) {
    if (!isCreateConflict(error)) throw error;
    // Another first save of this therapist committed meanwhile: theirs holds the services, this one updates it.
    const created = await getPracticeSettings(userId);
    if (created) return updateSettings(created.$id, settings);
    // The id was taken by a document that is not the therapist's own (see createPractice).
    return createPractice(userId, settings, services, uniqueId());
  }
}
