// delete-user-selfservice {password} → {success, error, pending?} (spec §7): deletes the signed-in
// caller's account and nothing else. The user is the one Appwrite names in x-appwrite-user-id; the body
// carries only the caller's password, which Appwrite itself checks first (issue 11: a session alone
// — a link to /account-cleanup, a forged click — must not be enough to destroy a practice).
// Order matters, so that a failure leaves an account the user can still retry with:
//   1. Stripe: every customer of the user is marked (metadata accountDeletedAt, so stripe-webhook and
//      subscriptions-sync stop writing documents for it) and its running subscriptions are canceled
//      now, not at the period end. Stripe unreachable → an error and nothing deleted: an account
//      must not disappear while its subscription keeps charging.
//   2. The account is closed at once (issue 17, a practice of any size): labelled `deleting` and
//      blocked (Appwrite's user status), and its sessions deleted — nobody can sign in or use a
//      session any more, and the audit function stops recording for it.
//   3. The user's documents in every collection that holds them: first the data exports' ZIPs and the
//      signed consents' PDFs (each with its record),
//      every practice record (clients, appointments and series, notes, ledger, settings, exports… in
//      bulk pages, the audit log last),
//      then the billing ones, customers late so that a retry still finds Stripe; then the user.
// A run deletes for at most DELETION_RUN_BUDGET_MS (8 s of the function's 15 s); a practice too big
// for that (50,000 appointments at ~11 ms a document) is handed to a new asynchronous execution of
// this function, created with its own key ({continueDeletion: userId}, no user: a signed-in caller
// can never ask for it), which carries on where the last stopped and queues the next until nothing is
// left. The first answer says so ({success, pending: true, remaining}); the account is closed either way.
// Running it again (a double click) finds the user gone or already closed and still answers success.
import { Account, AppwriteException, Databases, Functions, Query, Storage, Users } from 'node-appwrite';
import { DELETING_LABEL } from '../../lib/account-deletion.js';
import { ACCOUNT_DELETED_METADATA } from '../../lib/billing-sync.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { deleteExports, exportsBucketFromEnv } from '../../lib/data-exports.js';
import { guestClient, messageOf, readBody, serverClient, TOO_MANY_REQUESTS } from '../../lib/execution.js';
import { deleteFormUploads } from '../../lib/form-uploads.js';
import { deleteMessageAttachments } from '../../lib/messaging.js';
import { deleteSignedConsents } from '../../lib/signed-consents.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/**
 * @typedef {import('../../lib/execution.js').Context} Context
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {import('../../lib/collections.js').Collections} Collections
 */

/** How long one run deletes before queueing the next (the function's timeout is 15 s). */
const DEFAULT_RUN_BUDGET_MS = 8_000;
/** Failed continuation runs in a row before giving up (each is logged). */
const MAX_FAILED_RUNS = 10;

/** Subscriptions that can no longer charge. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);
const PAGE = 100;
/** Practice documents go in bulk pages of Appwrite's batch size (APP_LIMIT_DATABASE_BATCH). */
const BULK_PAGE = 100;

/**
 * The billing collections holding a user's documents (field `userId`), in deletion order. Customers
 * come late so a retry still finds the customer.
 * @param {Collections} c
 */
const userDocumentCollections = (c) => [c.notifications, c.userAgreements, c.checkoutSessions, c.invoices, c.subscriptions, c.customers, c.users];

/**
 * Every other collection of the project (issue 17: the practice's records, each with `userId`), so a
 * collection added to lib/collections.js is deleted with the account without another line here; the
 * audit log last, so it records the deletion of the rest until the end.
 * @param {Collections} c
 */
export function practiceCollections(c) {
  const billing = new Set([...userDocumentCollections(c), c.webhookEvents, c.databaseId]);
  const auditLog = process.env.AUDIT_LOG_COLLECTION_ID || 'audit_log';
  const ids = Object.values(c).filter((id) => !billing.has(id) && id !== auditLog);
  return [...new Set(ids), auditLog];
}

