// The one query cache for server state (ARCHITECTURE.md "The practice"): every remote's loads go
// through it, so loading, error, retry and refetch behave the same everywhere. A separate entry
// (`@cadence/shared-auth/query`, its own federation singleton) so the shell, which loads nothing
// through it, never ships it; remotes use TanStack Query only through this entry (eslint).
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

declare module '@tanstack/react-query' {
  interface Register {
    /** `failure`: what the log says when the query fails (spec §8: failed loads are logged). */
    queryMeta: { failure?: string };
  }
}

/** One retry after a failure, fresh for 30 s, refetched when the window regains focus. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => console.error(query.meta?.failure ?? 'Loading failed', error),
  }),
  defaultOptions: {
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: true },
  },
});

/** Wraps an exposed page whose parts use queries; every page shares the one cache. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
