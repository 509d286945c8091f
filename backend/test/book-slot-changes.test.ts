// Issue 32, a client's own appointments in the portal: book-slot's mine, undo, reschedule and cancel
// through the SDKs over HTTP against the local Appwrite running it, with real sessions — two invited
// clients of one therapist, and another therapist. The rules are the server's: the 5-minute undo
// (its end reached by backdating the request with the server key, as time passing would), the
// practice's cancellation window and late-cancel fee (its own settings, lib/fee-policy.js), and
// whose appointment it is.
import { Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execute, DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, HOUR, mailFor } from './support/practice-fixtures.ts';
import { invitedGuardian, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { bookingPractice, createOwned } from './support/booking-fixtures.ts';
import { until } from './support/until.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

interface Slot { start: string; end: string }
interface Listed { $id: string; start: string; serviceName: string | null; canReschedule: boolean; undoUntil: string | null; requestId: string | null; cancel: { late: boolean; fee: number | null; currency: string } }
interface Answer {
  success: boolean; error: string | null; field?: string; slots?: Slot[]; outcome?: string; status?: string; fee?: number | null; currency?: string;
  request?: { $id: string; status: string; appointmentId: string | null };
  appointment?: { $id: string; start: string };
  appointments?: Listed[]; requests?: Array<{ $id: string; status: string; undoUntil: string | null; message: string | null }>;
  cancel?: { late: boolean; fee: number | null; currency: string };
}

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientA: PortalClient;
let clientB: PortalClient;
let accessA: string;
let accessB: string;
let weekly: Models.DefaultDocument;
let approval: Models.DefaultDocument;

const call = (who: { functions: PortalClient['functions'] }, body: Record<string, unknown>) => execute<Answer>(who.functions, 'book-slot', body);
const serverGet = (collectionId: string, documentId: string) => aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId });
const claimsOf = async (requestId: string) => (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'slot_claims', queries: [Query.equal('requestId', requestId), Query.limit(100)] })).documents;
const slotsOf = async (who: PortalClient, accessId: string, serviceId: string) => (await call(who, { action: 'slots', accessId, serviceId })).body.slots ?? [];
/** The first slot starting at least `hours` from now (the practice's window is 24 hours). */
const slotAfter = (slots: Slot[], hours: number, skip = 0) => slots.filter((s) => Date.parse(s.start) > Date.now() + hours * HOUR)[skip];

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  process.env.FUNCTION_VARS_BOOK_SLOT = process.env.FUNCTION_VARS_INVITE_CLIENT;
  therapist = await signedInUser(aw, 'changes-therapist');
  other = await signedInUser(aw, 'changes-other');
  // A 24-hour window and a late-cancel fee of half the session fee.
  ({ clientA, clientB, accessA, accessB } = await bookingPractice(aw, therapist, { practiceName: 'Calm Waters Therapy', timeZone: 'America/Chicago', cancellationWindowHours: 24, lateCancelFeeType: 'percent', lateCancelFeePercent: 50 }));
  weekly = await createOwned(therapist, 'services', { name: 'Psychotherapy', durationMinutes: 50, fee: 15000, currency: 'USD', color: 'blue', archived: false, sortOrder: 1 });
  approval = await createOwned(therapist, 'services', { name: 'Family session', durationMinutes: 80, fee: 20000, currency: 'USD', color: 'green', archived: false, sortOrder: 2 });
  const rule = { bookableBy: 'existing', noticeHours: 0, horizonDays: 14, bufferBeforeMinutes: 0, bufferAfterMinutes: 10, startGrid: '60' };
  await createOwned(therapist, 'booking_rules', { serviceId: weekly.$id, confirmation: 'instant', ...rule });
  await createOwned(therapist, 'booking_rules', { serviceId: approval.$id, confirmation: 'approval', ...rule });
});
afterAll(async () => { await aw?.close(); });

