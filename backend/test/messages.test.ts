// Issue 32, secure messages: the `messages` and `message-email` functions through the SDKs over HTTP
// against the local Appwrite running them, with real sessions — a therapist, two invited clients,
// a guardian of the first, and another therapist. Who reads what is Appwrite's permissions (the
// SDK's own reads and lists), who may write is the function's (nobody else can write at all).
import { AppwriteException, ID, Query, type Models } from 'appwrite';
import { AppwriteException as ServerException, type Models as ServerModels } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient, createPractice, mailFor, type DevMail } from './support/practice-fixtures.ts';
import { invitedClient, invitedGuardian, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { exportTexts } from './support/export-zip.ts';
import { collectionsFromEnv } from '../functions/lib/collections.js';
import { deleteMessageAttachments, sweepUnsentAttachments } from '../functions/lib/messaging.js';
import { until } from './support/until.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

type Doc = Models.DefaultDocument;
interface Answer {
  success: boolean; error: string | null; field?: string; reason?: string | null; readAt?: string; read?: number;
  message?: Doc; conversationId?: string; practiceName?: string; replyWithinDays?: number | null;
  messaging?: { on: boolean; reason: string | null; message: string | null };
}
type Caller = { functions: SignedInUser['functions'] };

const BUCKET = 'message_attachments';
const PRACTICE = 'Calm Waters Therapy';
let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let clientA: PortalClient;
let clientB: PortalClient;
let guardian: PortalClient & { accessId: string };
let recordA: Doc;
let recordB: Doc;
let settings: Doc;

const call = (who: Caller, body: Record<string, unknown>) => execute<Answer>(who.functions, 'messages', body);
const send = (who: Caller, conversationId: string, body: string, fileId?: string) => call(who, { action: 'send', conversationId, body, ...(fileId ? { fileId } : {}) });
const conversation = (id: string) => aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'conversations', documentId: id });
const listAs = async (who: { databases: SignedInUser['databases'] }, conversationId: string) =>
  (await who.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'messages', queries: [Query.equal('conversationId', conversationId), Query.orderAsc('sentAt'), Query.limit(100)] })).documents;
const pdf = (name = 'worksheet.pdf', bytes = '%PDF-1.4 a worksheet') => new File([Buffer.from(bytes)], name);
const messageMails = async (to: string) => (await mailFor(aw.origin, to)).filter((m) => m.subject.startsWith('You have a new message'));

/** The Web SDK's or node-appwrite's error: both carry Appwrite's code and type. */
async function refused(promise: Promise<unknown>): Promise<Pick<AppwriteException, 'code' | 'type'>> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppwriteException || e instanceof ServerException) return e;
    throw e;
  }
  throw new Error('expected Appwrite to refuse');
}

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  process.env.FUNCTION_VARS_MESSAGES = process.env.FUNCTION_VARS_INVITE_CLIENT;
  process.env.FUNCTION_VARS_MESSAGE_EMAIL = process.env.FUNCTION_VARS_INVITE_CLIENT;
  therapist = await signedInUser(aw, 'messages-therapist');
  other = await signedInUser(aw, 'messages-other');
  settings = await createPractice(therapist, { practiceName: PRACTICE });
  await createPractice(other, { practiceName: 'Other Practice' });
  recordA = await createClient(therapist, { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2012-03-04' });
  recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe' });
  clientA = await invitedClient(aw, therapist, recordA.$id, String(recordA.email));
  clientB = await invitedClient(aw, therapist, recordB.$id, String(recordB.email));
  guardian = await invitedGuardian(aw, therapist, recordA.$id, { name: 'Grace Lovelace', email: `grace.${Date.now().toString(36)}@example.com` });
});
afterAll(async () => { await aw?.close(); });

