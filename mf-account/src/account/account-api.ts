import { appwrite, attempt, getConfig, useAuthStore, type RuntimeConfig } from '@cadence/shared-auth';

/** The reason shown in '…: {reason}' messages. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * spec §7: a synchronous function call with a JSON body; the function's own error text, 'Function
 * returned empty response' for an empty body, or the failed execution's errors (spec §8).
 */
export async function callFunction<T extends { success?: boolean; error?: string }>(
  name: keyof RuntimeConfig['functions'],
  body: Record<string, unknown> = {},
): Promise<T> {
  const execution = await attempt(() =>
    appwrite().functions.createExecution({ functionId: getConfig().functions[name], body: JSON.stringify(body), async: false }),
  );
  if (execution.status === 'failed') throw new Error(execution.errors || 'Function execution failed');
  if (!execution.responseBody) throw new Error('Function returned empty response');
  const result = JSON.parse(execution.responseBody) as T;
  if (result.success === false || execution.responseStatusCode >= 400) throw new Error(result.error || 'Function failed');
  return result;
}

/** spec §7: billing portal {returnUrl = account page URL}; resolves to the portal URL. */
export async function billingPortalUrl(): Promise<string> {
  const returnUrl = new URL('/account', globalThis.location.origin).toString();
  const result = await callFunction<{ success: boolean; url?: string; error?: string }>('billingPortal', { returnUrl });
  if (!result.url) throw new Error(result.error || 'No billing portal URL');
  return result.url;
}

/**
 * spec §2/§7: delete-user-selfservice ({password} → {success, error}) deletes the caller's account:
 * Stripe subscription canceled, every document, the sessions, the user — only with the caller's
 * password (issue 11). Then this browser signs out; the session went with the user, so a failing
 * sign-out does not make the deletion fail.
 */
export async function deleteAccount(password: string): Promise<void> {
  await callFunction('deleteUserSelfservice', { password });
  await useAuthStore.getState().signOut().catch(() => undefined);
}

export async function updateName(name: string) {
  return attempt(() => appwrite().account.updateName({ name }));
}

export async function updateEmail(email: string, password: string) {
  return attempt(() => appwrite().account.updateEmail({ email, password }));
}

/** spec §7: checkout {successUrl = /payment-success, cancelUrl = /payment-cancelled}; resolves to the checkout URL. */
export async function checkoutUrl(): Promise<string> {
  const origin = globalThis.location.origin;
  const result = await callFunction<{ success: boolean; url?: string; error?: string }>('checkout', {
    successUrl: new URL('/payment-success', origin).toString(),
    cancelUrl: new URL('/payment-cancelled', origin).toString(),
  });
  if (!result.url) throw new Error(result.error || 'No checkout URL');
  return result.url;
}
