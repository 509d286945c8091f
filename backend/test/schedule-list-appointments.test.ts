// Issue 35: the calendar's appointment list (mf-dashboard listAppointments) asks only what the
// schedule reads (Query.select of APPOINTMENT_FIELDS) — over HTTP against the local Appwrite, with
// a therapist's session: every field the schedule's screens read still arrives, what only functions
// use does not, pages past 500 still join by cursor, and another therapist's appointments stay out.
import { Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { getAppointment } from '../../mf-dashboard/src/schedule/api/get-appointment.ts';
import { listAppointments } from '../../mf-dashboard/src/schedule/api/list-appointments.ts';
import { APPOINTMENT_FIELDS, type Appointment } from '../../mf-dashboard/src/schedule/appointment.ts';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';

const BASE = Date.parse('2026-03-02T14:00:00.000Z');
const MINUTE = 60_000;
/** More than one page (500) of the calendar's list. */
const MANY = 520;

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;

const own = (userId: string) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];
const at = (minutes: number) => new Date(BASE + minutes * MINUTE).toISOString();

/** An appointment with every attribute of the collection set, `reminderSentFor` (the reminders function's) included. */
function full(userId: string, id: string, minutes: number) {
  return {
    $id: id, $permissions: own(userId), userId, clientId: 'client-1', serviceId: 'service-1', seriesId: 'series-1', start: at(minutes), end: at(minutes + 50),
    status: 'late_cancelled', locationType: 'telehealth', meetingLink: 'https://video.example.test/room-1', adminNote: 'Parking at the back', feeAmount: 6000, currency: 'USD',
    feeWaived: true, feeWaivedReason: 'First late cancel', statusHistory: [JSON.stringify({ status: 'late_cancelled', at: at(-60), by: userId })], noteState: 'none',
    noChargeAt: at(-30), noChargeBy: userId, reminderSentFor: at(minutes),
  };
}

beforeAll(async () => {
  aw = await startAppwrite({ APPWRITE_EVENTS: 'off' });
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
  a = await signedInUser(aw, 'calendar-a');
  b = await signedInUser(aw, 'calendar-b');
  const documents = [
    full(a.id, 'a-full', 0),
    full(b.id, 'b-same-week', 10),
    ...Array.from({ length: MANY }, (_, i) => ({
      $id: `a-${String(i).padStart(4, '0')}`, $permissions: own(a.id), userId: a.id, clientId: 'client-2', serviceId: 'service-1', start: at(60 + i), end: at(110 + i),
    })),
  ];
  for (let first = 0; first < documents.length; first += 100) {
    await aw.databases.createDocuments({ databaseId: DATABASE_ID, collectionId: 'appointments', documents: documents.slice(first, first + 100) });
  }
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

describe("the calendar's appointment list asks for what the schedule reads (issue 35)", () => {
  it('selects every field of an appointment (and userId, for ownedBy): a field added to Appointment must be added to the select', () => {
    expectTypeOf<Exclude<keyof Appointment, (typeof APPOINTMENT_FIELDS)[number]>>().toBeNever();
    expect(APPOINTMENT_FIELDS).toContain('userId');
    expect(new Set(APPOINTMENT_FIELDS).size).toBe(APPOINTMENT_FIELDS.length);
  });

  it('an appointment arrives with everything the schedule reads, the same as read whole, without the reminder mark', async () => {
    configureAppwrite(a.client);
    const [listed] = await listAppointments(a.id, at(0), at(1));
    const whole = await getAppointment(a.id, 'a-full');
    expect(whole).toMatchObject({ reminderSentFor: expect.any(String), meetingLink: 'https://video.example.test/room-1', noChargeBy: a.id });
    const { reminderSentFor: _onlyTheFunctions, ...schedule } = whole as unknown as Record<string, unknown>;
    expect(listed).toEqual(schedule);
    expect(listed).not.toHaveProperty('reminderSentFor');
  });

  it('a range of more than a page arrives whole and in order; another therapist’s appointments never', async () => {
    configureAppwrite(a.client);
    const listed = await listAppointments(a.id, at(0), at(60 + MANY));
    expect(listed.map((appointment) => appointment.$id)).toEqual(['a-full', ...Array.from({ length: MANY }, (_, i) => `a-${String(i).padStart(4, '0')}`)]);
    expect(listed.every((appointment) => appointment.userId === a.id)).toBe(true);
    configureAppwrite(b.client);
    expect((await listAppointments(b.id, at(0), at(60 + MANY))).map((appointment) => appointment.$id)).toEqual(['b-same-week']);
    // Asking with the other therapist's id finds nothing they may read.
    expect(await listAppointments(a.id, at(0), at(60 + MANY))).toEqual([]);
  });
});
