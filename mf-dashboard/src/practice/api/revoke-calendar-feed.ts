import { appwrite, attempt, getConfig } from '@cadence/shared-auth';
import type { ExecutionMethod } from 'appwrite';

const REVOKE_FAILED = 'Revoking the calendar link failed. Please try again.';

/** Revokes the signed-in therapist's calendar link (calendar-feed, DELETE): it answers 404 from now on. */
export async function revokeCalendarFeed(): Promise<void> {
  const execution = await attempt(() =>
    appwrite().functions.createExecution({
      functionId: getConfig().functions.calendarFeed,
      body: '',
      async: false,
      // The SDK's enum lives in `appwrite`, which only shared-auth bundles: its value, typed.
      method: 'DELETE' as ExecutionMethod,
    }),
  );
  let answer: { success?: unknown; error?: unknown } = {};
  try {
    answer = JSON.parse(execution.responseBody || '{}') as typeof answer;
  } catch {
    throw new Error(REVOKE_FAILED);
  }
  if (execution.status === 'failed' || execution.responseStatusCode >= 400 || answer.success !== true) {
    throw new Error(typeof answer.error === 'string' && answer.error ? answer.error : REVOKE_FAILED);
  }
}
