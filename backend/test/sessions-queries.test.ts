// Issue #14 "All Sessions" over HTTP against the local Appwrite, through the dashboard's own api
// modules with a therapist's session: pages past Appwrite's 5,000 offset limit, counts per status
// (capped at 5,000 as Appwrite counts), the whole filter for the CSV, a client's appointment count,
// and a status written by the one-click rule — all of it the therapist's alone.
import { Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRecordCounts } from '../../mf-dashboard/src/clients/api/client-record-counts.ts';
import { updateAppointment } from '../../mf-dashboard/src/schedule/api/update-appointment.ts';
import { statusHistory } from '../../mf-dashboard/src/schedule/appointment.ts';
import { statusChange } from '../../mf-dashboard/src/schedule/use-set-status.ts';
import { countSessionsByStatus } from '../../mf-dashboard/src/sessions/api/count-sessions.ts';
import { listAllSessions, listSessionsPage } from '../../mf-dashboard/src/sessions/api/list-sessions.ts';
import { filterQueries, NO_SESSION_FILTER, SESSIONS_PAGE_SIZE, type SessionFilter } from '../../mf-dashboard/src/sessions/session-filter.ts';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';

const COUNT = 6000;
const BASE = Date.parse('2024-01-01T15:00:00.000Z');
const HOUR = 3_600_000;

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;
const CLIENT = 'client-steady';

/** The i-th appointment starts i hours after BASE; every tenth is a no-show, the rest attended. */
const startOf = (i: number) => new Date(BASE + i * HOUR).toISOString();

beforeAll(async () => {
  // Events off: 6,000 attended appointments would each queue the audit and attendance-charges
  // functions, which this test of the dashboard's queries doesn't need (and the seeding would wait on).
  aw = await startAppwrite({ APPWRITE_EVENTS: 'off' });
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
  a = await signedInUser(aw, 'sessions-a');
  b = await signedInUser(aw, 'sessions-b');
  const role = Role.user(a.id);
  for (let first = 0; first < COUNT; first += 100) {
    const documents = Array.from({ length: Math.min(100, COUNT - first) }, (_, offset) => {
      const i = first + offset;
      return {
        $id: `appt${String(i).padStart(5, '0')}`,
        $permissions: [Permission.read(role), Permission.update(role), Permission.delete(role)],
        userId: a.id, clientId: i % 100 === 0 ? CLIENT : 'client-other', serviceId: 'service-1', start: startOf(i), end: new Date(Date.parse(startOf(i)) + 45 * 60_000).toISOString(),
        status: i % 10 === 0 ? 'no_show' : 'show', locationType: 'office', feeAmount: 12000, currency: 'USD', statusHistory: [], noteState: 'none',
      };
    });
    await aw.databases.createDocuments({ databaseId: DATABASE_ID, collectionId: 'appointments', documents });
  }
}, 120_000);

afterAll(async () => {
  await aw?.close();
});

// Past and upcoming together: these sessions straddle no particular now.
const sessionQueries = (userId: string, filter: Omit<SessionFilter, 'order' | 'when'>, timeZone: string) => filterQueries(userId, { ...filter, when: 'all' }, timeZone, new Date().toISOString());
const all = () => sessionQueries(a.id, NO_SESSION_FILTER, 'UTC');
const indexes = (documents: { start: string }[]) => documents.map((document) => Math.round((Date.parse(document.start) - BASE) / HOUR));
const range = (from: number, count: number) => Array.from({ length: count }, (_, k) => from + k);