describe('messages: who reads and writes a conversation', () => {
  it('a client and their therapist write in one conversation; a second client, a guardian and another therapist neither read nor write it', async () => {
    const opened = await call(clientA, { action: 'status', conversationId: recordA.$id });
    expect(opened.status, opened.raw).toBe(200);
    expect(opened.body).toMatchObject({ conversationId: recordA.$id, practiceName: PRACTICE, messaging: { on: true, reason: null } });

    const fromClient = await send(clientA, recordA.$id, 'I had a hard week.');
    expect(fromClient.status, fromClient.raw).toBe(201);
    expect(fromClient.body.message).toMatchObject({ senderRole: 'client', senderId: clientA.id, userId: therapist.id, clientId: recordA.$id });
    const fromTherapist = await send(therapist, recordA.$id, 'Thank you for telling me. Let us talk on Tuesday.');
    expect(fromTherapist.status, fromTherapist.raw).toBe(201);
    expect(fromTherapist.body.message?.$permissions.sort()).toEqual([`read("user:${clientA.id}")`, `read("user:${therapist.id}")`].sort());

    expect((await listAs(clientA, recordA.$id)).map((m) => m['body'])).toEqual(['I had a hard week.', 'Thank you for telling me. Let us talk on Tuesday.']);
    expect(await listAs(therapist, recordA.$id)).toHaveLength(2);
    // The second client, the guardian (who has their own conversation) and another therapist see none of it.
    for (const outsider of [clientB, guardian, other]) {
      expect(await listAs(outsider, recordA.$id)).toHaveLength(0);
      expect((await refused(outsider.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'messages', documentId: String(fromClient.body.message?.$id) }))).code).toBe(404);
      expect((await refused(outsider.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'conversations', documentId: recordA.$id }))).code).toBe(404);
      for (const action of [{ action: 'status' }, { action: 'read' }, { action: 'send', body: 'let me in' }]) {
        const answer = await call(outsider, { ...action, conversationId: recordA.$id });
        expect(answer.status, `${action.action}: ${answer.raw}`).toBe(404);
      }
    }
    expect(await listAs(clientA, recordA.$id)).toHaveLength(2);
  });

  it('a guardian has a conversation of their own with the practice, which the client cannot read', async () => {
    const sent = await send(guardian, guardian.accessId, 'Ada has a school trip next week.');
    expect(sent.status, sent.raw).toBe(201);
    expect(sent.body.message).toMatchObject({ senderRole: 'guardian', clientId: recordA.$id, conversationId: guardian.accessId });
    expect((await conversation(guardian.accessId))['role']).toBe('guardian');
    expect(await listAs(guardian, guardian.accessId)).toHaveLength(1);
    expect(await listAs(therapist, guardian.accessId)).toHaveLength(1);
    expect(await listAs(clientA, guardian.accessId)).toHaveLength(0);
    expect((await call(clientA, { action: 'send', conversationId: guardian.accessId, body: 'hi' })).status).toBe(404);
  });

  it('nobody writes, changes or deletes a message through the API: not the client, not the therapist', async () => {
    const [message] = await listAs(clientA, recordA.$id);
    const id = String(message?.$id);
    for (const who of [clientA, therapist]) {
      const create = await refused(who.databases.createDocument<Doc>({
        databaseId: DATABASE_ID, collectionId: 'messages', documentId: ID.unique(),
        data: { userId: therapist.id, conversationId: recordA.$id, clientId: recordA.$id, clientUserId: clientA.id, senderId: who.id, senderRole: 'therapist', body: 'forged', sentAt: new Date().toISOString() },
      }));
      expect(create.code).toBe(401);
      expect((await refused(who.databases.updateDocument<Doc>({ databaseId: DATABASE_ID, collectionId: 'messages', documentId: id, data: { body: 'changed' } }))).code).toBe(401);
      expect((await refused(who.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'messages', documentId: id }))).code).toBe(401);
      expect((await refused(who.databases.updateDocument<Doc>({ databaseId: DATABASE_ID, collectionId: 'conversations', documentId: recordA.$id, data: { therapistUnread: 0 } }))).code).toBe(401);
    }
    expect((await listAs(therapist, recordA.$id))[0]?.['body']).toBe('I had a hard week.');
  });

  it('a message is at most 10,000 characters: the function says so, and Appwrite refuses a longer one even with the server key', async () => {
    const tooLong = await send(clientB, recordB.$id, 'x'.repeat(10_001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, error: 'Messages can be up to 10,000 characters.', field: 'body' });
    expect((await send(clientB, recordB.$id, 'y'.repeat(10_000))).status).toBe(201);
    expect((await send(clientB, recordB.$id, '   ')).body).toMatchObject({ field: 'body', error: 'Write a message or attach a file.' });
    const direct = await refused(aw.databases.createDocument<ServerModels.DefaultDocument>({
      databaseId: DATABASE_ID, collectionId: 'messages', documentId: ID.unique(),
      data: { userId: therapist.id, conversationId: recordB.$id, clientId: recordB.$id, clientUserId: clientB.id, senderId: therapist.id, senderRole: 'therapist', body: 'z'.repeat(10_001), sentAt: new Date().toISOString() },
    }) as Promise<unknown>);
    expect(direct.type).toBe('document_invalid_structure');
  });
});

