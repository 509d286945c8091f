import { appwrite, attempt, base64Blob, downloadFile, executeFunction, Query } from '@cadence/shared-auth';
import { FORM_UPLOADS_BUCKET, questionnaireProblems, type Questionnaire, type QuestionnaireResponse } from '@cadence/shared-auth/forms';
import { practiceCollection } from '../../shared/practice-collections.ts';

// The therapist's side of forms (issue 31; backend/README.md "Client portal: forms, packets,
// review"): send a packet, review, ask for a correction — all through send-forms; the requests and
// the client's answers are read as the functions wrote them (readable by the practice and the client).

export type FormStatus = 'sent' | 'submitted' | 'correction' | 'reviewed';
const STATUSES: readonly FormStatus[] = ['sent', 'submitted', 'correction', 'reviewed'];

export interface FormTemplate { id: string; title: string; description: string }
export interface PacketTemplates { forms: FormTemplate[]; consents: FormTemplate[] }
/** A template (form or consent) by its id, or one of the therapist's own forms (Practice → Forms) by its document id. */
export type PacketItem = { kind: 'form' | 'consent'; templateId: string } | { kind: 'form'; formId: string };

export interface SentForm {
  id: string;
  clientId: string;
  title: string;
  status: FormStatus;
  sentAt: string;
  submittedAt: string | null;
  reviewedAt: string | null;
  responseId: string | null;
  acceptedFields: string[];
  questionnaire: Questionnaire;
}

export async function listPacketTemplates(): Promise<PacketTemplates> {
  const answer = await executeFunction<{ success?: boolean; forms: FormTemplate[]; consents: Array<{ id: string; title: string }> }>('sendForms', { action: 'templates' });
  return { forms: answer.forms, consents: answer.consents.map((c) => ({ id: c.id, title: c.title, description: '' })) };
}

/** `audience`: whom it goes to — the client, their parent/guardian or both (issue 31 "Guardians"). */
export async function sendPacket(clientId: string, items: PacketItem[], audience: 'client' | 'guardian' | 'both' = 'client'): Promise<void> {
  await executeFunction('sendForms', { action: 'send', clientId, items, audience });
}

export async function reviewForm(requestId: string, accepted: string[]): Promise<void> {
  await executeFunction('sendForms', { action: 'review', requestId, accepted });
}

export async function askForCorrection(requestId: string, message: string): Promise<void> {
  await executeFunction('sendForms', { action: 'correction', requestId, message });
}

/** A submitted form's PDF: the very document the client downloads from their portal (send-forms pdf). */
export async function downloadSubmittedForm(responseId: string): Promise<{ blob: Blob; fileName: string }> {
  const answer = await executeFunction<{ success: boolean; filename: string; contentType: string; base64: string }>('sendForms', { action: 'pdf', responseId });
  return { blob: base64Blob(answer.base64, answer.contentType), fileName: answer.filename };
}

/** A file the client uploaded in a submitted form (readable by the practice and the client once submitted). */
export const downloadFormUpload = (fileId: string, contentType: string): Promise<Blob> => downloadFile(FORM_UPLOADS_BUCKET, fileId, contentType);

function sentFormOf(doc: Record<string, unknown> & { $id: string; $createdAt: string }, userId: string): SentForm | null {
  const status = STATUSES.find((s) => s === doc['status']);
  let questionnaire: unknown;
  try {
    questionnaire = JSON.parse(String(doc['questionnaire']));
  } catch {
    questionnaire = null;
  }
  if (doc['userId'] !== userId || !status || questionnaireProblems(questionnaire).length) return null;
  const text = (key: string) => (typeof doc[key] === 'string' && doc[key] ? (doc[key] as string) : null);
  return {
    id: doc.$id, clientId: text('clientId') ?? '', title: text('title') ?? '', status, sentAt: text('sentAt') ?? doc.$createdAt, submittedAt: text('submittedAt'),
    reviewedAt: text('reviewedAt'), responseId: text('responseId'), questionnaire: questionnaire as Questionnaire,
    acceptedFields: Array.isArray(doc['acceptedFields']) ? doc['acceptedFields'].filter((f): f is string => typeof f === 'string') : [],
  };
}

/** One client's forms, newest first; only documents send-forms wrote for this therapist count. */
export async function listSentForms(userId: string, clientId: string): Promise<SentForm[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('formRequests'),
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('sentAt'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => (doc['clientId'] === clientId ? sentFormOf(doc, userId) ?? [] : []));
}

export async function getFormResponse(responseId: string): Promise<QuestionnaireResponse | null> {
  const doc = await attempt(() => appwrite().databases.getDocument({ ...practiceCollection('formResponses'), documentId: responseId }));
  try {
    return JSON.parse(String(doc['response'])) as QuestionnaireResponse;
  } catch {
    return null;
  }
}
