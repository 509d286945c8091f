import { createElement, use, type ComponentType, type ReactElement } from 'react';

// Issue 30: a dashboard route loads only the section it shows. Each section's screens are their own
// chunk (shared pieces land in chunks of their own), fetched with the route and, once the page is idle
// or a section's nav item is hovered or focused, ahead of time — so a warm switch renders at once,
// with no placeholder. A screen loaded before is rendered straight from memory, never suspending.
//
// Adding a screen: give it an entry in `screens` below — `sectionScreen(() => import(/* webpackChunkName:
// "screen-<name>" */ '../<feature>/<name>-page.tsx').then((m) => m.<Name>Page))` — render
// `<screens.<name>.Screen />` in a <Route> of dashboard-page.tsx, and list it under its nav item in
// `sectionScreens` so hovering the item prefetches it. Never import a screen (or its data layer, its
// schemas, zod, libphonenumber-js, papaparse) from dashboard-page.tsx or the nav badges: the layout is
// what every /dashboard route loads before its section (tooling/remote-build.test.ts guards it). What a
// screen only reads is in the zod-free models (client-model.ts, service-model.ts, fee-policy.ts); the
// schemas stay with the screens that validate.

interface ScreenLoad {
  promise: Promise<ComponentType>;
  component?: ComponentType;
}

export interface SectionScreen {
  /** The screen as a component: suspends (the router's transition keeps the old section) only on a first load. */
  Screen: ComponentType;
  /** Starts loading the section's chunk (once; a failed load is tried again next time). */
  prefetch: () => Promise<ComponentType>;
}

function sectionScreen(load: () => Promise<ComponentType>): SectionScreen {
  let current: ScreenLoad | undefined;
  const start = (): ScreenLoad => {
    if (current) return current;
    const entry: ScreenLoad = { promise: load().then((component) => (entry.component = component)) };
    entry.promise.catch(() => {
      if (current === entry) current = undefined;
    });
    current = entry;
    return entry;
  };
  function Screen(): ReactElement {
    const entry = start();
    return createElement(entry.component ?? use(entry.promise));
  }
  return { Screen, prefetch: () => start().promise };
}

export const screens = {
  today: sectionScreen(() => import(/* webpackChunkName: "screen-today" */ '../today/today-page.tsx').then((m) => m.TodayPage)),
  clients: sectionScreen(() => import(/* webpackChunkName: "screen-clients" */ '../clients/clients-page.tsx').then((m) => m.ClientsPage)),
  newClient: sectionScreen(() => import(/* webpackChunkName: "screen-new-client" */ '../clients/new-client-page.tsx').then((m) => m.NewClientPage)),
  client: sectionScreen(() => import(/* webpackChunkName: "screen-client" */ '../clients/client-page.tsx').then((m) => m.ClientPage)),
  clientImport: sectionScreen(() => import(/* webpackChunkName: "screen-client-import" */ '../clients/import/client-import-page.tsx').then((m) => m.ClientImportPage)),
  schedule: sectionScreen(() => import(/* webpackChunkName: "screen-schedule" */ '../schedule/schedule-page.tsx').then((m) => m.SchedulePage)),
  sessions: sectionScreen(() => import(/* webpackChunkName: "screen-sessions" */ '../sessions/sessions-page.tsx').then((m) => m.SessionsPage)),
  note: sectionScreen(() => import(/* webpackChunkName: "screen-note" */ '../sessions/notes/note-page.tsx').then((m) => m.NotePage)),
  video: sectionScreen(() => import(/* webpackChunkName: "screen-video" */ '../sessions/video/video-room-page.tsx').then((m) => m.VideoRoomPage)),
  practice: sectionScreen(() => import(/* webpackChunkName: "screen-practice" */ '../practice/practice-page.tsx').then((m) => m.PracticePage)),
  payments: sectionScreen(() => import(/* webpackChunkName: "screen-payments" */ '../money/payments-page.tsx').then((m) => m.PaymentsPage)),
  transactions: sectionScreen(() => import(/* webpackChunkName: "screen-transactions" */ '../money/transactions-page.tsx').then((m) => m.TransactionsPage)),
  reports: sectionScreen(() => import(/* webpackChunkName: "screen-reports" */ '../money/reports-page.tsx').then((m) => m.ReportsPage)),
  inbox: sectionScreen(() => import(/* webpackChunkName: "screen-inbox" */ '../inbox/inbox-page.tsx').then((m) => m.InboxPage)),
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
