import { create } from 'zustand';
import { classifySession, type AuthUser, type SessionValidation } from './profile.ts';
import { getCurrentUser, signOut as endSession, subscribeToAuthState } from './session.ts';

export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthState {
  user: AuthUser | null;
  status: AuthStatus;
  /** Re-reads the signed-in user from Appwrite; no session (401) means signed out. */
  refreshUser: () => Promise<AuthUser | null>;
  signOut: () => Promise<void>;
  /**
   * The guard's check (spec §7 validate session and profile) that also refreshes this store.
   * Failures other than "no session" throw an AppError (the guard then goes to /login).
   */
  validateSession: () => Promise<SessionValidation>;
  /** Starts the 15 s auth-state watcher (spec §4) feeding this store; returns its stop function. */
  watchAuthState: () => () => void;
}

// One store for the whole composed app: this module is a Module Federation singleton, so the
// shell and every remote see the same instance. The counter lets tests prove it.
const registry = globalThis as { __cadenceAuthStoreInstances?: number };
registry.__cadenceAuthStoreInstances = (registry.__cadenceAuthStoreInstances ?? 0) + 1;

function statusOf(user: AuthUser | null): AuthStatus {
  return user ? 'signedIn' : 'signedOut';
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  user: null,
  status: 'unknown',
  refreshUser: async () => {
    try {
      const user = await getCurrentUser();
      set({ user, status: statusOf(user) });
      return user;
    } catch {
      // Offline or a server fault: the page cannot tell who is signed in, so treat it as signed out.
      set({ user: null, status: 'signedOut' });
      return null;
    }
  },
  signOut: async () => {
    try {
      await endSession();
    } finally {
      set({ user: null, status: 'signedOut' });
    }
  },
  validateSession: async () => {
    const user = await getCurrentUser();
    set({ user, status: statusOf(user) });
    return classifySession(user);
  },
  watchAuthState: () => {
    const { user, status } = get();
    return subscribeToAuthState((next) => set({ user: next, status: statusOf(next) }), {
      ...(status === 'unknown' ? {} : { initialUser: user }),
    });
  },
}));
