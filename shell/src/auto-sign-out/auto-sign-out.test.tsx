// @vitest-environment jsdom
import type { Models } from 'appwrite';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';

// issue 17: the shell's warning and sign-out as a therapist meets them, the idle rules faked in time.
const extend = vi.fn(() => Promise.resolve({}));
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  extendCurrentSession: () => extend(),
}));
(globalThis as { __FEDERATION_SHARED__?: unknown }).__FEDERATION_SHARED__ = new Proxy({}, { get: () => ({ singleton: true, requiredVersion: '*', version: '0.0.0' }) });
const { useAuthStore } = await import('@cadence/shared-auth');
const { AutoSignOut } = await import('./auto-sign-out.tsx');

const MINUTE = 60_000;
const therapist = { $id: 't1', email: 't@cadence.test', prefs: { autoSignOutMinutes: 5 }, labels: [] } as unknown as Models.User<Models.Preferences>;

function LoginProbe() {
  const state = useLocation().state as { signedOutAfterIdleMinutes?: number } | null;
  return <h1>Login {state?.signedOutAfterIdleMinutes ?? 'none'}</h1>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account" element={<h1>Account</h1>} />
        <Route path="/changelog" element={<h1>Changelog</h1>} />
        <Route path="/login" element={<LoginProbe />} />
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
      <AutoSignOut />
    </MemoryRouter>,
  );
}

const signOut = vi.fn(async () => {
  useAuthStore.setState({ user: null, status: 'signedOut' });
});

beforeEach(() => {
  vi.useFakeTimers();
  useAuthStore.setState({ user: therapist, status: 'signedIn', signOut });
  signOut.mockClear();
  extend.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The shell's tests have no jest-dom: the accessible description read by hand.
const description = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

const advance = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

describe('AutoSignOut on a signed-in app page', () => {
  it('warns a minute before the chosen limit, focus on Stay signed in, counting down', async () => {
    renderAt('/account');
    await advance(4 * MINUTE - 1_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_000);
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    expect(description(dialog)).toBe("You'll be signed out in 60 seconds because of inactivity.");
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(1_000);
    expect(description(dialog)).toBe("You'll be signed out in 59 seconds because of inactivity.");
  });

  it('Stay signed in closes the warning, restarts the count and extends the session', async () => {
    renderAt('/account');
    await advance(4.5 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(extend).toHaveBeenCalledTimes(1);
    await advance(4 * MINUTE - 1_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('at the limit deletes the session and goes to /login with the minutes', async () => {
    renderAt('/account');
    await advance(5 * MINUTE);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Login 5' })).toBeTruthy();
  });

  it('Sign out in the warning signs out now and goes home (spec §2 sign out goes to /)', async () => {
    renderAt('/account');
    await advance(4 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await advance(0);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });
});

describe('AutoSignOut elsewhere', () => {
  it('does not run on pages that are not the signed-in app, nor when signed out', async () => {
    renderAt('/changelog');
    await advance(30 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    useAuthStore.setState({ user: null, status: 'signedOut' });
    renderAt('/account');
    await advance(30 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(signOut).not.toHaveBeenCalled();
  });
});
