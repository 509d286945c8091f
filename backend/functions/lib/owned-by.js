// The practice's collections let any signed-in user create documents (collection-level
// create("users")), so anyone can write one naming another therapist's userId. Appwrite lets a user
// grant only roles they hold, so a document whose every permission names `user:<id>` can only have
// been written by that user (or a server key): the one kind a function acts on for that therapist
// (a reminder to their client, an entry in their feed). The same rule as the dashboard's
// mf-dashboard/src/shared/owned-by.ts (functions import no workspace code; test/owned-by.test.ts
// keeps the two equal).

/**
 * @param {{ $permissions: readonly string[], userId?: unknown }} document
 * @param {string} userId
 */
export function ownedBy(document, userId) {
  const own = `user:${userId}`;
  return document.userId === userId && document.$permissions.length > 0
    && document.$permissions.every((permission) => /^[a-z]+\("([^"]*)"\)$/.exec(permission)?.[1] === own);
}
