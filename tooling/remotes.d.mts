export interface RemoteDefinition {
  dir: string;
  exposes: Record<string, string>;
}
export declare const remotes: Record<string, RemoteDefinition>;
export declare function remoteNameOf(dir: string): string;
export declare function exposedModules(): Array<{ id: string; file: string }>;
