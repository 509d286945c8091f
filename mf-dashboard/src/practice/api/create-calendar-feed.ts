import { executeFunction } from '@cadence/shared-auth';

export interface NewCalendarFeed {
  /** The private .ics link; the server keeps only its hash, so this is the one time it is known. */
  url: string;
  createdAt: string;
}

/** A new calendar link for the signed-in therapist (calendar-feed, POST); the previous link stops working. */
export async function createCalendarFeed(): Promise<NewCalendarFeed> {
  const answer = await executeFunction<{ success?: boolean; error?: string | null; url?: unknown; createdAt?: unknown }>('calendarFeed');
  if (typeof answer.url !== 'string' || typeof answer.createdAt !== 'string') throw new Error('The calendar link could not be created. Please try again.');
  return { url: answer.url, createdAt: answer.createdAt };
}
