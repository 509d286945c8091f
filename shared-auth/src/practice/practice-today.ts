// "Your practice today" (issue #37): the few figures the account page shows so the work is one
// click away — today's appointments and the next one, the notes to write — read with the
// therapist's own session from the practice's collections (backend/appwrite.json). The dashboard
// reads its notes to write with the same queries (notesToWriteQueries), so both say the same number.
import { Query, type Models } from 'appwrite';
import { getConfig } from '../config/config.ts';
import { listDocumentPage } from '../client/document-pages.ts';
import { ownedBy } from './owned-by.ts';
import { markedWithoutSignature } from './signed-marks.ts';

const collection = (collectionId: string) => ({ databaseId: getConfig().databaseId, collectionId });

/**
 * Notes to write: attended sessions (status Show) that have started and whose appointment is not
 * marked signed by sign-note — one read of the userId + status + noteState + start index. The marks
 * are checked against the signatures beside it (signed-marks.ts).
 */
export function notesToWriteQueries(userId: string, now: Date = new Date()): string[] {
  return [Query.equal('userId', userId), Query.equal('status', 'show'), Query.equal('noteState', ['none', 'draft']), Query.lessThan('start', now.toISOString())];
}

export interface PracticeToday {
  /** False until the practice's details are saved: the account page then offers "Set up your practice". */
  setUp: boolean;
  timeZone: string | null;
  /** Today's appointments on the practice's clock, cancellations left out. */
  appointmentsToday: number;
  /** The next appointment still to come today: when, and the client as the schedule names them ("Jane D."). */
  next: { start: string; client: string } | null;
  notesToWrite: number;
}

interface AppointmentFields extends Models.Document {
  userId: string;
  start: string;
  status: string;
  clientId: string;
}

interface ClientFields extends Models.Document {
  userId: string;
  firstName: string;
  lastName: string;
  preferredName?: string | null;
}

const CANCELLED = new Set(['cancelled', 'late_cancelled', 'clinician_cancelled']);

/** The instant a zone's clock reads midnight at the start of the day `at` falls on there. */
export function startOfDayIn(timeZone: string, at: Date): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const wall = (instant: Date) => {
    const values: Record<string, number> = {};
    for (const part of parts.formatToParts(instant)) if (part.type !== 'literal') values[part.type] = Number(part.value);
    return values;
  };
  const day = wall(at);
  const midnightAsUtc = Date.UTC(day.year!, day.month! - 1, day.day!);
  // The zone's offset at that midnight, found from a first guess and checked once (DST days).
  const offsetAt = (instant: number) => {
    const shown = wall(new Date(instant));
    return Date.UTC(shown.year!, shown.month! - 1, shown.day!, shown.hour!, shown.minute!, shown.second!) - Math.floor(instant / 1000) * 1000;
  };
  let guess = midnightAsUtc - offsetAt(midnightAsUtc);
  guess = midnightAsUtc - offsetAt(guess);
  return new Date(guess);
}

const shortName = (client: ClientFields | undefined) => {
  if (!client) return 'Client';
  const first = client.preferredName?.trim() || client.firstName;
  return client.lastName ? `${first} ${client.lastName.charAt(0)}.` : first;
};

/** Reads the account page's "Your practice today": a few small reads, all the therapist's own documents. */
export async function loadPracticeToday(userId: string, now: Date = new Date()): Promise<PracticeToday> {
  const settings = await listDocumentPage<Models.Document & { userId?: string; timeZone?: string }>({
    ...collection('practice_settings'),
    queries: [Query.equal('userId', userId), Query.limit(25)],
    total: false,
  });
  const practice = settings.documents.find((document) => ownedBy(document, userId));
  if (!practice) return { setUp: false, timeZone: null, appointmentsToday: 0, next: null, notesToWrite: 0 };
  const timeZone = practice.timeZone || 'UTC';
  const dayStart = startOfDayIn(timeZone, now);
  // The next midnight: a day later on the clock, found the same way (a DST day is 23 or 25 hours).
  const dayEnd = startOfDayIn(timeZone, new Date(dayStart.getTime() + 26 * 3_600_000));
  const [today, notes, unsigned] = await Promise.all([
    listDocumentPage<AppointmentFields>({
      ...collection('appointments'),
      queries: [
        Query.equal('userId', userId), Query.greaterThanEqual('start', dayStart.toISOString()), Query.lessThan('start', dayEnd.toISOString()),
        Query.orderAsc('start'), Query.limit(200),
      ],
      total: false,
    }),
    listDocumentPage({ ...collection('appointments'), queries: [...notesToWriteQueries(userId, now), Query.select(['$id']), Query.limit(1)] }),
    markedWithoutSignature(userId, now),
  ]);
  const held = today.documents.filter((appointment) => ownedBy(appointment, userId) && !CANCELLED.has(appointment.status));
  const upcoming = held.find((appointment) => appointment.status === 'scheduled' && Date.parse(appointment.start) > now.getTime());
  let next: PracticeToday['next'] = null;
  if (upcoming) {
    const clients = await listDocumentPage<ClientFields>({
      ...collection('clients'),
      queries: [Query.equal('userId', userId), Query.equal('$id', upcoming.clientId), Query.limit(1)],
      total: false,
    });
    next = { start: upcoming.start, client: shortName(clients.documents.find((client) => ownedBy(client, userId))) };
  }
  return { setUp: true, timeZone, appointmentsToday: held.length, next, notesToWrite: notes.total + unsigned.length };
}
