import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@cadence/shared-router';
import {
  AUTO_SIGN_OUT_WARNING_MS, autoSignOutMinutes, extendCurrentSession, SESSION_EXTEND_INTERVAL_MS, useAuthStore,
  type InactivitySignOutState,
} from '@cadence/shared-auth';
import { Button, Dialog } from '@cadence/shared-ui';
import { isGuardedPath, isPortalPath, isPortalSignedInPath, PORTAL_SIGN_IN_PATH } from '../route-table.ts';
import { createIdleTimer, type IdleTimer, type TabChannel } from './idle-timer.ts';
import { createSessionExtender, localStorageTime, type SessionExtender } from './session-extender.ts';
import { openTabChannel } from './tab-channel.ts';

/** The warning's words (issue 17). The message on /login after the sign-out is mf-auth's. */
export const AUTO_SIGN_OUT_TEXT = {
  title: 'Are you still there?',
  warning: (seconds: number) => `You'll be signed out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'} because of inactivity.`,
  stay: 'Stay signed in',
  signOut: 'Sign out',
} as const;

/** Issue 31: the portal's idle limit; a client has no setting (SimplePractice's portal uses the same). */
export const PORTAL_IDLE_MINUTES = 15;

/** Where a signed-out tab goes: the portal's sign-in page from the portal, else /login. */
const signInPathFor = (pathname: string): string => (isPortalPath(pathname) ? PORTAL_SIGN_IN_PATH : '/login');

// What counts as the therapist being there. Captured, so a remote that stops propagation still counts.
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const EXTENDED_AT_KEY = 'cadence.session-extended-at';

// One channel for the page's life (StrictMode's second effect run must not find it closed).
let pageChannel: TabChannel | null = null;
const tabChannel = (): TabChannel => (pageChannel ??= openTabChannel('auto-sign-out'));

/**
 * issue 17 automatic sign-out, on the signed-in app pages (guarded routes): after the therapist's
 * chosen minutes without activity in any of this browser's tabs, a warning 60 s before, then the
 * session is deleted and every tab lands on /login, which says why. Activity also extends the
 * server session (throttled), so an idle session dies on the server too. Signing out in one tab, by
 * any means, signs out the others.
 */
export function AutoSignOut() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useAuthStore((state) => state.status === 'signedIn');
  const portal = isPortalSignedInPath(pathname);
  const chosenMinutes = useAuthStore((state) => autoSignOutMinutes(state.user?.prefs));
  const minutes = portal ? PORTAL_IDLE_MINUTES : chosenMinutes;
  const running = signedIn && (isGuardedPath(pathname) || portal);
  const [warningUntil, setWarningUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const timer = useRef<IdleTimer | null>(null);
  const extender = useRef<SessionExtender | null>(null);
  const stayButton = useRef<HTMLButtonElement>(null);
  const current = useRef({ pathname, minutes, idleMinutes: null as number | null });
  // First of the effects, so the ones below read this render's values.
  useEffect(() => {
    current.current.pathname = pathname;
    current.current.minutes = minutes;
  }, [pathname, minutes]);

  // Any tab's sign-out reaches the others: each one that goes from signed in to signed out says so;
  // a tab told checks its own session (one GET) rather than trusting the message.
  useEffect(() => {
    const channel = tabChannel();
    const stopWatching = useAuthStore.subscribe((state, previous) => {
      if (previous.status !== 'signedIn' || state.status !== 'signedOut') return;
      const idleMinutes = current.current.idleMinutes;
      channel.post(idleMinutes === null ? { type: 'signed-out' } : { type: 'signed-out', idleMinutes });
    });
    const stopListening = channel.subscribe((message) => {
      const auth = useAuthStore.getState();
      if (auth.status !== 'signedIn') return;
      // Another tab chose a new limit: this tab's copy of the prefs follows.
      if (message.type === 'limit') void auth.refreshUser();
      if (message.type !== 'signed-out') return;
      void auth.refreshUser().then((user) => {
        const at = current.current.pathname;
        if (user || !(isGuardedPath(at) || isPortalSignedInPath(at))) return;
        const state: InactivitySignOutState | undefined = message.idleMinutes ? { signedOutAfterIdleMinutes: message.idleMinutes } : undefined;
        navigate(signInPathFor(at), { replace: true, state });
      });
    });
    return () => {
      stopWatching();
      stopListening();
    };
  }, [navigate]);

  useEffect(() => {
    if (!running) return;
    const signOutForInactivity = async () => {
      const after = current.current.minutes;
      current.current.idleMinutes = after;
      await useAuthStore.getState().signOut().catch((error: unknown) => console.error('Sign out failed', error));
      current.current.idleMinutes = null;
      const state: InactivitySignOutState = { signedOutAfterIdleMinutes: after };
      navigate(signInPathFor(current.current.pathname), { replace: true, state });
    };
    const idle = createIdleTimer({
      limitMs: current.current.minutes * 60_000,
      warningMs: AUTO_SIGN_OUT_WARNING_MS,
      channel: tabChannel(),
      onPhase: (phase, signOutAt) => {
        setNow(Date.now());
        setWarningUntil(phase === 'warning' ? signOutAt : null);
        if (phase === 'expired') void signOutForInactivity();
      },
    });
    const extend = createSessionExtender({
      intervalMs: SESSION_EXTEND_INTERVAL_MS,
      extend: extendCurrentSession,
      shared: localStorageTime(EXTENDED_AT_KEY),
    });
    timer.current = idle;
    extender.current = extend;
    const onActivity = () => {
      if (idle.activity()) extend.activity();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onActivity();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    window.addEventListener('focus', onActivity);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      idle.stop();
      timer.current = null;
      extender.current = null;
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      window.removeEventListener('focus', onActivity);
      document.removeEventListener('visibilitychange', onVisibility);
      setWarningUntil(null);
    };
  }, [running, navigate]);

  useEffect(() => {
    timer.current?.setLimit(minutes * 60_000);
  }, [minutes, running]);

  // The countdown in the warning, once a second.
  useEffect(() => {
    if (warningUntil === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [warningUntil]);

  const stay = () => {
    if (timer.current?.stay()) extender.current?.activity();
  };
  // spec §2: sign out goes to /; the other tabs follow to /login.
  const signOutNow = async () => {
    timer.current?.stop();
    setWarningUntil(null);
    await useAuthStore.getState().signOut().catch((error: unknown) => console.error('Sign out failed', error));
    navigate(isPortalPath(current.current.pathname) ? PORTAL_SIGN_IN_PATH : '/');
  };

  const seconds = warningUntil === null ? 0 : Math.max(0, Math.ceil((warningUntil - now) / 1_000));
  return (
    <Dialog
      open={warningUntil !== null}
      // Escape or the close button: the therapist is there.
      onClose={stay}
      title={AUTO_SIGN_OUT_TEXT.title}
      description={AUTO_SIGN_OUT_TEXT.warning(seconds)}
      initialFocus={stayButton}
      size="sm"
      footer={
        <>
          <Button onClick={() => void signOutNow()}>{AUTO_SIGN_OUT_TEXT.signOut}</Button>
          <Button variant="primary" ref={stayButton} onClick={stay}>{AUTO_SIGN_OUT_TEXT.stay}</Button>
        </>
      }
    />
  );
}
