// export-data (issue 17 "Full export"): "Export all my data" for the signed-in therapist — every
// practice document they own as one ZIP (export-archive.js), made in the background with a progress
// bar the browser follows, and kept for the therapist alone until they have saved it.
//  - Executed by the therapist, asynchronously (createExecution with their session, async: true): the
//    user is Appwrite's x-appwrite-user-id; the body {includePrivateNotes?, includeDocuments?} only
//    chooses what goes in. A 2,000-client practice takes longer than a synchronous call may wait.
//  - Progress: the `data_exports` document whose id is the execution's id (export-progress.js); the
//    ZIP: the `exports` bucket's file of the same id, encrypted at rest, read and delete for the
//    therapist only (lib/data-exports.js). Starting an export removes the therapist's earlier ones.
//  - Each export is recorded in the therapist's audit log (action `export`, lib/audit-log.js) before
//    the ZIP is stored: an export that cannot be recorded is not handed out.
//  - Answers {success, exportId, fileName, counts} (a synchronous call gets it too, once the ZIP is
//    stored). The ZIP itself never travels in an execution's answer.
// Nothing clinical is logged: only counts and timings.
import { Databases, ID, Permission, Role, Storage } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { appendAuditEntry, requestOrigin } from '../../lib/audit-log.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { deleteExports, exportsBucketFromEnv } from '../../lib/data-exports.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { buildExport } from './export-archive.js';
import { exportProgress } from './export-progress.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

export const EXPORT_FAILED = 'Could not export your data. Please try again.';

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: 'Sign in to export your data.' }, 401);
  const body = readBody(req.bodyText);
  // issue 15: private psychotherapy notes only when ticked; issue 17: the PDFs only when ticked.
  const options = { includePrivateNotes: body['includePrivateNotes'] === true, includeDocuments: body['includeDocuments'] === true };
  const exportId = req.headers['x-appwrite-execution-id'] || ID.unique();
  const started = Date.now();
  const client = serverClient(req);
  const databases = new Databases(client);
  const storage = new Storage(client);
  const collections = collectionsFromEnv(process.env);
  const bucketId = exportsBucketFromEnv(process.env);
  const progress = exportProgress({ databases, collections, exportId, userId, log });
  try {
    await progress.start(options);
    await deleteExports({ databases, storage, collections, bucketId }, userId, { keepId: exportId });
    const { bytes, counts, fileName } = await buildExport(databases, collections, userId, {
      privateNotes: options.includePrivateNotes, documents: options.includeDocuments, onProgress: progress.report, storage,
    });
    progress.report('saving', 0);
    await appendAuditEntry(databases, collections, {
      actorId: userId, action: 'export', entityType: 'account', entityId: userId, ...requestOrigin(req.headers),
    }, userId);
    await storage.createFile({
      bucketId, fileId: exportId, file: InputFile.fromBuffer(bytes, fileName),
      permissions: [Permission.read(Role.user(userId)), Permission.delete(Role.user(userId))],
    });
    await progress.ready({ fileName, bytes: bytes.length, counts });
    log(`export of ${Object.entries(counts).map(([file, n]) => `${n} ${file}`).join(', ')}: ${bytes.length} bytes in ${Date.now() - started} ms`);
    return res.json({ success: true, error: null, exportId, fileName, counts });
  } catch (e) {
    error(`export-data failed after ${Date.now() - started} ms: ${messageOf(e)}`);
    await progress.failed(EXPORT_FAILED);
    return res.json({ success: false, error: EXPORT_FAILED, exportId }, 500);
  }
};
