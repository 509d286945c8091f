// @vitest-environment jsdom
// The public booking page (issue 32) at an address no practice uses, or when the practice can't be
// loaded: the page still has its heading (a page without one is hard to find with a screen reader,
// and the bench waits for it), and says what to do.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FunctionRefusedError } from '@cadence/shared-auth';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { queryClient } from '@cadence/shared-auth/query';
import { publicPractice } from './public-booking-api.ts';
import PublicBookingPage from './public-booking-page.tsx';

vi.mock('./public-booking-api.ts', async (original) => ({ ...(await original<typeof import('./public-booking-api.ts')>()), publicPractice: vi.fn() }));

function show(path: string) {
  render(<MemoryRouter initialEntries={[path]}><PublicBookingPage /></MemoryRouter>);
}

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
});
afterEach(cleanup);

describe('public booking page without a practice', () => {
  it('an address no practice uses: a heading, and that the practice does not take bookings online', async () => {
    vi.mocked(publicPractice).mockRejectedValue(new FunctionRefusedError('Not found', 404, { success: false }));
    show('/book/nobody-here');
    expect(await screen.findByText('This practice does not take bookings online. Please contact the practice directly.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Book an appointment');
  });

  it('while loading and after a failed load, the page keeps its heading', async () => {
    vi.mocked(publicPractice).mockRejectedValue(new Error('offline'));
    show('/book/calm-harbor');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Book an appointment');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Book an appointment');
  });
});