/**
 * Every document naming the user in a practice collection, deleted in bulk pages (the server key is
 * not rate-limited) until none is left or `deadline` (epoch ms) passes; a collection this deployment
 * does not have yet is skipped.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} userId
 * @param {number} [deadline]
 * @returns {Promise<{ deleted: number, done: boolean }>}
 */
async function deletePracticeDocuments(databases, databaseId, collectionId, userId, deadline = Infinity) {
  let deleted = 0;
  for (;;) {
    /** @type {number} */
    let gone;
    try {
      gone = (await databases.deleteDocuments({ databaseId, collectionId, queries: [Query.equal('userId', userId), Query.limit(BULK_PAGE)] })).documents.length;
    } catch (e) {
      if (e instanceof AppwriteException && e.type === 'collection_not_found') return { deleted, done: true };
      throw e;
    }
    deleted += gone;
    if (gone < BULK_PAGE) return { deleted, done: true };
    if (Date.now() >= deadline) return { deleted, done: false };
  }
}

/**
 * How many practice documents of the user are left (Appwrite's totals), for the answer.
 * @param {Databases} databases
 * @param {Collections} collections
 * @param {string} userId
 */
async function practiceDocumentsLeft(databases, collections, userId) {
  let left = 0;
  for (const collectionId of practiceCollections(collections)) {
    try {
      left += (await databases.listDocuments({ databaseId: collections.databaseId, collectionId, queries: [Query.equal('userId', userId), Query.limit(1)] })).total;
    } catch (e) {
      if (!(e instanceof AppwriteException && e.type === 'collection_not_found')) throw e;
    }
  }
  return left;
}

/**
 * Deletes what one run can: practice records until `deadline`; when they are all gone, the billing
 * documents, the sessions, the user, and a last sweep of the audit log. Returns whether the whole
 * account is gone.
 * @param {{ databases: Databases, users: Users, collections: Collections, userId: string, deadline: number, log: (m: string) => void }} run
 * @returns {Promise<boolean>}
 */
async function deleteWhatFits({ databases, users, collections, userId, deadline, log }) {
  // The exports' ZIPs first: they are found through their data_exports documents, deleted below.
  const storage = new Storage(databases.client);
  let documents = await deleteExports({ databases, storage, collections, bucketId: exportsBucketFromEnv(process.env) }, userId, { all: true });
  // The signed consents' PDFs likewise, each found through its consent_signatures record.
  const consents = await deleteSignedConsents({ databases, storage, collections }, userId, deadline);
  documents += consents.deleted;
  if (!consents.done) {
    log(`deleted ${documents} documents of ${userId}; more to come`);
    return false;
  }
  // And the message attachments, found through their messages (issue 32), and the form uploads
  // through their responses and drafts (issue 31).
  for (const files of [deleteMessageAttachments, deleteFormUploads]) {
    const result = await files({ databases, storage, collections }, userId, deadline);
    documents += result.deleted;
    if (!result.done) {
      log(`deleted ${documents} documents of ${userId}; more to come`);
      return false;
    }
  }
  for (const collectionId of practiceCollections(collections)) {
    const { deleted, done } = await deletePracticeDocuments(databases, collections.databaseId, collectionId, userId, deadline);
    documents += deleted;
    if (!done) {
      log(`deleted ${documents} documents of ${userId}; more to come`);
      return false;
    }
  }
  for (const collectionId of userDocumentCollections(collections)) {
    documents += await deleteUserDocuments(databases, collections.databaseId, collectionId, userId);
  }
  try {
    await users.deleteSessions({ userId });
    await users.delete({ userId });
  } catch (e) {
    // A concurrent run deleted the user first.
    if (!isAppwriteNotFound(e)) throw e;
  }
  // The sign-outs are audited by an event-triggered function that may have written its entry after
  // the log was emptied: one more sweep now that the user is gone (the function writes nothing for a
  // user who no longer exists or is being deleted, and removes an entry it wrote as the user went).
  const auditLog = practiceCollections(collections).at(-1);
  if (auditLog) documents += (await deletePracticeDocuments(databases, collections.databaseId, auditLog, userId)).deleted;
  log(`deleted user ${userId} with ${documents} documents in the last run`);
  return true;
}

