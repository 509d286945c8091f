// What the numbers mean: the landing route's chunks labelled by content (from their source
// maps), so the printed conclusion names where the composed build's extra bytes go.
import { libraryOf } from './libraries.mjs';

/** Short label of a chunk's contents: the shared libraries it carries, the MF runtime, app code. */
export function chunkLabel(sources) {
  const parts = new Set();
  for (const source of sources) {
    const library = libraryOf(source);
    if (library) parts.add(library);
    else if (/@module-federation/.test(source)) parts.add('mf-runtime');
    else if (/webpack\/runtime/.test(source)) parts.add('rspack-runtime');
    else if (!/node_modules/.test(source)) parts.add('app');
    else parts.add(source.replace(/^.*node_modules\//, '').split('/').slice(0, source.includes('node_modules/@') ? 2 : 1).join('/'));
  }
  return [...parts].join(', ') || '(no source map)';
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function describe(result) {
  return result.chunks
    .slice()
    .sort((a, b) => b.gzip - a.gzip)
    .map((chunk) => `${kb(chunk.gzip)} ${new URL(chunk.url).pathname.split('/').pop()} [${chunkLabel(chunk.sources)}]`);
}

export function conclusion({ ratios, composed, monolith, landing }) {
  const met = ratios.landing.ratio <= ratios.target;
  return [
    `Landing first-load JS is ${ratios.landing.ratio.toFixed(2)}× the monolith (${kb(ratios.landing.composed)} vs ${kb(ratios.landing.monolith)} gzip): target ${ratios.target.toFixed(2)}× ${met ? 'met' : 'missed'}; every route together ${ratios.allRoutes.ratio.toFixed(2)}×.`,
    `Worst route ${ratios.worstRoute.route}: ${ratios.worstRoute.ratio.toFixed(2)}× (target ${ratios.routeTarget.toFixed(2)}× ${ratios.worstRoute.ratio <= ratios.routeTarget ? 'met' : 'missed'}); at most ${ratios.maxExtraRoundTrips} extra round trip(s) before a page chunk (target ${ratios.extraRoundTripsTarget} ${ratios.maxExtraRoundTrips <= ratios.extraRoundTripsTarget ? 'met' : 'missed'}).`,
    ...(ratios.signedIn
      ? [`Dashboard routes signed in: ${ratios.signedIn.map((r) => `${r.route} ${r.ratio.toFixed(2)}×`).join(', ')} (target ${ratios.routeTarget.toFixed(2)}× ${ratios.signedIn.every((r) => r.ratio <= ratios.routeTarget) ? 'met' : 'missed'}).`]
      : []),
    'Composed landing chunks:',
    ...describe(composed.perRoute[landing]).map((line) => `  ${line}`),
    'Monolith landing chunks:',
    ...describe(monolith.perRoute[landing]).map((line) => `  ${line}`),
    ...LIMITS,
  ];
}

// What was tried in tooling/ and why the landing ratio stops where it does (measured with
// enhanced 2.9.2 / Rspack 2.3.2; re-check when either moves).
const LIMITS = [
  'Before tuning (b8d1ce1): landing 1.83x, every route 2.67x. Applied in tooling/rspack-app.mjs: runtime target "web";',
  '  remotes drop remote-loading and snapshot code; in production remotes use the shell\'s federation runtime',
  '  (externalRuntime; the shell provides it): remoteEntry 35 -> 15 KB gzip, so each remote route costs ~20 KB less.',
  'Shared modules are provided whole: a shared module\'s chunk must serve any consumer\'s imports. So the router is',
  '  shared as @cadence/shared-router, which re-exports only the names the apps use, and react-router is tree-shaken',
  '  inside that one chunk: 60.7 -> 13.2 KB gzip (landing 1.80x -> 1.37x, every route 1.86x -> 1.58x).',
  'appwrite is not shared: shared-auth is its only runtime importer (eslint), so it is bundled, tree-shaken, inside',
  '  shared-auth\'s one shared chunk: 33.5 -> 26.0 KB gzip (landing 1.31x, every route 1.53x), as in the monolith.',
  'The shell is not built with the federation plugin: it bundles its shared libraries like the monolith and',
  '  started the federation runtime (~20 KB gzip chunk) only when a page first needed a remote, providing its own',
  '  modules as the shares: landing 148.0 -> 114.2 KB (1.31x -> 1.01x). Landing fetches one JS file, as the monolith does.',
  'Remote routes were then 1.30x (152 vs 117 KB): that runtime chunk, the remote\'s remoteEntry.js (~15 KB: its',
  '  bundler runtime, the federation SDK and share wiring, even with the host\'s runtime core) and three round trips',
  '  (remotes.json, manifest, remoteEntry) before the page chunk. Remotes are now classic containers',
  '  (rspack ModuleFederationPluginV1, tooling/rspack-app.mjs): remoteEntry.js ~5 KB gzip with its own share',
  '  negotiation, no federation runtime anywhere; the shell loads it and hands it one share scope of its own',
  '  modules (shell/src/remotes/federation.ts, part of main.js), and fetches /remotes.json alongside /config.json.',
  '  Every route 1.30x -> 1.05x; one round trip (remoteEntry.js) over the monolith before the page chunk.',
];
