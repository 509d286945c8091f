import type { UserConfig } from 'vitest/config';

export declare function remoteTestConfig(dir: string): UserConfig;
