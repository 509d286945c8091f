import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_POOL_LIMITS, type PoolLimits } from './functions/executor.ts';
import { parsePlatformOrigins } from './platforms.ts';
import { DEFAULT_MAXIMUM_FILE_SIZE } from './storage/buckets.ts';

export interface EmulatorConfig {
  port: number;
  host: string;
  dataDir: string;
  projectId: string;
  projectName: string;
  databaseId: string;
  apiKey: string;
  maxSessions: number;
  /**
   * The project's session length in seconds (Appwrite's `auths.duration`): appwrite.json's
   * `settings.auth.security.duration`, else Appwrite's default of one year.
   */
  sessionDuration: number;
  rateLimits: boolean;
  /**
   * The project file: backend/appwrite.json, read at start; or, with APPWRITE_SCHEMA=deploy, the
   * data directory's own `appwrite.json`, empty until a deploy (the Appwrite CLI's `push`, or the
   * server SDK) creates the project through the API (project.ts).
   */
  schemaPath: string;
  /** APPWRITE_SCHEMA=deploy: the project is deployed to this server over HTTP and kept in the data directory. */
  deployTarget: boolean;
  /**
   * What a deployment's build links as its `node_modules` in place of running its `commands`
   * (`npm install`: no registry here): the workspace's installed function dependencies
   * (APPWRITE_FUNCTION_MODULES, default backend/node_modules).
   */
  functionModules: string;
  /** Base URL (with /v1) that functions and mails use to reach this server. */
  publicEndpoint: string;
  /** Web platform origins: CORS with credentials and redirect URL hosts (APPWRITE_PLATFORMS). */
  platforms: string[];
  /**
   * The SMTP receiver's port on 127.0.0.1 (APPWRITE_SMTP_PORT; default the HTTP port + 25, so 4025
   * beside 4000 and the e2e stack's 4125 beside 4100; 0 lets the system choose; `off` none).
   */
  smtpPort: number | null;
  /**
   * `collection.attribute` names whose stored values may be dropped at start when appwrite.json no
   * longer fits them (APPWRITE_DROP_VALUES, comma-separated; databases/schema-upgrade.ts).
   */
  dropValues: Set<string>;
  /**
   * A module whose `ATTRIBUTE_RENAMES` lists attribute keys renamed since data was stored under
   * them (`{ databaseId, collectionId, from, to }`): at start their stored values move to the new
   * key (APPWRITE_RENAMES, default backend/functions/lib/attribute-renames.js; `off`: none).
   */
  renamesModule: string | null;
  /**
   * The largest file a bucket may be made to take over the API, in bytes (APPWRITE_STORAGE_LIMIT,
   * Appwrite's `_APP_STORAGE_LIMIT`, default 30 000 000 as Appwrite's).
   */
  storageLimit: number;
  /** Fastify's request log (APPWRITE_LOG=on). */
  log: boolean;
  /** Replaces every function's folder with `<functionsDir>/<id>` (APPWRITE_FUNCTIONS_DIR), for fixture functions. */
  functionsDir: string | undefined;
  /** Cron schedules from appwrite.json run (APPWRITE_SCHEDULES=off stops them, for tests that want no background runs). */
  schedules: boolean;
  /** Functions run on the events they subscribe to (APPWRITE_EVENTS=off stops it: bulk seeding for benches). */
  events: boolean;
  /**
   * Worker threads that answer document reads, each on its own read-only connection
   * (APPWRITE_READ_WORKERS, default 2; 0: every read on the main thread; databases/read-pool.ts).
   */
  readWorkers: number;
  /**
   * The bytes document reads' answers may take while kept (APPWRITE_READ_CACHE_MB,
   * default 64; 0: every read drawn again; databases/read-cache.ts).
   */
  readCacheBytes: number;
  /** Warm-runtime caps (APPWRITE_EXECUTIONS_PER_FUNCTION, APPWRITE_EXECUTIONS_TOTAL, APPWRITE_EXECUTIONS_QUEUE). */
  executionLimits: PoolLimits;
  /**
   * What function runtimes inherit: `FUNCTION_VARS_<ID>` and PATH/HOME. The environment object
   * itself, read at each execution, so a variable set after start applies to the next runtime.
   */
  functionEnv: NodeJS.ProcessEnv;
}

/** The deployed project's file in the data directory (APPWRITE_SCHEMA=deploy). */
export const PROJECT_FILE = 'appwrite.json';

