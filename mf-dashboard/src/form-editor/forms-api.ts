import { appwrite, attempt, ownerPermissions, Query, uniqueId } from '@cadence/shared-auth';
import { questionnaireProblems, type Questionnaire } from '@cadence/shared-auth/forms';
import { practiceCollection } from '../shared/practice-collections.ts';
import { copyOfTemplate, nextVersion, withVersion } from './form-model.ts';
import { formOf, type PracticeForm } from './practice-forms.ts';

export { listPracticeForms, type PracticeForm } from './practice-forms.ts';

// The therapist's own forms (the `forms` collection, browser-written and owner-only like the
// practice's other collections; backend/README.md "Client portal: forms"). Nothing here can reach a
// client by itself: send-forms re-checks a copy with the same model (questionnaireProblems) and
// copies it, exactly as it is then, into each request — so a sent form never changes afterwards,
// and an invalid copy, however it was written, is refused at sending (backend/test/form-editor.test.ts).

export const FORMS_TEXT = {
  invalid: 'This form has problems to fix before it can be saved.',
  notFound: 'This form could not be found.',
} as const;

export class InvalidFormError extends Error {
  constructor(readonly problems: string[]) {
    super(FORMS_TEXT.invalid);
  }
}

export async function getPracticeForm(userId: string, formId: string): Promise<PracticeForm> {
  const doc = await attempt(() => appwrite().databases.getDocument({ ...practiceCollection('forms'), documentId: formId }));
  const form = formOf(doc, userId);
  if (!form) throw new Error(FORMS_TEXT.notFound);
  return form;
}

/** A new copy of a shipped template, version 1, the caller's only. */
export async function copyTemplate(userId: string, template: Questionnaire): Promise<PracticeForm> {
  const formId = uniqueId();
  const questionnaire = copyOfTemplate(template, formId);
  const doc = await attempt(() => appwrite().databases.createDocument({
    ...practiceCollection('forms'), documentId: formId,
    data: { userId, templateId: template.id ?? null, title: questionnaire.title, version: 1, questionnaire: JSON.stringify(questionnaire), archived: false },
    permissions: ownerPermissions(userId),
  }));
  const form = formOf(doc, userId);
  if (!form) throw new Error(FORMS_TEXT.notFound);
  return form;
}

/** The versions of this copy that have been sent (any client): each keeps its own frozen copy in its request. */
async function sentVersions(userId: string, formId: string): Promise<number[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('formRequests'),
    queries: [Query.equal('userId', userId), Query.equal('formRef', formId), Query.select(['formVersion']), Query.orderDesc('formVersion'), Query.limit(1)],
  }));
  return page.documents.map((d) => Number(d['formVersion']));
}

/**
 * Saves an edited copy. The model's validation runs first (nothing invalid is written); a copy sent
 * at its current version becomes the next version, the sent one staying as it was in its requests.
 */
export async function savePracticeForm(userId: string, form: PracticeForm, edited: Questionnaire): Promise<PracticeForm> {
  const sent = await sentVersions(userId, form.id);
  // The newest version sent may be newer than this screen's (another tab saved and sent since).
  const current = Math.max(form.version, ...sent);
  const version = nextVersion(current, sent);
  const questionnaire = withVersion(edited, version);
  const problems = questionnaireProblems(questionnaire);
  if (problems.length) throw new InvalidFormError(problems);
  const doc = await attempt(() => appwrite().databases.updateDocument({
    ...practiceCollection('forms'), documentId: form.id,
    data: { title: questionnaire.title, version, questionnaire: JSON.stringify(questionnaire) },
  }));
  const saved = formOf(doc, userId);
  if (!saved) throw new Error(FORMS_TEXT.notFound);
  return saved;
}

/** Archived copies leave the packet builder (send-forms refuses them) and stay in the export. */
export async function setFormArchived(userId: string, formId: string, archived: boolean): Promise<PracticeForm> {
  const doc = await attempt(() => appwrite().databases.updateDocument({ ...practiceCollection('forms'), documentId: formId, data: { archived } }));
  const saved = formOf(doc, userId);
  if (!saved) throw new Error(FORMS_TEXT.notFound);
  return saved;
}
