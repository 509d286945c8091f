// A read worker's entry (read-pool.ts): the emulator is TypeScript run through tsx, and a worker
// thread starts without the loader of the process that made it (vitest's, or `--import tsx`).
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
