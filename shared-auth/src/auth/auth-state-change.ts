import type { AuthUser } from './profile.ts';

/**
 * What the auth-state watcher compares (spec §4: notify when the user or the labels change):
 * the user id and the set of labels. Name or pref edits do not notify.
 */
export function authStateKey(user: Pick<AuthUser, '$id' | 'labels'> | null): string {
  if (!user) return '';
  return `${user.$id}|${[...new Set(user.labels)].sort().join(',')}`;
}

export function authStateChanged(
  previous: Pick<AuthUser, '$id' | 'labels'> | null,
  next: Pick<AuthUser, '$id' | 'labels'> | null,
): boolean {
  return authStateKey(previous) !== authStateKey(next);
}