describe('book-slot: undo a just-made booking', () => {
  it('within 5 minutes the booking is taken back with nothing left: no appointment, no request, no claim, no notice; the time is free again', async () => {
    const slot = slotAfter(await slotsOf(clientA, accessA, weekly.$id), 30, 0);
    const booked = await call(clientA, { action: 'book', accessId: accessA, serviceId: weekly.$id, start: slot?.start });
    expect(booked.status, booked.raw).toBe(201);
    const requestId = String(booked.body.request?.$id);
    const listed = (await call(clientA, { action: 'mine', accessId: accessA })).body.appointments?.find((a) => a.$id === requestId);
    expect(Date.parse(String(listed?.undoUntil)) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((await claimsOf(requestId)).length).toBeGreaterThan(0);

    // Only the client who booked can undo it.
    expect((await call(clientB, { action: 'undo', accessId: accessB, requestId })).status).toBe(404);
    expect((await call(clientB, { action: 'undo', accessId: accessA, requestId })).status).toBe(404);
    expect((await call(other, { action: 'undo', accessId: accessA, requestId })).status).toBe(404);

    const undone = await call(clientA, { action: 'undo', accessId: accessA, requestId });
    expect(undone.status, undone.raw).toBe(200);
    await expect(serverGet('appointments', requestId)).rejects.toMatchObject({ code: 404 });
    await expect(serverGet('booking_requests', requestId)).rejects.toMatchObject({ code: 404 });
    expect(await claimsOf(requestId)).toEqual([]);
    const notices = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('notificationId', `booking:${requestId}`)] });
    expect(notices.total).toBe(0);
    expect((await slotsOf(clientB, accessB, weekly.$id)).map((s) => s.start)).toContain(slot?.start);
    expect((await call(clientA, { action: 'undo', accessId: accessA, requestId })).status).toBe(404);
  });

  it('after 5 minutes it can no longer be undone: the booking stands', async () => {
    const slot = slotAfter(await slotsOf(clientA, accessA, weekly.$id), 30, 1);
    const booked = await call(clientA, { action: 'book', accessId: accessA, serviceId: weekly.$id, start: slot?.start });
    const requestId = String(booked.body.request?.$id);
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: requestId, data: { requestedAt: new Date(Date.now() - 5 * 60_000 - 1000).toISOString() } });
    expect((await call(clientA, { action: 'mine', accessId: accessA })).body.appointments?.find((a) => a.$id === requestId)?.undoUntil).toBeNull();
    const late = await call(clientA, { action: 'undo', accessId: accessA, requestId });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This booking can no longer be undone. You can cancel it instead.');
    expect((await serverGet('appointments', requestId)).status).toBe('scheduled');
    // Tidy for the tests below: cancelled outside the window.
    expect((await call(clientA, { action: 'cancel', accessId: accessA, appointmentId: requestId })).body.status).toBe('cancelled');
  });

  it('a request waiting for approval can be undone too', async () => {
    const slot = slotAfter(await slotsOf(clientB, accessB, approval.$id), 30, 2);
    const asked = await call(clientB, { action: 'book', accessId: accessB, serviceId: approval.$id, start: slot?.start });
    const requestId = String(asked.body.request?.$id);
    expect((await call(clientB, { action: 'mine', accessId: accessB })).body.requests?.find((r) => r.$id === requestId)?.undoUntil).not.toBeNull();
    expect((await call(clientB, { action: 'undo', accessId: accessB, requestId })).status).toBe(200);
    await expect(serverGet('booking_requests', requestId)).rejects.toMatchObject({ code: 404 });
    expect(await claimsOf(requestId)).toEqual([]);
  });
});

