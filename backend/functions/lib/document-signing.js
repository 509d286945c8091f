// The provider's electronic signature on a superbill (issue 37), by the signed note's mechanism: the
// therapist retypes their password (checked by Appwrite, lib/note-signing.js), the function hashes
// the superbill's content (superbillCanonical in lib/money-documents.js: the lines, diagnoses,
// provider, client and insurance it prints) and writes a document_signatures record — documentType,
// clientId, periodStart, periodEnd, contentHash, signedAt (server time), signerName,
// signerCredentials, signerLicense from the caller's practice settings; read("user:<id>") only. The
// collection has no permissions, so only a function writes one, and nobody can change or delete it.
// The superbill then prints the signature's id and hash; verifySuperbill recomputes the hash from
// the records the superbill is drawn from and says whether they still say what was signed.
import { ID, Permission, Role } from 'node-appwrite';
import { superbillContent, superbillContentHash } from './money-documents.js';
import { appwriteDate, ownDocumentOr404, signerOf, verifyPassword } from './note-signing.js';

export const SIGNATURE_NOT_FOUND = 'This signature could not be found.';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Users} Users
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {Parameters<typeof superbillContent>[0]} SuperbillParts
 */

/**
 * Signs the superbill drawn from `parts` as the caller: password first, then the record.
 * @param {{ databases: Databases, users: Users, c: Collections, userId: string, password: string, log: (m: string) => void }} run
 * @param {SuperbillParts & { client: import('node-appwrite').Models.DefaultDocument }} parts
 */
export async function signSuperbill({ databases, users, c, userId, password, log }, parts) {
  await verifyPassword({ users, userId, password, log });
  const signer = await signerOf(databases, c.databaseId, c.practiceSettings, userId);
  const license = typeof parts.practice?.['licenseNumber'] === 'string' && parts.practice['licenseNumber'].trim() ? parts.practice['licenseNumber'].trim() : null;
  return databases.createDocument({
    databaseId: c.databaseId, collectionId: c.documentSignatures, documentId: ID.unique(),
    data: {
      userId, documentType: 'superbill', clientId: parts.client.$id, periodStart: parts.from, periodEnd: parts.to, contentHash: superbillContentHash(superbillContent(parts)),
      signedAt: appwriteDate(new Date()), signerName: signer.signerName, signerCredentials: signer.signerCredentials, signerLicense: license,
    },
    permissions: [Permission.read(Role.user(userId))],
  });
}

/**
 * The caller's superbill signature, and whether the superbill drawn now for its client and period
 * has the content it signed.
 * @param {{ databases: Databases, c: Collections, userId: string }} run
 * @param {string} signatureId
 * @param {(clientId: string, from: string, to: string) => Promise<SuperbillParts>} partsOf
 */
export async function verifySuperbill({ databases, c, userId }, signatureId, partsOf) {
  const signature = await ownDocumentOr404(databases, c.databaseId, c.documentSignatures, signatureId, userId, SIGNATURE_NOT_FOUND);
  const parts = await partsOf(String(signature['clientId']), String(signature['periodStart']), String(signature['periodEnd']));
  return { signature, verified: superbillContentHash(superbillContent(parts)) === signature['contentHash'] };
}
