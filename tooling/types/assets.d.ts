// Modules the Rspack build understands that TypeScript does not.
declare module '*.css';
declare module '*.md' {
  const source: string;
  export default source;
}
/** The app's package version, injected by tooling/rspack-app.mjs. */
declare const __APP_VERSION__: string;
