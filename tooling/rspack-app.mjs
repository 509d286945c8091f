// One Rspack + Module Federation configuration for every app; each app's rspack.config.mjs
// only passes its folder (a remote's name and exposed pages come from tooling/remotes.mjs). Remotes are built with the federation plugin; the shell
// (host) is not: it bundles its shared libraries like any app and starts the federation runtime
// only when a page needs a remote (shell/src/remotes/federation.ts), so a shell-only page such as
// the landing page loads no federation code at all (bench: `pnpm bench`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { shared } from './mf-shared.mjs';
import { remoteNameOf, remotes } from './remotes.mjs';

/**
 * @param {object} options
 * @param {string} options.dir            the app's folder (import.meta.dirname of its config)
 * @param {boolean} [options.host]        the shell: served at "/", emits index.html
 */
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
    module: {
      rules: [
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
      ],
    },
    plugins: [
      ...(host ? [] : [new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        remotes: {},
        shared,
        shareStrategy: 'loaded-first',
        manifest: true,
        // Types cross the seam through the shell's tsconfig paths (see shell/tsconfig.json),
        // so builds stay hermetic and offline.
        dts: false,
        experiments: {
          asyncStartup: true,
          // A slimmer federation runtime (bench: `pnpm bench`). Every app runs in the browser, so
          // the Node loaders go; a remote never loads other remotes or manifests, so its copy of the
          // runtime also drops remote loading and the manifest snapshot code.
          optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
          // One runtime per page, not one per remote: in production the shell provides its
          // federation runtime (federation.ts) and remotes use it instead of bundling their own
          // (~25 KB gzip per remote route). Development keeps it bundled so a remote can still run
          // on its own.
          externalRuntime: production,
        },
      })]),
      new rspack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(pkg.version),
        // What the shell provides to remotes at runtime: the same config the plugin gets.
        __FEDERATION_SHARED__: JSON.stringify(shared),
        // The federation runtime's own build switches, as the plugin sets them for the web.
        ...(host ? { ENV_TARGET: JSON.stringify('web') } : {}),
      }),
      ...(host
        ? [new rspack.HtmlRspackPlugin({ template: path.join(dir, 'src/index.html'), scriptLoading: 'module' })]
        : []),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    experiments: { css: true },
  };
}
