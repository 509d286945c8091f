import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import ChangelogPage from './changelog-page.tsx';

const NOTES = `# Changelog

All notable changes to this project will be documented in this file.

## [0.1.0] - 2026-11-21

### Added
- See [the site](https://example.com), [support](mailto:support@example.com) and [a bad link](javascript:alert(1)).
`;

function respondWith(body: string, status = 200) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(body, { status })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let headingTop = 600;
let rectSpy: MockInstance<() => DOMRect>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  headingTop = 600;
  rectSpy = vi
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => DOMRect.fromRect({ x: 0, y: headingTop, width: 100, height: 20 }));
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  rectSpy.mockRestore();
  consoleError.mockRestore();
  vi.unstubAllGlobals();
});

describe('ChangelogPage (spec §2 Changelog page, §8)', () => {
  it("shows 'Loading changelog...' while /CHANGELOG.md loads", () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    render(<ChangelogPage />);
    expect(screen.getByText('Loading changelog...')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith('/CHANGELOG.md', expect.anything());
  });

  it("then shows the heading 'Changelog' and the notes rendered from markdown", async () => {
    respondWith(NOTES);
    render(<ChangelogPage />);
    expect(await screen.findByRole('heading', { level: 2, name: '[0.1.0] - 2026-11-21' })).toBeVisible();
    expect(screen.queryByText('Loading changelog...')).toBeNull();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual(['Changelog']);
    expect(screen.getByRole('heading', { level: 3, name: 'Added' })).toBeVisible();
  });

  it('keeps allowed links and empties the address of any other protocol (spec §5)', async () => {
    respondWith(NOTES);
    render(<ChangelogPage />);
    expect((await screen.findByText('the site')).getAttribute('href')).toBe('https://example.com');
    expect(screen.getByText('support').getAttribute('href')).toBe('mailto:support@example.com');
    expect(screen.getByText('a bad link').getAttribute('href')).toBe('');
  });

  it('shows the red failure message and logs the error when the status is not a success', async () => {
    const fetchMock = respondWith('Not found', 404);
    render(<ChangelogPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to load changelog. Please try again later.');
    expect(alert.className).toContain('content-changelog-error');
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByText('Loading changelog...')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the failure message when the request itself fails, without retrying', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    render(<ChangelogPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load changelog. Please try again later.');
    expect(consoleError).toHaveBeenCalledWith('Failed to load changelog', expect.any(TypeError));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows 'Latest: {version}' once the first ## heading is within 105 px of the top; ↑ Top scrolls smoothly up", async () => {
    respondWith(NOTES);
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(<ChangelogPage />);
    await screen.findByRole('heading', { level: 2, name: '[0.1.0] - 2026-11-21' });
    expect(screen.queryByText('Latest: 0.1.0')).toBeNull();

    headingTop = 106;
    fireEvent.scroll(window);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Latest: 0.1.0')).toBeNull();

    headingTop = 105;
    fireEvent.scroll(window);
    expect(await screen.findByText('Latest: 0.1.0')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: '↑ Top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    headingTop = 300;
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.queryByText('Latest: 0.1.0')).toBeNull());
  });

  it('shows no bar when the notes have no "## [version]" heading', async () => {
    respondWith('# Changelog\n\n## Notes\n\nNothing released yet.\n');
    headingTop = 0;
    render(<ChangelogPage />);
    await screen.findByRole('heading', { level: 2, name: 'Notes' });
    fireEvent.scroll(window);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Latest:/)).toBeNull();
    expect(screen.queryByRole('button', { name: '↑ Top' })).toBeNull();
  });
});
