import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';

/** The therapist's calendar link, as much as the browser may know of it: whether there is one, and since when. */
export interface CalendarFeedStatus {
  createdAt: string;
}

/**
 * The therapist's calendar_feeds document (one at most, written only by the calendar-feed function
 * and readable only by its owner). It holds the link's hash, never the link, so the link itself is
 * shown only when it is made.
 */
export async function getCalendarFeed(userId: string): Promise<CalendarFeedStatus | null> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments({ ...practiceCollection('calendarFeeds'), queries: [Query.equal('userId', userId), Query.limit(1)] }),
  );
  const feed = list.documents[0];
  return feed ? { createdAt: feed.$updatedAt } : null;
}