/** The app's own origin (the local stack's app server), as `npm start` serves it. */
export const DEFAULT_PLATFORMS = 'http://localhost:3000,http://127.0.0.1:3000';

// Relative paths are resolved from the repository root, so `pnpm --filter` and `npm start` agree.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Appwrite's `auths.duration` when the project names none (TOKEN_EXPIRATION_LOGIN_LONG). */
export const DEFAULT_SESSION_DURATION = 31_536_000;

/** `settings.auth.security.duration` of the project file; Appwrite accepts 60 s to one year. */
export function sessionDurationOf(schemaPath: string): number {
  let project: unknown;
  try {
    project = JSON.parse(readFileSync(schemaPath, 'utf8'));
  } catch {
    return DEFAULT_SESSION_DURATION;
  }
  const duration = (project as { settings?: { auth?: { security?: { duration?: unknown } } } } | null)?.settings?.auth?.security?.duration;
  if (typeof duration !== 'number' || !Number.isInteger(duration)) return DEFAULT_SESSION_DURATION;
  return Math.min(DEFAULT_SESSION_DURATION, Math.max(60, duration));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EmulatorConfig {
  const port = intFrom(env.APPWRITE_PORT, 4000);
  const host = env.APPWRITE_HOST || '127.0.0.1';
  const dataDir = path.resolve(repoRoot, env.APPWRITE_DATA_DIR || '.data/appwrite');
  const deployTarget = env.APPWRITE_SCHEMA === 'deploy';
  const schemaPath = deployTarget ? path.join(dataDir, PROJECT_FILE) : path.resolve(repoRoot, env.APPWRITE_SCHEMA || 'backend/appwrite.json');
  return {
    port,
    host,
    dataDir,
    projectId: env.APPWRITE_PROJECT_ID || 'cadence',
    projectName: env.APPWRITE_PROJECT_NAME || 'Cadence',
    databaseId: env.APPWRITE_DATABASE_ID || 'main',
    apiKey: env.APPWRITE_API_KEY || 'local-dev-key',
    maxSessions: Math.min(100, Math.max(0, intFrom(env.APPWRITE_MAX_SESSIONS, 5))),
    sessionDuration: sessionDurationOf(schemaPath),
    rateLimits: env.APPWRITE_RATE_LIMITS !== 'off',
    schemaPath,
    deployTarget,
    functionModules: path.resolve(repoRoot, env.APPWRITE_FUNCTION_MODULES || 'backend/node_modules'),
    publicEndpoint: env.APPWRITE_PUBLIC_ENDPOINT || `http://${host}:${port}/v1`,
    platforms: parsePlatformOrigins(env.APPWRITE_PLATFORMS || DEFAULT_PLATFORMS),
    smtpPort: env.APPWRITE_SMTP_PORT === 'off' ? null : intFrom(env.APPWRITE_SMTP_PORT, port + 25),
    dropValues: new Set((env.APPWRITE_DROP_VALUES ?? '').split(',').map((s) => s.trim()).filter(Boolean)),
    storageLimit: intFrom(env.APPWRITE_STORAGE_LIMIT, DEFAULT_MAXIMUM_FILE_SIZE),
    renamesModule: env.APPWRITE_RENAMES === 'off' ? null : path.resolve(repoRoot, env.APPWRITE_RENAMES || 'backend/functions/lib/attribute-renames.js'),
    log: env.APPWRITE_LOG === 'on',
    functionsDir: env.APPWRITE_FUNCTIONS_DIR || undefined,
    schedules: env.APPWRITE_SCHEDULES !== 'off',
    events: env.APPWRITE_EVENTS !== 'off',
    readWorkers: Math.min(16, Math.max(0, intFrom(env.APPWRITE_READ_WORKERS, 2))),
    readCacheBytes: Math.min(4096, Math.max(0, intFrom(env.APPWRITE_READ_CACHE_MB, 64))) * 1024 * 1024,
    executionLimits: {
      perFunction: positive(env.APPWRITE_EXECUTIONS_PER_FUNCTION, DEFAULT_POOL_LIMITS.perFunction),
      total: positive(env.APPWRITE_EXECUTIONS_TOTAL, DEFAULT_POOL_LIMITS.total),
      queue: positive(env.APPWRITE_EXECUTIONS_QUEUE, DEFAULT_POOL_LIMITS.queue),
      idleMs: DEFAULT_POOL_LIMITS.idleMs,
    },
    functionEnv: env,
  };
}
