import { appwrite, attempt, ownedBy, Query } from '@cadence/shared-auth';
import { questionnaireProblems, type Questionnaire } from '@cadence/shared-auth/forms';
import { practiceCollection } from '../shared/practice-collections.ts';

// Reading the therapist's own forms, apart from the editor (forms-api.ts) so the Portal tab's packet
// builder, which lists them, does not bring the editor's model into the dashboard's first load.

export interface PracticeForm {
  id: string;
  templateId: string | null;
  title: string;
  version: number;
  archived: boolean;
  updatedAt: string;
  questionnaire: Questionnaire;
}

type Doc = Record<string, unknown> & { $id: string; $updatedAt: string; $permissions: string[] };

/** A stored copy as the editor reads it; one that is not the caller's, or not a valid form, is left out. */
export function formOf(doc: Doc, userId: string): PracticeForm | null {
  if (!ownedBy(doc, userId)) return null;
  let questionnaire: unknown;
  try {
    questionnaire = JSON.parse(String(doc['questionnaire']));
  } catch {
    return null;
  }
  if (questionnaireProblems(questionnaire).length) return null;
  return {
    id: doc.$id, templateId: typeof doc['templateId'] === 'string' ? doc['templateId'] : null, title: String(doc['title'] ?? ''),
    version: Number(doc['version']) || 1, archived: doc['archived'] === true, updatedAt: doc.$updatedAt, questionnaire: questionnaire as Questionnaire,
  };
}

export async function listPracticeForms(userId: string): Promise<PracticeForm[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('forms'), queries: [Query.equal('userId', userId), Query.orderAsc('title'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => formOf(doc, userId) ?? []);
}

