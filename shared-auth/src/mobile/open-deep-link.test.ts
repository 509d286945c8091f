// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserPage, type DeepLinkPage, type PageSignal } from './open-deep-link.ts';
import { DEEP_LINK_FALLBACK_MS, DEEP_LINK_RETURN_CHECK_MS } from '../config/constants.ts';
import { openDeepLink } from '@cadence/shared-auth';

const URL = 'cadence://signup-complete';
const FALLBACK = '/account';

function fakePage() {
  let visible = true;
  let listener: ((signal: PageSignal) => void) | null = null;
  const page: DeepLinkPage = {
    isVisible: () => visible,
    watch(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
  const emit = (signal: PageSignal) => {
    if (signal === 'hidden') visible = false;
    if (signal === 'visible') visible = true;
    listener?.(signal);
  };
  return { page, emit, isWatched: () => listener !== null };
}

function start() {
  const navigate = vi.fn<(target: string) => void>();
  const fake = fakePage();
  const cancel = openDeepLink({ url: URL, fallback: FALLBACK, navigate, timers: globalThis, page: fake.page });
  return { navigate, cancel, ...fake };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('openDeepLink (spec §9: fallback 1.5 s, 0.5 s check after return)', () => {
  it('uses the spec timings', () => {
    expect(DEEP_LINK_FALLBACK_MS).toBe(1500);
    expect(DEEP_LINK_RETURN_CHECK_MS).toBe(500);
  });

  it('opens the deep link at once and falls back after 1.5 s when the app did not open', () => {
    const { navigate, isWatched } = start();
    expect(navigate.mock.calls).toEqual([[URL]]);
    vi.advanceTimersByTime(1499);
    expect(navigate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(navigate.mock.calls).toEqual([[URL], [FALLBACK]]);
    expect(isWatched()).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('does not fall back once the page was hidden (the app opened), even after the user returns', () => {
    const { navigate, emit, isWatched } = start();
    vi.advanceTimersByTime(300);
    emit('hidden');
    vi.advanceTimersByTime(5000);
    emit('visible');
    vi.advanceTimersByTime(DEEP_LINK_RETURN_CHECK_MS);
    expect(navigate.mock.calls).toEqual([[URL]]);
    expect(isWatched()).toBe(false);
  });

  it('after a blur (an "Open in app?" prompt) and return without the page hiding, falls back 0.5 s after return', () => {
    const { navigate, emit } = start();
    vi.advanceTimersByTime(200);
    emit('blurred');
    vi.advanceTimersByTime(2000);
    expect(navigate).toHaveBeenCalledTimes(1);
    emit('visible');
    vi.advanceTimersByTime(499);
    expect(navigate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(navigate.mock.calls).toEqual([[URL], [FALLBACK]]);
  });

  it('does not fall back when the page hides again during the 0.5 s check', () => {
    const { navigate, emit } = start();
    emit('blurred');
    emit('visible');
    vi.advanceTimersByTime(200);
    emit('hidden');
    vi.advanceTimersByTime(5000);
    expect(navigate.mock.calls).toEqual([[URL]]);
  });

  it('ignores a focus signal when the page never left', () => {
    const { navigate, emit } = start();
    vi.advanceTimersByTime(100);
    emit('visible');
    vi.advanceTimersByTime(DEEP_LINK_RETURN_CHECK_MS);
    expect(navigate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DEEP_LINK_FALLBACK_MS - 100 - DEEP_LINK_RETURN_CHECK_MS);
    expect(navigate.mock.calls).toEqual([[URL], [FALLBACK]]);
  });

  it('cancel stops the timer and the watching (the banner unmounted)', () => {
    const { navigate, cancel, isWatched } = start();
    cancel();
    vi.advanceTimersByTime(5000);
    expect(navigate.mock.calls).toEqual([[URL]]);
    expect(isWatched()).toBe(false);
  });
});

describe('browserPage', () => {
  it('reports visibilitychange, blur and focus', () => {
    const signals: PageSignal[] = [];
    let state: DocumentVisibilityState = 'visible';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const page = browserPage(window);
    const stop = page.watch((signal) => signals.push(signal));
    window.dispatchEvent(new Event('blur'));
    state = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(page.isVisible()).toBe(false);
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    stop();
    window.dispatchEvent(new Event('blur'));
    expect(signals).toEqual(['blurred', 'hidden', 'visible', 'visible']);
    expect(page.isVisible()).toBe(true);
    visibility.mockRestore();
  });
});
