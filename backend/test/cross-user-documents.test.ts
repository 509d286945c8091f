// Issue 11 "records for another user", per collection of backend/appwrite.json: a second signed-in
// user (the Web SDK over HTTP, as a browser) cannot plant a document the first user's app would show
// or act on. Either Appwrite refuses the create (no collection-level create: only functions write
// there with the server key) or the app's own loader ignores the document (notifications, which the
// browser creates, spec §7).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ID, Permission, Query, Role, type Databases } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { addNotification, loadNotifications } from '../../shared-auth/src/notifications/notifications.ts';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient, createPractice } from './support/practice-fixtures.ts';
import { invitedClient, invitedGuardian, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const project = JSON.parse(fs.readFileSync(path.join(backendDir, 'appwrite.json'), 'utf8')) as {
  collections: Array<{ $id: string; $permissions: string[] }>;
  buckets: Array<{ $id: string; $permissions: string[]; fileSecurity: boolean; encryption: boolean; allowedFileExtensions: string[] }>;
};

/**
 * Every bucket, who may upload into it (the rest only functions, with the server key) and a file of
 * an allowed kind: exports and signed consents only functions write; message attachments any signed-in
 * person (the messages function checks the sender's own upload); form uploads portal logins only
 * (issue 31: fill-form checks the submitter's own upload).
 */
const BUCKETS: Record<string, { create: string[]; file: () => File }> = {
  exports: { create: [], file: () => new File([Buffer.from('PK\x03\x04')], 'export.zip') },
  signed_consents: { create: [], file: () => new File([Buffer.from('%PDF-1.4 signed')], 'consent.pdf') },
  message_attachments: { create: ['create("users")'], file: () => new File([Buffer.from('%PDF-1.4 worksheet')], 'worksheet.pdf') },
  form_uploads: { create: ['create("label:client")'], file: () => new File([Buffer.from('%PDF-1.4 card')], 'card.pdf') },
};

const now = () => new Date().toISOString();
/** A valid document of each collection naming `victim` (the server key can create every one). */
const PLANTED: Record<string, (victim: string) => Record<string, unknown>> = {
  users: (victim) => ({ userId: victim, email: 'victim@example.com', name: 'Not the victim' }),
  customers: (victim) => ({ userId: victim, stripeCustomerId: 'cus_attacker', email: 'attacker@example.com' }),
  subscriptions: (victim) => ({ userId: victim, stripeSubscriptionId: 'sub_attacker', status: 'active', currentPeriodEnd: '2099-01-01T00:00:00.000+00:00', createdAt: now() }),
  invoices: (victim) => ({ userId: victim, stripeInvoiceId: 'in_attacker', status: 'paid', total: 1000, amount: 1000, currency: 'usd', hostedInvoiceUrl: 'https://evil.example/pay', createdAt: now() }),
  checkout_sessions: (victim) => ({ userId: victim, status: 'pending', stripeSessionId: 'cs_attacker', createdAt: now() }),
  webhook_events: () => ({ eventId: 'evt_not_yet_delivered', type: 'invoice.paid', createdAt: now() }),
  user_agreements: (victim) => ({ userId: victim, agreementType: 'terms', version: '2024-12-30', accepted: true, acceptedAt: now(), documentUrl: 'https://evil.example/terms' }),
  notifications: (victim) => ({
    userId: victim, notificationId: 'get_started', type: 'payment_failed', priority: 'high', title: 'Your card was declined',
    message: 'Re-enter your card', actionText: 'Update Payment', actionUrl: 'https://evil.example/card', read: false, persistent: true,
  }),
  // The practice's collections are browser-written too: test/practice-collections.test.ts.
  practice_settings: (victim) => ({ userId: victim, practiceName: 'Not the victim', therapistName: 'Attacker', timeZone: 'UTC' }),
  services: (victim) => ({ userId: victim, name: 'Planted', durationMinutes: 50 }),
  clients: (victim) => ({ userId: victim, firstName: 'Planted', lastName: 'Client' }),
  // Issue 14: appointments are browser-written as well; series, feeds and reminder claims only
  // functions write (schedule-series acts only on the therapist's own: test/schedule-series.test.ts).
  appointment_series: (victim) => ({ userId: victim, clientId: 'c1', serviceId: 's1', rrule: 'FREQ=WEEKLY', dtstart: '2030-01-07T10:00:00', timeZone: 'UTC', durationMinutes: 50 }),
  appointments: (victim) => ({ userId: victim, clientId: 'c1', serviceId: 's1', start: '2030-01-07T10:00:00.000+00:00', end: '2030-01-07T10:50:00.000+00:00' }),
  calendar_feeds: (victim) => ({ userId: victim, tokenHash: 'a'.repeat(64) }),
  appointment_reminders: (victim) => ({ userId: victim, appointmentId: 'a1', start: '2030-01-07T10:00:00.000+00:00' }),
  // Issue 15: notes and private notes are browser-written drafts (sign-note and add-addendum act only
  // on the caller's own: test/sign-note.test.ts); addenda only add-addendum writes, signatures only sign-note.
  progress_notes: (victim) => ({ userId: victim, appointmentId: 'a1', clientId: 'c1', content: '{"sections":{}}' }),
  note_addenda: (victim) => ({ userId: victim, noteId: 'n1', appointmentId: 'a1', text: 'Planted', signedAt: now(), contentHash: 'a'.repeat(64) }),
  // Only sign-note writes signatures (test/sign-note.test.ts: a note marked signed without one is not signed).
  note_signatures: (victim) => ({ userId: victim, noteId: 'n1', appointmentId: 'a1', contentHash: 'a'.repeat(64), signedAt: now(), signerName: 'Attacker', signerCredentials: null }),
  private_notes: (victim) => ({ userId: victim, appointmentId: 'a1', text: 'Planted' }),
  // Issue 37: only money-documents writes a superbill's electronic signature (test/money.test.ts).
  document_signatures: (victim) => ({ userId: victim, documentType: 'superbill', clientId: 'c1', periodStart: '2030-01-01', periodEnd: '2030-01-31', contentHash: 'a'.repeat(64), signedAt: now(), signerName: 'Attacker' }),
  // Issue 17: only the audit function writes the log (test/audit.test.ts).
  // A seq far past the victim's own entries: the audit function logs their sign-in (seq 1) on its own time.
  audit_log: (victim) => ({ userId: victim, seq: 1_000_000, at: now(), actorId: victim, action: 'client.create', entityType: 'client', entityId: 'c1', prevHash: '0'.repeat(64), hash: 'a'.repeat(64) }),
  // Issue 16: only the ledger, invoices and attendance-charges functions write money (test/money.test.ts).
  ledger_entries: (victim) => ({ userId: victim, clientId: 'c1', kind: 'payment', type: 'cash', amount: -100000, currency: 'USD', date: '2030-01-07', allocations: '[]' }),
  // Issue 33: only stripe-connect-webhook writes a card dispute (a planted one would mark a payment "Disputed").
  card_disputes: (victim) => ({ userId: victim, clientId: 'c1', paymentEntryId: 'e1', disputeId: 'du_planted', status: 'needs_response', amount: 100, currency: 'USD', updatedAt: now() }),
  client_balances: (victim) => ({ userId: victim, clientId: 'c1', balance: -100000, credit: 100000, openCharges: '[]', currency: 'USD' }),
  // Issue 35: the practice's totals, kept by the same functions (test/ledger-totals.test.ts).
  ledger_totals: (victim) => ({ userId: victim, month: 'all', owed: 0, credit: 100000 }),
  client_invoices: (victim) => ({ userId: victim, clientId: 'c1', seq: 1_000_000, number: 'INV-9999', status: 'paid', entryIds: [], total: 0, currency: 'USD' }),
  // Issue 17: only export-data writes an export's progress (test/export-data.test.ts).
  data_exports: (victim) => ({ userId: victim, status: 'ready', stage: 'ready', percent: 100, fileName: 'cadence-export-2030-01-01.zip' }),
  // Issue 31: only invite-client links a client to a practice (test/portal.test.ts).
  portal_access: (victim) => ({ userId: victim, clientId: 'c1', clientUserId: victim, practiceName: 'Planted', status: 'active', invitedAt: now() }),
  // Issue 31: consents are sent by send-consent, e-records consents recorded by esign-consent and
  // signatures written by sign-consent only (test/consents.test.ts).
  consent_requests: (victim) => ({
    userId: victim, clientId: 'c1', clientUserId: victim, templateId: 'custom', templateVersion: '1', title: 'Planted', body: 'Sign away', contentHash: 'a'.repeat(64), status: 'sent', sentAt: now(),
  }),
  esign_consents: (victim) => ({
    userId: victim, clientId: 'c1', clientUserId: victim, action: 'accept', disclosureVersion: '2026-11-01', disclosureHash: 'a'.repeat(64), accessConfirmed: true, paperRequested: false, at: now(),
  }),
  consent_signatures: (victim) => ({
    userId: victim, clientId: 'c1', requestId: 'r1', signerUserId: victim, signerName: 'Attacker', relationship: 'self', method: 'typed', authentication: 'token',
    esignConsentId: 'e1', signedAt: now(), title: 'Planted', templateId: 'custom', templateVersion: '1', contentHash: 'a'.repeat(64), bucketId: 'signed_consents', fileId: 'r1',
  }),
  // Issue 31: only invoices, money-documents (share) and sign-consent list a client's documents
  // (test/portal-documents.test.ts): a planted entry would offer someone else's invoice.
  portal_documents: (victim) => ({ userId: victim, clientId: 'c1', clientUserId: victim, kind: 'invoice', refId: 'i1', title: 'Invoice INV-9999', issuedAt: now() }),
  // Issue 32: only good-faith-estimates drafts and delivers estimates (test/good-faith-estimates.test.ts):
  // a planted one would put another total in the victim's portal.
  good_faith_estimates: (victim) => ({
    userId: victim, clientId: 'c1', version: 1, status: 'delivered', serviceId: 's1', fee: 1, currency: 'USD', frequency: 'weekly', months: 12, startOn: '2030-01-07',
    basis: 'scheduled', basisOn: '2030-01-01', total: 52, contents: '{}', draftedAt: now(),
  }),
  // Issue 31: measures are sent by send-measure and answered through submit-measure only
  // (test/measures-functions.test.ts): a planted response would put a score in the chart.
  measure_requests: (victim) => ({ userId: victim, clientId: 'c1', clientUserId: victim, instrument: 'phq-9', status: 'sent', sentAt: now() }),
  measure_responses: (victim) => ({
    userId: victim, clientId: 'c1', clientUserId: victim, requestId: 'r1', instrument: 'phq-9', loincPanel: '44249-1', answers: '{}', total: 27, severity: 'severe', safetyAlert: false, submittedAt: now(),
  }),
  // Issue 31: a therapist's own copies of forms (their browser writes them; send-forms sends only a
  // copy whose every permission is the caller's, lib/owned-by.js).
  forms: (victim) => ({ userId: victim, templateId: 'demographics', title: 'Planted', version: 1, questionnaire: '{}', archived: false }),
  // Packets and form requests are written by send-forms, drafts and responses by fill-form only
  // (test/forms-functions.test.ts): a planted response would put answers in the client's record review.
  form_packets: (victim) => ({ userId: victim, clientId: 'c1', clientUserId: victim, items: ['form:r1'], sentAt: now() }),
  form_requests: (victim) => ({
    userId: victim, clientId: 'c1', clientUserId: victim, formRef: 'demographics', formVersion: 1, title: 'Planted', questionnaire: '{}', status: 'submitted', sentAt: now(), round: 1,
  }),
  form_responses: (victim) => ({ userId: victim, clientId: 'c1', clientUserId: victim, requestId: 'r1', round: 1, questionnaire: 'x|1', response: '{}', submittedAt: now() }),
  // Set through send-measure only: a planted schedule would send the victim's client questionnaires.
  measure_schedules: (victim) => ({ userId: victim, clientId: 'c1', instrument: 'phq-9', cadence: 'every' }),
  // Issue 32: working hours and per-service booking rules are browser-written (book-slot trusts only
  // ones whose every permission is the therapist's, lib/owned-by.js); requests and slot claims only
  // book-slot writes (test/book-slot.test.ts).
  availability: (victim) => ({ userId: victim, weekly: '{"MO":[{"start":"00:00","end":"23:45"}]}', overrides: '[]' }),
  booking_rules: (victim) => ({ userId: victim, serviceId: 's1', bookableBy: 'both', confirmation: 'instant' }),
  booking_requests: (victim) => ({ userId: victim, clientId: 'c1', clientUserId: victim, serviceId: 's1', start: '2030-01-07T10:00:00.000+00:00', end: '2030-01-07T10:50:00.000+00:00', status: 'booked', requestedAt: now() }),
  slot_claims: (victim) => ({ userId: victim, requestId: 'r1', at: '2030-01-07T10:00:00.000+00:00' }),
  public_bookings: (victim) => ({ userId: victim, serviceId: 's1', start: '2030-01-07T10:00:00.000+00:00', end: '2030-01-07T10:50:00.000+00:00', name: 'x', email: 'x@example.com', phone: '3125550100', usesInsurance: true, codeHash: '0'.repeat(64), status: 'held', requestedAt: now(), codeExpiresAt: now(), heldUntil: '2030-01-07T10:00:00.000+00:00' }),
  // Issue 34: a planted room could admit a stranger, a planted signal reach a call (video-room only).
  video_rooms: (victim) => ({ userId: victim, clientId: 'c1', appointmentId: 'a1', waitingUserId: victim, waitingSince: now() }),
  video_signals: (victim) => ({ userId: victim, appointmentId: 'a1', fromUserId: victim, fromSession: 's1', toSession: 's2', kind: 'description', data: '{}' }),
  // A planted room link would let its planter's token open the victim's room (only send-reminders writes them).
  video_links: (victim) => ({ userId: victim, appointmentId: 'a1', clientUserId: victim, tokenHash: 'b'.repeat(64), expiresAt: '2030-01-07T14:00:00.000+00:00' }),
  // Issue 32: conversations and messages only the messages function writes; a planted message would
  // put words in the client's or the therapist's mouth, a planted email mark stop the next email.
  conversations: (victim) => ({ userId: victim, clientId: 'c1', clientUserId: victim, role: 'client' }),
  messages: (victim) => ({ userId: victim, conversationId: 'v1', clientId: 'c1', clientUserId: victim, senderId: victim, senderRole: 'therapist', body: 'Planted', sentAt: now() }),
  message_emails: (victim) => ({ userId: victim, conversationId: 'v1', at: now() }),
  // Issue 33 AutoPay: only the autopay functions write; a planted enrollment would have the victim's
  // client charged every night, a planted charge attempt stop a real one (test/autopay.test.ts).
  autopay_enrollments: (victim) => ({ userId: victim, clientId: 'c1', enabled: true, paymentMethodId: 'pm_attacker', consentBy: 'therapist', consent: 'Planted' }),
  autopay_charges: (victim) => ({ userId: victim, clientId: 'c1', amount: 100, currency: 'USD', chargeIds: '[]', attempt: 1, status: 'succeeded', attemptedAt: now() }),
};

/**
 * Collections the therapist's browser writes (collection-level create("label:therapist"): only a
 * user who finished signing up as a therapist); the rest only functions write.
 */
const BROWSER_WRITTEN = ['notifications', 'practice_settings', 'services', 'clients', 'appointments', 'progress_notes', 'private_notes', 'forms', 'availability', 'booking_rules'];

/** What an attacker may ask for: the roles they hold, everyone, and none (Appwrite's default). */
const GRANTS = (attacker: string): Array<string[] | undefined> => [
  undefined,
  [Permission.read(Role.any())],
  [Permission.read(Role.users()), Permission.update(Role.any()), Permission.delete(Role.any())],
  [Permission.read(Role.user(attacker))],
];

let aw: LocalAppwrite;
let victim: SignedInUser;
let attacker: SignedInUser;

beforeAll(async () => {
  aw = await startAppwrite();
  victim = await signedInUser(aw, 'victim');
  attacker = await signedInUser(aw, 'attacker');
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

async function plant(databases: Databases, collectionId: string, documentId: string, permissions: string[] | undefined) {
  return databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId, data: PLANTED[collectionId]!(victim.id), ...(permissions ? { permissions } : {}) });
}

describe('a second user cannot plant documents for the first (issue 11)', () => {
  it('every collection of backend/appwrite.json has a case here', () => {
    expect(project.collections.map((c) => c.$id).sort()).toEqual(Object.keys(PLANTED).sort());
  });

  it('only therapists create: the browser-written collections grant create to label:therapist, the others to nobody', () => {
    for (const { $id, $permissions } of project.collections) {
      expect($permissions, $id).toEqual(BROWSER_WRITTEN.includes($id) ? ['create("label:therapist")'] : []);
    }
  });

  const serverWritten = project.collections.filter((c) => !BROWSER_WRITTEN.includes(c.$id)).map((c) => c.$id);
  it.each(serverWritten)('%s: Appwrite refuses the create, whatever the permissions or the id', async (collectionId) => {
    // The documents are valid: the server key creates them.
    const valid = await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data: PLANTED[collectionId]!(victim.id) });
    await aw.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId, documentId: valid.$id });
    for (const documentId of [ID.unique(), victim.id]) {
      for (const permissions of GRANTS(attacker.id)) {
        await expect(plant(attacker.databases, collectionId, documentId, permissions), JSON.stringify(permissions)).rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
      }
    }
    const stored = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId });
    // The audit function writes its own entries for these sign-ins meanwhile; none is the planted one.
    const planted = collectionId === 'audit_log' ? stored.documents.filter((document) => document.hash === PLANTED.audit_log!(victim.id).hash) : stored.documents;
    expect(planted).toEqual([]);
  });

  it('notifications: the attacker may create one naming the victim, but the victim’s app never shows it', async () => {
    for (const permissions of GRANTS(attacker.id)) await plant(attacker.databases, 'notifications', ID.unique(), permissions);
    // Nor can the attacker grant the victim's own role, the one thing the app trusts.
    await expect(plant(attacker.databases, 'notifications', ID.unique(), [Permission.read(Role.user(victim.id))])).rejects.toMatchObject({ code: 401 });
    // Some of them the victim can read through Appwrite …
    const readable = await victim.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications' });
    expect(readable.total).toBeGreaterThan(0);

    // … but the app's loader, as the victim, shows only what the victim's own app wrote.
    configureAppwrite(victim.client);
    expect(await loadNotifications(victim.id)).toEqual([]);
    await addNotification(victim.id, { notificationId: 'welcome', type: 'welcome', priority: 'low', title: 'Welcome to Cadence', message: 'Hello' });
    expect((await loadNotifications(victim.id)).map((n) => n.title)).toEqual(['Welcome to Cadence']);
  });
});

