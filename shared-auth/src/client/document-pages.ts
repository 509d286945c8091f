// Large pages of documents (hundreds to 5,000: a ledger's totals, a CSV of a whole filter, a
// practice's clients), parsed by the browser's own JSON.parse. The SDK parses every answer with
// json-bigint (so integers past 2^53 survive), which takes several times as long: 140–430 ms for one
// 5,000-entry page of the ledger, against a few tens. Cadence stores no such integers — amounts are
// minor units and Appwrite's `$sequence` comes as text — so plain JSON loses nothing. The request is
// the SDK's own (endpoint, project, session cookie or its localStorage fallback), and a failure is
// the same AppwriteException.
import { AppwriteException, type Models } from 'appwrite';
import { appwrite } from './appwrite-client.ts';
import { attempt } from './errors.ts';

export interface DocumentPageRequest {
  databaseId: string;
  collectionId: string;
  queries: string[];
  /** false: Appwrite does not count the matches (`total` is 0) */
  total?: boolean;
}

/** listDocuments for large pages: the same request and answer, parsed faster. */
export function listDocumentPage<T extends Models.Document>({ databaseId, collectionId, queries, total }: DocumentPageRequest): Promise<Models.DocumentList<T>> {
  return attempt(async () => {
    const { client } = appwrite();
    const url = new URL(`${client.config.endpoint}/databases/${encodeURIComponent(databaseId)}/collections/${encodeURIComponent(collectionId)}/documents`);
    const { uri, options } = client.prepareRequest('get', url, { 'X-Appwrite-Project': client.config.project, accept: 'application/json' }, {
      queries, ...(total === undefined ? {} : { total }),
    });
    const response = await fetch(uri, options);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text };
    }
    if (response.status >= 400) {
      const error = body as { message?: string; type?: string };
      throw new AppwriteException(error.message ?? '', response.status, error.type ?? '', text);
    }
    return body as Models.DocumentList<T>;
  });
}
