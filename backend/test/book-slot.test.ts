// Issue 32, booking from the portal: the book-slot function through the SDKs over HTTP against the
// local Appwrite running it, with real sessions — a therapist whose availability and booking rules
// their browser wrote, two invited clients, another therapist. The slot race: 20 concurrent
// bookings of one time, exactly one wins.
import { Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execute, DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { mailFor } from './support/practice-fixtures.ts';
import { APP_ORIGIN, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { bookingPractice, createOwned } from './support/booking-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

interface Slot { start: string; end: string }
interface Answer { success: boolean; error: string | null; field?: string; askSelfPay?: boolean; slots?: Slot[]; outcome?: string; request?: { $id: string; status: string; start: string; appointmentId: string | null; message: string | null }; services?: Array<{ $id: string; name: string; confirmation: string }> }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientA: PortalClient;
let clientB: PortalClient;
let accessA: string;
let accessB: string;
let instant: Models.DefaultDocument;
let approval: Models.DefaultDocument;
let hidden: Models.DefaultDocument;

const book = (who: { functions: PortalClient['functions'] }, body: Record<string, unknown>) => execute<Answer>(who.functions, 'book-slot', body);
const service = (name: string, durationMinutes: number) => createOwned(therapist, 'services', { name, durationMinutes, fee: 15000, currency: 'USD', color: 'blue', archived: false, sortOrder: 1 });
const rule = (serviceId: string, data: Record<string, unknown>) =>
  createOwned(therapist, 'booking_rules', { serviceId, bookableBy: 'existing', confirmation: 'instant', noticeHours: 0, horizonDays: 14, bufferBeforeMinutes: 0, bufferAfterMinutes: 10, startGrid: '60', ...data });

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  process.env.FUNCTION_VARS_BOOK_SLOT = process.env.FUNCTION_VARS_INVITE_CLIENT;
  therapist = await signedInUser(aw, 'booking-therapist');
  other = await signedInUser(aw, 'booking-other');
  ({ clientA, clientB, accessA, accessB } = await bookingPractice(aw, therapist, { practiceName: 'Calm Waters Therapy', timeZone: 'America/Chicago' }));
  instant = await service('Psychotherapy', 50);
  approval = await service('Family session', 80);
  hidden = await service('Intake assessment', 60);
  await rule(instant.$id, {});
  await rule(approval.$id, { confirmation: 'approval' });
  await rule(hidden.$id, { bookableBy: 'nobody' });
});
afterAll(async () => { await aw?.close(); });

describe('book-slot: services and slots', () => {
  it('offers existing clients only the services the practice lets them book, with the practice\'s zone', async () => {
    const answer = await book(clientA, { action: 'services', accessId: accessA });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.services?.map((s) => [s.name, s.confirmation]).sort()).toEqual([['Family session', 'approval'], ['Psychotherapy', 'instant']]);
    expect(answer.raw).toContain('America/Chicago');
    expect((await book(clientA, { action: 'slots', accessId: accessA, serviceId: hidden.$id })).status).toBe(404);
    // Client B cannot act through client A's portal link.
    expect((await book(clientB, { action: 'services', accessId: accessA })).status).toBe(404);
  });
});

