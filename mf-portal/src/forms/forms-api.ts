import { appwrite, attempt, deleteFile, executeFunction, FunctionRefusedError, getConfig, Query, uploadFile } from '@cadence/shared-auth';
import { FORM_UPLOADS_BUCKET, questionnaireProblems, type AnswerProblem, type AnswerValues, type Questionnaire, type QuestionnaireResponse } from '@cadence/shared-auth/forms';

// The client's side of forms (issue 31; backend/README.md "Client portal: forms, packets, review"):
// packets, requests and responses are read as the client may read them (their own, written only by
// the functions); saving a draft and submitting are fill-form calls.

export const FORM_PACKETS_COLLECTION = 'form_packets';
export const FORM_REQUESTS_COLLECTION = 'form_requests';
export const FORM_RESPONSES_COLLECTION = 'form_responses';

export type FormStatus = 'sent' | 'submitted' | 'correction' | 'reviewed';
const STATUSES: readonly FormStatus[] = ['sent', 'submitted', 'correction', 'reviewed'];

export interface FormRequest {
  id: string;
  practiceId: string;
  accessId: string;
  packetId: string | null;
  title: string;
  status: FormStatus;
  sentAt: string;
  submittedAt: string | null;
  responseId: string | null;
  questionnaire: Questionnaire;
  /** The server's draft (answers as the client left them) and its revision. */
  draft: AnswerValues;
  draftRevision: number;
  correctionMessage: string | null;
}

export interface Packet {
  id: string;
  practiceId: string;
  accessId: string;
  /** `form:<requestId>` / `consent:<requestId>`, in the therapist's order. */
  items: string[];
  sentAt: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function parse(value: unknown): unknown {
  try {
    return typeof value === 'string' ? JSON.parse(value) : null;
  } catch {
    return null;
  }
}

function requestOf(doc: Record<string, unknown> & { $id: string }): FormRequest | null {
  const practiceId = text(doc['userId']);
  const accessId = text(doc['clientId']);
  const title = text(doc['title']);
  const sentAt = text(doc['sentAt']);
  const status = STATUSES.find((s) => s === doc['status']);
  const questionnaire = parse(doc['questionnaire']);
  if (!practiceId || !accessId || !title || !sentAt || !status || questionnaireProblems(questionnaire).length) return null;
  const draft = parse(doc['draft']);
  return {
    id: doc.$id, practiceId, accessId, packetId: text(doc['packetId']), title, status, sentAt, submittedAt: text(doc['submittedAt']),
    responseId: text(doc['responseId']), questionnaire: questionnaire as Questionnaire,
    draft: draft && typeof draft === 'object' && !Array.isArray(draft) ? (draft as AnswerValues) : {},
    draftRevision: typeof doc['draftRevision'] === 'number' ? doc['draftRevision'] : 0, correctionMessage: text(doc['correctionMessage']),
  };
}

/** Every form sent to the client (all practices; the home groups them), newest first. */
export async function listFormRequests(): Promise<FormRequest[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: FORM_REQUESTS_COLLECTION,
    queries: [Query.orderDesc('sentAt'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => requestOf(doc) ?? []);
}

export async function listPackets(): Promise<Packet[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId, collectionId: FORM_PACKETS_COLLECTION,
    queries: [Query.orderDesc('sentAt'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => {
    const practiceId = text(doc['userId']);
    const accessId = text(doc['clientId']);
    const sentAt = text(doc['sentAt']);
    const items = Array.isArray(doc['items']) ? doc['items'].filter((i): i is string => typeof i === 'string') : [];
    return practiceId && accessId && sentAt ? [{ id: doc.$id, practiceId, accessId, items, sentAt }] : [];
  });
}

export async function getFormRequest(requestId: string): Promise<FormRequest | null> {
  const doc = await attempt(() => appwrite().databases.getDocument({ databaseId: getConfig().databaseId, collectionId: FORM_REQUESTS_COLLECTION, documentId: requestId }));
  return requestOf(doc);
}

/** The submitted answers of a round, as stored (a QuestionnaireResponse). */
export async function getFormResponse(responseId: string): Promise<QuestionnaireResponse | null> {
  const doc = await attempt(() => appwrite().databases.getDocument({ databaseId: getConfig().databaseId, collectionId: FORM_RESPONSES_COLLECTION, documentId: responseId }));
  const response = parse(doc['response']);
  return response && typeof response === 'object' ? (response as QuestionnaireResponse) : null;
}

export type SaveResult =
  | { kind: 'saved'; revision: number }
  | { kind: 'stale'; revision: number; draft: AnswerValues };

/** Saves a draft on the revision the browser has; another window's newer draft comes back as `stale`. */
export async function saveDraft(requestId: string, answers: AnswerValues, revision: number): Promise<SaveResult> {
  const answer = await executeFunction<{ success?: boolean; error?: string | null; revision?: number; draft?: AnswerValues; field?: string }>(
    'fillForm', { action: 'save', requestId, answers, revision }, { acceptRefusal: true },
  );
  if (answer.success) return { kind: 'saved', revision: Number(answer.revision) };
  if (answer.field === 'revision') return { kind: 'stale', revision: Number(answer.revision), draft: answer.draft ?? {} };
  throw new FunctionRefusedError(answer.error ?? null, 400, answer);
}

export class AnswersRefusedError extends Error {
  constructor(readonly problems: AnswerProblem[], message: string) {
    super(message);
  }
}

/** Submits; the server's problems with the answers come back as AnswersRefusedError. */
export async function submitForm(requestId: string, answers: AnswerValues): Promise<void> {
  const answer = await executeFunction<{ success?: boolean; error?: string | null; problems?: AnswerProblem[] }>('fillForm', { action: 'submit', requestId, answers }, { acceptRefusal: true });
  if (answer.success) return;
  if (Array.isArray(answer.problems) && answer.problems.length) throw new AnswersRefusedError(answer.problems, answer.error ?? '');
  throw new FunctionRefusedError(answer.error ?? null, 409, answer);
}

/** A file chosen for a file-upload question, as the form shows it. */
export interface UploadedFile { fileId: string; name: string; size: number }

/**
 * Uploads a file the client chose for a file-upload question: into form_uploads, theirs alone until
 * they submit the form (fill-form then shares it with the practice). Storage refuses other kinds and
 * sizes with its own errors (storage_file_type_unsupported, storage_invalid_file_size).
 */
export async function uploadFormFile(file: File): Promise<UploadedFile> {
  return { fileId: await uploadFile(FORM_UPLOADS_BUCKET, file), name: file.name, size: file.size };
}

/** What an uploaded file is called (a draft holds only its id); null when it is gone. */
export async function describeFormFile(fileId: string): Promise<UploadedFile | null> {
  try {
    const file = await appwrite().storage.getFile({ bucketId: FORM_UPLOADS_BUCKET, fileId });
    return { fileId, name: file.name, size: file.sizeOriginal };
  } catch {
    return null;
  }
}

/** A file taken back before the form was sent: deleted, so nothing unsent is kept. */
export async function discardFormFile(fileId: string): Promise<void> {
  await deleteFile(FORM_UPLOADS_BUCKET, fileId).catch(() => undefined);
}

