import { appwrite, attempt, base64Blob, downloadFile, executeFunction, getConfig, Query } from '@cadence/shared-auth';

// The client's side of consents (issue 31; backend/README.md "Client portal: consents"): the
// requests and e-records decisions are read as the client may read them (their own, written only by
// the functions); every write is a function call.

export const CONSENT_REQUESTS_COLLECTION = 'consent_requests';
export const SIGNED_CONSENTS_BUCKET = 'signed_consents';

/** A consent a practice sent the client: `sent` (to sign) or `signed`. */
export interface ConsentRequest {
  id: string;
  /** The practice (the therapist's user id). */
  practiceId: string;
  /** The client record, which is also the portal link's id (`accessId`). */
  accessId: string;
  title: string;
  status: 'sent' | 'signed';
  sentAt: string;
  signedAt: string | null;
  fileId: string | null;
}

/** A request with the exact text to sign. */
export interface ConsentDocument extends ConsentRequest {
  body: string;
}

/** The newest e-records decision with one practice: agreed, or asked for paper. */
export interface EsignDecision {
  action: 'accept' | 'withdraw';
  at: string;
  disclosureVersion: string;
  /** Made on the disclosure's current version. */
  current: boolean;
}

export interface Disclosure {
  version: string;
  title: string;
  /** The disclosure's words for the page; the access code is only in the PDF. */
  text: string;
  fileName: string;
  pdf: Blob;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function requestOf(doc: Record<string, unknown> & { $id: string }): ConsentRequest | null {
  const practiceId = text(doc['userId']);
  const accessId = text(doc['clientId']);
  const title = text(doc['title']);
  const sentAt = text(doc['sentAt']);
  const status = doc['status'];
  if (!practiceId || !accessId || !title || !sentAt || (status !== 'sent' && status !== 'signed')) return null;
  return { id: doc.$id, practiceId, accessId, title, status, sentAt, signedAt: text(doc['signedAt']), fileId: text(doc['fileId']) };
}

/**
 * Every consent shared with the signed-in login, newest first: their own as a client and those of
 * each client they are a guardian of (all practices; the home groups them by person). Appwrite
 * lists only what the functions shared with this login.
 */
export async function listConsentRequests(): Promise<ConsentRequest[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId,
    collectionId: CONSENT_REQUESTS_COLLECTION,
    queries: [
      Query.orderDesc('sentAt'), Query.limit(100),
      Query.select(['$id', 'userId', 'clientId', 'title', 'status', 'sentAt', 'signedAt', 'fileId']),
    ],
  }));
  return page.documents.flatMap((doc) => requestOf(doc) ?? []);
}

/** One request with its text, or null when the client may not read it. */
export async function getConsentDocument(requestId: string): Promise<ConsentDocument | null> {
  const doc = await attempt(() => appwrite().databases.getDocument({ databaseId: getConfig().databaseId, collectionId: CONSENT_REQUESTS_COLLECTION, documentId: requestId }));
  const request = requestOf(doc);
  const body = text(doc['body']);
  return request && body ? { ...request, body } : null;
}

/**
 * The newest e-records decision for one portal link, or null before the first, as esign-consent
 * judges it: `current` says whether it was made on the disclosure's current version (an acceptance
 * of an older one is no consent: the step is shown again before the next signing).
 */
export async function latestEsignDecision(accessId: string): Promise<EsignDecision | null> {
  const answer = await executeFunction<{ success: boolean; error: string | null; version: string; latest: { action: string; at: string; disclosureVersion: string } | null }>(
    'esignConsent', { action: 'status', accessId },
  );
  const latest = answer.latest;
  if (!latest || (latest.action !== 'accept' && latest.action !== 'withdraw')) return null;
  return { action: latest.action, at: latest.at, disclosureVersion: latest.disclosureVersion, current: latest.disclosureVersion === answer.version };
}

/** E-records consent in force: agreed to the current disclosure, not withdrawn since. */
export const isEsignInForce = (decision: EsignDecision | null | undefined): boolean => decision?.action === 'accept' && decision.current;

/** The disclosure to read: its words for the page and the PDF that carries the access code. */
export async function getDisclosure(accessId: string): Promise<Disclosure> {
  const answer = await executeFunction<{ success?: boolean; version: string; title: string; text: string; fileName: string; contentType: string; base64: string }>(
    'esignConsent', { action: 'disclosure', accessId },
  );
  return { version: answer.version, title: answer.title, text: answer.text, fileName: answer.fileName, pdf: base64Blob(answer.base64, answer.contentType) };
}

const userAgent = () => ({ 'user-agent': navigator.userAgent });

/** "I agree", with the code typed back from the PDF. */
export async function acceptElectronicRecords(accessId: string, version: string, accessCode: string): Promise<void> {
  await executeFunction('esignConsent', { action: 'accept', accessId, version, accessCode }, { headers: userAgent() });
}

/** "Ask for paper instead": withdraws the e-records consent; the practice is told. */
export async function askForPaper(accessId: string): Promise<void> {
  await executeFunction('esignConsent', { action: 'withdraw', accessId }, { headers: userAgent() });
}

export interface SignatureInput {
  requestId: string;
  signerName: string;
  method: 'typed' | 'drawn';
  /** The drawn signature as a PNG data URL (method `drawn`). */
  drawing?: string;
}

/** Signs: the function records the evidence and stores the signed PDF. */
export async function signConsent(input: SignatureInput): Promise<void> {
  await executeFunction('signConsent', { ...input, intent: true }, { headers: userAgent() });
}

/** The signed PDF, read with the client's own session (the file is theirs and the practice's only). */
export const downloadSignedConsent = (fileId: string): Promise<Blob> => downloadFile(SIGNED_CONSENTS_BUCKET, fileId, 'application/pdf');
