// delete-user-selfservice (spec §2 Settings/Delete Account, §7 {success, error}): the signed-in
// caller deletes themself and nobody else, and only with their password (issue 11). Two subscribed users with documents in every
// collection; the function runs in the local Appwrite, Stripe's cancel webhooks reach stripe-webhook.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Functions } from 'appwrite';
import { ID, Permission, Query, Role } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_ID,
  execute,
  PROJECT_ID,
  signedInUser,
  startAppwrite,
  stripeFunctionVars,
  type LocalAppwrite,
  type SignedInUser,
} from './support/billing-appwrite.ts';
import { card, formAction, startStripe, submitForm, type LocalStripe } from './support/billing-stripe.ts';

const APP = 'http://localhost:3000';
const FUNCTION = 'delete-user-selfservice';
/** Every collection holding a user's documents (spec §3), with how many each test user gets. */
const COLLECTIONS = ['customers', 'subscriptions', 'invoices', 'checkout_sessions', 'notifications', 'user_agreements', 'users'] as const;
/** More than one page of the function's listing (100). */
const NOTIFICATIONS = 130;

interface Answer { success: boolean; error: string | null }
/** signedInUser's password (support/billing-appwrite.ts). */
const PASSWORD = 'correct horse battery';
const CONFIRMED = { password: PASSWORD };

let aw: LocalAppwrite;
let stripe: LocalStripe;
let sdk: Stripe;

beforeAll(async () => {
  aw = await startAppwrite();
  stripe = await startStripe(`${aw.origin}/_functions/stripe-webhook`);
  stripeFunctionVars(stripe.port);
  sdk = new Stripe('sk_test_local', { host: '127.0.0.1', port: stripe.port, protocol: 'http' });
}, 60_000);

afterAll(async () => {
  await stripe?.close();
  await aw?.close();
});

async function count(collectionId: string, userId: string): Promise<number> {
  const list = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.equal('userId', userId), Query.limit(1)] });
  return list.total;
}

async function counts(userId: string): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const collectionId of COLLECTIONS) result[collectionId] = await count(collectionId, userId);
  return result;
}

/** The user's own documents, as the app writes them (readable and deletable by the user). */
async function ownDocuments(user: SignedInUser): Promise<void> {
  const own = [Permission.read(Role.user(user.id)), Permission.update(Role.user(user.id)), Permission.delete(Role.user(user.id))];
  const { databases } = aw;
  for (let i = 0; i < NOTIFICATIONS; i += 1) {
    await databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'notifications', documentId: ID.unique(), permissions: own,
      data: { userId: user.id, notificationId: `n${i}`, type: 'welcome', priority: 'low', title: 'Welcome', message: 'Hello', read: false, persistent: false, timestamp: new Date().toISOString() },
    });
  }
  for (const agreementType of ['terms', 'privacy']) {
    await databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'user_agreements', documentId: ID.unique(), permissions: own,
      data: { userId: user.id, agreementType, version: '2024-12-30', accepted: true, acceptedAt: new Date().toISOString() },
    });
  }
  await databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'users', documentId: user.id, permissions: [Permission.read(Role.user(user.id))],
    data: { userId: user.id, email: user.email, name: 'Tester' },
  });
}

/** Checkout paid on the hosted page: a customer, a trialing subscription, a trial invoice. */
async function subscribe(user: SignedInUser): Promise<string> {
  const answer = await execute<{ url: string }>(user.functions, 'checkout', { successUrl: `${APP}/payment-success`, cancelUrl: `${APP}/payment-cancelled` });
  expect(answer.status, answer.raw).toBe(200);
  const result = await submitForm(await formAction(answer.body.url, new URL(answer.body.url).pathname), card('4242424242424242'));
  expect(result.status, result.text.slice(0, 300)).toBe(303);
  await stripe.flush();
  const list = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'subscriptions', queries: [Query.equal('userId', user.id)] });
  const subscriptionId = String(list.documents[0]?.['stripeSubscriptionId'] ?? '');
  expect(subscriptionId).toMatch(/^sub_/);
  return subscriptionId;
}

