import { appConfig } from '../tooling/rspack-app.mjs';

// The shell is built with no remotes: it discovers them at startup from /remotes.json.
export default appConfig({ dir: import.meta.dirname, host: true });
