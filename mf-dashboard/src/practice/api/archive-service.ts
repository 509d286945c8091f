import type { ServiceDocument } from './service-document.ts';
import { updateService } from './update-service.ts';

/** Issue #13: a service is archived, never deleted, so past records keep it. */
export function archiveService(serviceId: string): Promise<ServiceDocument> {
  return updateService(serviceId, { archived: true });
}
