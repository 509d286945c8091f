import { appConfig } from '../tooling/rspack-app.mjs';
import { remotes } from '../tooling/remotes.mjs';

export default appConfig({ dir: import.meta.dirname, name: 'mf_account', exposes: remotes.mf_account.exposes });
