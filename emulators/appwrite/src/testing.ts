// The in-process server for tests (this emulator's own, and packages that drive Appwrite through it):
// `@cadence/appwrite-emulator/testing`. A temp data dir, a port of its own, no cron runs and no rate
// limits unless asked; the clock can be moved forward and the server restarted on the same data.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type EmulatorConfig } from './config.ts';

export interface TestServerOptions {
  /**
   * The project (appwrite.json): a file path, or its content (written to a temp file), or
   * `'deploy'`: an empty project in the data directory that deploys create (APPWRITE_SCHEMA=deploy).
   * Default: the repository's backend/appwrite.json.
   */
  project?: string | Record<string, unknown>;
  /** Reuse a data dir (state from an earlier server); the caller then owns it and `close` leaves it. */
  dataDir?: string;
  /** `APPWRITE_*` settings over the test defaults (`APPWRITE_RATE_LIMITS=off`, `APPWRITE_SCHEDULES=off`, `APPWRITE_READ_WORKERS=1`). */
  env?: Record<string, string>;
  /**
   * What function runtimes inherit (`FUNCTION_VARS_<ID>`, PATH, HOME). Default: a copy of this
   * process's environment plus `env`, changed through `server.config.functionEnv`; pass
   * `process.env` to have variables set there later apply.
   */
  functionEnv?: NodeJS.ProcessEnv;
  /** The server clock before `advance`; default `Date.now`. */
  now?: () => number;
}

export interface TestServer {
  readonly app: FastifyInstance;
  config: EmulatorConfig;
  /** `http://127.0.0.1:<port>`: function domains (`/_functions/…`) and the dev mailbox (`/_dev/mail`). */
  readonly origin: string;
  /** `<origin>/v1`, for the SDKs. */
  readonly endpoint: string;
  readonly port: number;
  /** The SMTP receiver's port on 127.0.0.1 (filing into the dev mailbox); null with `APPWRITE_SMTP_PORT=off`. */
  readonly smtpPort: number | null;
  /** The data directory (SQLite database and key files). */
  dataDir: string;
  /** The project file the server reads. */
  projectFile: string;
  /** Moves the server clock forward (kept across restarts). */
  advance(ms: number): void;
  /** Closes the server and starts a new one on the same data dir (and a new port: `origin`, `endpoint` and `port` follow), `downForMs` later by its clock. */
  restart(downForMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A port nobody listens on now, so the server knows its own address (functions call back to it) before it listens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const root = mkdtempSync(path.join(tmpdir(), 'appwrite-emulator-'));
  let projectFile: string | undefined;
  if (typeof opts.project === 'string') projectFile = opts.project === 'deploy' ? undefined : opts.project;
  else if (opts.project) {
    projectFile = path.join(root, 'appwrite.json');
    writeFileSync(projectFile, JSON.stringify(opts.project));
  }
  const dataDir = opts.dataDir ?? path.join(root, 'data');
  // One read worker (not the server's two): every suite's document reads cross the worker boundary
  // as the server's do, for half the start-up (a worker loads its own copy of the code).
  const env = { APPWRITE_RATE_LIMITS: 'off', APPWRITE_SCHEDULES: 'off', APPWRITE_SMTP_PORT: '0', APPWRITE_READ_WORKERS: '1', ...opts.env };
  const config = loadConfig({
    ...env,
    ...(projectFile ? { APPWRITE_SCHEMA: projectFile } : {}),
    ...(opts.project === 'deploy' ? { APPWRITE_SCHEMA: 'deploy' } : {}),
    APPWRITE_DATA_DIR: dataDir,
    APPWRITE_HOST: '127.0.0.1',
  });
  config.functionEnv = opts.functionEnv ?? { ...process.env, ...env };

  // Read at each call, so a test's spy on Date.now moves the server clock too.
  const base = opts.now ?? (() => Date.now());
  let offset = 0;
  // A fresh port on each start: a client's kept-alive connection to the previous server must not
  // be reused (it is closing), and the server must know its address (functions call back) first.
  const start = async (): Promise<FastifyInstance> => {
    config.port = await freePort();
    config.publicEndpoint = `http://127.0.0.1:${config.port}/v1`;
    const started = await buildApp(config, { now: () => base() + offset });
    await started.listen({ port: config.port, host: '127.0.0.1' });
    started.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      inFlight.add(request);
      response.once('close', () => inFlight.delete(request));
    });
    return started;
  };
  const inFlight = new Set<IncomingMessage>();
  let app = await start();
  const server: TestServer = {
    get app() { return app; },
    config,
    get origin() { return `http://127.0.0.1:${config.port}`; },
    get endpoint() { return config.publicEndpoint; },
    get port() { return config.port; },
    get smtpPort() { return app.smtpReceiver.port; },
    dataDir,
    projectFile: config.schemaPath,
    advance(ms) { offset += ms; },
    async restart(downForMs = 0) {
      await app.close();
      offset += downForMs;
      app = await start();
    },
    async close() {
      // A close that hangs shows as a test hook's timeout and nothing more: say what is still open.
      const slow = setTimeout(() => {
        const requests = [...inFlight].map((r) => `${r.method ?? ''} ${(r.url ?? '').split('?')[0] ?? ''}`).join('; ');
        console.warn(`test server on ${config.port} still closing after 10 s; requests in flight: ${requests || 'none'}; open: ${process.getActiveResourcesInfo().join(', ')}`);
      }, 10_000);
      slow.unref();
      // A connection that holds no request yet (a function's call back, its headers still coming on
      // a busy machine) keeps Node's server.close waiting: after 2 s every connection is cut.
      const cut = setTimeout(() => { app.server.closeAllConnections(); }, 2000);
      cut.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(slow);
        clearTimeout(cut);
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  return server;
}
