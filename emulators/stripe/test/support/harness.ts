import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { startTestServer, type TestServer, type TestServerOptions } from '../../src/testing.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> } };
}

/**
 * A tiny webhook receiver; `status` decides what it answers (to exercise retries), unless `answer`
 * does (a status, or a promise of one: a slow endpoint). `inFlight`/`maxInFlight` count requests
 * received and not answered yet.
 */
export interface Receiver {
  url: string;
  received: Received[];
  status: number;
  answer: ((r: Received) => number | Promise<number>) | null;
  inFlight: number;
  maxInFlight: number;
  types(): string[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const receiver = { received, status: 200, answer: null, inFlight: 0, maxInFlight: 0 } as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    receiver.inFlight += 1;
    receiver.maxInFlight = Math.max(receiver.maxInFlight, receiver.inFlight);
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const got: Received = { headers: req.headers, body, event: JSON.parse(body) as Received['event'] };
      received.push(got);
      void Promise.resolve(receiver.answer ? receiver.answer(got) : receiver.status).then((status) => {
        receiver.inFlight -= 1;
        res.statusCode = status;
        res.end('{}');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.types = () => received.map((r) => r.event.type);
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

export interface Emulator extends TestServer {
  /** The official SDK pointed at this server. */
  stripe: Stripe;
}

/** The one test server (`@cadence/stripe-emulator/testing`) with an SDK client bound to it. */
export async function startEmulator(opts: TestServerOptions = {}): Promise<Emulator> {
  const server = await startTestServer(opts);
  const stripe = new Stripe(server.config.secretKey, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  return { ...server, stripe };
}

/** Submits the hosted Checkout form like a browser (no redirect following). */
export async function payCheckout(url: string, card: string, extra: Record<string, string> = {}): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ email: 'therapist@example.com', cardnumber: card, exp: '12 / 34', cvc: '123', name: 'Ann Example', ...extra }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

const here = path.dirname(fileURLToPath(import.meta.url));
type Fixtures = { resources: Record<string, Record<string, unknown>> };
const fixtures = JSON.parse(readFileSync(path.resolve(here, '../../../../../shared/reference/stripe/fixtures3.json'), 'utf8')) as Fixtures;

/** Keys Stripe's own fixture for `type` has that `object` lacks (should be []). */
export function missingFixtureKeys(type: string, object: object): string[] {
  const fixture = fixtures.resources[type];
  if (!fixture) throw new Error(`no fixture for ${type}`);
  return Object.keys(fixture).filter((k) => !(k in object));
}

/** Polls until `check` holds (background retries and delayed deliveries run on real timers). */
export async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
