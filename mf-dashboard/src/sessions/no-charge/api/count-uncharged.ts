import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../../shared/practice-collections.ts';

/** How many appointments a filter (with the "Attended, no charge" queries) holds: one single-document read keeping Appwrite's total. */
export async function countAppointments(filter: string[]): Promise<number> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments({ ...practiceCollection('appointments'), queries: [...filter, Query.select(['$id']), Query.limit(1)], total: true }),
  );
  return list.total;
}
