import { appConfig } from '../tooling/rspack-app.mjs';

// Name and exposed pages: tooling/remotes.mjs.
export default appConfig({ dir: import.meta.dirname });
