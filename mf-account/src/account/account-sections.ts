export const ACCOUNT_SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'payments', label: 'Payments' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'devices', label: 'Devices' },
  { id: 'settings', label: 'Settings' },
  // issue 17: the audit log, read-only.
  { id: 'security-log', label: 'Security log' },
] as const;
export type AccountSectionId = (typeof ACCOUNT_SECTIONS)[number]['id'];

/**
 * `/account?view=billing` (or the `#account?view=billing` fallback) opens Payments (spec §2);
 * `?view=settings` opens Settings (the dashboard's Practice links there: one settings area, issue 37).
 */
export function initialSection(search: string, hash: string): AccountSectionId {
  const fromHash = hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
  const view = new URLSearchParams(search).get('view') ?? new URLSearchParams(fromHash).get('view');
  return view === 'billing' ? 'payments' : view === 'settings' ? 'settings' : 'profile';
}
