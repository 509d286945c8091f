// The local Stripe (@cadence/stripe-emulator/testing) in-process for the billing tests: temp data dir, no
// background ticker (time moves only through /_dev/clock/advance), webhooks to the local Appwrite's
// stripe-webhook function domain, hosted pages driven with fetch as a browser would submit them.
import { startTestServer } from '@cadence/stripe-emulator/testing';

export const DAY = 86_400;

export interface WebhookSwitches {
  duplicate?: boolean;
  reorder?: boolean;
  drop?: boolean;
}

export interface LocalStripe {
  origin: string;
  port: number;
  /** Moves the Stripe clock; everything due runs and its webhooks are delivered first. */
  advance(seconds: number): Promise<void>;
  now(): Promise<number>;
  /** Waits until every queued webhook was delivered (hosted pages wait at most 5 s). */
  flush(): Promise<void>;
  /** Sets how webhooks are delivered from now on (after the queued ones went out). */
  webhooks(switches: WebhookSwitches): Promise<void>;
  /** The delivery log since the last `webhooks(…)` call. */
  deliveries(): Promise<Array<{ event: string; type: string; status: number | string }>>;
  close(): Promise<void>;
}

async function devPost(origin: string, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/_dev/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`/_dev/${route} ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function startStripe(webhookUrl: string): Promise<LocalStripe> {
  const stripe = await startTestServer({ env: { STRIPE_WEBHOOK_URL: webhookUrl } });
  const { origin, port } = stripe;
  return {
    origin,
    port,
    async advance(seconds) {
      await devPost(origin, 'clock/advance', { seconds });
      await devPost(origin, 'webhooks/flush', {});
    },
    async now() {
      const response = await fetch(`${origin}/_dev/clock`);
      return ((await response.json()) as { now: number }).now;
    },
    async flush() {
      await devPost(origin, 'webhooks/flush', {});
    },
    async webhooks(switches) {
      // Deliveries already under way finish under the old switches.
      await devPost(origin, 'webhooks/flush', {});
      await fetch(`${origin}/_dev/webhooks/deliveries`, { method: 'DELETE' });
      await devPost(origin, 'webhooks', { duplicate: false, reorder: false, drop: false, ...switches });
    },
    async deliveries() {
      const response = await fetch(`${origin}/_dev/webhooks/deliveries`);
      return ((await response.json()) as { data: Array<{ event: string; type: string; status: number | string }> }).data;
    },
    close: () => stripe.close(),
  };
}

/** The `action` of the first form on a hosted page whose action ends with `suffix`. */
export async function formAction(pageUrl: string, suffix: string): Promise<string> {
  const response = await fetch(pageUrl);
  if (response.status !== 200) throw new Error(`${pageUrl} ${response.status}`);
  const html = await response.text();
  const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
  const action = actions.find((a) => a.endsWith(suffix));
  if (!action) throw new Error(`no form ending in ${suffix} on ${pageUrl}: ${actions.join(', ')}`);
  return new URL(action, pageUrl).toString();
}

/** Submits a hosted form as the browser does (urlencoded, no redirect following). */
export async function submitForm(action: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

export const card = (cardnumber: string): Record<string, string> => ({ cardnumber, exp: '12 / 34', cvc: '123', name: 'Ada Lovelace' });
