import { appwrite, attempt, createBillingPortalSession, executeFunction, useAuthStore } from '@cadence/shared-auth';

/** The reason shown in '…: {reason}' messages. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** spec §7: the account area's billing portal returns to the account page; resolves to the portal URL. */
export function billingPortalUrl(): Promise<string> {
  return createBillingPortalSession(new URL('/account', globalThis.location.origin).toString());
}

/**
 * spec §2/§7: delete-user-selfservice ({password} → {success, error}) deletes the caller's account:
 * Stripe subscription canceled, every document, the sessions, the user — only with the caller's
 * password (issue 11). Then this browser signs out; the session went with the user, so a failing
 * sign-out does not make the deletion fail.
 */
export async function deleteAccount(password: string): Promise<AccountDeletion> {
  const answer = await executeFunction<{ success: boolean; pending?: boolean; remaining?: number | null }>('deleteUserSelfservice', { password });
  await useAuthStore.getState().signOut().catch(() => undefined);
  return { pending: answer.pending === true, remaining: typeof answer.remaining === 'number' ? answer.remaining : null };
}

/**
 * What the deletion answered: done, or `pending` — the account is closed (blocked, signed out
 * everywhere) and a practice too big for one run is still being deleted by the server (issue 17).
 */
export interface AccountDeletion {
  pending: boolean;
  /** practice records still to delete when it answered, if known */
  remaining: number | null;
}

export async function updateName(name: string) {
  return attempt(() => appwrite().account.updateName({ name }));
}

export async function updateEmail(email: string, password: string) {
  return attempt(() => appwrite().account.updateEmail({ email, password }));
}
