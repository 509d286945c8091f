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
    'Composed landing chunks:',
    ...describe(composed.perRoute[landing]).map((line) => `  ${line}`),
    'Monolith landing chunks:',
    ...describe(monolith.perRoute[landing]).map((line) => `  ${line}`),
    ...LIMITS,
  ];
}

// Filled in from the measurements of this work (see the commit history of tooling/).
const LIMITS = [];