/**
 * Closes the account at once: the `deleting` label (what a continuation run checks), blocked, no
 * sessions. Idempotent.
 * @param {Users} users
 * @param {string} userId
 */
async function closeAccount(users, userId) {
  const user = await users.get({ userId });
  if (!user.labels.includes(DELETING_LABEL)) await users.updateLabels({ userId, labels: [...user.labels, DELETING_LABEL] });
  if (user.status) await users.updateStatus({ userId, status: false });
  await users.deleteSessions({ userId });
}

/**
 * Hands the rest to a new asynchronous execution of this function, created with its key.
 * @param {import('../../lib/execution.js').ExecutionRequest} req
 * @param {string} userId
 * @param {number} failedRuns
 */
async function queueNextRun(req, userId, failedRuns = 0) {
  await new Functions(serverClient(req)).createExecution({
    functionId: process.env.APPWRITE_FUNCTION_ID || 'delete-user-selfservice',
    body: JSON.stringify({ continueDeletion: userId, failedRuns }),
    async: true,
  });
}

/** @param {Record<string, string | undefined>} env */
const runBudgetMs = (env) => {
  const ms = Number(env.DELETION_RUN_BUDGET_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_RUN_BUDGET_MS;
};

/**
 * A continuation run ({continueDeletion, failedRuns}), queued by an earlier run with the function's
 * key: only for an account that is closed for deletion (labelled and blocked).
 * @param {Context} context
 * @param {Record<string, unknown>} body
 */
async function continueDeletion({ req, res, log, error }, body) {
  const userId = typeof body.continueDeletion === 'string' ? body.continueDeletion : '';
  const failedRuns = typeof body.failedRuns === 'number' ? body.failedRuns : 0;
  const client = serverClient(req);
  const users = new Users(client);
  let user;
  try {
    user = await users.get({ userId });
  } catch (e) {
    if (isAppwriteNotFound(e)) return res.json({ success: true, error: null });
    throw e;
  }
  if (!user.labels.includes(DELETING_LABEL) || user.status) {
    error(`continueDeletion refused: ${userId} is not closed for deletion`);
    return res.json({ success: false, error: 'This account is not being deleted.' }, 409);
  }
  const deadline = Date.now() + runBudgetMs(process.env);
  try {
    const done = await deleteWhatFits({ databases: new Databases(client), users, collections: collectionsFromEnv(process.env), userId, deadline, log });
    if (!done) await queueNextRun(req, userId);
    return res.json({ success: true, error: null, pending: !done });
  } catch (e) {
    error(`delete-user-selfservice continuation for ${userId} failed (${failedRuns + 1} in a row): ${messageOf(e)}`);
    if (failedRuns + 1 < MAX_FAILED_RUNS) await queueNextRun(req, userId, failedRuns + 1).catch((q) => error(`could not queue the next run: ${messageOf(q)}`));
    return res.json({ success: false, error: 'Deletion run failed; the next run continues.' }, 500);
  }
}

/** @param {unknown} e */
const isAppwriteNotFound = (e) => e instanceof AppwriteException && e.code === 404;
/** @param {unknown} e */
const isStripeMissing = (e) => typeof e === 'object' && e !== null && 'code' in e && e.code === 'resource_missing';

/**
 * Every document id of the user in one collection (all pages).
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} userId
 * @returns {Promise<string[]>}
 */
async function userDocumentIds(databases, databaseId, collectionId, userId) {
  /** @type {string[]} */
  const ids = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    const queries = [Query.equal('userId', userId), Query.orderAsc('$id'), Query.limit(PAGE)];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const page = await databases.listDocuments({ databaseId, collectionId, queries });
    ids.push(...page.documents.map((d) => d.$id));
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < PAGE || !last) return ids;
    cursor = last.$id;
  }
}

/**
 * The user's Stripe customers: the customers document's, any customer checkout tagged with the
 * user id, and the customers of the subscriptions the user's documents name.
 * @param {StripeClient} stripe
 * @param {Databases} databases
 * @param {Collections} collections
 * @param {string} userId
 * @returns {Promise<Set<string>>}
 */
