import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { ReportAppointment } from '../reports.ts';
import { MAX_PAGE } from './read-totals.ts';

type Read = Models.Document & ReportAppointment & { userId: string };

/** What the reports count of every appointment starting in [from, to) (instants): start, status, service and fee. */
export async function listSessionStatuses(userId: string, from: string, to: string): Promise<ReportAppointment[]> {
  const found: ReportAppointment[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: Models.DocumentList<Read> = await attempt(() =>
      appwrite().databases.listDocuments<Read>({
        ...practiceCollection('appointments'),
        queries: [
          Query.equal('userId', userId), Query.greaterThanEqual('start', from), Query.lessThan('start', to),
          Query.orderAsc('start'), Query.select(['$id', 'userId', 'start', 'status', 'serviceId', 'feeAmount', 'feeWaived', 'noChargeAt']), Query.limit(MAX_PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : []),
        ],
        total: false,
      }),
    );
    // Appointments are browser-written: only the therapist's own count (system fields come with a select).
    for (const document of page.documents) {
      if (!ownedBy(document, userId)) continue;
      found.push({ start: document.start, status: document.status, serviceId: document.serviceId, feeAmount: document.feeAmount ?? null, feeWaived: document.feeWaived ?? false, noChargeAt: document.noChargeAt ?? null });
    }
    if (page.documents.length < MAX_PAGE) return found;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}
