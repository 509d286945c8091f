import { appwrite, attempt, isAppError } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { clientFromDocument, type ClientDocument } from './client-document.ts';

// Appwrite's document ID rule: up to 36 of a-z, A-Z, 0-9, period, hyphen, underscore, not starting
// with a special character. Anything else in the URL cannot be a client, so no request is made.
const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/**
 * One client, or null when there is no such client of the therapist's own: an unknown id, another
 * therapist's client (Appwrite answers 404 for a document one may not read) or a planted document.
 */
export async function getClient(userId: string, clientId: string): Promise<ClientDocument | null> {
  if (!DOCUMENT_ID.test(clientId)) return null;
  try {
    const document = await attempt(() => appwrite().databases.getDocument<ClientDocument>({ ...practiceCollection('clients'), documentId: clientId }));
    return ownedBy(document, userId) ? clientFromDocument(document) : null;
  } catch (error) {
    if (isAppError(error) && error.code === 404) return null;
    throw error;
  }
}