describe('messages: unread counts, read receipts and the audit log', () => {
  it('the other side\'s unread count rises with each message and falls to 0 when they read; reading is a receipt the sender sees and an audit entry', async () => {
    const id = recordB.$id;
    await call(clientB, { action: 'read', conversationId: id });
    await send(therapist, id, 'First');
    await send(therapist, id, 'Second');
    const before = await conversation(id);
    expect(before['clientUnread']).toBe(2);
    expect(before['therapistUnread']).toBe(0);

    const read = await call(clientB, { action: 'read', conversationId: id });
    expect(read.body).toMatchObject({ success: true, read: 2 });
    // The therapist reads the receipt from the conversation itself.
    const seen = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'conversations', documentId: id });
    expect(seen['clientUnread']).toBe(0);
    expect(Date.parse(String(seen['clientReadAt']))).toBeGreaterThanOrEqual(Date.parse(String(seen['lastMessageAt'])));

    await send(clientB, id, 'Got it');
    expect((await conversation(id))['therapistUnread']).toBe(1);
    await call(therapist, { action: 'read', conversationId: id });
    expect((await conversation(id))['therapistUnread']).toBe(0);

    const log = (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'audit_log', queries: [Query.equal('userId', therapist.id), Query.orderAsc('seq'), Query.limit(500)] })).documents;
    const sends = log.filter((e) => e['action'] === 'message.send');
    const reads = log.filter((e) => e['action'] === 'message.read');
    expect(sends.some((e) => e['actorId'] === clientB.id && e['entityType'] === 'message')).toBe(true);
    expect(sends.some((e) => e['actorId'] === therapist.id)).toBe(true);
    expect(reads.map((e) => [e['actorId'], e['entityId']])).toEqual(expect.arrayContaining([[clientB.id, id], [therapist.id, id]]));
    // Ids only: no words of any message.
    expect(JSON.stringify(log)).not.toContain('hard week');
  });
});

describe('messages: unread counts under concurrency', () => {
  it('many messages sent at once from both sides, and a read among them, leave each count equal to the messages actually unread', async () => {
    const record = await createClient(therapist, { firstName: 'Dee', lastName: 'Race' });
    const client = await invitedClient(aw, therapist, record.$id, String(record.email));
    const id = record.$id;
    await call(client, { action: 'read', conversationId: id });
    const unreadBy = (all: Doc[], stored: ServerModels.DefaultDocument, side: 'therapist' | 'client') => all.filter((m) => (side === 'therapist' ? m['senderRole'] !== 'therapist' : m['senderRole'] === 'therapist')
      && (!stored[`${side}ReadAt`] || String(m['sentAt']) > String(stored[`${side}ReadAt`]))).length;
    // Rounds of sends at once from both sides (the emulator runs 4 at a time, as Appwrite's workers do).
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => send(client, id, `Client ${round}.${i}`)),
        ...Array.from({ length: 4 }, (_, i) => send(therapist, id, `Therapist ${round}.${i}`)),
      ]);
      expect(answers.map((a) => a.status)).toEqual(Array(14).fill(201));
      // Recounted from the messages themselves, after every send has settled.
      const stored = await conversation(id);
      const all = await listAs(therapist, id);
      expect([stored['therapistUnread'], stored['clientUnread']]).toEqual([unreadBy(all, stored, 'therapist'), unreadBy(all, stored, 'client')]);
    }

    // Reads racing new messages: whatever arrives after a read is counted, never wiped by it.
    const burst = await Promise.all([
      call(therapist, { action: 'read', conversationId: id }),
      ...Array.from({ length: 6 }, (_, i) => send(client, id, `More ${i}`)),
      call(therapist, { action: 'read', conversationId: id }),
    ]);
    expect(burst.map((a) => a.status)).toEqual([200, ...Array(6).fill(201), 200]);
    const after = await conversation(id);
    const since = (await listAs(therapist, id)).filter((m) => m['senderRole'] !== 'therapist' && String(m['sentAt']) > String(after['therapistReadAt'])).length;
    expect(after['therapistUnread']).toBe(since);
    await call(therapist, { action: 'read', conversationId: id });
    expect((await conversation(id))['therapistUnread']).toBe(0);
  });
});

