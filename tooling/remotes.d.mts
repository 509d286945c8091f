export interface RemoteDefinition {
  dir: string;
  exposes: Record<string, string>;
  /** Lazily loaded chunks (by name) whose modules are never split out into chunks shared with others. */
  wholeChunks?: string[];
}
export declare const remotes: Record<string, RemoteDefinition>;
export declare function remoteNameOf(dir: string): string;
export declare function exposedModules(): Array<{ id: string; file: string }>;
