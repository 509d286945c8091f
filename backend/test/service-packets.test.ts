// Issue 31 "Paperwork — Packets": a service's intake packet goes out by itself once a client's first
// appointment of that service is booked — through the SDKs over HTTP against the local Appwrite
// running the real functions (service-packets on the appointment event, invite-client), with the
// therapist's and the clients' real sessions. One packet per client and service, whoever books and
// however often; a client booked before the invitation gets it with the invitation; nothing of
// another therapist's is ever sent.
import { ID, Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { servicePacketId } from '../functions/lib/packets.js';
import { execute, DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, createPractice, createService, HOUR } from './support/practice-fixtures.ts';
import { invitedClient, portalFunctionVars } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 90_000 });

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let intake: Models.DefaultDocument;

const packetsOf = (clientId: string) =>
  aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'form_packets', queries: [Query.equal('clientId', clientId), Query.limit(100)] }).then((l) => l.documents);

async function withPacket(user: SignedInUser, items: string[]): Promise<Models.DefaultDocument> {
  const service = await createService(user);
  return user.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'services', documentId: service.$id, data: { intakePacket: items } });
}

const runsDone = async () => (await aw.functions.listExecutions({ functionId: 'service-packets', queries: [Query.limit(1000)] }))
  .executions.filter((e) => e.status === 'completed' || e.status === 'failed').length;

/** Books an appointment and waits for its event's service-packets run to finish (async executions keep no body). */
async function book(...args: Parameters<typeof createAppointment>): Promise<Models.DefaultDocument> {
  const before = await runsDone();
  const appointment = await createAppointment(...args);
  await vi.waitFor(async () => expect(await runsDone()).toBeGreaterThan(before), { timeout: 20_000, interval: 200 });
  return appointment;
}

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  therapist = await signedInUser(aw, 'packets-therapist');
  other = await signedInUser(aw, 'packets-other');
  await createPractice(therapist);
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  intake = await withPacket(therapist, ['template:demographics', 'consent:informed-consent']);
}, 150_000);

afterAll(async () => {
  await aw?.close();
});

describe('service-packets: a service’s intake packet on a first booking', () => {
  it('sends it once per client and service, readable by the therapist and that client only', async () => {
    const record = await createClient(therapist);
    const client = await invitedClient(aw, therapist, record.$id, String(record.email));
    const bob = await createClient(therapist, { firstName: 'Bob' });
    const bystander = await invitedClient(aw, therapist, bob.$id, String(bob.email));
    const first = await book(therapist, record.$id, intake.$id, 48 * HOUR);
    await book(therapist, record.$id, intake.$id, 96 * HOUR);

    const packets = await packetsOf(record.$id);
    expect(packets.map((p) => p.$id)).toEqual([servicePacketId(record.$id, intake.$id)]);
    const [packet] = packets;
    expect(packet).toMatchObject({ userId: therapist.id, serviceId: intake.$id, clientUserId: client.id });
    expect(packet!['items']).toEqual([expect.stringMatching(/^form:/), expect.stringMatching(/^consent:/)]);

    // The client sees the form and the consent in their portal; another client of the practice does not.
    const formId = String(packet!['items'][0]).slice('form:'.length);
    const consentId = String(packet!['items'][1]).slice('consent:'.length);
    expect(await client.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_requests', documentId: formId })).toMatchObject({ formRef: 'demographics', status: 'sent' });
    expect(await client.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'consent_requests', documentId: consentId })).toMatchObject({ templateId: 'informed-consent', status: 'sent' });
    await expect(bystander.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_requests', documentId: formId })).rejects.toMatchObject({ code: 404 });
    await expect(other.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_packets', documentId: packet!.$id })).rejects.toMatchObject({ code: 404 });

    // A redelivered event (the function run again by hand) sends nothing more.
    const again = await execute<{ sent: unknown[] }>(aw.functions, 'service-packets', { $id: first.$id });
    expect(again.body.sent).toEqual([]);
    expect((await packetsOf(record.$id)).length).toBe(1);
    const requests = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'form_requests', queries: [Query.equal('clientId', record.$id), Query.limit(100)] });
    expect(requests.total).toBe(1);
  });

  it('waits for the invitation when the client is booked first, and sends it then', async () => {
    const record = await createClient(therapist, { firstName: 'Cleo' });
    await book(therapist, record.$id, intake.$id, 72 * HOUR);
    expect(await packetsOf(record.$id)).toEqual([]);

    const client = await invitedClient(aw, therapist, record.$id, String(record.email));
    const packets = await packetsOf(record.$id);
    expect(packets.map((p) => p.$id)).toEqual([servicePacketId(record.$id, intake.$id)]);
    const list = await client.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'form_requests', queries: [Query.limit(100)] });
    expect(list.documents.map((d) => d['formRef'])).toEqual(['demographics']);
  });

  it('sends nothing for a service without a packet, a cancelled booking, or another therapist’s service', async () => {
    const record = await createClient(therapist, { firstName: 'Dee' });
    await invitedClient(aw, therapist, record.$id, String(record.email));
    const plain = await createService(therapist);
    const theirs = await withPacket(other, ['template:demographics']);
    await book(therapist, record.$id, plain.$id, 24 * HOUR);
    await book(therapist, record.$id, intake.$id, 30 * HOUR, { status: 'cancelled' });
    await book(therapist, record.$id, theirs.$id, 36 * HOUR);
    expect(await packetsOf(record.$id)).toEqual([]);
  });

  it('leaves out a form the therapist archived since and sends the rest', async () => {
    const form = await therapist.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'forms', documentId: ID.unique(),
      data: { userId: therapist.id, title: 'Old intake', questionnaire: JSON.stringify({ resourceType: 'Questionnaire', status: 'active', title: 'Old intake', item: [{ linkId: 'a', type: 'string', text: 'Why now?' }] }), version: 1, archived: true },
    });
    const service = await withPacket(therapist, [`form:${form.$id}`, 'template:emergency-contact']);
    const record = await createClient(therapist, { firstName: 'Eve' });
    await invitedClient(aw, therapist, record.$id, String(record.email));
    await book(therapist, record.$id, service.$id, 50 * HOUR);
    const [packet] = await packetsOf(record.$id);
    expect(packet!['items']).toHaveLength(1);
    const formId = String(packet!['items'][0]).slice('form:'.length);
    expect(await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'form_requests', documentId: formId })).toMatchObject({ formRef: 'emergency-contact' });
  });

  it('sends only what may be sent when the stored packet names an unknown consent or a malformed entry', async () => {
    const service = await withPacket(therapist, ['consent:no-such-consent', 'nonsense', 'template:health-history']);
    const record = await createClient(therapist, { firstName: 'Fay' });
    await invitedClient(aw, therapist, record.$id, String(record.email));
    await book(therapist, record.$id, service.$id, 60 * HOUR);
    const [packet] = await packetsOf(record.$id);
    expect(packet!['items']).toHaveLength(1);
  });
});