describe('book-slot: reschedule and cancel within the practice\'s cancellation window', () => {
  it('an appointment outside the window is moved to another slot: same appointment, the old time freed, the new one held, the therapist told without names', async () => {
    const slots = await slotsOf(clientA, accessA, weekly.$id);
    const later = slots.filter((s) => Date.parse(s.start) > Date.now() + 30 * HOUR);
    const starts = new Set(later.map((s) => Date.parse(s.start)));
    // It moves to a slot whose next hour is a slot too (the last move below), whatever the hour of
    // the day the test runs: the 6th slot from now may end the practice's day.
    const [first, second] = [later[3], later.slice(5).find((s) => starts.has(Date.parse(s.start) + HOUR))];
    const booked = await call(clientA, { action: 'book', accessId: accessA, serviceId: weekly.$id, start: first?.start });
    const id = String(booked.body.request?.$id);
    const listed = (await call(clientA, { action: 'mine', accessId: accessA })).body.appointments?.find((a) => a.$id === id);
    expect(listed).toMatchObject({ serviceName: 'Psychotherapy', canReschedule: true, cancel: { late: false, fee: null } });

    // Nobody else moves it, and it moves only to a slot.
    expect((await call(clientB, { action: 'reschedule', accessId: accessB, appointmentId: id, start: second?.start })).status).toBe(404);
    expect((await call(other, { action: 'reschedule', accessId: accessA, appointmentId: id, start: second?.start })).status).toBe(404);
    const notASlot = await call(clientA, { action: 'reschedule', accessId: accessA, appointmentId: id, start: '2020-01-01T15:00:00.000Z' });
    expect(notASlot.status).toBe(409);
    expect(notASlot.body).toMatchObject({ error: 'That time was just taken', field: 'start' });
    expect(notASlot.body.slots?.length).toBeGreaterThan(0);

    const moved = await call(clientA, { action: 'reschedule', accessId: accessA, appointmentId: id, start: second?.start });
    expect(moved.status, moved.raw).toBe(200);
    const appointment = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: id });
    expect(Date.parse(String(appointment.start))).toBe(Date.parse(String(second?.start)));
    expect(appointment.status).toBe('scheduled');
    const after = (await slotsOf(clientB, accessB, weekly.$id)).map((s) => s.start);
    expect(after).toContain(first?.start);
    expect(after).not.toContain(second?.start);
    expect((await claimsOf(id)).every((c) => Date.parse(String(c.at)) >= Date.parse(String(second?.start)) - 60_000)).toBe(true);
    const notices = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('title', 'Appointment moved online')] });
    expect(notices.total).toBe(1);
    const [mail] = await mailFor(aw.origin, therapist.email);
    expect(mail?.subject).toBe('A client moved an appointment');
    expect(`${mail?.subject} ${mail?.text}`).not.toMatch(/Ada|Lovelace|Psychotherapy/);

    // A move by less than its own length keeps its own claims (it does not stand in its own way).
    const nextHour = new Date(Date.parse(String(second?.start)) + HOUR).toISOString();
    expect((await call(clientA, { action: 'reschedule', accessId: accessA, appointmentId: id, start: nextHour })).status).toBe(200);
  });

  it('cancelling outside the window is a plain Cancelled with no fee, recorded as the status menu records it, and the therapist is told', async () => {
    const slot = slotAfter(await slotsOf(clientA, accessA, weekly.$id), 30, 8);
    const id = String((await call(clientA, { action: 'book', accessId: accessA, serviceId: weekly.$id, start: slot?.start })).body.request?.$id);
    expect((await call(clientB, { action: 'cancel', accessId: accessB, appointmentId: id })).status).toBe(404);
    const cancelled = await call(clientA, { action: 'cancel', accessId: accessA, appointmentId: id });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', fee: null });
    const appointment = await serverGet('appointments', id);
    expect(appointment).toMatchObject({ status: 'cancelled', feeAmount: null, feeWaived: false });
    expect(JSON.parse(String((appointment.statusHistory as string[]).at(-1)))).toMatchObject({ status: 'cancelled', by: clientA.id });
    expect(await claimsOf(id)).toEqual([]);
    expect((await slotsOf(clientB, accessB, weekly.$id)).map((s) => s.start)).toContain(slot?.start);
    expect((await call(clientA, { action: 'mine', accessId: accessA })).body.appointments?.map((a) => a.$id)).not.toContain(id);
    expect((await call(clientA, { action: 'cancel', accessId: accessA, appointmentId: id })).status).toBe(409);
    const [mail] = await mailFor(aw.origin, therapist.email);
    expect(mail?.subject).toBe('A client cancelled an appointment');
  });

  it('inside the window: no move; cancelling shows the policy\'s late-cancel fee and records a late cancel (charged like the therapist\'s own) only once confirmed', async () => {
    // Booked by the therapist on the calendar, 10 hours from now: the portal lists it all the same.
    const appointment = await createAppointment(therapist, accessB, weekly.$id, 10 * HOUR, { feeAmount: 15000, statusHistory: [] });
    const listed = (await call(clientB, { action: 'mine', accessId: accessB })).body.appointments?.find((a) => a.$id === appointment.$id);
    expect(listed).toMatchObject({ canReschedule: false, cancel: { late: true, fee: 7500, currency: 'USD' } });
    // Client A sees none of B's appointments.
    expect((await call(clientA, { action: 'mine', accessId: accessA })).body.appointments?.map((a) => a.$id)).not.toContain(appointment.$id);

    const move = await call(clientB, { action: 'reschedule', accessId: accessB, appointmentId: appointment.$id, start: slotAfter(await slotsOf(clientB, accessB, weekly.$id), 30)?.start });
    expect(move.status).toBe(409);
    expect(move.body.error).toContain('inside the practice’s cancellation window');
    const unconfirmed = await call(clientB, { action: 'cancel', accessId: accessB, appointmentId: appointment.$id });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({ field: 'confirmLate', cancel: { late: true, fee: 7500 } });
    expect((await serverGet('appointments', appointment.$id)).status).toBe('scheduled');
    expect((await call(clientA, { action: 'cancel', accessId: accessA, appointmentId: appointment.$id, confirmLate: true })).status).toBe(404);

    const cancelled = await call(clientB, { action: 'cancel', accessId: accessB, appointmentId: appointment.$id, confirmLate: true });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'late_cancelled', fee: 7500, currency: 'USD' });
    const stored = await serverGet('appointments', appointment.$id);
    expect(stored).toMatchObject({ status: 'late_cancelled', feeAmount: 7500, currency: 'USD', feeWaived: false });
    expect(JSON.parse(String((stored.statusHistory as string[]).at(-1)))).toMatchObject({ status: 'late_cancelled', by: clientB.id });
    // attendance-charges charges it as it charges the status menu's late cancel.
    await until(
      async () => (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'ledger_entries', queries: [Query.equal('appointmentId', appointment.$id)] })).documents,
      (entries) => entries.some((e) => e.type === 'late_cancel_fee' && e.amount === 7500),
      'the late-cancel fee in the ledger',
    );
    const notices = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('title', 'Late cancellation online')] });
    expect(notices.total).toBe(1);
  });

  it('another therapist sees none of the practice\'s requests and can answer none', async () => {
    const slot = slotAfter(await slotsOf(clientA, accessA, approval.$id), 30, 4);
    const requestId = String((await call(clientA, { action: 'book', accessId: accessA, serviceId: approval.$id, start: slot?.start })).body.request?.$id);
    await expect(other.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: requestId })).rejects.toMatchObject({ code: 404 });
    expect((await other.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'booking_requests' })).total).toBe(0);
    expect((await call(other, { action: 'decide', requestId, decision: 'decline' })).status).toBe(404);
    expect((await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: requestId })).status).toBe('requested');
    // The client reads the answer and its message in the portal.
    await call(therapist, { action: 'decide', requestId, decision: 'decline', message: 'Could we try the following week?' });
    expect((await call(clientA, { action: 'mine', accessId: accessA })).body.requests?.find((r) => r.$id === requestId)).toMatchObject({ status: 'declined', message: 'Could we try the following week?' });
  });
});

