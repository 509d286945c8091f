import { appwrite, attempt, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { Service } from '../services.ts';
import type { ServiceDocument } from './service-document.ts';

export async function createService(userId: string, service: Service, sortOrder: number): Promise<ServiceDocument> {
  return attempt(() =>
    appwrite().databases.createDocument<ServiceDocument>({
      ...practiceCollection('services'), documentId: uniqueId(), data: { ...service, sortOrder, userId }, permissions: ownerPermissions(userId),
    }),
  );
}
