/** One entry of /remotes.json, written by scripts/deploy-remote.mjs from the remote's manifest. */
export interface RemotePointer {
  version: string;
  /** URL of the remote's mf-manifest.json inside its immutable, versioned folder. */
  entry: string;
  /** URL of its remoteEntry.js, as the manifest names it (beside the manifest when not given). */
  remoteEntry: string;
  /** Each exposed page's files loaded at once (its chunks and CSS), relative to the remote's folder. */
  pages: Record<string, string[]>;
}

export type RemotesFile = Record<string, RemotePointer>;

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

export function parseRemotesFile(value: unknown): RemotesFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('remotes.json must be an object of remote pointers');
  }
  const remotes: RemotesFile = {};
  for (const [name, raw] of Object.entries(value)) {
    const pointer = raw as Partial<Record<keyof RemotePointer, unknown>> | null;
    if (typeof pointer !== 'object' || pointer === null || typeof pointer.entry !== 'string' || typeof pointer.version !== 'string') {
      throw new Error(`remotes.json: "${name}" needs a string entry and version`);
    }
    const pages = typeof pointer.pages === 'object' && pointer.pages !== null ? pointer.pages : {};
    remotes[name] = {
      entry: pointer.entry,
      version: pointer.version,
      remoteEntry: typeof pointer.remoteEntry === 'string' ? pointer.remoteEntry : pointer.entry.replace(/[^/]*$/, 'remoteEntry.js'),
      pages: Object.fromEntries(Object.entries(pages).filter((page): page is [string, string[]] => isStringArray(page[1]))),
    };
  }
  return remotes;
}

/** Fetches the live remote pointers (never cached: a deploy may switch one at any time). */
export async function discoverRemotes(url = '/remotes.json'): Promise<RemotesFile> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return parseRemotesFile(await response.json());
}
