import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { APPOINTMENT_STATUSES } from '../../schedule/appointment.ts';
import type { StatusCounts } from '../session-filter.ts';

/**
 * How many of the filter's appointments (`filterQueries` without a status) have each status: one
 * list per status that reads a single document and keeps Appwrite's total (counted up to 5,000).
 */
export async function countSessionsByStatus(filter: string[]): Promise<StatusCounts> {
  const totals = await Promise.all(
    APPOINTMENT_STATUSES.map((status) =>
      attempt(() =>
        appwrite().databases.listDocuments({
          ...practiceCollection('appointments'),
          queries: [...filter, Query.equal('status', status), Query.select(['$id']), Query.limit(1)],
          total: true,
        }),
      ).then((list) => list.total),
    ),
  );
  return Object.fromEntries(APPOINTMENT_STATUSES.map((status, index) => [status, totals[index] ?? 0])) as StatusCounts;
}