describe('book-slot: withdrawing a request the practice has not answered', () => {
  it('after the undo time the client withdraws it: kept as withdrawn, the time free, the therapist\'s to-do done and a notice and an email that names no one', async () => {
    const slot = slotAfter(await slotsOf(clientB, accessB, approval.$id), 30, 12);
    const requestId = String((await call(clientB, { action: 'book', accessId: accessB, serviceId: approval.$id, start: slot?.start })).body.request?.$id);
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: requestId, data: { requestedAt: new Date(Date.now() - 6 * 60_000).toISOString() } });
    expect((await call(clientB, { action: 'undo', accessId: accessB, requestId })).status).toBe(409);
    expect((await slotsOf(clientA, accessA, approval.$id)).map((s) => s.start)).not.toContain(slot?.start);

    // Only the client who asked withdraws it.
    expect((await call(clientA, { action: 'withdraw', accessId: accessA, requestId })).status).toBe(404);
    expect((await call(other, { action: 'withdraw', accessId: accessB, requestId })).status).toBe(404);
    const withdrawn = await call(clientB, { action: 'withdraw', accessId: accessB, requestId });
    expect(withdrawn.status, withdrawn.raw).toBe(200);
    expect(withdrawn.body.request).toMatchObject({ $id: requestId, status: 'withdrawn', appointmentId: null });
    expect((await serverGet('booking_requests', requestId)).status).toBe('withdrawn');
    expect(await claimsOf(requestId)).toEqual([]);
    expect((await slotsOf(clientA, accessA, approval.$id)).map((s) => s.start)).toContain(slot?.start);
    expect((await call(clientB, { action: 'mine', accessId: accessB })).body.requests?.find((r) => r.$id === requestId)).toMatchObject({ status: 'withdrawn', undoUntil: null });

    const notices = (await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.startsWith('notificationId', `booking:${requestId}`)] })).documents;
    expect(notices.find((n) => n.notificationId === `booking:${requestId}`)).toMatchObject({ read: true, persistent: false });
    expect(notices.filter((n) => n.title === 'Request withdrawn online')).toHaveLength(1);
    const mail = await until(() => mailFor(aw.origin, therapist.email), (mails) => mails.some((m) => m.subject === 'A client withdrew an appointment request'), 'the withdrawal email');
    const sent = mail.find((m) => m.subject === 'A client withdrew an appointment request');
    expect(`${sent?.subject} ${sent?.text} ${sent?.html}`).not.toMatch(/Bob|Roe|Family session/);

    // Nothing is left to answer, or to withdraw again.
    const decide = await call(therapist, { action: 'decide', requestId, decision: 'approve' });
    expect(decide.status).toBe(409);
    expect(decide.body.error).toBe('The client withdrew this request.');
    expect((await call(clientB, { action: 'withdraw', accessId: accessB, requestId })).body.error).toBe('This request has already been answered, so it can no longer be withdrawn.');
  });

  it('an answered request can no longer be withdrawn', async () => {
    const slot = slotAfter(await slotsOf(clientA, accessA, approval.$id), 30, 14);
    const requestId = String((await call(clientA, { action: 'book', accessId: accessA, serviceId: approval.$id, start: slot?.start })).body.request?.$id);
    expect((await call(therapist, { action: 'decide', requestId, decision: 'approve' })).status).toBe(200);
    expect((await call(clientA, { action: 'withdraw', accessId: accessA, requestId })).status).toBe(409);
    expect((await serverGet('appointments', requestId)).status).toBe('scheduled');
  });
});

