// Which shared libraries a fetched chunk carries, read from its source map (every production
// build emits one): minified code has no reliable markers, but the map lists the original files.
// A library counts as fetched N times when one of its files arrived inside N different chunks —
// one split across two chunks is still one copy.
export const SHARED_LIBRARIES = ['react', 'react-dom', 'react-router', '@cadence/shared-router', 'zustand', 'appwrite', '@cadence/shared-auth'];

/** Library name of one source-map path, or null (app code, the MF runtime, …). */
export function libraryOf(source) {
  const workspace = /(^|\/)(shared-auth|shared-router)\/src\//.exec(source);
  if (workspace) return `@cadence/${workspace[2]}`;
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (!match || !SHARED_LIBRARIES.includes(match[1])) return null;
  return match[1];
}

/** Source files of a JS response, via its `//# sourceMappingURL=` (fetched outside the page). */
export async function sourcesOf(url, body) {
  const comment = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(body.slice(-300));
  if (!comment) return [];
  try {
    const response = await fetch(new URL(comment[1], url), { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) return [];
    return (await response.json()).sources ?? [];
  } catch {
    return [];
  }
}

/**
 * @param {{ url: string, sources: string[] }[]} chunks  the JS fetched by one page load
 * @returns {Record<string, number>} library → copies fetched
 */
export function countCopies(chunks) {
  /** @type {Map<string, Map<string, Set<string>>>} library → file → chunk URLs carrying it */
  const files = new Map(SHARED_LIBRARIES.map((library) => [library, new Map()]));
  for (const { url, sources } of chunks) {
    for (const source of sources) {
      const library = libraryOf(source);
      if (!library) continue;
      // Drop each build's own path prefix so the same file shipped by two apps compares equal.
      const file = source.replace(/^.*node_modules\//, '').replace(/^.*(shared-auth|shared-router)\//, '$1/');
      const urls = files.get(library).get(file) ?? new Set();
      files.get(library).set(file, urls.add(url));
    }
  }
  return Object.fromEntries(
    [...files].map(([library, byFile]) => [library, Math.max(0, ...[...byFile.values()].map((urls) => urls.size))]),
  );
}
