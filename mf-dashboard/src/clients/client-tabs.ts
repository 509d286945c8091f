// The client page's tabs (issue 37: the page opens on the overview; the profile editor is a tab).
// The open tab is in the address (?tab=notes), so a link, a reload or Back lands on it again.

export const CLIENT_TABS = ['overview', 'appointments', 'notes', 'billing', 'portal', 'profile'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

export const CLIENT_TAB_PARAM = 'tab';

/** The tab a ?tab= value names; anything else (or nothing) is the overview. */
export function clientTabFrom(value: string | null): ClientTab {
  return (CLIENT_TABS as readonly string[]).includes(value ?? '') ? (value as ClientTab) : 'overview';
}