// Issue 31: the matrix gains the practice's clients. Client A and client B of the victim's practice,
// client A's guardian (their own login, invited for A) and client C of the attacker's, each signed
// in through their invitation's link, read nothing of any practice collection — only their own
// portal_access, which names the practice — and cannot change that; each therapist reads only their
// own clients' links. What is shared with a guardian: test/guardians.test.ts.
describe('portal clients read nothing of the practice (issue 31)', () => {
  let clientA: PortalClient;
  let clientB: PortalClient;
  let clientC: PortalClient;
  let guardianA: PortalClient & { accessId: string };
  const victimDocs = new Map<string, string>();

  beforeAll(async () => {
    portalFunctionVars(aw);
    await createPractice(victim, { practiceName: 'Victim Practice' });
    await createPractice(attacker, { practiceName: 'Attacker Practice' });
    const invited = async (therapist: SignedInUser): Promise<PortalClient> => {
      const record = await createClient(therapist);
      return invitedClient(aw, therapist, record.$id, String(record.email));
    };
    const recordA = await createClient(victim);
    clientA = await invitedClient(aw, victim, recordA.$id, String(recordA.email));
    clientB = await invited(victim);
    clientC = await invited(attacker);
    guardianA = await invitedGuardian(aw, victim, recordA.$id, { name: 'Gina Guardian', email: `gina.${Date.now().toString(36)}@example.com` });
    // One document of the victim's in every other collection, owner-only as the app and functions write them.
    const owner = [Permission.read(Role.user(victim.id)), Permission.update(Role.user(victim.id)), Permission.delete(Role.user(victim.id))];
    for (const { $id: collectionId } of project.collections) {
      if (collectionId === 'portal_access') continue;
      const doc = await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data: PLANTED[collectionId]!(victim.id), permissions: owner });
      victimDocs.set(collectionId, doc.$id);
    }
  }, 180_000);

  const others = () => project.collections.map((c) => c.$id).filter((id) => id !== 'portal_access');

  it.each([['A', () => clientA], ['B', () => clientB], ['A’s guardian', () => guardianA], ['of the other practice', () => clientC]] as const)(
    'client %s lists and reads none of any practice collection',
    async (_name, who) => {
      const client = who();
      for (const collectionId of others()) {
        const listed = await client.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.limit(100)] });
        // Only what someone made public (the attacker's notifications above, read("any") or read("users")),
        // and the client's own (the audit function logs the client's own sign-in in the client's log).
        const privateOnes = listed.documents.filter((d) => d.userId !== client.id && !d.$permissions.some((p) => /^read\("(any|users)"\)$/.test(p)));
        expect(privateOnes, collectionId).toEqual([]);
        await expect(client.databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId: victimDocs.get(collectionId)! }), collectionId)
          .rejects.toMatchObject({ code: 404, type: 'document_not_found' });
      }
    },
    60_000,
  );

  it('portal_access: each client reads its own link only and cannot change it; each therapist reads their own clients’ links', async () => {
    const read = async (databases: Databases) => (await databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_access', queries: [Query.limit(100)] }))
      .documents.map((d) => `${String(d.practiceName)}:${String(d.clientUserId)}`).sort();
    expect(await read(clientA.databases)).toEqual([`Victim Practice:${clientA.id}`]);
    expect(await read(clientB.databases)).toEqual([`Victim Practice:${clientB.id}`]);
    expect(await read(clientC.databases)).toEqual([`Attacker Practice:${clientC.id}`]);
    expect(await read(guardianA.databases)).toEqual([`Victim Practice:${guardianA.id}`]);
    expect(await read(victim.databases)).toEqual([`Victim Practice:${clientA.id}`, `Victim Practice:${clientB.id}`, `Victim Practice:${guardianA.id}`].sort());
    expect(await read(attacker.databases)).toEqual([`Attacker Practice:${clientC.id}`]);

    const [own] = (await clientA.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_access' })).documents;
    const [ofB] = (await clientB.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_access' })).documents;
    await expect(clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'portal_access', documentId: ofB!.$id })).rejects.toMatchObject({ code: 404 });
    await expect(clientA.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'portal_access', documentId: own!.$id, data: { userId: attacker.id } }))
      .rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
    await expect(clientA.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'portal_access', documentId: own!.$id })).rejects.toMatchObject({ code: 401 });
    await expect(victim.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'portal_access', documentId: own!.$id, data: { status: 'invited' } }))
      .rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
    await expect(clientA.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'portal_access', documentId: ID.unique(), data: PLANTED.portal_access!(clientA.id) }))
      .rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
  });

  it('every bucket of backend/appwrite.json has a case here: encrypted, per-file permissions, its uploaders only', async () => {
    expect(project.buckets.map((b) => b.$id).sort()).toEqual(Object.keys(BUCKETS).sort());
    const unfinished = await signedInUser(aw, 'unfinished-uploader', []);
    for (const bucket of project.buckets) {
      const { create, file } = BUCKETS[bucket.$id]!;
      expect(bucket.$permissions, bucket.$id).toEqual(create);
      expect([bucket.fileSecurity, bucket.encryption], bucket.$id).toEqual([true, true]);
      const clientsMay = create.some((p) => p === 'create("users")' || p === 'create("label:client")');
      const therapistsMay = create.includes('create("users")');
      for (const [who, may] of [[victim, therapistsMay], [unfinished, therapistsMay], [clientA, clientsMay], [guardianA, clientsMay]] as const) {
        const upload = who.storage.createFile({ bucketId: bucket.$id, fileId: ID.unique(), file: file() });
        if (may) expect((await upload).$permissions.every((p) => p.endsWith(`("user:${who.id}")`)), bucket.$id).toBe(true);
        else await expect(upload, `${bucket.$id} ${who.id}`).rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
      }
    }
  });

  it('a file of the victim’s in every bucket is read by nobody else: the other therapist, any client or guardian', async () => {
    for (const bucket of project.buckets) {
      const owned = await aw.storage.createFile({
        bucketId: bucket.$id, fileId: ID.unique(), file: BUCKETS[bucket.$id]!.file(),
        permissions: [Permission.read(Role.user(victim.id)), Permission.delete(Role.user(victim.id))],
      });
      expect((await victim.storage.getFile({ bucketId: bucket.$id, fileId: owned.$id })).$id).toBe(owned.$id);
      for (const who of [attacker, clientA, clientB, guardianA, clientC]) {
        await expect(who.storage.getFile({ bucketId: bucket.$id, fileId: owned.$id }), bucket.$id).rejects.toMatchObject({ code: 404, type: 'storage_file_not_found' });
        const listed = await who.storage.listFiles({ bucketId: bucket.$id });
        expect(listed.files.map((f) => f.$id), bucket.$id).not.toContain(owned.$id);
        await expect(who.storage.deleteFile({ bucketId: bucket.$id, fileId: owned.$id }), bucket.$id).rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
      }
      expect((await aw.storage.getFile({ bucketId: bucket.$id, fileId: owned.$id })).$id).toBe(owned.$id);
    }
  });

  it('a client creates nothing in any collection, even naming itself; nor does a user who has not finished signing up', async () => {
    const unfinished = await signedInUser(aw, 'unfinished', []);
    for (const who of [clientA, guardianA, clientC, unfinished]) {
      for (const { $id: collectionId } of project.collections) {
        const data = PLANTED[collectionId]!(who.id);
        for (const permissions of [undefined, [Permission.read(Role.user(who.id))]]) {
          await expect(who.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data, ...(permissions ? { permissions } : {}) }), collectionId)
            .rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
        }
      }
    }
    // The therapist label is what lets the same request through.
    const practice = await victim.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: ID.unique(), data: PLANTED.clients!(victim.id) });
    expect(practice.userId).toBe(victim.id);
  }, 60_000);
});
