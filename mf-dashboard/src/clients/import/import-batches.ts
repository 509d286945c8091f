import { appwrite, attempt, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { Client } from '../client-schema.ts';

// Writing an import (issue #13): clients go to Appwrite in batches, each batch one transaction
// (Appwrite 1.8: create, stage operations, commit), so a batch lands whole or not at all and a
// failed batch can be retried without leaving half of it behind.

/** Appwrite's APP_LIMIT_DATABASE_TRANSACTION: at most 100 operations in one transaction. */
export const IMPORT_BATCH_SIZE = 100;

/** A client of the file with the document id it is written under, fixed before the first try. */
export interface ClientToWrite {
  documentId: string;
  /** The row's number in the file, for messages. */
  rowNumber: number;
  client: Client;
}

/** Gives each client its document id once, so a retried batch writes the same documents. */
export function clientsToWrite(rows: readonly { rowNumber: number; client: Client }[]): ClientToWrite[] {
  return rows.map(({ rowNumber, client }) => ({ documentId: uniqueId(), rowNumber, client }));
}

export function batchesOf<T>(items: readonly T[], size: number = IMPORT_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * Creates one batch of clients in one transaction, each document owner-only. A failure rolls the
 * transaction back (best effort: an uncommitted one also expires on its own) and is rethrown.
 */
export async function writeClientBatch(userId: string, batch: readonly ClientToWrite[]): Promise<void> {
  if (batch.length === 0) return;
  if (batch.length > IMPORT_BATCH_SIZE) throw new RangeError(`A batch holds at most ${IMPORT_BATCH_SIZE} clients.`);
  const { databases } = appwrite();
  const { databaseId, collectionId } = practiceCollection('clients');
  const transaction = await attempt(() => databases.createTransaction({ ttl: 300 }));
  try {
    await attempt(() =>
      databases.createOperations({
        transactionId: transaction.$id,
        operations: batch.map(({ documentId, client }) => ({
          action: 'create',
          databaseId,
          collectionId,
          documentId,
          data: { ...client, userId, $permissions: ownerPermissions(userId) },
        })),
      }),
    );
    await attempt(() => databases.updateTransaction({ transactionId: transaction.$id, commit: true }));
  } catch (error) {
    await databases.updateTransaction({ transactionId: transaction.$id, rollback: true }).catch(() => undefined);
    throw error;
  }
}
