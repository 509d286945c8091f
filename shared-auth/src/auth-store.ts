import type { Models } from 'appwrite';
import { create } from 'zustand';
import { appwrite } from './appwrite-client.ts';

export type AuthUser = Models.User<Models.Preferences>;
export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthState {
  user: AuthUser | null;
  status: AuthStatus;
  /** Re-reads the signed-in user from Appwrite; a 401 means signed out. */
  refreshUser: () => Promise<AuthUser | null>;
  signOut: () => Promise<void>;
}

// One store for the whole composed app: this module is a Module Federation singleton, so the
// shell and every remote see the same instance. The counter lets tests prove it.
const registry = globalThis as { __cadenceAuthStoreInstances?: number };
registry.__cadenceAuthStoreInstances = (registry.__cadenceAuthStoreInstances ?? 0) + 1;

export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  status: 'unknown',
  refreshUser: async () => {
    try {
      const user = await appwrite().account.get();
      set({ user, status: 'signedIn' });
      return user;
    } catch {
      set({ user: null, status: 'signedOut' });
      return null;
    }
  },
  signOut: async () => {
    try {
      await appwrite().account.deleteSession({ sessionId: 'current' });
    } finally {
      set({ user: null, status: 'signedOut' });
    }
  },
}));
