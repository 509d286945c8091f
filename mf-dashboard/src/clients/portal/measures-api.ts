import { appwrite, attempt, executeFunction, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { isInstrumentId, type InstrumentId } from './measure-bands.ts';

// The therapist's side of measures (issue 31; backend/README.md "Client portal: measures"): send or
// schedule through send-measure, read the requests, responses and schedules (written only by the
// functions, readable by the therapist), acknowledge an item-9 alert through send-measure.

export type Cadence = 'every' | 'every_other';

export interface MeasureRequest {
  id: string;
  clientId: string;
  instrument: InstrumentId;
  /** withdrawn: its appointment was cancelled or moved away before it was answered (lib/measure-schedule.js). */
  status: 'sent' | 'submitted' | 'withdrawn';
  sentAt: string;
  dueAt: string | null;
  submittedAt: string | null;
  alertOpen: boolean;
}

export interface MeasureResponse {
  id: string;
  clientId: string;
  instrument: InstrumentId;
  total: number;
  severity: string;
  safetyAlert: boolean;
  submittedAt: string;
  /** The answers by linkId (q1…, difficulty); stored encrypted, read with the session. */
  answers: Record<string, number>;
}

export interface MeasureSchedule {
  instrument: InstrumentId;
  cadence: Cadence;
}

type Doc = Record<string, unknown> & { $id: string };
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function requestOf(doc: Doc, userId: string): MeasureRequest | null {
  const clientId = text(doc['clientId']);
  const sentAt = text(doc['sentAt']);
  const status = doc['status'];
  const instrument = doc['instrument'];
  if (doc['userId'] !== userId || !clientId || !sentAt || !isInstrumentId(instrument) || (status !== 'sent' && status !== 'submitted' && status !== 'withdrawn')) return null;
  return { id: doc.$id, clientId, instrument, status, sentAt, dueAt: text(doc['dueAt']), submittedAt: text(doc['submittedAt']), alertOpen: doc['alertOpen'] === true };
}

function answersOf(raw: unknown): Record<string, number> {
  try {
    const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return {};
  }
}

function responseOf(doc: Doc, userId: string): MeasureResponse | null {
  const clientId = text(doc['clientId']);
  const submittedAt = text(doc['submittedAt']);
  const instrument = doc['instrument'];
  const total = doc['total'];
  if (doc['userId'] !== userId || !clientId || !submittedAt || !isInstrumentId(instrument) || typeof total !== 'number') return null;
  return {
    id: doc.$id, clientId, instrument, total, severity: String(doc['severity'] ?? ''), safetyAlert: doc['safetyAlert'] === true, submittedAt, answers: answersOf(doc['answers']),
  };
}

/** `audience`: whom it goes to — the client, their parent/guardian or both (issue 31 "Guardians"). */
export async function sendMeasure(clientId: string, instrument: InstrumentId, audience: 'client' | 'guardian' | 'both' = 'client'): Promise<void> {
  await executeFunction('sendMeasure', { clientId, instrument, audience });
}

export async function scheduleMeasure(clientId: string, instrument: InstrumentId, cadence: Cadence | 'none'): Promise<void> {
  await executeFunction('sendMeasure', { action: 'schedule', clientId, instrument, cadence });
}

export async function acknowledgeAlert(requestId: string): Promise<void> {
  await executeFunction('sendMeasure', { action: 'acknowledge', requestId });
}

/** The client's requests, newest first. */
export async function listMeasureRequests(userId: string, clientId: string): Promise<MeasureRequest[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('measureRequests'),
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('sentAt'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => requestOf(doc, userId) ?? []);
}

/** The client's answered measures, oldest first (the chart's order). */
export async function listMeasureResponses(userId: string, clientId: string): Promise<MeasureResponse[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('measureResponses'),
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderAsc('submittedAt'), Query.limit(500)],
  }));
  return page.documents.flatMap((doc) => responseOf(doc, userId) ?? []);
}

export async function listMeasureSchedules(userId: string, clientId: string): Promise<MeasureSchedule[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('measureSchedules'),
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.limit(10)],
  }));
  return page.documents.flatMap((doc) => {
    const instrument = doc['instrument'];
    const cadence = doc['cadence'];
    return doc['userId'] === userId && isInstrumentId(instrument) && (cadence === 'every' || cadence === 'every_other') ? [{ instrument, cadence }] : [];
  });
}

/** Item-9 alerts not yet acknowledged, across the practice, newest first (Today and the nav's badge). */
export async function listOpenAlerts(userId: string): Promise<MeasureRequest[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('measureRequests'),
    queries: [Query.equal('userId', userId), Query.equal('alertOpen', true), Query.orderDesc('submittedAt'), Query.limit(100)],
  }));
  return page.documents.flatMap((doc) => requestOf(doc, userId) ?? []).filter((r) => r.alertOpen);
}
