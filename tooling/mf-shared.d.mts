export interface SharedEntry {
  singleton: boolean;
  requiredVersion: string;
  version: string;
}
export declare function catalogVersions(): Record<string, string>;
export declare const shared: Record<string, SharedEntry>;
export declare const REMOTE_ONLY_SHARES: readonly string[];
