// The unit-test set-up every remote shares (tooling/vitest-remote.mjs): DOM matchers, and before each
// test a fresh auth store and an empty query cache; after it, an unmounted DOM. No test sees another test's user or page.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { useAuthStore } from '../auth/auth-store.ts';
import { queryClient } from '../query/query-client.tsx';

const initialAuthState = useAuthStore.getInitialState();

beforeEach(() => {
  useAuthStore.setState(initialAuthState, true);
  queryClient.clear();
  // A failed load shows at once: no retry delay in unit tests.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
});
afterEach(cleanup);
