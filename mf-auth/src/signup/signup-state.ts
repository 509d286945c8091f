import { SIGNUP_STATE_KEY } from '../constants.ts';

// spec §2/§4 sign-up progress. The step and email come from router state (the guard) or from
// the state saved in sessionStorage, so a reload on step 2 stays on step 2.

export type SignupStep = 1 | 2 | 3;

export interface SignupProgress {
  step: SignupStep;
  email: string;
  /** The pending user the code was sent to (step 2). */
  userId: string;
  /** Security phrase mailed with the code, when there is one. */
  phrase: string;
  /** When the current code was sent and when it expires (ms since epoch; 0 = unknown). */
  codeSentAt: number;
  codeExpiresAt: number;
}

/** What the guard passes through the router (spec §2 guard outcomes). */
export interface SignupRouterState {
  email?: string;
  message?: string;
  skipToStep?: number;
}

export const initialProgress = (email = ''): SignupProgress => ({
  step: 1,
  email,
  userId: '',
  phrase: '',
  codeSentAt: 0,
  codeExpiresAt: 0,
});

function isProgress(value: unknown): value is SignupProgress {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.step === 1 || v.step === 2 || v.step === 3) &&
    typeof v.email === 'string' &&
    typeof v.userId === 'string' &&
    typeof v.phrase === 'string' &&
    typeof v.codeSentAt === 'number' &&
    typeof v.codeExpiresAt === 'number'
  );
}

export function parseSavedProgress(raw: string | null): SignupProgress | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isProgress(value) ? value : null;
  } catch {
    return null;
  }
}

export interface SignupStart {
  progress: SignupProgress;
  message: string;
}

/** Router state from the guard wins over a saved state; otherwise the saved state; otherwise step 1. */
export function startingProgress(routerState: unknown, saved: SignupProgress | null): SignupStart {
  const state = (typeof routerState === 'object' && routerState !== null ? routerState : {}) as SignupRouterState;
  const email = typeof state.email === 'string' ? state.email : '';
  const message = typeof state.message === 'string' ? state.message : '';
  if (state.skipToStep === 3) return { progress: { ...initialProgress(email), step: 3 }, message };
  if (message) return { progress: initialProgress(email), message };
  if (saved) return { progress: saved, message: '' };
  return { progress: initialProgress(email), message: '' };
}

export function loadProgress(storage: Storage | undefined = globalThis.sessionStorage): SignupProgress | null {
  try {
    return parseSavedProgress(storage?.getItem(SIGNUP_STATE_KEY) ?? null);
  } catch {
    return null;
  }
}

export function saveProgress(progress: SignupProgress, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(SIGNUP_STATE_KEY, JSON.stringify(progress));
  } catch {
    // Storage may be unavailable (private mode quota); the flow still works without a reload.
  }
}

export function clearProgress(storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(SIGNUP_STATE_KEY);
  } catch {
    // see saveProgress
  }
}