describe('messages: the therapist turns messaging off', () => {
  it('for one client: the client cannot send but reads the therapist\'s; for the practice: nobody sends; each side is told why; past messages stay readable', async () => {
    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: recordB.$id, data: { messagingOff: true } });
    const status = await call(clientB, { action: 'status', conversationId: recordB.$id });
    expect(status.body.messaging).toEqual({ on: false, reason: 'client', message: 'Messaging is turned off for you: you can read what the practice sends, but not reply. Please call the practice instead.' });
    const refusedSend = await send(clientB, recordB.$id, 'Hello?');
    expect(refusedSend.status).toBe(409);
    expect(refusedSend.body.reason).toBe('client');
    // Off for one client: the therapist still reaches them (and is told the client can't reply); the client reads it.
    expect((await call(therapist, { action: 'status', conversationId: recordB.$id })).body.messaging).toEqual({
      on: true, reason: 'client', message: 'Messaging is turned off for this client: they can read what you send, but can’t reply. Turn it on to let them write.',
    });
    const toB = await send(therapist, recordB.$id, 'Please call me to reschedule');
    expect(toB.status, toB.raw).toBe(201);
    expect((await listAs(clientB, recordB.$id)).map((m) => m['body'])).toContain('Please call me to reschedule');
    // The other client is not affected.
    expect((await send(clientA, recordA.$id, 'Still here')).status).toBe(201);

    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: settings.$id, data: { messagingEnabled: false, replyWithinDays: 2 } });
    const off = await call(clientA, { action: 'status', conversationId: recordA.$id });
    expect(off.body).toMatchObject({ replyWithinDays: 2, messaging: { on: false, reason: 'practice', message: 'The practice has turned off messaging in the portal. Please call the practice instead.' } });
    expect((await send(clientA, recordA.$id, 'Hello?')).body.reason).toBe('practice');
    // Off for the practice: nobody writes, the therapist neither, and each side is told so.
    const therapistRefused = await send(therapist, recordA.$id, 'Hello');
    expect(therapistRefused.status).toBe(409);
    expect(therapistRefused.body).toMatchObject({ reason: 'practice', error: 'Messaging is turned off for your practice: neither you nor your clients can send messages. Turn it on to write.' });
    expect((await call(therapist, { action: 'status', conversationId: recordA.$id })).body.messaging).toMatchObject({ on: false, reason: 'practice' });

    // A settings document someone else planted in the therapist's name changes nothing.
    await other.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: ID.unique(), data: { userId: therapist.id, practiceName: 'Planted', therapistName: 'Someone', timeZone: 'UTC', currency: 'USD', messagingEnabled: true } });
    expect((await call(clientA, { action: 'status', conversationId: recordA.$id })).body.messaging?.reason).toBe('practice');

    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: settings.$id, data: { messagingEnabled: true } });
    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: recordB.$id, data: { messagingOff: false } });
    expect((await call(clientB, { action: 'status', conversationId: recordB.$id })).body.messaging?.on).toBe(true);
  });
});

