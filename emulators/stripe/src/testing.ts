// The in-process server for tests (this emulator's own, and packages that drive billing through it):
// `@cadence/stripe-emulator/testing`. A temp data dir, port 0, no background ticker — time moves only
// through `advance` (`/_dev/clock/advance`).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type StripeEmulatorConfig } from './config.ts';

export interface TestServerOptions {
  /** Reuse a data dir (a restart); the caller then owns it and `close` leaves it. Default: a new temp dir. */
  dataDir?: string;
  /** Environment overrides (`STRIPE_WEBHOOK_URL` and `STRIPE_CONNECT_WEBHOOK_URL` default to none). */
  env?: Record<string, string>;
}

export interface TestServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`: the SDK's host/port and the origin of every hosted link. */
  origin: string;
  port: number;
  config: StripeEmulatorConfig;
  dataDir: string;
  /** `/_dev` controls: GET without a body, POST with a JSON one. */
  dev(route: string, body?: unknown): Promise<unknown>;
  /** Runs every job due in the next `seconds` and delivers its webhooks' first attempts. */
  advance(seconds: number): Promise<{ now: number; ran: number }>;
  /** Emulator time, unix seconds. */
  now(): Promise<number>;
  /** Waits until every queued webhook was sent. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'stripe-emulator-'));
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDataDir();
  const config = loadConfig({ STRIPE_WEBHOOK_URL: '', STRIPE_CONNECT_WEBHOOK_URL: '', ...opts.env, STRIPE_PORT: '0', STRIPE_DATA_DIR: dataDir });
  const app = await buildApp(config, { ticker: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const dev = async (route: string, body?: unknown): Promise<unknown> => {
    const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await fetch(`${origin}/_dev${route}`, init);
    if (!response.ok) throw new Error(`/_dev${route} ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    app, origin, port, config, dataDir, dev,
    advance: async (seconds) => (await dev('/clock/advance', { seconds })) as { now: number; ran: number },
    now: async () => ((await dev('/clock')) as { now: number }).now,
    flush: async () => {
      await dev('/webhooks/flush', {});
    },
    close: async () => {
      await app.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
