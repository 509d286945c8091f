// "Export all my data" as the browser runs it: export-data started asynchronously as `user`, its
// progress document followed until ready, and the ZIP downloaded with the user's own session.
import { strFromU8, unzipSync } from 'fflate';
import { DATABASE_ID, type SignedInUser } from './billing-appwrite.ts';

/** The export's files by name, as bytes. */
export async function exportZip(user: SignedInUser, options: { includeDocuments?: boolean } = {}): Promise<Record<string, Uint8Array>> {
  const execution = await user.functions.createExecution({ functionId: 'export-data', body: JSON.stringify(options), async: true });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const progress = await user.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'data_exports', documentId: execution.$id }).catch(() => null);
    if (progress?.['status'] === 'failed') throw new Error(`export failed: ${JSON.stringify(progress)}`);
    if (progress?.['status'] === 'ready') {
      const url = new URL(user.storage.getFileDownload({ bucketId: 'exports', fileId: execution.$id }));
      return unzipSync(new Uint8Array(await user.client.call('get', url, {}, {}, 'arrayBuffer') as ArrayBuffer));
    }
    if (Date.now() > deadline) throw new Error('export not ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The export's files by name, as text. */
export async function exportTexts(user: SignedInUser): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await exportZip(user)).map(([name, bytes]) => [name, strFromU8(bytes)]));
}
