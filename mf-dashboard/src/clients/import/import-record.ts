import { executeFunction } from '@cadence/shared-auth';

// An import in the audit log (issue 17): the browser writes the clients (each one's creation is
// recorded from its Appwrite event) and then asks backend/functions/record-import, which checks the clients are
// the therapist's and writes one `import` entry itself — the log is never written by the browser.

/** Records a finished import of `clientIds` (the clients that landed) under `importId`. */
export async function recordClientImport(importId: string, clientIds: readonly string[]): Promise<void> {
  await executeFunction('recordImport', { action: 'import', importId, clientIds: [...clientIds] });
}