describe('book-slot: a parent or guardian books for their child', () => {
  it('from the guardian\'s own portal link: the appointment is the child\'s, the request the guardian\'s; they see, withdraw and cancel it; nobody else sees it', async () => {
    const child = await createClient(therapist, { firstName: 'Tim', lastName: 'Small', dateOfBirth: '2015-06-01' });
    const guardian = await invitedGuardian(aw, therapist, child.$id, { name: 'Pat Small', email: `pat.${Date.now().toString(36)}@example.com` });
    const services = await call(guardian, { action: 'services', accessId: guardian.accessId });
    expect(services.status, services.raw).toBe(200);
    const slots = await slotsOf(guardian, guardian.accessId, weekly.$id);
    const booked = await call(guardian, { action: 'book', accessId: guardian.accessId, serviceId: weekly.$id, start: slotAfter(slots, 30, 16)?.start });
    expect(booked.status, booked.raw).toBe(201);
    expect(booked.body.outcome).toBe('booked');
    const id = String(booked.body.request?.$id);
    const appointment = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: id });
    expect(appointment.clientId).toBe(child.$id);
    expect((await serverGet('booking_requests', id)).clientUserId).toBe(guardian.id);

    // A request the practice answers, which the guardian withdraws after the undo time.
    const asked = await call(guardian, { action: 'book', accessId: guardian.accessId, serviceId: approval.$id, start: slotAfter(await slotsOf(guardian, guardian.accessId, approval.$id), 30, 18)?.start });
    expect(asked.status, asked.raw).toBe(201);
    const requestId = String(asked.body.request?.$id);
    const mine = (await call(guardian, { action: 'mine', accessId: guardian.accessId })).body;
    expect(mine.appointments?.map((a) => a.$id)).toContain(id);
    expect(mine.requests?.map((r) => r.$id)).toContain(requestId);

    // Another client, their link or the child's record id, sees and changes none of it.
    expect((await call(clientA, { action: 'mine', accessId: guardian.accessId })).status).toBe(404);
    expect((await call(clientA, { action: 'cancel', accessId: accessA, appointmentId: id })).status).toBe(404);
    expect((await call(clientA, { action: 'withdraw', accessId: accessA, requestId })).status).toBe(404);
    await expect(clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: requestId })).rejects.toMatchObject({ code: 404 });
    expect((await guardian.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: requestId })).status).toBe('requested');

    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: requestId, data: { requestedAt: new Date(Date.now() - 6 * 60_000).toISOString() } });
    expect((await call(guardian, { action: 'withdraw', accessId: guardian.accessId, requestId })).body.request?.status).toBe('withdrawn');
    expect((await call(guardian, { action: 'cancel', accessId: guardian.accessId, appointmentId: id })).body.status).toBe('cancelled');
  });
});
