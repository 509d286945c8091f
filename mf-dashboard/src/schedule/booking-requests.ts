import { useQuery } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';
import { listPendingRequests, type BookingRequest } from './api/booking-requests-api.ts';
import type { AppointmentDocument } from './appointment.ts';

// Appointment requests from the client portal (issue 32): a client asked for a time of a service
// that needs the therapist's approval. book-slot writes them (booking_requests: read by the
// practice and that client, written by no browser) and answers them (`decide`); until answered
// they hold their time, so the calendar shows them as striped "Requested" blocks and Today lists
// them to do.

export type { BookingRequest } from './api/booking-requests-api.ts';

export const requestKeys = { pending: (userId: string) => ['booking-requests', userId, 'pending'] as const };

export function usePendingRequests() {
  const userId = useUserId();
  return useQuery({
    queryKey: requestKeys.pending(userId),
    queryFn: () => listPendingRequests(userId, new Date().toISOString()),
    enabled: userId !== '',
    meta: { failure: 'Loading appointment requests failed' },
  });
}


export type { Decision } from './api/booking-requests-api.ts';

/** The calendar draws a request where its appointment would be: this block says "Requested". */
export const REQUEST_BLOCK_PREFIX = 'request:';

/** A request as a block on the calendar (never saved: its id says it is a request). */
export function requestBlock(request: BookingRequest, userId: string): AppointmentDocument {
  const block: AppointmentDocument = {
    $id: `${REQUEST_BLOCK_PREFIX}${request.id}`, $collectionId: 'booking_requests', $databaseId: '', $createdAt: request.requestedAt, $updatedAt: request.requestedAt, $permissions: [], $sequence: '0',
    userId, clientId: request.clientId, serviceId: request.serviceId, seriesId: null, start: request.start, end: request.end, status: 'scheduled', locationType: 'office',
    meetingLink: null, adminNote: null, feeAmount: null, currency: 'USD', feeWaived: false, feeWaivedReason: null, statusHistory: [], noteState: 'none',
  };
  return block;
}

/** The request id of a calendar block, or null for an appointment. */
export const requestIdOf = (appointment: Pick<AppointmentDocument, '$id'>): string | null =>
  appointment.$id.startsWith(REQUEST_BLOCK_PREFIX) ? appointment.$id.slice(REQUEST_BLOCK_PREFIX.length) : null;
