import { appwrite, attempt } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { Service } from '../services.ts';
import type { ServiceDocument } from './service-document.ts';

export async function updateService(serviceId: string, changes: Partial<Service & { sortOrder: number }>): Promise<ServiceDocument> {
  return attempt(() => appwrite().databases.updateDocument<ServiceDocument>({ ...practiceCollection('services'), documentId: serviceId, data: changes }));
}
