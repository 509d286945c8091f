import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEBHOOK_CONCURRENCY } from './webhooks/delivery.ts';

export type DunningOutcome = 'canceled' | 'unpaid' | 'past_due';

export interface StripeEmulatorConfig {
  port: number;
  host: string;
  dataDir: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** '' disables delivery to the configured endpoint (created webhook endpoints still receive). */
  webhookUrl: string;
  /** The platform's Connect endpoint: connected accounts' events, signed with its own secret ('' disables). */
  connectWebhookUrl: string;
  connectWebhookSecret: string;
  /** The event types each configured endpoint listens to (`['*']`: every one), as its enabled_events. */
  webhookEvents: string[];
  connectWebhookEvents: string[];
  /** Origin used in hosted page links (session.url, hosted_invoice_url, invoice_pdf). */
  publicUrl: string;
  /** Days after the first failed charge on which it is retried. */
  retryDays: number[];
  /** What happens to a subscription when the last retry fails (Stripe's dunning setting). */
  dunningOutcome: DunningOutcome;
  webhookDuplicate: boolean;
  webhookReorder: boolean;
  webhookDrop: boolean;
  webhookDelayMs: number;
  /** Deliveries in flight to one endpoint at most (Stripe delivers concurrently, unordered). */
  webhookConcurrency: number;
}

// Relative paths resolve from the repository root so `pnpm --filter` and `npm start` agree.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

function flag(value: string | undefined): boolean {
  return value === '1' || value === 'true' || value === 'on';
}

function retryDaysFrom(value: string | undefined): number[] {
  if (!value) return [3, 5, 7];
  return value.split(',').map((s) => Number(s.trim())).filter((n) => Number.isFinite(n) && n > 0);
}

function eventsFrom(value: string | undefined): string[] {
  const types = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return types.length > 0 ? types : ['*'];
}

function dunningFrom(value: string | undefined): DunningOutcome {
  return value === 'unpaid' || value === 'past_due' ? value : 'canceled';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StripeEmulatorConfig {
  const port = intFrom(env.STRIPE_PORT, 4242);
  return {
    port,
    host: env.STRIPE_HOST || '127.0.0.1',
    dataDir: path.resolve(repoRoot, env.STRIPE_DATA_DIR || '.data/stripe'),
    secretKey: env.STRIPE_SECRET_KEY || 'sk_test_local',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || 'pk_test_local',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || 'whsec_local',
    webhookUrl: env.STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:4000/_functions/stripe-webhook',
    connectWebhookUrl: env.STRIPE_CONNECT_WEBHOOK_URL ?? 'http://127.0.0.1:4000/_functions/stripe-connect-webhook',
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET || 'whsec_connect_local',
    webhookEvents: eventsFrom(env.STRIPE_WEBHOOK_EVENTS),
    connectWebhookEvents: eventsFrom(env.STRIPE_CONNECT_WEBHOOK_EVENTS),
    publicUrl: (env.STRIPE_PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    retryDays: retryDaysFrom(env.STRIPE_RETRY_DAYS),
    dunningOutcome: dunningFrom(env.STRIPE_DUNNING_OUTCOME),
    webhookDuplicate: flag(env.STRIPE_WEBHOOK_DUPLICATE),
    webhookReorder: flag(env.STRIPE_WEBHOOK_REORDER),
    webhookDrop: flag(env.STRIPE_WEBHOOK_DROP),
    webhookDelayMs: intFrom(env.STRIPE_WEBHOOK_DELAY_MS, 0),
    webhookConcurrency: Math.max(1, intFrom(env.STRIPE_WEBHOOK_CONCURRENCY, DEFAULT_WEBHOOK_CONCURRENCY)),
  };
}
