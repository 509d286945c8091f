import { appwrite, attempt, executeFunction, isAppError, useAuthStore } from '@cadence/shared-auth';

/** Asks portal-sign-in for a mail; resolves to the user id whose code to try. */
export async function requestSignInMail(who: { email: string } | { userId: string }): Promise<string> {
  const answer = await executeFunction<{ success: boolean; error: string | null; userId?: string }>('portalSignIn', who);
  return answer.userId ?? ('userId' in who ? who.userId : '');
}

export type SignInResult = 'signedIn' | 'invalid' | 'tooMany';

/**
 * A session from a code or a link's secret (POST /account/sessions/token). A browser that already
 * holds a session keeps it (Appwrite refuses a second); the store then learns who is signed in.
 */
export async function signInWithSecret(userId: string, secret: string): Promise<SignInResult> {
  try {
    await attempt(() => appwrite().account.createSession({ userId, secret }));
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === 429) return 'tooMany';
    if (error.type === 'user_invalid_token') return 'invalid';
    if (error.type !== 'user_session_already_exists') throw error;
  }
  const user = await useAuthStore.getState().refreshUser();
  return user ? 'signedIn' : 'invalid';
}
