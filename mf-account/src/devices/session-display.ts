import { formatDateTime as formatInstant, type LoginSession } from '@cadence/shared-auth';

/** "Chrome on Linux" (plus the device model when the backend knows it). */
export function deviceLabel(session: Pick<LoginSession, 'clientName' | 'osName' | 'deviceBrand' | 'deviceModel'>): string {
  const client = session.clientName || 'Unknown browser';
  const os = session.osName ? ` on ${session.osName}` : '';
  const device = [session.deviceBrand, session.deviceModel].filter(Boolean).join(' ');
  return `${client}${os}${device ? ` (${device})` : ''}`;
}

/** Appwrite touches a session's $updatedAt as it is used: the last-activity value. */
export function lastActivity(session: Pick<LoginSession, '$updatedAt' | '$createdAt'>): string {
  return session.$updatedAt || session.$createdAt;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return formatInstant(value) || '—';
}

/**
 * issue 17: how this session signed in. Appwrite counts the factors a session has proved (password,
 * email code, authenticator app, recovery code); two or more is a two-step sign-in.
 */
export function signInSteps(session: Pick<LoginSession, 'factors'>): 'Two steps' | 'One step' {
  return (session.factors?.length ?? 0) >= 2 ? 'Two steps' : 'One step';
}
