// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemotePage } from './remote-pages.ts';
import { RemoteRoute } from './remote-route.tsx';

// Issue 20 "No flash between pages": a remote page loaded once renders at once on every later visit.

function Heading({ text }: { text: string }) {
  return <h1>{text}</h1>;
}

/** A remote page whose module is a real component; `load` counts the loads and can fail. */
function remotePage(id: string, fail = () => false): RemotePage & { loads: () => number } {
  let loads = 0;
  return {
    remote: id.split('/')[0] ?? id,
    id,
    waitLabel: `Loading ${id}…`,
    load: async () => {
      loads += 1;
      if (fail()) throw new Error(`${id} did not load`);
      return { default: () => <Heading text={id} /> };
    },
    loads: () => loads,
  };
}

const inShell = (page: RemotePage) => (
  <Suspense fallback={<p>fallback</p>}>
    <RemoteRoute page={page} />
  </Suspense>
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RemoteRoute', () => {
  it('a page loaded before renders in the same render on the next visit: no fallback, no second load', async () => {
    const page = remotePage('mf_test/Warm');
    const first = await act(async () => render(inShell(page)));
    expect(screen.getByRole('heading', { name: 'mf_test/Warm' })).toBeTruthy();
    first.unmount();

    render(inShell(page));
    // Synchronously, before any promise could settle.
    expect(screen.getByRole('heading', { name: 'mf_test/Warm' })).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
    expect(page.loads()).toBe(1);
  });

  it('a failed load shows Retry, which loads it again; a later visit loads it again too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    const page = remotePage('mf_test/Flaky', () => down);
    const first = await act(async () => render(inShell(page)));
    expect(screen.getByRole('alert').textContent).toContain('This part of Cadence could not be loaded');
    first.unmount();

    await act(async () => render(inShell(page)));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(page.loads()).toBe(2);
    down = false;
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(screen.getByRole('heading', { name: 'mf_test/Flaky' })).toBeTruthy();
    expect(page.loads()).toBe(3);
  });
});
