import { localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_BANNER_DISMISSED_KEY } from '../constants.ts';
import { openAppUrl } from './open-app-url.ts';
import { PromoBanner } from './promo-banner.tsx';

vi.mock('./open-app-url.ts', () => ({ openAppUrl: vi.fn() }));

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function useUserAgent(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

function renderBanner() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<PromoBanner />} />
        <Route path="/account" element={<p>Account area</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  setConfig(localRuntimeConfig());
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('PromoBanner (spec §2 Dashboard)', () => {
  it("shows 'Get the Cadence App' with Open App on a mobile-detected device", () => {
    useUserAgent(IPHONE);
    renderBanner();
    expect(screen.getByRole('region', { name: 'Get the Cadence App' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open App' })).toBeVisible();
  });

  it('is not shown on a desktop device', () => {
    useUserAgent(DESKTOP);
    renderBanner();
    expect(screen.queryByText('Get the Cadence App')).toBeNull();
  });

  it('remembers dismissal in localStorage and stays hidden on the next visit', () => {
    useUserAgent(IPHONE);
    const first = renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Get the Cadence App')).toBeNull();
    expect(localStorage.getItem(PROMO_BANNER_DISMISSED_KEY)).toBe('true');
    first.unmount();

    renderBanner();
    expect(screen.queryByText('Get the Cadence App')).toBeNull();
  });

  it('Open App falls back to /account when the app has not opened within 1.5 s', () => {
    vi.useFakeTimers();
    useUserAgent(IPHONE);
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Open App' }));
    expect(vi.mocked(openAppUrl)).toHaveBeenCalledWith('cadence://signup-complete');
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByText('Account area')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('Account area')).toBeVisible();
  });
});
