/** One entry of /remotes.json, written by scripts/deploy-remote.mjs. */
export interface RemotePointer {
  version: string;
  /** URL of the remote's mf-manifest.json inside its immutable, versioned folder. */
  entry: string;
}

export type RemotesFile = Record<string, RemotePointer>;

export function parseRemotesFile(value: unknown): RemotesFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('remotes.json must be an object of remote pointers');
  }
  const remotes: RemotesFile = {};
  for (const [name, pointer] of Object.entries(value)) {
    if (
      typeof pointer !== 'object' || pointer === null ||
      typeof (pointer as RemotePointer).entry !== 'string' ||
      typeof (pointer as RemotePointer).version !== 'string'
    ) {
      throw new Error(`remotes.json: "${name}" needs a string entry and version`);
    }
    remotes[name] = { entry: (pointer as RemotePointer).entry, version: (pointer as RemotePointer).version };
  }
  return remotes;
}

/** Fetches the live remote pointers (never cached: a deploy may switch one at any time). */
export async function discoverRemotes(url = '/remotes.json'): Promise<RemotesFile> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return parseRemotesFile(await response.json());
}