async function subscribedUser(label: string): Promise<{ user: SignedInUser; subscriptionId: string }> {
  const user = await signedInUser(aw, label);
  const subscriptionId = await subscribe(user);
  await ownDocuments(user);
  const before = await counts(user.id);
  for (const collectionId of COLLECTIONS) expect(before[collectionId], collectionId).toBeGreaterThan(0);
  expect(before['notifications']).toBe(NOTIFICATIONS);
  return { user, subscriptionId };
}

async function expectGone(user: SignedInUser): Promise<void> {
  expect(await counts(user.id)).toEqual(Object.fromEntries(COLLECTIONS.map((c) => [c, 0])));
  await expect(aw.users.get({ userId: user.id })).rejects.toMatchObject({ code: 404 });
  await expect(user.account.get()).rejects.toMatchObject({ code: 401 });
}

describe('delete-user-selfservice', () => {
  it('deletes the caller only: Stripe canceled now, every document, sessions, the user', async () => {
    const alice = await subscribedUser('alice');
    const bob = await subscribedUser('bob');
    const bobBefore = { counts: await counts(bob.user.id), labels: (await aw.users.get({ userId: bob.user.id })).labels };

    // A body naming someone else is ignored: the caller is whoever Appwrite says it is.
    const answer = await execute<Answer>(alice.user.functions, FUNCTION, { userId: bob.user.id, password: PASSWORD });
    expect([answer.status, answer.body]).toEqual([200, { success: true, error: null }]);
    // The cancel's webhooks (customer.subscription.deleted, …) must not bring anything back.
    await stripe.flush();
    // Nor does the hourly sync, which walks every customer Stripe knows (metadata.userId included).
    expect((await execute<Answer>(aw.functions, 'subscriptions-sync', {})).body.success).toBe(true);

    await expectGone(alice.user);
    const canceled = await sdk.subscriptions.retrieve(alice.subscriptionId);
    expect(canceled.status).toBe('canceled');
    expect(canceled.cancel_at_period_end).toBe(false);
    expect(canceled.ended_at).not.toBeNull();

    expect(await counts(bob.user.id)).toEqual(bobBefore.counts);
    expect((await aw.users.get({ userId: bob.user.id })).labels).toEqual(bobBefore.labels);
    expect((await sdk.subscriptions.retrieve(bob.subscriptionId)).status).toBe('trialing');
    expect((await bob.user.account.get()).$id).toBe(bob.user.id);

    // Run again: the session went with the user, so Appwrite refuses it and nothing changes.
    await expect(alice.user.functions.createExecution({ functionId: FUNCTION, body: '' })).rejects.toMatchObject({ code: 401 });
    expect(await counts(bob.user.id)).toEqual(bobBefore.counts);
   }, 90_000);

  it('is idempotent: two runs at once (a double click) both answer success', async () => {
    const carol = await subscribedUser('carol');
    const answers = await Promise.all([execute<Answer>(carol.user.functions, FUNCTION, CONFIRMED), execute<Answer>(carol.user.functions, FUNCTION, CONFIRMED)]);
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([200, { success: true, error: null }]);
    await stripe.flush();
    await expectGone(carol.user);
    expect((await sdk.subscriptions.retrieve(carol.subscriptionId)).status).toBe('canceled');
  });

  it('deletes a user who never subscribed, and one whose Stripe customer is missing', async () => {
    const dave = await signedInUser(aw, 'dave');
    await ownDocuments(dave);
    expect([await execute<Answer>(dave.functions, FUNCTION, CONFIRMED)].map((a) => a.body)).toEqual([{ success: true, error: null }]);
    await expectGone(dave);

    const erin = await signedInUser(aw, 'erin');
    await aw.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'customers', documentId: erin.id, permissions: [Permission.read(Role.user(erin.id))],
      data: { userId: erin.id, stripeCustomerId: 'cus_missing000000' },
    });
    await aw.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'subscriptions', documentId: ID.unique(), permissions: [Permission.read(Role.user(erin.id))],
      data: { userId: erin.id, stripeSubscriptionId: 'sub_missing000000', status: 'active' },
    });
    expect((await execute<Answer>(erin.functions, FUNCTION, CONFIRMED)).body).toEqual({ success: true, error: null });
    await expectGone(erin);
  });

  it('refuses a session without the right password (none, wrong, over-long); nothing deleted', async () => {
    const heidi = await subscribedUser('heidi');
    const before = await counts(heidi.user.id);
    for (const [body, status, error] of [
      [{}, 400, 'Enter your password to delete your account.'],
      [{ password: 'not the password' }, 401, 'Incorrect password'],
      [{ password: 'x'.repeat(300) }, 401, 'Incorrect password'],
    ] as const) {
      const answer = await execute<Answer>(heidi.user.functions, FUNCTION, body);
      expect([answer.status, answer.body]).toEqual([status, { success: false, error }]);
    }
    expect(await counts(heidi.user.id)).toEqual(before);
    expect((await heidi.user.account.get()).$id).toBe(heidi.user.id);
    expect((await sdk.subscriptions.retrieve(heidi.subscriptionId)).status).toBe('trialing');
    expect((await execute<Answer>(heidi.user.functions, FUNCTION, CONFIRMED)).body).toEqual({ success: true, error: null });
    await stripe.flush();
    await expectGone(heidi.user);
  });

  it('refuses an unauthenticated call: Appwrite for a guest, the function without a user; nothing deleted', async () => {
    const frank = await subscribedUser('frank');
    const before = await counts(frank.user.id);
    const guest = new Functions(new Client().setEndpoint(aw.endpoint).setProject(PROJECT_ID));
    await expect(guest.createExecution({ functionId: FUNCTION, body: JSON.stringify({ userId: frank.user.id }) })).rejects.toMatchObject({ code: 401 });
    const keyed = await execute<Answer>(aw.functions, FUNCTION, { userId: frank.user.id });
    expect([keyed.status, keyed.body]).toEqual([401, { success: false, error: 'Sign in to delete your account.' }]);
    expect(await counts(frank.user.id)).toEqual(before);
    expect((await sdk.subscriptions.retrieve(frank.subscriptionId)).status).toBe('trialing');
  });

  it('Stripe unreachable: an error, and the account, its documents and its subscription stay', async () => {
    const grace = await subscribedUser('grace');
    const before = await counts(grace.user.id);
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const working = process.env.FUNCTION_VARS_DELETE_USER_SELFSERVICE;
    process.env.FUNCTION_VARS_DELETE_USER_SELFSERVICE = JSON.stringify({ ...JSON.parse(working ?? '{}') as object, STRIPE_API_PORT: String(closedPort) });
    try {
      const answer = await execute<Answer>(grace.user.functions, FUNCTION, CONFIRMED);
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ success: false, error: 'Could not cancel your subscription, so your account was not deleted. Please try again.' });
    } finally {
      process.env.FUNCTION_VARS_DELETE_USER_SELFSERVICE = working;
    }
    expect(await counts(grace.user.id)).toEqual(before);
    expect((await grace.user.account.get()).$id).toBe(grace.user.id);
    // The password check's session was closed again: the user's own is the only one.
    expect((await aw.users.listSessions({ userId: grace.user.id })).total).toBe(1);
    expect((await sdk.subscriptions.retrieve(grace.subscriptionId)).status).toBe('trialing');

    // With Stripe back, the retry goes through.
    expect((await execute<Answer>(grace.user.functions, FUNCTION, CONFIRMED)).body).toEqual({ success: true, error: null });
    await stripe.flush();
    await expectGone(grace.user);
  });
});

