// Who reaches a client's portal items (issue 31 "Guardians"): the client's own login (the portal_access
// document whose id is the client record's) and each parent or guardian the therapist invited (a
// portal_access document with role `guardian`, its own id, its clientUserId the guardian's own
// login). Each item the therapist sends names its `audience` — the client, the guardians or both —
// and carries `read("user:<login>")` for exactly those linked now. Only functions write these reads,
// and they recompute them from the links (syncPortalReaders) whenever a link is made or revoked,
// so a revoked guardian keeps no read anywhere.
import { AppwriteException, Permission, Query, Role } from 'node-appwrite';
import { formUploadsBucketFromEnv, responseFileIds } from './form-uploads.js';
import { messageAttachmentsBucketFromEnv } from './messaging.js';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Storage} Storage
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {'client' | 'guardian' | 'both'} Audience
 * @typedef {'self' | 'guardian'} Relationship
 * @typedef {{ client: Doc | null, guardians: Doc[] }} PortalPeople
 */

export const GUARDIAN_ROLE = 'guardian';
/** How a guardian is named wherever a relationship shows (the certificate, the therapist's list). */
export const GUARDIAN_LABEL = 'parent/guardian';
export const AUDIENCES = /** @type {const} */ (['client', 'guardian', 'both']);
const AGE_OF_MAJORITY = 18;

/** @param {unknown} value @returns {Audience | null} */
export const audienceOf = (value) => (typeof value === 'string' && /** @type {readonly string[]} */ (AUDIENCES).includes(value) ? /** @type {Audience} */ (value) : null);

/** An item stored before guardians existed has no audience: it was the client's. @param {unknown} audience @param {'client' | 'guardian'} who */
export const audienceIncludes = (audience, who) => {
  const a = audienceOf(audience) ?? 'client';
  return a === 'both' || a === who;
};

/**
 * Whether a date of birth (YYYY-MM-DD) makes the client under 18 on `now`; null when unknown.
 * @param {unknown} dateOfBirth
 * @param {Date} [now]
 */
export function isMinor(dateOfBirth, now = new Date()) {
  const match = typeof dateOfBirth === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [thisMonth, thisDay] = [now.getUTCMonth() + 1, now.getUTCDate()];
  const turned = thisMonth > month || (thisMonth === month && thisDay >= day);
  return now.getUTCFullYear() - year - (turned ? 0 : 1) < AGE_OF_MAJORITY;
}

/**
 * The audience when the therapist chose none: a minor's guardians act for them; otherwise the
 * client, or the guardians when only they have a login.
 * @param {PortalPeople} people
 * @param {unknown} dateOfBirth
 * @returns {Audience}
 */
export function defaultAudience(people, dateOfBirth) {
  if (isMinor(dateOfBirth) && people.guardians.length > 0) return 'guardian';
  if (people.client || people.guardians.length === 0) return 'client';
  return 'guardian';
}

/**
 * @param {Databases} databases @param {string} databaseId @param {string} collectionId @param {string} documentId
 * @returns {Promise<Doc | null>}
 */
async function getOrNull(databases, databaseId, collectionId, documentId) {
  try {
    return /** @type {Doc} */ (await databases.getDocument({ databaseId, collectionId, documentId }));
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) return null;
    throw e;
  }
}

/**
 * The practice's links for one client record: the client's own and every guardian's.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} practice the therapist
 * @param {string} clientId
 * @returns {Promise<PortalPeople>}
 */
export async function portalPeople(databases, c, practice, clientId) {
  const own = await getOrNull(databases, c.databaseId, c.portalAccess, clientId);
  const client = own && own['userId'] === practice && own['role'] !== GUARDIAN_ROLE && typeof own['clientUserId'] === 'string' ? own : null;
  const listed = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.portalAccess,
    queries: [Query.equal('userId', practice), Query.equal('clientId', clientId), Query.equal('role', GUARDIAN_ROLE), Query.limit(100)], total: false,
  });
  return { client, guardians: listed.documents.filter((doc) => doc['userId'] === practice && doc['clientId'] === clientId) };
}

/**
 * The logins an audience reaches now, and the item's permissions: read for the therapist and them.
 * @param {string} practice
 * @param {PortalPeople} people
 * @param {unknown} audience
 */
export function readersOf(practice, people, audience) {
  const logins = [
    ...(audienceIncludes(audience, 'client') && people.client ? [String(people.client['clientUserId'])] : []),
    ...(audienceIncludes(audience, 'guardian') ? people.guardians.map((g) => String(g['clientUserId'])) : []),
  ];
  const unique = [...new Set(logins)];
  return {
    logins: unique,
    clientUserId: audienceIncludes(audience, 'client') && people.client ? String(people.client['clientUserId']) : null,
    permissions: [Permission.read(Role.user(practice)), ...unique.map((id) => Permission.read(Role.user(id)))],
  };
}

/** @param {Doc} doc @param {string} userId */
export const readableBy = (doc, userId) => doc.$permissions.includes(Permission.read(Role.user(userId)));

/**
 * The caller's link through which they act for this client: their own (`self`) or a guardian's.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {{ practice: string, clientId: string, callerId: string }} who
 * @returns {Promise<{ link: Doc, relationship: Relationship } | null>}
 */
export async function actingLink(databases, c, { practice, clientId, callerId }) {
  const people = await portalPeople(databases, c, practice, clientId);
  if (people.client && people.client['clientUserId'] === callerId) return { link: people.client, relationship: 'self' };
  const guardian = people.guardians.find((g) => g['clientUserId'] === callerId);
  return guardian ? { link: guardian, relationship: 'guardian' } : null;
}