describe('messages: attachments', () => {
  it('a PDF the therapist attaches is readable by the client and the therapist only, encrypted at rest', async () => {
    const file = await therapist.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: pdf() });
    const sent = await send(therapist, recordA.$id, 'The worksheet we talked about', file.$id);
    expect(sent.status, sent.raw).toBe(201);
    expect(sent.body.message).toMatchObject({ attachmentFileId: file.$id, attachmentName: 'worksheet.pdf', attachmentType: 'application/pdf', attachmentSize: 20 });
    const stored = await aw.storage.getFile({ bucketId: BUCKET, fileId: file.$id });
    expect(stored.$permissions.sort()).toEqual([`read("user:${clientA.id}")`, `read("user:${therapist.id}")`].sort());
    expect(stored.encryption).toBe(true);
    const url = new URL(clientA.storage.getFileDownload({ bucketId: BUCKET, fileId: file.$id }));
    expect(Buffer.from(await clientA.client.call('get', url, {}, {}, 'arrayBuffer') as ArrayBuffer).toString()).toBe('%PDF-1.4 a worksheet');
    for (const outsider of [clientB, guardian, other]) {
      expect((await refused(outsider.storage.getFile({ bucketId: BUCKET, fileId: file.$id }))).code).toBe(404);
    }
    // Sent once: it cannot be sent again, nor deleted by the therapist who uploaded it.
    expect((await send(therapist, recordA.$id, 'again', file.$id)).status).toBe(400);
    expect((await refused(therapist.storage.deleteFile({ bucketId: BUCKET, fileId: file.$id }))).code).toBe(401);
  });

  it('other types and sizes get Appwrite\'s own errors; a file someone else uploaded, or bytes that are not a PDF or image, are refused', async () => {
    const exe = await refused(clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.from('MZ')], 'tool.exe') }));
    expect(exe.type).toBe('storage_file_type_unsupported');
    const big = await refused(clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.alloc(20_000_001, 1)], 'scan.png') }));
    expect(big.type).toBe('storage_invalid_file_size');
    const disguised = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: pdf('notes.pdf', 'just some text') });
    expect((await send(clientA, recordA.$id, '', disguised.$id)).body).toMatchObject({ field: 'fileId', error: 'Attach a PDF or an image (PNG, JPEG, GIF or WebP) up to 20 MB.' });
    const theirs = await clientB.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: pdf() });
    expect((await send(clientA, recordA.$id, 'look', theirs.$id)).status).toBe(400);
    const image = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: new File([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'photo.png') });
    const withImage = await send(clientA, recordA.$id, '', image.$id);
    expect(withImage.status, withImage.raw).toBe(201);
    expect(withImage.body.message?.['attachmentType']).toBe('image/png');
  });
});

describe('messages: attachments uploaded and never sent', () => {
  it('are swept once a day old: only files still their uploader\'s alone that no message names; sent ones and fresh uploads stay', async () => {
    const services = { databases: aw.databases, storage: aw.storage, collections: collectionsFromEnv({}) };
    const abandoned = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: pdf('draft.pdf') });
    const theirs = await therapist.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: pdf('unsent.pdf') });
    const sentFile = await clientA.storage.createFile({ bucketId: BUCKET, fileId: ID.unique(), file: pdf('sent.pdf') });
    expect((await send(clientA, recordA.$id, 'Sent with a file', sentFile.$id)).status).toBe(201);
    // Today: nothing is a day old yet.
    expect(await sweepUnsentAttachments(services)).toEqual({ deleted: 0, done: true });
    expect((await aw.storage.getFile({ bucketId: BUCKET, fileId: abandoned.$id })).$id).toBe(abandoned.$id);

    // A day and a bit later (the clock passed in, as the schedule's would be).
    await sweepUnsentAttachments(services, { now: Date.now() + 25 * 60 * 60_000 });
    for (const gone of [abandoned, theirs]) expect((await refused(aw.storage.getFile({ bucketId: BUCKET, fileId: gone.$id }))).code).toBe(404);
    const sent = (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'messages', queries: [Query.isNotNull('attachmentFileId')] })).documents;
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const message of sent) expect((await aw.storage.getFile({ bucketId: BUCKET, fileId: String(message['attachmentFileId']) })).$id).toBe(message['attachmentFileId']);
    // A client reads what they sent after the sweep.
    const url = new URL(clientA.storage.getFileDownload({ bucketId: BUCKET, fileId: sentFile.$id }));
    expect(Buffer.from(await clientA.client.call('get', url, {}, {}, 'arrayBuffer') as ArrayBuffer).toString()).toBe('%PDF-1.4 a worksheet');
  });
});

