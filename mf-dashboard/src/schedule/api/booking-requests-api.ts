import { appwrite, attempt, executeFunction, getConfig, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';

/** A client's appointment request from the portal, waiting for the therapist's answer (issue 32). */
export interface BookingRequest {
  id: string;
  clientId: string;
  serviceId: string;
  start: string;
  end: string;
  requestedAt: string;
}

type RequestDocument = Models.Document & { userId: string; clientId: string; serviceId: string; start: string; end: string; status: string; requestedAt: string };

const collection = () => ({ databaseId: getConfig().databaseId, collectionId: 'booking_requests' });

/** The practice's requests waiting for an answer whose time has not passed, soonest first. */
export async function listPendingRequests(userId: string, now: string): Promise<BookingRequest[]> {
  const page = await attempt(() => appwrite().databases.listDocuments<RequestDocument>({
    ...collection(),
    queries: [Query.equal('userId', userId), Query.equal('status', 'requested'), Query.greaterThan('end', now), Query.orderAsc('start'), Query.limit(100)],
  }));
  return page.documents
    .filter((d) => d.userId === userId && d.status === 'requested')
    .map((d) => ({ id: d.$id, clientId: d.clientId, serviceId: d.serviceId, start: d.start, end: d.end, requestedAt: d.requestedAt }));
}

export interface Decision { requestId: string; decision: 'approve' | 'decline'; message?: string }

/** book-slot's `decide`: approve makes the appointment, decline frees the time; the client is told either way. */
export async function decideRequest({ requestId, decision, message }: Decision): Promise<void> {
  await executeFunction('bookSlot', { action: 'decide', requestId, decision, ...(message ? { message } : {}) });
}
