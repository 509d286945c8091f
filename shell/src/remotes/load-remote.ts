/**
 * Loads one exposed module ('mf_x/Page'). The federation runtime (federation.ts) is its own
 * chunk, fetched on the first call: a page that shows no remote never pays for it.
 */
export async function loadRemote<T>(id: string): Promise<T | null> {
  const { loadRemote: load } = await import('./federation.ts');
  return load<T>(id);
}