describe('message-email: one email per unread burst', () => {
  it('the first message after the client last read emails "You have a new message from {practice}" with a sign-in link, and the rest of the burst nothing', async () => {
    const record = await createClient(therapist, { firstName: 'Cleo', lastName: 'Park' });
    const client = await invitedClient(aw, therapist, record.$id, String(record.email));
    await call(client, { action: 'status', conversationId: record.$id });
    // Three at once: the events run concurrently, and exactly one email goes out.
    const sent = await Promise.all(['One', 'Two', 'Three'].map((text) => send(therapist, record.$id, `${text}: the word SECRET-${text}`)));
    expect(sent.map((a) => a.status)).toEqual([201, 201, 201]);
    const first = await until(() => messageMails(client.email), (m) => m.length >= 1, 'the first email');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails: DevMail[] = await messageMails(client.email);
    expect(mails).toHaveLength(1);
    expect(first[0]?.subject).toBe(`You have a new message from ${PRACTICE}`);
    expect(first[0]?.text).toContain('http://localhost:3000/portal/messages');
    expect(`${first[0]?.text}${first[0]?.html}`).not.toMatch(/SECRET|One|Cleo|Park/);

    // More while it is unread: still one. A client's own message never emails the client.
    await send(therapist, record.$id, 'Still the same burst');
    await send(client, record.$id, 'Thanks');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await messageMails(client.email)).toHaveLength(1);

    // Replying read the conversation: the next message starts a new burst; and so does reading.
    await send(therapist, record.$id, 'A new burst');
    await until(() => messageMails(client.email), (m) => m.length === 2, 'the second burst email');
    await call(client, { action: 'read', conversationId: record.$id });
    await send(therapist, record.$id, 'A third burst');
    await send(therapist, record.$id, 'Same third burst');
    await until(() => messageMails(client.email), (m) => m.length === 3, 'the third burst email');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await messageMails(client.email)).toHaveLength(3);
  });
});

describe('messages in the export and in deletion', () => {
  it('the practice\'s export has every conversation and message as sent; another therapist\'s has none', async () => {
    const files = await exportTexts(therapist);
    expect(files['messages.csv']).toContain('I had a hard week.');
    expect(files['messages.csv']).toContain('worksheet.pdf');
    expect(files['conversations.csv']).toContain(recordA.$id);
    expect(files['conversations.csv']).toContain(guardian.accessId);
    // The attachments themselves, as sent, by message: the therapist's PDF and the client's image.
    const attachments = Object.keys(files).filter((name) => name.startsWith('message-attachments/'));
    expect(attachments.some((name) => /^message-attachments\/[A-Za-z0-9]+-worksheet\.pdf$/.test(name))).toBe(true);
    expect(attachments.some((name) => name.endsWith('-photo.png'))).toBe(true);
    expect(files[attachments.find((name) => name.endsWith('-worksheet.pdf')) ?? '']).toBe('%PDF-1.4 a worksheet');
    expect(files['README.txt']).toContain(`message-attachments/ (${attachments.length} files)`);
    const theirs = await exportTexts(other);
    expect(theirs['messages.csv'] ?? '').not.toContain('hard week');
    expect(Object.keys(theirs).some((name) => name.startsWith('message-attachments/'))).toBe(false);
  });

  it('account deletion removes the attachments\' files through their messages', async () => {
    const withFiles = (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'messages', queries: [Query.equal('userId', therapist.id), Query.isNotNull('attachmentFileId')] })).documents;
    expect(withFiles.length).toBeGreaterThanOrEqual(2);
    const result = await deleteMessageAttachments({ databases: aw.databases, storage: aw.storage, collections: collectionsFromEnv({}) }, therapist.id);
    expect(result).toEqual({ deleted: withFiles.length, done: true });
    for (const message of withFiles) {
      expect((await refused(aw.storage.getFile({ bucketId: BUCKET, fileId: String(message['attachmentFileId']) }))).code).toBe(404);
    }
  });
});
