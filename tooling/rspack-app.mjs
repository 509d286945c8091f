// One Rspack + Module Federation configuration for every app; each app's rspack.config.mjs
// only passes its folder (a remote's name and exposed pages come from tooling/remotes.mjs). Remotes are
// built with Module Federation 2 (@module-federation/enhanced's Rspack plugin); the shell (host) is not
// built with federation at all: it bundles its shared libraries like any app and creates the federation
// runtime in a lazily loaded chunk the first time a page needs a remote
// (shell/src/remotes/federation-runtime.ts), so the landing page carries no federation code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { REMOTE_ONLY_SHARES, shared } from './mf-shared.mjs';
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
    // The appwrite SDK: its enums and static-member classes tree-shakable (appwrite-sdk-loader.mjs), and
    // its JSON parser's big numbers answered without bignumber.js (json-number.cjs).
    { test: /[\\/]appwrite[\\/]dist[\\/]esm[\\/]sdk\.js$/, loader: path.join(import.meta.dirname, 'appwrite-sdk-loader.mjs') },
    { test: /[\\/]json-bigint[\\/]lib[\\/]/, resolve: { alias: { 'bignumber.js$': path.join(import.meta.dirname, 'json-number.cjs') } } },
  ];
}

export function appConfig({ dir, host = false }) {
  const name = host ? 'shell' : remoteNameOf(path.basename(dir));
  const exposes = host ? {} : remotes[name].exposes;
  const wholeChunks = host ? [] : (remotes[name].wholeChunks ?? []);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const production = process.env.NODE_ENV !== 'development';
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    // Never an eval-based devtool: the app server's Content-Security-Policy (no 'unsafe-eval') is
    // the same in `pnpm dev` as in production, and eval'd modules would leave the page blank.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    // A remote's own entry is empty (its pages are reached through remoteEntry.js, whose get() is
    // asynchronous, so shared modules are negotiated before page code runs); the shell has nothing to
    // negotiate at startup and renders straight away.
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
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'], alias: production ? reactRouterProduction : {} },
    module: { rules: moduleRules({ production }) },
    plugins: [
      ...(host ? hostPlugins() : remotePlugins({ name, exposes, production })),
      new rspack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(pkg.version),
        // What the shell provides to remotes at runtime: the same config the plugin gets.
        __FEDERATION_SHARED__: JSON.stringify(shared),
        // The shell's federation runtime (its lazily loaded chunk) runs only in browsers: its Node
        // loaders go, as the federation plugin drops them from the remotes. It loads each remote by its
        // remoteEntry.js (remotes.json names it, copied from the manifest at deploy), never by a
        // manifest, so the snapshot plugin that reads manifests goes too.
        ...(host ? { ENV_TARGET: JSON.stringify('web'), FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true' } : {}),
      }),
      ...(host
        ? [new rspack.HtmlRspackPlugin({ template: path.join(dir, 'src/index.html'), scriptLoading: 'module', chunks: ['main'] })]
        : []),
    ],
    optimization: {
      minimize: production,
      // The shell's federation runtime is one chunk (its own code and the runtime packages): what the
      // first remote page adds, measured by tooling/remote-build.test.ts. A remote's lazily loaded
      // chunks are split as usual ('async'), except those it names whole (remotes.mjs `wholeChunks`)
      // and the query cache's fallback (@cadence/shared-auth/query, a remote-only share), which keeps
      // TanStack Query inside it: one file for every dashboard route, not two (~0.8 KB gzip less).
      ...(host
        ? { splitChunks: { cacheGroups: { federationRuntime: { test: /[\\/]@module-federation[\\/]/, name: 'federation-runtime', chunks: 'async', enforce: true } } } }
        : {
            splitChunks: {
              chunks: (chunk) => !chunk.canBeInitial() && !wholeChunks.includes(chunk.name),
              cacheGroups: {
                defaultVendors: { test: (module) => VENDOR.test(module.resource ?? '') && !QUERY_CACHE_LIBRARY.test(module.resource ?? ''), priority: -10, reuseExistingChunk: true },
              },
            },
          }),
    },
    performance: { hints: false },
    experiments: { css: true },
  };
}

// What Rspack's default vendor chunks take (node_modules), but for the query cache's library, which
// stays in the query cache's own chunk (see optimization.splitChunks).
const VENDOR = /[\\/]node_modules[\\/]/;
const QUERY_CACHE_LIBRARY = /[\\/]node_modules[\\/](\.pnpm[\\/])?@tanstack[+\\/]/;