describe('All Sessions over HTTP (issue #14)', () => {
  it('pages in date order, also past Appwrite’s 5,000 offset limit, both ways', async () => {
    configureAppwrite(a.client);
    expect(indexes(await listSessionsPage(a.id, all(), 'asc', 1))).toEqual(range(0, SESSIONS_PAGE_SIZE));
    expect(indexes(await listSessionsPage(a.id, all(), 'asc', 101))).toEqual(range(5000, SESSIONS_PAGE_SIZE));
    expect(indexes(await listSessionsPage(a.id, all(), 'asc', 102))).toEqual(range(5050, SESSIONS_PAGE_SIZE));
    expect(indexes(await listSessionsPage(a.id, all(), 'asc', 120))).toEqual(range(5950, SESSIONS_PAGE_SIZE));
    expect(await listSessionsPage(a.id, all(), 'asc', 121)).toEqual([]);
    expect(indexes(await listSessionsPage(a.id, all(), 'desc', 1))).toEqual(range(COUNT - SESSIONS_PAGE_SIZE, SESSIONS_PAGE_SIZE).reverse());
    expect(indexes(await listSessionsPage(a.id, all(), 'desc', 102))).toEqual(range(COUNT - 5100, SESSIONS_PAGE_SIZE).reverse());
  });

  it('filters on the server and counts per status as Appwrite counts (up to 5,000)', async () => {
    configureAppwrite(a.client);
    const noShows = sessionQueries(a.id, { ...NO_SESSION_FILTER, status: 'no_show' }, 'UTC');
    const page = await listSessionsPage(a.id, noShows, 'asc', 2);
    expect(page.every((document) => document.status === 'no_show')).toBe(true);
    expect(indexes(page)).toEqual(range(50, SESSIONS_PAGE_SIZE).map((k) => k * 10));
    expect(await countSessionsByStatus(all())).toEqual({ scheduled: 0, show: 5000, cancelled: 0, late_cancelled: 0, no_show: COUNT / 10, clinician_cancelled: 0 });

    // A date range is whole days in the practice's zone: 1 January 2024 in New York starts 05:00 UTC.
    const firstDay = sessionQueries(a.id, { ...NO_SESSION_FILTER, from: '2024-01-01', to: '2024-01-01' }, 'America/New_York');
    expect(indexes(await listAllSessions(a.id, firstDay, 'asc'))).toEqual(range(0, 14));
  });

  it('reads the whole filter for the CSV, 500 at a time with progress', async () => {
    configureAppwrite(a.client);
    const progress: number[] = [];
    const noShows = await listAllSessions(a.id, sessionQueries(a.id, { ...NO_SESSION_FILTER, status: 'no_show' }, 'UTC'), 'desc', (count) => progress.push(count));
    expect(noShows).toHaveLength(COUNT / 10);
    expect(progress).toEqual([500, 600]);
    expect(indexes(noShows.slice(0, 2))).toEqual([COUNT - 10, COUNT - 20]);
  });

  it("counts a client's appointments, and a status in one click is stored with who and when", async () => {
    configureAppwrite(a.client);
    expect(await clientRecordCounts(a.id, CLIENT)).toEqual({ appointments: COUNT / 100, notes: 0, ledgerEntries: 0 });
    expect(await clientRecordCounts(a.id, 'nobody')).toEqual({ appointments: 0, notes: 0, ledgerEntries: 0 });

    const [first] = await listSessionsPage(a.id, all(), 'asc', 1);
    const changes = statusChange(first!, 'late_cancelled', { service: { fee: 12000, currency: 'USD' }, client: { feeOverride: null }, settings: null }, a.id);
    const saved = await updateAppointment(first!.$id, changes);
    expect(saved).toMatchObject({ status: 'late_cancelled', feeAmount: 0, feeWaived: false });
    expect(statusHistory(saved)).toEqual([{ status: 'late_cancelled', at: expect.any(String), by: a.id }]);
  });

  it('another therapist lists, counts and changes none of it', async () => {
    configureAppwrite(b.client);
    expect(await listSessionsPage(b.id, sessionQueries(a.id, NO_SESSION_FILTER, 'UTC'), 'asc', 1)).toEqual([]);
    expect(await listSessionsPage(b.id, sessionQueries(b.id, NO_SESSION_FILTER, 'UTC'), 'asc', 102)).toEqual([]);
    expect(Object.values(await countSessionsByStatus(sessionQueries(a.id, NO_SESSION_FILTER, 'UTC')))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await clientRecordCounts(a.id, CLIENT)).toEqual({ appointments: 0, notes: 0, ledgerEntries: 0 });
    await expect(updateAppointment('appt00001', { status: 'show' })).rejects.toMatchObject({ code: 404 });
  });
});
