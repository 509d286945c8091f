export interface RemoteDefinition {
  dir: string;
  exposes: Record<string, string>;
}
export declare const remotes: Record<string, RemoteDefinition>;
export declare function remoteNameOf(dir: string): string;
