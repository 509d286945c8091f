import { afterEach, describe, expect, it, vi } from 'vitest';

// The design system's gallery (shared-ui/src/gallery) is built by `pnpm dev` only (issue #18).
const savedEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = savedEnv;
  vi.resetModules();
});

async function shellConfig(mode: string) {
  process.env.NODE_ENV = mode;
  vi.resetModules();
  const { default: config } = (await import('../shell/rspack.config.mjs')) as {
    default: { entry: Record<string, string>; plugins: { constructor: { name: string }; _args?: [{ filename?: string; chunks?: string[] }] }[] };
  };
  return config;
}

describe('the shared-ui gallery', () => {
  it('is an entry and a page (/_gallery.html) of development builds', async () => {
    const config = await shellConfig('development');
    expect(config.entry.gallery).toBe('@cadence/shared-ui/gallery');
    const pages = config.plugins.filter((plugin) => plugin.constructor.name === 'HtmlRspackPlugin').map((plugin) => plugin._args?.[0]);
    expect(pages).toEqual([expect.objectContaining({ chunks: ['main'] }), expect.objectContaining({ filename: '_gallery.html', chunks: ['gallery'] })]);
  });

  it('is absent from production builds', async () => {
    const config = await shellConfig('production');
    expect(Object.keys(config.entry)).toEqual(['main']);
    const pages = config.plugins.filter((plugin) => plugin.constructor.name === 'HtmlRspackPlugin').map((plugin) => plugin._args?.[0]?.filename);
    expect(pages).not.toContain('_gallery.html');
  });
});
