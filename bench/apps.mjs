// The apps the bench builds and the routes it visits, read from the same sources the build and
// the router use, so adding a remote or a route needs no bench change.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { remotes } from '../tooling/remotes.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A bench therapist's labels: a therapist (only they may create practice records) in an active
 * trial, whom the access decision lets into /dashboard (spec §4).
 */
export const THERAPIST_LABELS = ['therapist', 'subscribed', 'trialActive'];

/** Shell first (it owns the page), then every remote, as `{ dir, name }`. */
export const apps = [
  { dir: 'shell', name: 'shell' },
  ...Object.entries(remotes).map(([name, { dir }]) => ({ dir, name })),
];

/** Paths of shell/src/route-table.ts (TypeScript, so loaded through tsx). */
export async function routePaths() {
  const { routeTable } = await tsImport(path.join(root, 'shell/src/route-table.ts'), import.meta.url);
  return routeTable.map((route) => route.path);
}

/** The dashboard's section nav links (mf-dashboard's DASHBOARD_SECTIONS with a screen of their own). */
export const DASHBOARD_SECTION_PATHS = [
  '/dashboard',
  '/dashboard/clients',
  '/dashboard/schedule',
  '/dashboard/sessions',
  '/dashboard/practice',
  '/dashboard/payments',
  '/dashboard/transactions',
  '/dashboard/reports',
];

/**
 * Guarded routes the bench loads signed in, as the seeded therapist (bench/practice-dataset.mjs):
 * each dashboard section with a screen of its own (issue 30's per-section table), and the import.
 */
export const SIGNED_IN_ROUTES = [...DASHBOARD_SECTION_PATHS, '/dashboard/clients/import'];
