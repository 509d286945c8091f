import { lazyComponent, type LazyComponent } from '../shared/lazy-component.ts';

// Issue 30: a dashboard route loads only the section it shows. Each section's screens are their own
// chunk (shared pieces land in chunks of their own), fetched with the route and, once the page is idle
// or a section's nav item is hovered or focused, ahead of time — so a warm switch renders at once,
// with no placeholder. A screen loaded before is rendered straight from memory, never suspending
// (shared/lazy-component.ts, also how a dialog loads when it opens).
//
// Adding a screen: give it an entry in `screens` below — `lazyComponent(() => import(/* webpackChunkName:
// "screen-<name>" */ '../<feature>/<name>-page.tsx').then((m) => m.<Name>Page))` — render
// `<screens.<name>.Component />` in a <Route> of dashboard-page.tsx, and list it under its nav item in
// `sectionScreens` so hovering the item prefetches it. Never import a screen (or its data layer, its
// schemas, zod, libphonenumber-js, papaparse) from dashboard-page.tsx or the nav badges: the layout is
// what every /dashboard route loads before its section (tooling/remote-build.test.ts guards it). What a
// screen only reads is in the zod-free models (client-model.ts, service-model.ts, fee-policy.ts); the
// schemas stay with the screens that validate.

/** A section's screen: loaded with its route, or ahead of it (prefetch). */
export type SectionScreen = LazyComponent;

export const screens = {
  today: lazyComponent(() => import(/* webpackChunkName: "screen-today" */ '../today/today-page.tsx').then((m) => m.TodayPage)),
  clients: lazyComponent(() => import(/* webpackChunkName: "screen-clients" */ '../clients/clients-page.tsx').then((m) => m.ClientsPage)),
  newClient: lazyComponent(() => import(/* webpackChunkName: "screen-new-client" */ '../clients/new-client-page.tsx').then((m) => m.NewClientPage)),
  client: lazyComponent(() => import(/* webpackChunkName: "screen-client" */ '../clients/client-page.tsx').then((m) => m.ClientPage)),
  clientImport: lazyComponent(() => import(/* webpackChunkName: "screen-client-import" */ '../clients/import/client-import-page.tsx').then((m) => m.ClientImportPage)),
  schedule: lazyComponent(() => import(/* webpackChunkName: "screen-schedule" */ '../schedule/schedule-page.tsx').then((m) => m.SchedulePage)),
  sessions: lazyComponent(() => import(/* webpackChunkName: "screen-sessions" */ '../sessions/sessions-page.tsx').then((m) => m.SessionsPage)),
  note: lazyComponent(() => import(/* webpackChunkName: "screen-note" */ '../sessions/notes/note-page.tsx').then((m) => m.NotePage)),
  video: lazyComponent(() => import(/* webpackChunkName: "screen-video" */ '../sessions/video/video-room-page.tsx').then((m) => m.VideoRoomPage)),
  practice: lazyComponent(() => import(/* webpackChunkName: "screen-practice" */ '../practice/practice-page.tsx').then((m) => m.PracticePage)),
  payments: lazyComponent(() => import(/* webpackChunkName: "screen-payments" */ '../money/payments-page.tsx').then((m) => m.PaymentsPage)),
  transactions: lazyComponent(() => import(/* webpackChunkName: "screen-transactions" */ '../money/transactions-page.tsx').then((m) => m.TransactionsPage)),
  reports: lazyComponent(() => import(/* webpackChunkName: "screen-reports" */ '../money/reports-page.tsx').then((m) => m.ReportsPage)),
  inbox: lazyComponent(() => import(/* webpackChunkName: "screen-inbox" */ '../inbox/inbox-page.tsx').then((m) => m.InboxPage)),
};

/** The screens a section nav item leads to (its own, and what opens from it, such as a client's page). */
export const sectionScreens: Record<string, readonly SectionScreen[]> = {
  '': [screens.today],
  clients: [screens.clients, screens.client, screens.newClient],
  schedule: [screens.schedule],
  sessions: [screens.sessions, screens.note],
  practice: [screens.practice],
  payments: [screens.payments],
  transactions: [screens.transactions],
  reports: [screens.reports],
  inbox: [screens.inbox],
};

/** Prefetches a section's screens; a failure is left for its route to show (and try again). */
export function prefetchSection(path: string): void {
  for (const screen of sectionScreens[path] ?? []) screen.prefetch().catch(() => {});
}

/** Marked when the idle prefetch starts: `pnpm bench` counts what loads after it apart from the first load. */
export const PREFETCH_MARK = 'cadence:prefetch-sections';

/** Once the browser is idle, every section's screens (the import's too), so later switches are warm. */
export function prefetchAllWhenIdle(): () => void {
  const run = () => {
    performance.mark(PREFETCH_MARK);
    for (const screen of Object.values(screens)) screen.prefetch().catch(() => {});
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}