/**
 * For the functions a portal login acts through (fill-form, sign-consent, submit-measure,
 * portal-documents): the item must be shared with the caller and the caller still linked.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {Doc | null} item
 * @param {string} callerId
 */
export async function actorFor(databases, c, item, callerId) {
  if (!item || !readableBy(item, callerId)) return null;
  return actingLink(databases, c, { practice: String(item['userId']), clientId: String(item['clientId']), callerId });
}

/**
 * Every portal document of one client, with who should read it: the items by their audience, the
 * answers by their request's, the e-records decisions and signatures by their signer while linked.
 * @param {Collections} c
 */
const SYNCED = (c) => /** @type {const} */ ([
  { collectionId: c.consentRequests, kind: 'item' },
  { collectionId: c.measureRequests, kind: 'item' },
  { collectionId: c.formRequests, kind: 'item' },
  { collectionId: c.formPackets, kind: 'item' },
  { collectionId: c.portalDocuments, kind: 'item' },
  { collectionId: c.formResponses, kind: 'response', requests: c.formRequests },
  { collectionId: c.measureResponses, kind: 'response', requests: c.measureRequests },
  { collectionId: c.esignConsents, kind: 'signer', signer: 'clientUserId' },
  { collectionId: c.consentSignatures, kind: 'signer', signer: 'signerUserId' },
  // Issue 32: a conversation and its messages are the one login's of their link.
  { collectionId: c.conversations, kind: 'signer', signer: 'clientUserId' },
  { collectionId: c.messages, kind: 'signer', signer: 'clientUserId' },
]);

/** @param {Databases} databases @param {string} databaseId @param {string} collectionId @param {string} practice @param {string} clientId */
async function allOf(databases, databaseId, collectionId, practice, clientId) {
  /** @type {Doc[]} */
  const all = [];
  let cursor = '';
  for (;;) {
    const page = await databases.listDocuments({
      databaseId, collectionId, total: false,
      queries: [Query.equal('userId', practice), Query.equal('clientId', clientId), Query.limit(500), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    all.push(...page.documents.filter((d) => d['userId'] === practice));
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < 500 || !last) return all;
    cursor = last.$id;
  }
}

/** @param {string[]} a @param {string[]} b */
const samePermissions = (a, b) => a.length === b.length && [...a].sort().every((p, i) => p === [...b].sort()[i]);

/**
 * Rewrites the reads on every portal document of one client from the links as they are now: a new
 * guardian gains what is shared with guardians, a revoked login loses everything. The signed PDFs
 * follow their signatures. Nothing else of a document changes.
 * @param {{ databases: Databases, storage: Storage, c: Collections }} run
 * @param {string} practice
 * @param {string} clientId
 * @param {string} bucketId the signed consents' bucket
 * @returns {Promise<number>} how many documents changed
 */
export async function syncPortalReaders({ databases, storage, c }, practice, clientId, bucketId) {
  const people = await portalPeople(databases, c, practice, clientId);
  const linked = new Set([people.client, ...people.guardians].flatMap((l) => (l ? [String(l['clientUserId'])] : [])));
  /** @type {Map<string, unknown>} request id → its audience */
  const audiences = new Map();
  let changed = 0;
  for (const spec of SYNCED(c)) {
    // One collection at a time: the answers need their requests' audiences first.
    for (const doc of await allOf(databases, c.databaseId, spec.collectionId, practice, clientId)) {
      /** @type {string[]} */
      let wanted;
      if (spec.kind === 'item') {
        audiences.set(doc.$id, doc['audience']);
        wanted = readersOf(practice, people, doc['audience']).permissions;
      } else if (spec.kind === 'response') {
        const audience = audiences.has(String(doc['requestId'])) ? audiences.get(String(doc['requestId'])) : doc['audience'];
        wanted = readersOf(practice, people, audience).permissions;
      } else {
        const signer = String(doc[spec.signer] ?? '');
        wanted = [Permission.read(Role.user(practice)), ...(linked.has(signer) ? [Permission.read(Role.user(signer))] : [])];
      }
      if (samePermissions(doc.$permissions, wanted)) continue;
      await databases.updateDocument({ databaseId: c.databaseId, collectionId: spec.collectionId, documentId: doc.$id, data: {}, permissions: wanted });
      // The files follow their documents: signed PDFs, message attachments, form uploads.
      const files = spec.collectionId === c.consentSignatures && typeof doc['fileId'] === 'string' ? [{ bucketId: String(doc['bucketId'] || bucketId), fileId: doc['fileId'] }]
        : spec.collectionId === c.messages && typeof doc['attachmentFileId'] === 'string' ? [{ bucketId: messageAttachmentsBucketFromEnv(process.env), fileId: doc['attachmentFileId'] }]
          : spec.collectionId === c.formResponses ? responseFileIds(doc).map((fileId) => ({ bucketId: formUploadsBucketFromEnv(process.env), fileId })) : [];
      for (const file of files) {
        await storage.updateFile({ ...file, permissions: wanted }).catch((e) => {
          if (!(e instanceof AppwriteException && e.code === 404)) throw e;
        });
      }
      changed += 1;
    }
  }
  return changed;
}

/**
 * Whom a new item goes to: the audience the therapist chose (or the default for this client), the
 * logins it reaches and its permissions; null when nobody of that audience is linked yet.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} practice
 * @param {Doc} record the practice's client record
 * @param {unknown} chosen the body's `audience`, if any
 */
export async function recipientsOf(databases, c, practice, record, chosen) {
  const people = await portalPeople(databases, c, practice, record.$id);
  const audience = audienceOf(chosen) ?? defaultAudience(people, record['dateOfBirth']);
  const readers = readersOf(practice, people, audience);
  return readers.logins.length > 0 ? { audience, ...readers } : null;
}
