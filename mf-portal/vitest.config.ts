import { remoteTestConfig } from '../tooling/vitest-remote.mjs';

export default remoteTestConfig(import.meta.dirname);