// react-router's production build. Its package exports only its development build (no "production"
// condition), whose dev warnings (ENABLE_DEV_WARNINGS) stay in the bundle; the production build is the
// same code with them off, so the minifier drops them. Both entry points, so only one copy is bundled.
const requireFromRouterDom = createRequire(createRequire(path.join(import.meta.dirname, '../shared-router/package.json')).resolve('react-router-dom'));
const reactRouterDist = path.join(path.dirname(requireFromRouterDom.resolve('react-router/package.json')), 'dist/production');
const reactRouterProduction = {
  'react-router$': path.join(reactRouterDist, 'index.mjs'),
  'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
};

// The federation runtime packages' ES module builds. Rspack's built-in federation plugin resolves
// their CommonJS builds (require.resolve), which cannot be tree-shaken, so the plugin's size options
// (experiments.optimization) would save almost nothing (reference/module-federation.md § "Runtime size
// on Rspack"). These depend on file paths inside the packages: tooling/remote-build.test.ts guards the
// bytes, so an upgrade that moves them fails there rather than silently growing every remoteEntry.
const requireFromEnhanced = createRequire(createRequire(import.meta.url).resolve('@module-federation/enhanced/rspack'));
const requireFromRuntimeTools = createRequire(requireFromEnhanced.resolve('@module-federation/runtime-tools'));
const federationRuntimeAliases = {
  '@module-federation/runtime-tools': requireFromRuntimeTools.resolve('@module-federation/runtime-tools/dist/index.js'),
  '@module-federation/runtime': requireFromRuntimeTools.resolve('@module-federation/runtime/dist/index.js'),
};
const FEDERATION_CJS = /[\\/]@module-federation[\\/](runtime|runtime-tools|webpack-bundler-runtime)[\\/]dist[\\/]index\.cjs$/;

const runtimeCoreDist = path.dirname(createRequire(federationRuntimeAliases['@module-federation/runtime']).resolve('@module-federation/runtime-core'));

/**
 * The shell: its runtime reads no manifest, so runtime-core's SnapshotHandler gives way to
 * tooling/federation-no-snapshot.js (what the runtime still touches of it, without the manifest loading).
 */
function hostPlugins() {
  return [
    new rspack.NormalModuleReplacementPlugin(/[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/, (resource) => {
      // After resolving: the module's resource is the file read.
      if (resource.createData) resource.createData.resource = path.join(import.meta.dirname, 'federation-no-snapshot.js');
    }),
    {
      apply(compiler) {
        compiler.options.resolve.alias = {
          ...compiler.options.resolve.alias,
          'cadence-federation-disabled-snapshot$': path.join(runtimeCoreDist, 'plugins/snapshot/disabled.js'),
        };
      },
    },
  ];
}

/**
 * In production a remote bundles no fallback of what the shell always provides (`import: false`):
 * every page runs in the shell, whose runtime hands out its own copies (provided-shares.ts), so the
 * fallbacks were never loaded, only listed in every remoteEntry.js (~0.6 KB gzip). Shares the shell
 * does not provide keep theirs; tooling/remote-build.test.ts checks a remote consumes nothing else.
 */
function providedByTheShell(config) {
  return Object.fromEntries(
    Object.entries(config).map(([key, entry]) => [key, REMOTE_ONLY_SHARES.includes(key) ? entry : { ...entry, import: false }]),
  );
}

/**
 * A remote: a Module Federation 2 container (remoteEntry.js) and its mf-manifest.json, which the deploy
 * script checks for and /remotes.json points at. In production it runs on the shell's runtime core
 * (externalRuntime: one runtime on the page), drops the Node loaders, the remote-loading and the
 * snapshot code (a remote never loads another remote: lint forbids it), so remoteEntry.js is ~7 KB gzip.
 * Development builds keep their own runtime so a remote can still run alone.
 */
function remotePlugins({ name, exposes, production }) {
  return [
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: production ? providedByTheShell(shared) : shared,
      shareStrategy: 'loaded-first',
      manifest: true,
      // Types cross the seam through the shell's tsconfig paths (tooling/sync-shell-seam.mjs):
      // consuming MF's type archives would download them at build time (not hermetic, not offline).
      dts: false,
      experiments: {
        externalRuntime: production,
        optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
      },
    }),
    new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS, (resource) => {
      if (resource.request) resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
    }),
    {
      // Over Rspack's own aliases of these two packages (to their CommonJS builds), set while the
      // federation plugin is applied.
      apply(compiler) {
        compiler.hooks.afterPlugins.tap('CadenceFederationEsm', () => {
          compiler.options.resolve.alias = { ...compiler.options.resolve.alias, ...federationRuntimeAliases };
        });
      },
    },
  ];
}