async function stripeCustomersOf(stripe, databases, collections, userId) {
  /** @type {Set<string>} */
  const ids = new Set();
  try {
    const document = await databases.getDocument({ databaseId: collections.databaseId, collectionId: collections.customers, documentId: userId });
    if (typeof document['stripeCustomerId'] === 'string' && document['stripeCustomerId']) ids.add(document['stripeCustomerId']);
  } catch (e) {
    if (!isAppwriteNotFound(e)) throw e;
  }
  // Appwrite user ids are [A-Za-z0-9._-]: nothing in them can break out of the quoted value.
  for await (const customer of stripe.customers.search({ query: `metadata['userId']:'${userId}'`, limit: PAGE })) ids.add(customer.id);
  for (const documentId of await userDocumentIds(databases, collections.databaseId, collections.subscriptions, userId)) {
    const document = await databases.getDocument({ databaseId: collections.databaseId, collectionId: collections.subscriptions, documentId });
    const subscriptionId = document['stripeSubscriptionId'];
    if (typeof subscriptionId !== 'string' || !subscriptionId) continue;
    try {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      ids.add(typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id);
    } catch (e) {
      if (!isStripeMissing(e)) throw e;
    }
  }
  return ids;
}

/**
 * Marks the customer and cancels its running subscriptions immediately. A customer Stripe no
 * longer has is fine. Returns whether the customer was marked (to undo on a later failure).
 * @param {StripeClient} stripe
 * @param {string} customerId
 * @param {string} now
 * @returns {Promise<{ marked: boolean, canceled: string[] }>}
 */
async function closeStripeCustomer(stripe, customerId, now) {
  try {
    const customer = await stripe.customers.retrieve(customerId);
    if ('deleted' in customer && customer.deleted) return { marked: false, canceled: [] };
    await stripe.customers.update(customerId, { metadata: { [ACCOUNT_DELETED_METADATA]: now } });
  } catch (e) {
    if (isStripeMissing(e)) return { marked: false, canceled: [] };
    throw e;
  }
  /** @type {string[]} */
  const canceled = [];
  for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: PAGE })) {
    if (ENDED_STATUSES.has(subscription.status)) continue;
    try {
      await stripe.subscriptions.cancel(subscription.id);
      canceled.push(subscription.id);
    } catch (e) {
      // A concurrent run (double click) may have canceled it a moment ago.
      const latest = await stripe.subscriptions.retrieve(subscription.id);
      if (!ENDED_STATUSES.has(latest.status)) throw e;
    }
  }
  return { marked: true, canceled };
}

/**
 * Every document of the user in the collection, deleted; one already gone is fine.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} userId
 * @returns {Promise<number>}
 */
async function deleteUserDocuments(databases, databaseId, collectionId, userId) {
  let deleted = 0;
  for (const documentId of await userDocumentIds(databases, databaseId, collectionId, userId)) {
    try {
      await databases.deleteDocument({ databaseId, collectionId, documentId });
      deleted += 1;
    } catch (e) {
      if (!isAppwriteNotFound(e)) throw e;
    }
  }
  return deleted;
}

/**
 * The caller's password, checked by Appwrite as a login would (its rate limit included) through a
 * guest client; the session the check opens is closed again. 'gone' when a concurrent run has
 * already deleted the user.
 * @param {Users} users
 * @param {string} userId
 * @param {string} password
 * @returns {Promise<'ok' | 'wrong' | 'limited' | 'gone'>} 'gone' also when another run is deleting it
 */
async function checkPassword(users, userId, password) {
  let email;
  try {
    email = (await users.get({ userId })).email;
  } catch (e) {
    if (isAppwriteNotFound(e)) return 'gone';
    throw e;
  }
  try {
    const session = await new Account(guestClient()).createEmailPasswordSession({ email, password });
    await users.deleteSession({ userId, sessionId: session.$id }).catch(() => undefined);
    return 'ok';
  } catch (e) {
    if (!(e instanceof AppwriteException)) throw e;
    if (e.code === 429) return 'limited';
    // A double click: the other run has closed the account already (blocked) and carries on.
    if (e.type === 'user_blocked') return 'gone';
    if (e.code !== 400 && e.code !== 401) throw e;
    // A double click: the other run may have deleted the user between the two calls.
    return (await users.get({ userId }).then(() => false, (g) => isAppwriteNotFound(g))) ? 'gone' : 'wrong';
  }
}

