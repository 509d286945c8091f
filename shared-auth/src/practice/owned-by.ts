// The practice's collections let any signed-in user create documents (collection-level
// create("users")), so anyone can write one naming another therapist's userId, even readable by
// everyone. Appwrite lets a user grant only roles they hold, so a document whose every permission
// names `user:<id>` can only have been written by that user (or the server key): the one kind the
// practice trusts.

/** Whether a document belongs to `userId`: its userId, and every permission only that user's role. */
export function ownedBy(document: { $permissions: readonly string[]; userId?: unknown }, userId: string): boolean {
  const own = `user:${userId}`;
  return document.userId === userId && document.$permissions.length > 0
    && document.$permissions.every((permission) => /^[a-z]+\("([^"]*)"\)$/.exec(permission)?.[1] === own);
}