describe('book-slot: booking', () => {
  it('an instant service is booked at once: an appointment on the therapist\'s calendar, an in-app notice and an email that names no one', async () => {
    const { body } = await book(clientA, { action: 'slots', accessId: accessA, serviceId: instant.$id });
    const slot = body.slots?.[0];
    expect(slot).toBeDefined();
    const answer = await book(clientA, { action: 'book', accessId: accessA, serviceId: instant.$id, start: slot?.start });
    expect(answer.status, answer.raw).toBe(201);
    expect(answer.body.outcome).toBe('booked');
    const appointment = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: String(answer.body.request?.appointmentId) });
    expect(appointment).toMatchObject({ userId: therapist.id, clientId: accessA, serviceId: instant.$id, status: 'scheduled', feeAmount: 15000 });
    expect(Date.parse(String(appointment.start))).toBe(Date.parse(String(slot?.start)));
    const notices = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('type', 'booking')] });
    expect(notices.documents.map((n) => n.title)).toContain('New online booking');
    const [mail] = await mailFor(aw.origin, therapist.email);
    expect(mail?.subject).toBe('A client booked an appointment online');
    expect(`${mail?.subject} ${mail?.text}`).not.toMatch(/Ada|Lovelace|Psychotherapy/);
    expect(mail?.text).toContain(`${APP_ORIGIN}/dashboard/schedule`);
    // The time is gone for everyone.
    const after = await book(clientB, { action: 'slots', accessId: accessB, serviceId: instant.$id });
    expect(after.body.slots?.map((s) => s.start)).not.toContain(slot?.start);
    // Client B can't read A's booking; A can.
    expect((await clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: String(answer.body.request?.$id) })).status).toBe('booked');
    await expect(clientB.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: String(answer.body.request?.$id) })).rejects.toMatchObject({ code: 404 });
    expect((await clientB.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'booking_requests' })).documents).toEqual([]);
  });

  it('a time that is not a slot is refused with "That time was just taken" and the next slots', async () => {
    const answer = await book(clientA, { action: 'book', accessId: accessA, serviceId: instant.$id, start: '2020-01-01T15:00:00.000Z' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, error: 'That time was just taken', field: 'start' });
    expect(answer.body.slots?.length).toBeGreaterThan(0);
  });

  it('the slot race: 20 concurrent bookings of one time by two clients, exactly one wins; the others are told and shown the next slots', async () => {
    const { body } = await book(clientA, { action: 'slots', accessId: accessA, serviceId: instant.$id });
    const start = body.slots?.[3]?.start;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? book(clientA, { action: 'book', accessId: accessA, serviceId: instant.$id, start }) : book(clientB, { action: 'book', accessId: accessB, serviceId: instant.$id, start }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.error).toBe('That time was just taken');
      expect(lost.body.slots?.map((s) => s.start)).not.toContain(start);
    }
    const booked = await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'appointments', queries: [Query.equal('start', String(start))] });
    expect(booked.total).toBe(1);
  });

  it('an approval service makes a request, not an appointment; the therapist approves it (appointment made, client emailed) or declines it with a message (time freed)', async () => {
    const { body } = await book(clientB, { action: 'slots', accessId: accessB, serviceId: approval.$id });
    const [first, second] = [body.slots?.[0]?.start, body.slots?.[6]?.start];
    const asked = await book(clientB, { action: 'book', accessId: accessB, serviceId: approval.$id, start: first });
    expect(asked.status, asked.raw).toBe(201);
    expect(asked.body).toMatchObject({ outcome: 'requested', request: { status: 'requested', appointmentId: null } });
    const requestId = String(asked.body.request?.$id);
    await expect(therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: requestId })).rejects.toMatchObject({ code: 404 });
    // The request holds its time.
    expect((await book(clientA, { action: 'slots', accessId: accessA, serviceId: approval.$id })).body.slots?.map((s) => s.start)).not.toContain(first);
    // Only the practice answers, and a client cannot.
    expect((await book(other, { action: 'decide', requestId, decision: 'approve' })).status).toBe(404);
    expect((await book(clientB, { action: 'decide', requestId, decision: 'approve' })).status).toBe(404);

    const approved = await book(therapist, { action: 'decide', requestId, decision: 'approve' });
    expect(approved.status, approved.raw).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'approved', appointmentId: requestId });
    expect((await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: requestId })).status).toBe('scheduled');
    const [mail] = await mailFor(aw.origin, clientB.email);
    expect(mail?.subject).toBe('Calm Waters Therapy answered your appointment request');
    expect(mail?.text).not.toMatch(/Family session|approved|declined/i);
    expect((await book(therapist, { action: 'decide', requestId, decision: 'decline' })).status).toBe(409);

    const second_ = await book(clientB, { action: 'book', accessId: accessB, serviceId: approval.$id, start: second });
    const declined = await book(therapist, { action: 'decide', requestId: second_.body.request?.$id, decision: 'decline', message: 'I am away that week — could you pick the week after?' });
    expect(declined.body.request).toMatchObject({ status: 'declined', message: 'I am away that week — could you pick the week after?' });
    expect((await clientB.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: String(second_.body.request?.$id) })).message).toContain('week after');
    // Declined: the time is free again and can be booked.
    expect((await book(clientA, { action: 'slots', accessId: accessA, serviceId: approval.$id })).body.slots?.map((s) => s.start)).toContain(second);
    expect((await book(clientA, { action: 'book', accessId: accessA, serviceId: approval.$id, start: second })).status).toBe(201);
  });
});

describe('book-slot: the self-pay question at booking', () => {
  it('asks while the client\'s record has no answer, and records the answer given with the booking (clients.selfPay)', async () => {
    const selfPayOfB = async () => (await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: accessB })).selfPay;
    expect(await selfPayOfB()).toBeNull();
    expect((await book(clientB, { action: 'services', accessId: accessB })).body).toMatchObject({ askSelfPay: true });
    const slots = (await book(clientB, { action: 'slots', accessId: accessB, serviceId: instant.$id })).body.slots ?? [];
    const answer = await book(clientB, { action: 'book', accessId: accessB, serviceId: instant.$id, start: slots[slots.length - 1]?.start, usesInsurance: false });
    expect(answer.status, answer.raw).toBe(201);
    expect(await selfPayOfB()).toBe(true);
    expect((await book(clientB, { action: 'services', accessId: accessB })).body).toMatchObject({ askSelfPay: false });
  });
});