/** @param {Context} context */
export default async (context) => {
  const { req, res, log, error } = context;
  const userId = req.headers['x-appwrite-user-id'];
  const body = readBody(req.bodyText);
  // A continuation comes from this function's own key: an execution without a user (a signed-in
  // caller always has one, and guests can't execute it).
  if (!userId && typeof body.continueDeletion === 'string' && body.continueDeletion) return continueDeletion(context, body);
  if (!userId) return res.json({ success: false, error: 'Sign in to delete your account.' }, 401);
  if (!process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_SECRET_KEY must be set as a function variable.');
    return res.json({ success: false, error: 'Account deletion is not configured.' }, 500);
  }
  const client = serverClient(req);
  const databases = new Databases(client);
  const users = new Users(client);

  const { password } = body;
  if (typeof password !== 'string' || !password) return res.json({ success: false, error: 'Enter your password to delete your account.' }, 400);
  const check = await checkPassword(users, userId, password);
  if (check === 'gone') return res.json({ success: true, error: null });
  if (check === 'limited') return res.json({ success: false, error: TOO_MANY_REQUESTS }, 429);
  // spec §8: a wrong password reads 'Incorrect password'.
  if (check === 'wrong') return res.json({ success: false, error: 'Incorrect password' }, 401);
  const collections = collectionsFromEnv(process.env);
  const stripe = stripeFromEnv(process.env);

  /** @type {string[]} */
  const marked = [];
  try {
    const now = new Date().toISOString();
    for (const customerId of await stripeCustomersOf(stripe, databases, collections, userId)) {
      const result = await closeStripeCustomer(stripe, customerId, now);
      if (result.marked) marked.push(customerId);
      if (result.canceled.length) log(`canceled ${result.canceled.join(', ')} of ${customerId}`);
    }
  } catch (e) {
    error(`delete-user-selfservice for ${userId}: billing could not be closed: ${messageOf(e)}`);
    // The account stays, so its billing must keep syncing: take the marks back (best effort).
    for (const customerId of marked) {
      await stripe.customers.update(customerId, { metadata: { [ACCOUNT_DELETED_METADATA]: '' } }).catch(() => undefined);
    }
    return res.json({ success: false, error: 'Could not cancel your subscription, so your account was not deleted. Please try again.' }, 502);
  }

  try {
    await closeAccount(users, userId);
  } catch (e) {
    if (isAppwriteNotFound(e)) return res.json({ success: true, error: null }); // a concurrent run finished
    error(`delete-user-selfservice for ${userId}: the account could not be closed: ${messageOf(e)}`);
    await users.updateStatus({ userId, status: true }).catch(() => undefined);
    return res.json({ success: false, error: 'Could not delete your account. Please try again.' }, 500);
  }

  const deadline = Date.now() + runBudgetMs(process.env);
  try {
    if (await deleteWhatFits({ databases, users, collections, userId, deadline, log })) return res.json({ success: true, error: null });
  } catch (e) {
    // The account is closed (the user can't retry): the next run carries on.
    error(`delete-user-selfservice for ${userId}: ${messageOf(e)}; the next run continues`);
  }
  try {
    await queueNextRun(req, userId);
    const remaining = await practiceDocumentsLeft(databases, collections, userId).catch(() => null);
    return res.json({ success: true, error: null, pending: true, remaining });
  } catch (e) {
    // Nothing will carry on: open the account again so the therapist can retry.
    error(`delete-user-selfservice for ${userId} could not queue the next run: ${messageOf(e)}`);
    await users.updateStatus({ userId, status: true }).catch(() => undefined);
    return res.json({ success: false, error: 'Could not delete your account. Please try again.' }, 500);
  }
};
