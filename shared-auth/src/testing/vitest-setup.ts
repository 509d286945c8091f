// The unit-test set-up every remote shares (tooling/vitest-remote.mjs): DOM matchers, and before each
// test a fresh auth store; after it, an unmounted DOM. No test sees another test's user or page.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { useAuthStore } from '../auth-store.ts';

const initialAuthState = useAuthStore.getInitialState();

beforeEach(() => useAuthStore.setState(initialAuthState, true));
afterEach(cleanup);
