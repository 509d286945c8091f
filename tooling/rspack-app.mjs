// One Rspack + Module Federation configuration for every app; each app's rspack.config.mjs
// only passes its folder (a remote's name and exposed pages come from tooling/remotes.mjs). Remotes are
// built as classic federation containers; the shell (host) is not built with federation at all: it
// bundles its shared libraries like any app and hands them to each remote's container
// (shell/src/remotes/federation.ts), so no page loads a federation runtime (bench: `pnpm bench`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ManifestPlugin } from './mf-manifest-plugin.mjs';
import { shared } from './mf-shared.mjs';
import { remoteNameOf, remotes } from './remotes.mjs';

/**
 * @param {object} options
 * @param {string} options.dir            the app's folder (import.meta.dirname of its config)
 * @param {boolean} [options.host]        the shell: served at "/", emits index.html
 */
/**
 * How every build reads the source: TypeScript/TSX through SWC (React's automatic runtime), CSS
 * natively, Markdown as text. The apps and shared-ui's size test build with these same rules.
 * @param {{ production: boolean }} options
 */
export function moduleRules({ production }) {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2022',
        },
      },
      type: 'javascript/auto',
    },
    { test: /\.css$/, type: 'css/auto' },
    { test: /\.md$/, type: 'asset/source' },
    // Images (the landing page's screenshots) as files of their own: the bundle holds only their URL.
    { test: /\.(webp|avif)$/, type: 'asset/resource' },
  ];
}

export function appConfig({ dir, host = false }) {
  const name = host ? 'shell' : remoteNameOf(path.basename(dir));
  const exposes = host ? {} : remotes[name].exposes;
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const production = process.env.NODE_ENV !== 'development';
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    // Never an eval-based devtool: the app server's Content-Security-Policy (no 'unsafe-eval') is
    // the same in `pnpm dev` as in production, and eval'd modules would leave the page blank.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    // Remotes need an async boundary (shared modules are negotiated before app code runs); the
    // shell has none to negotiate at startup and renders straight away.
    entry: { main: host ? './src/bootstrap.tsx' : './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      // Remotes resolve their chunks relative to wherever their manifest was loaded from, so the
      // same build works from any versioned folder (deploy/remotes/<name>/<version>/).
      publicPath: host ? '/' : 'auto',
      uniqueName: name,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: { rules: moduleRules({ production }) },
    plugins: [
      ...(host ? [] : remotePlugins({ name, exposes, pkg })),
      new rspack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(pkg.version),
        // What the shell provides to remotes at runtime: the same config the plugin gets.
        __FEDERATION_SHARED__: JSON.stringify(shared),
      }),
      ...(host
        ? [new rspack.HtmlRspackPlugin({ template: path.join(dir, 'src/index.html'), scriptLoading: 'module', chunks: ['main'] })]
        : []),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    experiments: { css: true },
  };
}

/**
 * A remote: a classic container (remoteEntry.js, a global `{ init, get }` with its own chunk loader and
 * share negotiation) and its manifest. Not the Module Federation 2 plugin: its runtime (~20 KB gzip in
 * the shell plus ~10 KB in every remoteEntry) bought manifest snapshots, runtime plugins and preloading
 * that the shell does not use, and cost a remote route 1.30x the monolith's bytes (bench: `pnpm bench`).
 */
function remotePlugins({ name, exposes, pkg }) {
  const filename = 'remoteEntry.js';
  // Each page its own named chunk (__federation_expose_LoginPage), as the manifest lists it.
  const namedExposes = Object.fromEntries(
    Object.entries(exposes).map(([key, file]) => [key, { import: file, name: `__federation_expose_${key.slice(2)}` }]),
  );
  return [
    new rspack.container.ModuleFederationPluginV1({
      name,
      filename,
      library: { type: 'var', name },
      exposes: namedExposes,
      shared,
    }),
    new ManifestPlugin({ name, filename, exposes: namedExposes, shared, build: pkg }),
  ];
}
