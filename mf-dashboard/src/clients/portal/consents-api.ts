import { appwrite, attempt, downloadFile, executeFunction, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';

// The therapist's side of consents (issue 31; backend/README.md "Client portal: consents"): send
// through send-consent, read the requests and the client's e-records decisions (the functions write
// them, readable by the therapist and the client), download the signed PDF with the session.

export const SIGNED_CONSENTS_BUCKET = 'signed_consents';

/** A consent template Cadence ships (send-consent {action:'templates'}). */
export interface ConsentTemplate {
  id: string;
  version: string;
  title: string;
}

export interface SentConsent {
  id: string;
  title: string;
  status: 'sent' | 'signed';
  sentAt: string;
  signedAt: string | null;
  fileId: string | null;
}

export interface EsignStatus {
  action: 'accept' | 'withdraw';
  at: string;
}

export async function listConsentTemplates(): Promise<ConsentTemplate[]> {
  const answer = await executeFunction<{ success?: boolean; templates: Array<{ id: string; version: string; title: string }> }>('sendConsent', { action: 'templates' });
  return answer.templates.map(({ id, version, title }) => ({ id, version, title }));
}

/** `audience`: whom it goes to — the client, their parent/guardian or both (issue 31 "Guardians"). */
export async function sendConsent(clientId: string, templateId: string, audience: 'client' | 'guardian' | 'both' = 'client'): Promise<void> {
  await executeFunction('sendConsent', { clientId, templateId, audience });
}

/** The client's consent requests, newest first. Only documents send-consent wrote for this therapist count. */
export async function listSentConsents(userId: string, clientId: string): Promise<SentConsent[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('consentRequests'),
    queries: [
      Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('sentAt'), Query.limit(100),
      Query.select(['$id', 'userId', 'clientId', 'title', 'status', 'sentAt', 'signedAt', 'fileId']),
    ],
  }));
  return page.documents.flatMap((doc) => {
    const status = doc['status'];
    if (doc['userId'] !== userId || doc['clientId'] !== clientId || (status !== 'sent' && status !== 'signed')) return [];
    const text = (key: string) => (typeof doc[key] === 'string' && doc[key] ? (doc[key] as string) : null);
    return [{ id: doc.$id, title: text('title') ?? '', status, sentAt: text('sentAt') ?? doc.$createdAt, signedAt: text('signedAt'), fileId: text('fileId') }];
  });
}

/** The client's newest e-records decision with this practice, or null before the first. */
export async function latestEsignStatus(userId: string, clientId: string): Promise<EsignStatus | null> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    ...practiceCollection('esignConsents'),
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('$sequence'), Query.limit(1)],
  }));
  const [doc] = page.documents;
  const action = doc?.['action'];
  if (!doc || doc['userId'] !== userId || (action !== 'accept' && action !== 'withdraw')) return null;
  return { action, at: String(doc['at']) };
}

export const downloadSignedConsent = (fileId: string): Promise<Blob> => downloadFile(SIGNED_CONSENTS_BUCKET, fileId, 'application/pdf');
