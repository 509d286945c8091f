import { appwrite, attempt, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { Client } from '../client-schema.ts';
import type { ClientDocument } from './client-document.ts';

export async function createClient(userId: string, client: Client): Promise<ClientDocument> {
  return attempt(() =>
    appwrite().databases.createDocument<ClientDocument>({
      ...practiceCollection('clients'), documentId: uniqueId(), data: { ...client, userId }, permissions: ownerPermissions(userId),
    }),
  );
}
