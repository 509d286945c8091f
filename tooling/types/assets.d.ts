// Modules the Rspack build understands that TypeScript does not.
declare module '*.css';
declare module '*.md' {
  const source: string;
  export default source;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
/** The app's package version, injected by tooling/rspack-app.mjs. */
declare const __APP_VERSION__: string;
/** tooling/mf-shared.mjs `shared`, injected by tooling/rspack-app.mjs (the shell provides these). */
declare const __FEDERATION_SHARED__: Record<string, { singleton: boolean; requiredVersion: string; version: string }>;
