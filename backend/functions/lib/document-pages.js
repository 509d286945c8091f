// Large pages of documents read with the function's key, parsed by the runtime's own JSON.parse.
// The SDK parses every answer with json-bigint (so integers past 2^53 survive), which costs about six
// times JSON.parse: for the export of a 2,000-client practice (~160 MB of pages) that was 11 s of
// its 16 s of reads. Cadence stores no such integers — amounts are minor units, counts are small and
// Appwrite's `$sequence` comes as text — so plain JSON loses nothing. The request itself is the
// SDK's (its endpoint, headers and key, the queries flattened as it sends them), asking for the
// answer uncompressed: Appwrite and the function are on one host, where compressing the export's
// ~160 MB of pages and inflating them again cost ~2.5 s of CPU and saved nothing (issue 35).
import { AppwriteException } from 'node-appwrite';

/**
 * @param {import('node-appwrite').Databases} databases with the function's key
 * @param {{ databaseId: string, collectionId: string, queries: string[] }} list
 * @returns {Promise<import('node-appwrite').Models.DocumentList<import('node-appwrite').Models.DefaultDocument>>}
 */
export async function listDocumentPage(databases, { databaseId, collectionId, queries }) {
  const { client } = databases;
  const url = new URL(`${client.config.endpoint}/databases/${encodeURIComponent(databaseId)}/collections/${encodeURIComponent(collectionId)}/documents`);
  const { uri, options } = client.prepareRequest('get', url, { 'X-Appwrite-Project': client.config.project, accept: 'application/json', 'accept-encoding': 'identity' }, { queries });
  const response = await fetch(uri, /** @type {RequestInit} */ (options));
  const text = await response.text();
  /** @type {any} */
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  if (response.status >= 400) throw new AppwriteException(body?.message, response.status, body?.type, text);
  return body;
}
