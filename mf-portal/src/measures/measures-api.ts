import { appwrite, attempt, executeFunction, getConfig, Query } from '@cadence/shared-auth';
import { questionnaireModel, type MeasureModel } from './measure-model.ts';

// The client's side of measures (issue 31; backend/README.md "Client portal: measures"): the
// requests are read as the client may read them (their own, written only by the functions); the
// questionnaire's wording comes from submit-measure, and answering is a submit-measure call.

export const MEASURE_REQUESTS_COLLECTION = 'measure_requests';

/** A questionnaire a practice asked the client to answer: `sent` (to answer) or `submitted`. */
export interface MeasureRequest {
  id: string;
  /** The practice (the therapist's user id). */
  practiceId: string;
  /** The client record (the client's own portal link has its id; a guardian's names it as clientId). */
  accessId: string;
  instrument: string;
  status: 'sent' | 'submitted';
  sentAt: string;
  /** When a scheduled one should be answered by (48 hours before the appointment); null when sent once. */
  dueAt: string | null;
  submittedAt: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function requestOf(doc: Record<string, unknown> & { $id: string }): MeasureRequest | null {
  const practiceId = text(doc['userId']);
  const accessId = text(doc['clientId']);
  const instrument = text(doc['instrument']);
  const sentAt = text(doc['sentAt']);
  const status = doc['status'];
  if (!practiceId || !accessId || !instrument || !sentAt || (status !== 'sent' && status !== 'submitted')) return null;
  return { id: doc.$id, practiceId, accessId, instrument, status, sentAt, dueAt: text(doc['dueAt']), submittedAt: text(doc['submittedAt']) };
}

/** Every questionnaire sent to the client, newest first (all practices; the home groups them). */
export async function listMeasureRequests(): Promise<MeasureRequest[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId,
    collectionId: MEASURE_REQUESTS_COLLECTION,
    queries: [Query.orderDesc('sentAt'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => requestOf(doc) ?? []);
}

/** The questionnaire to answer, worded exactly as published, and whether it was answered already. */
export async function getMeasure(requestId: string): Promise<{ status: 'sent' | 'submitted'; measure: MeasureModel }> {
  const answer = await executeFunction<{ success?: boolean; status: string; questionnaire: unknown }>('submitMeasure', { action: 'questionnaire', requestId });
  return { status: answer.status === 'submitted' ? 'submitted' : 'sent', measure: questionnaireModel(answer.questionnaire) };
}

export interface SubmitResult {
  /** PHQ-9 item 9 above 0: the client is shown crisis resources at once. */
  crisis: boolean;
  /** The practice's country when `crisis` (ISO code), null when it has none. */
  country: string | null;
}

/** Sends the answers; the server checks and scores them. */
export async function submitMeasure(requestId: string, answers: Record<string, number>): Promise<SubmitResult> {
  const answer = await executeFunction<{ success?: boolean; crisis?: unknown; country?: unknown }>('submitMeasure', { requestId, answers });
  return { crisis: answer.crisis === true, country: text(answer.country) };
}
