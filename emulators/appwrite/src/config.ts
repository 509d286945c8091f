import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePlatformOrigins } from './platforms.ts';

export interface EmulatorConfig {
  port: number;
  host: string;
  dataDir: string;
  projectId: string;
  projectName: string;
  databaseId: string;
  apiKey: string;
  maxSessions: number;
  rateLimits: boolean;
  /** backend/appwrite.json */
  schemaPath: string;
  /** Base URL (with /v1) that functions and mails use to reach this server. */
  publicEndpoint: string;
  /** Web platform origins: CORS with credentials and redirect URL hosts (APPWRITE_PLATFORMS). */
  platforms: string[];
}

/** The app's own origin (the local stack's app server), as `npm start` serves it. */
export const DEFAULT_PLATFORMS = 'http://localhost:3000,http://127.0.0.1:3000';

// Relative paths are resolved from the repository root, so `pnpm --filter` and `npm start` agree.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EmulatorConfig {
  const port = intFrom(env.APPWRITE_PORT, 4000);
  const host = env.APPWRITE_HOST || '127.0.0.1';
  return {
    port,
    host,
    dataDir: path.resolve(repoRoot, env.APPWRITE_DATA_DIR || '.data/appwrite'),
    projectId: env.APPWRITE_PROJECT_ID || 'cadence',
    projectName: env.APPWRITE_PROJECT_NAME || 'Cadence',
    databaseId: env.APPWRITE_DATABASE_ID || 'main',
    apiKey: env.APPWRITE_API_KEY || 'local-dev-key',
    maxSessions: Math.min(100, Math.max(0, intFrom(env.APPWRITE_MAX_SESSIONS, 5))),
    rateLimits: env.APPWRITE_RATE_LIMITS !== 'off',
    schemaPath: path.resolve(repoRoot, env.APPWRITE_SCHEMA || 'backend/appwrite.json'),
    publicEndpoint: env.APPWRITE_PUBLIC_ENDPOINT || `http://${host}:${port}/v1`,
    platforms: parsePlatformOrigins(env.APPWRITE_PLATFORMS || DEFAULT_PLATFORMS),
  };
}
