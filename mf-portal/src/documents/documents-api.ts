import { appwrite, attempt, base64Blob, executeFunction, getConfig, Query } from '@cadence/shared-auth';

// The client's documents (issue 31; backend/README.md "Client portal: documents"): one list of
// `portal_documents` entries, each a kind, read as the client may read them (their own, written only
// by functions). A download is made by portal-documents, which checks the portal link.

export const PORTAL_DOCUMENTS_COLLECTION = 'portal_documents';

/** Every kind the list can hold; `form` is a submitted form (fill-form lists it on submit), `gfe` a delivered Good Faith Estimate, `receipt` a card payment's receipt (issue 33). */
export const PORTAL_DOCUMENT_KINDS = ['invoice', 'statement', 'superbill', 'consent', 'form', 'gfe', 'receipt'] as const;
export type PortalDocumentKind = (typeof PORTAL_DOCUMENT_KINDS)[number];

export interface PortalDocument {
  id: string;
  /** The practice (the therapist's user id). */
  practiceId: string;
  /** The client record it is about (a guardian sees each child's apart). */
  clientId: string;
  kind: PortalDocumentKind;
  title: string;
  issuedAt: string;
}

const isKind = (value: unknown): value is PortalDocumentKind => PORTAL_DOCUMENT_KINDS.includes(value as PortalDocumentKind);

/** The client's documents from every practice, newest first. */
export async function listPortalDocuments(): Promise<PortalDocument[]> {
  const page = await attempt(() => appwrite().databases.listDocuments({
    databaseId: getConfig().databaseId,
    collectionId: PORTAL_DOCUMENTS_COLLECTION,
    queries: [
      Query.orderDesc('issuedAt'), Query.limit(200),
      Query.select(['$id', 'userId', 'clientId', 'kind', 'title', 'issuedAt']),
    ],
  }));
  return page.documents.flatMap((doc) => {
    const { kind, title, issuedAt, userId, clientId } = doc as Record<string, unknown>;
    if (typeof clientId !== 'string' || !isKind(kind) || typeof title !== 'string' || typeof issuedAt !== 'string' || typeof userId !== 'string') return [];
    return [{ id: doc.$id, practiceId: userId, clientId, kind, title, issuedAt }];
  });
}

/** The document's PDF and the name to save it under (the function's: its kind, never a person's name). */
export async function downloadPortalDocument(documentId: string): Promise<{ blob: Blob; fileName: string }> {
  const answer = await executeFunction<{ success: boolean; error: string | null; filename: string; contentType: string; base64: string }>('portalDocuments', { documentId });
  return { blob: base64Blob(answer.base64, answer.contentType), fileName: answer.filename };
}
