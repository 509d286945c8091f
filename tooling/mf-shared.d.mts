export interface SharedEntry {
  singleton: boolean;
  requiredVersion: string;
  version: string;
}
export declare function catalogVersions(): Record<string, string>;
export declare const shared: Record<string, SharedEntry>;
