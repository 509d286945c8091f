// The bench's reference point: the shell and every remote page as ONE Rspack build with no
// Module Federation. Same loaders, targets and minifier as tooling/rspack-app.mjs; the only
// difference is the shell's federation module (shell/src/remotes/federation.ts, the lazily loaded
// runtime) swapped for a shim that maps page ids to dynamic imports of the pages' source.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { remotes } from '../../tooling/remotes.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const shell = path.join(root, 'shell');
const version = JSON.parse(readFileSync(path.join(shell, 'package.json'), 'utf8')).version;

/** `mf_auth/SignupPage$` → mf-auth/src/signup/signup-page.tsx, for every exposed page. */
const pageAliases = Object.fromEntries(
  Object.entries(remotes).flatMap(([name, { dir, exposes }]) =>
    Object.entries(exposes).map(([key, file]) => [`${name}/${key.slice(2)}$`, path.join(root, dir, file)]),
  ),
);

export default {
  context: shell,
  mode: 'production',
  devtool: 'source-map',
  entry: { main: './src/bootstrap.tsx' },
  output: {
    path: path.join(import.meta.dirname, 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:10].js',
    chunkFilename: '[name].[contenthash:10].js',
    cssFilename: '[name].[contenthash:10].css',
    cssChunkFilename: '[name].[contenthash:10].css',
    clean: true,
  },
  resolve: {
    extensions: ['.ts', '.tsx', '.js', '.mjs'],
    alias: pageAliases,
  },
  module: {
    rules: [
      {
        test: /\.[cm]?tsx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: false } },
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
    new rspack.NormalModuleReplacementPlugin(/[\\/]remotes[\\/]federation\.ts$/, path.join(import.meta.dirname, 'src/federation-shim.ts')),
    new rspack.DefinePlugin({ __APP_VERSION__: JSON.stringify(version) }),
    new rspack.HtmlRspackPlugin({ template: path.join(shell, 'src/index.html'), scriptLoading: 'module' }),
  ],
  optimization: { minimize: true },
  performance: { hints: false },
  experiments: { css: true },
};
