import type { AuthUser } from '@cadence/shared-auth';

/** Issue 31: a portal client is an Appwrite user with this label (backend/functions/lib/portal.js). */
export const CLIENT_LABEL = 'client';

export function isClientUser(user: AuthUser | null | undefined): boolean {
  return user?.labels.includes(CLIENT_LABEL) ?? false;
}
