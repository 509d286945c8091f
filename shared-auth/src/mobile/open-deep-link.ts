import { DEEP_LINK_FALLBACK_MS, DEEP_LINK_RETURN_CHECK_MS } from '../config/constants.ts';

/** What the page reports while the app may be opening: hidden (the app took over), blurred (a system prompt), visible again. */
export type PageSignal = 'hidden' | 'blurred' | 'visible';

export interface DeepLinkPage {
  isVisible(): boolean;
  /** Starts reporting page signals; returns the function that stops it. */
  watch(listener: (signal: PageSignal) => void): () => void;
}

export interface DeepLinkTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OpenDeepLinkOptions {
  /** The app's deep link, e.g. 'cadence://signup-complete'. */
  url: string;
  /** Where to go when the app does not open, e.g. '/account'. */
  fallback: string;
  navigate: (target: string) => void;
  timers: DeepLinkTimers;
  page?: DeepLinkPage;
}

/** The browser's page: visibilitychange for hidden/visible, window blur/focus for system prompts. */
export function browserPage(win: Window = window): DeepLinkPage {
  const doc = win.document;
  return {
    isVisible: () => doc.visibilityState === 'visible',
    watch(listener) {
      const onVisibilityChange = () => listener(doc.visibilityState === 'hidden' ? 'hidden' : 'visible');
      const onBlur = () => listener('blurred');
      const onFocus = () => listener('visible');
      doc.addEventListener('visibilitychange', onVisibilityChange);
      win.addEventListener('blur', onBlur);
      win.addEventListener('focus', onFocus);
      return () => {
        doc.removeEventListener('visibilitychange', onVisibilityChange);
        win.removeEventListener('blur', onBlur);
        win.removeEventListener('focus', onFocus);
      };
    },
  };
}

/**
 * spec §2, §9: opens the app's deep link and goes to `fallback` when the app has not opened within
 * 1.5 s. A browser gives no answer to "did the custom scheme open?", so the page's own state is the
 * signal: once it was hidden, the app took over and there is no fallback. A blur (an "Open in app?"
 * prompt) pauses the wait; when the page is visible again, a 0.5 s check decides. Returns a cancel
 * function (call it on unmount).
 */
export function openDeepLink({ url, fallback, navigate, timers, page = browserPage() }: OpenDeepLinkOptions): () => void {
  let appOpened = false;
  let left = false;
  let finished = false;
  let pending: unknown = null;

  const clearPending = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  const finish = () => {
    finished = true;
    clearPending();
    stopWatching();
  };
  const fallBackUnlessAppOpened = () => {
    pending = null;
    if (finished) return;
    const stayed = !appOpened && page.isVisible();
    finish();
    if (stayed) navigate(fallback);
  };

  const stopWatching = page.watch((signal) => {
    if (finished) return;
    if (signal === 'visible') {
      if (!left) return;
      clearPending();
      pending = timers.setTimeout(fallBackUnlessAppOpened, DEEP_LINK_RETURN_CHECK_MS);
      return;
    }
    left = true;
    if (signal === 'hidden') appOpened = true;
    clearPending();
  });

  pending = timers.setTimeout(fallBackUnlessAppOpened, DEEP_LINK_FALLBACK_MS);
  navigate(url);
  return finish;
}
