// Files in Appwrite Storage that belong to the signed-in user (issue 17: the export's ZIP). The
// download goes through the SDK's own request (session header or cookie, as every other call), so a
// file readable only by its owner downloads without a token in any URL.
import { appwrite } from './appwrite-client.ts';
import { ID } from 'appwrite';
import { attempt } from './errors.ts';

/** The file's bytes, as a Blob of `type`. */
export async function downloadFile(bucketId: string, fileId: string, type = 'application/octet-stream'): Promise<Blob> {
  const { client, storage } = appwrite();
  const url = new URL(storage.getFileDownload({ bucketId, fileId }));
  const bytes = await attempt(() => client.call('get', url, {}, {}, 'arrayBuffer') as Promise<ArrayBuffer>);
  return new Blob([bytes], { type });
}

/** Deletes the file (the user needs its delete permission). */
export async function deleteFile(bucketId: string, fileId: string): Promise<void> {
  await attempt(() => appwrite().storage.deleteFile({ bucketId, fileId }));
}

/** Uploads a file the signed-in user may create in the bucket (Appwrite gives them its permissions); its new id. */
export async function uploadFile(bucketId: string, file: File): Promise<string> {
  const created = await attempt(() => appwrite().storage.createFile({ bucketId, fileId: ID.unique(), file }));
  return created.$id;
}
