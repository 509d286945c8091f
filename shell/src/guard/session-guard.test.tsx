// @vitest-environment jsdom
import type { Models } from 'appwrite';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@cadence/shared-auth';
import { localRuntimeConfig, resetAppwrite, setConfig } from '@cadence/shared-auth/testing';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';

// The build defines the federation's shared config (rspack DefinePlugin) that the guard's module
// graph reads when it loads; these tests load no remote, so any version serves.
(globalThis as { __FEDERATION_SHARED__?: unknown }).__FEDERATION_SHARED__ = new Proxy({}, { get: () => ({ singleton: true, requiredVersion: '*', version: '0.0.0' }) });
const { SessionGuard } = await import('./session-guard.tsx');

// spec §2 guard, issue 20 "No flash between pages". The Appwrite endpoint here answers nothing (a
// closed port), so every validation the guard makes fails the way a network fault does: spec §2 "an
// error: go to /login". What differs is what the guard shows before that answer.

const REGISTERED = '2026-01-01T10:00:00.000+00:00';
const therapist = {
  $id: 'therapist-1', email: 't@cadence.test', name: 'Ada Lovelace', emailVerification: true, labels: ['subscribed', 'trialActive'],
  registration: REGISTERED, passwordUpdate: '2026-01-01T10:05:00.000+00:00',
} as unknown as Models.User<Models.Preferences>;

const app = () => (
  <MemoryRouter initialEntries={['/dashboard']}>
    <Routes>
      <Route path="/dashboard" element={<SessionGuard><h1>Dashboard</h1></SessionGuard>} />
      <Route path="/login" element={<h1>Login</h1>} />
    </Routes>
  </MemoryRouter>
);

const initialAuthState = useAuthStore.getInitialState();

beforeEach(() => {
  setConfig(localRuntimeConfig({ endpoint: 'http://127.0.0.1:9/v1' }));
  resetAppwrite();
  useAuthStore.setState(initialAuthState, true);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SessionGuard', () => {
  it('cold (no session known yet): shows nothing of the page until the check answers; an error ends on /login', async () => {
    render(app());
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('warm (a session and an access decision this page already holds): the page at once, the check behind it still leads to /login when it fails', async () => {
    useAuthStore.setState({ user: therapist, status: 'signedIn' });
    // The first visit decides access (spec §4) for this user…
    await act(async () => render(app()));
    await screen.findByRole('heading', { name: 'Login' });
    cleanup();

    // …so the next one shows the page in its very first render, before any answer.
    render(app());
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy());
  });
});
