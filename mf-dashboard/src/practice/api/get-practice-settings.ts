import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection, type OwnedDocument } from '../../shared/practice-collections.ts';
import type { PracticeSettings } from '../practice-settings.ts';

export type PracticeSettingsDocument = OwnedDocument<PracticeSettings>;

/**
 * The therapist's practice settings, or null before the first save. One per therapist, kept so by
 * savePracticeSettings rather than a unique index: anyone may create a document naming another
 * therapist's userId, and a unique index would let that planted one block the owner's own.
 */
export async function getPracticeSettings(userId: string): Promise<PracticeSettingsDocument | null> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<PracticeSettingsDocument>({ ...practiceCollection('practiceSettings'), queries: [Query.equal('userId', userId), Query.limit(25)] }),
  );
  return list.documents.find((document) => ownedBy(document, userId)) ?? null;
}