// issue 17: deleting the account also deletes every practice record of the user — every collection
// of backend/appwrite.json with a userId attribute, more than one bulk page in one of them — and leaves
// the other therapist's records as they were.
describe('delete-user-selfservice and the practice', () => {
  interface Attribute { key: string; type: string; format?: string; elements?: string[]; required?: boolean; array?: boolean; min?: number; size?: number }
  const project = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../appwrite.json'), 'utf8')) as {
    collections: Array<{ $id: string; attributes: Attribute[] }>;
  };
  const withUserId = project.collections.filter((c) => c.attributes.some((a) => a.key === 'userId'));
  const practice = withUserId.filter((c) => !(COLLECTIONS as readonly string[]).includes(c.$id));
  /** Several of the function's bulk pages (100), in a collection the audit function does not follow
   * (each audited write queues an audit execution ahead of this one). */
  const BIG = 'appointment_reminders';
  const MANY = 250;

  /** A document with every required attribute, as the schema allows. */
  function documentOf(attributes: Attribute[], userId: string, i: number): Record<string, unknown> {
    const data: Record<string, unknown> = { userId };
    for (const a of attributes) {
      if (!a.required || a.key === 'userId') continue;
      if (a.array) data[a.key] = [];
      else if (a.format === 'enum') data[a.key] = a.elements?.[0];
      // Unique per user and document: some collections have unique indexes (one settings document per user…).
      else if (a.type === 'string') data[a.key] = a.key === 'timeZone' ? 'UTC' : `${i}${userId}`.slice(0, a.size ?? 36);
      // (far above the audit log's own sequence, which the audit function advances as these are written)
      else if (a.type === 'integer' || a.type === 'double') data[a.key] = a.key === 'seq' ? 1_000_000 + i : Math.max(a.min ?? 0, 1);
      else if (a.type === 'boolean') data[a.key] = false;
      else if (a.type === 'datetime') data[a.key] = new Date().toISOString();
    }
    return data;
  }

  async function practiceDocuments(userId: string, count: number): Promise<void> {
    const permissions = [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];
    for (const collection of practice) {
      const n = collection.$id === BIG ? count : 1;
      for (let i = 0; i < n; i += 100) {
        const documents = Array.from({ length: Math.min(100, n - i) }, (_, j) => ({ $id: ID.unique(), $permissions: permissions, ...documentOf(collection.attributes, userId, i + j) }));
        await aw.databases.createDocuments({ databaseId: DATABASE_ID, collectionId: collection.$id, documents }).catch((e: unknown) => {
          throw new Error(`${collection.$id}: ${String(e)}`);
        });
      }
    }
  }

  async function practiceCounts(userId: string): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const collection of withUserId) result[collection.$id] = await count(collection.$id, userId);
    return result;
  }

  it('leaves no document naming the user in any collection with a userId, and the other therapist untouched', async () => {
    expect(practice.map((c) => c.$id)).toEqual(expect.arrayContaining(['practice_settings', 'services', 'clients', 'appointments', 'appointment_series', 'calendar_feeds', 'appointment_reminders']));
    const dana = await subscribedUser('dana');
    const erin = await subscribedUser('erin');
    await practiceDocuments(dana.user.id, MANY);
    await practiceDocuments(erin.user.id, 3);
    const erinBefore = await practiceCounts(erin.user.id);
    const danaBefore = await practiceCounts(dana.user.id);
    for (const collection of practice) expect(danaBefore[collection.$id], collection.$id).toBeGreaterThan(0);
    expect(danaBefore[BIG]).toBe(MANY);
    // An export she never downloaded: its ZIP sits in the exports bucket.
    const exported = await execute<{ exportId: string }>(dana.user.functions, 'export-data', {});
    expect(exported.status, exported.raw).toBe(200);
    expect((await aw.storage.getFile({ bucketId: 'exports', fileId: exported.body.exportId })).$id).toBe(exported.body.exportId);
    // A consent she had signed by a client: its PDF in the signed_consents bucket, named by its record (issue 31).
    const [consent] = (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', queries: [Query.equal('userId', dana.user.id)] })).documents;
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'consent_signatures', documentId: consent!.$id, data: { bucketId: 'signed_consents' } });
    await aw.storage.createFile({ bucketId: 'signed_consents', fileId: String(consent!.fileId), file: InputFile.fromBuffer(Buffer.from('%PDF-1.4 signed'), 'signed-consent.pdf') });

    const answer = await execute<Answer>(dana.user.functions, FUNCTION, CONFIRMED);
    expect([answer.status, answer.body]).toEqual([200, { success: true, error: null }]);
    await stripe.flush();

    expect(await practiceCounts(dana.user.id)).toEqual(Object.fromEntries(withUserId.map((c) => [c.$id, 0])));
    await expect(aw.storage.getFile({ bucketId: 'exports', fileId: exported.body.exportId })).rejects.toMatchObject({ code: 404 });
    await expect(aw.storage.getFile({ bucketId: 'signed_consents', fileId: String(consent!.fileId) })).rejects.toMatchObject({ code: 404 });
    await expect(aw.users.get({ userId: dana.user.id })).rejects.toMatchObject({ code: 404 });
    // The audit function appends to erin's log as her own writes are processed, never removes from it.
    const erinAfter = await practiceCounts(erin.user.id);
    expect(erinAfter['audit_log'] ?? 0).toBeGreaterThanOrEqual(erinBefore['audit_log'] ?? 0);
    expect({ ...erinAfter, audit_log: 0 }).toEqual({ ...erinBefore, audit_log: 0 });
  }, 180_000);

  it('deletes a practice bigger than one run: the account closed at once, the rest deleted by runs it queues itself until nothing is left, the other therapist untouched', async () => {
    const vars = process.env['FUNCTION_VARS_DELETE_USER_SELFSERVICE'];
    // One bulk page per run (a run deletes until its budget is spent, then queues the next).
    process.env['FUNCTION_VARS_DELETE_USER_SELFSERVICE'] = JSON.stringify({ ...(JSON.parse(vars ?? '{}') as object), DELETION_RUN_BUDGET_MS: '1' });
    try {
      const fay = await subscribedUser('fay');
      const gus = await subscribedUser('gus');
      await practiceDocuments(fay.user.id, 450);
      await practiceDocuments(gus.user.id, 3);
      const gusBefore = await practiceCounts(gus.user.id);
      const runsBefore = (await aw.functions.listExecutions({ functionId: FUNCTION })).total;

      const answer = await execute<Answer & { pending?: boolean; remaining?: number | null }>(fay.user.functions, FUNCTION, CONFIRMED);
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.body).toMatchObject({ success: true, error: null, pending: true });
      expect(answer.body.remaining).toBeGreaterThan(0);
      expect(answer.body.remaining).toBeLessThan(450 + practice.length);
      // Closed at once: no session works and nobody can sign in, while the records are still going.
      await expect(fay.user.account.get()).rejects.toMatchObject({ code: expect.any(Number) as number });
      const signIn = await fetch(`${aw.endpoint}/account/sessions/email`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID }, body: JSON.stringify({ email: fay.user.email, password: PASSWORD }),
      });
      expect([401, 403]).toContain(signIn.status);
      const closed = await aw.users.get({ userId: fay.user.id }).catch(() => null);
      if (closed) expect(closed).toMatchObject({ status: false, labels: expect.arrayContaining(['deleting']) as string[] });
      // A signed-in caller can't continue someone's deletion: the continuation is the function's own.
      const forged = await execute<Answer>(gus.user.functions, FUNCTION, { continueDeletion: fay.user.id });
      expect(forged.status).toBe(400);
      // …and the function's own continuation refuses an account that is not closed for deletion.
      expect((await execute<Answer>(aw.functions, FUNCTION, { continueDeletion: gus.user.id })).status).toBe(409);

      const deadline = Date.now() + 150_000;
      for (;;) {
        const gone = await aw.users.get({ userId: fay.user.id }).then(() => false, () => true);
        if (gone) break;
        if (Date.now() > deadline) throw new Error(`still there: ${JSON.stringify(await practiceCounts(fay.user.id))}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await stripe.flush();
      expect(await practiceCounts(fay.user.id)).toEqual(Object.fromEntries(withUserId.map((c) => [c.$id, 0])));
      expect(await counts(fay.user.id)).toEqual(Object.fromEntries(COLLECTIONS.map((c) => [c, 0])));
      // It took several runs of the function, each queued by the one before.
      expect((await aw.functions.listExecutions({ functionId: FUNCTION })).total - runsBefore).toBeGreaterThan(3);
      const gusAfter = await practiceCounts(gus.user.id);
      expect({ ...gusAfter, audit_log: 0 }).toEqual({ ...gusBefore, audit_log: 0 });
      expect(gusAfter['audit_log'] ?? 0).toBeGreaterThanOrEqual(gusBefore['audit_log'] ?? 0);
      expect((await aw.users.get({ userId: gus.user.id })).status).toBe(true);
    } finally {
      if (vars === undefined) delete process.env['FUNCTION_VARS_DELETE_USER_SELFSERVICE'];
      else process.env['FUNCTION_VARS_DELETE_USER_SELFSERVICE'] = vars;
    }
  }, 300_000);
});
