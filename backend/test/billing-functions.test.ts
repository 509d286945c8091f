// The checkout and billing-portal contracts (spec §7: {success, url, error}): only the signed-in
// user, for themself; bad input is refused before Stripe is called; documents are readable by
// their owner only; Stripe secrets never appear in an answer.
import { Client, Databases, Functions, AppwriteException } from 'appwrite';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allDocuments,
  DATABASE_ID,
  execute,
  PROJECT_ID,
  signedInUser,
  startAppwrite,
  stripeFunctionVars,
  type LocalAppwrite,
} from './support/billing-appwrite.ts';
import { card, formAction, startStripe, submitForm, type LocalStripe } from './support/billing-stripe.ts';

const APP = 'http://localhost:3000';
const urls = { successUrl: `${APP}/payment-success`, cancelUrl: `${APP}/payment-cancelled` };
const SECRETS = ['sk_test_local', 'whsec_local'];

interface Answer { success: boolean; url: string | null; error: string | null }

let aw: LocalAppwrite;
let stripe: LocalStripe;

beforeAll(async () => {
  aw = await startAppwrite();
  stripe = await startStripe(`${aw.origin}/_functions/stripe-webhook`);
  stripeFunctionVars(stripe.port);
}, 60_000);

afterAll(async () => {
  await stripe?.close();
  await aw?.close();
});

function noSecrets(raw: string): void {
  for (const secret of SECRETS) expect(raw).not.toContain(secret);
}

describe('checkout', () => {
  it('is refused to a guest by Appwrite (execute: users)', async () => {
    const guest = new Functions(new Client().setEndpoint(aw.endpoint).setProject(PROJECT_ID));
    await expect(guest.createExecution({ functionId: 'checkout', body: JSON.stringify(urls) })).rejects.toMatchObject({ code: 401 });
  });

  it('answers 401 when no user is behind the call (server key)', async () => {
    const answer = await execute<Answer>(aw.functions, 'checkout', urls);
    expect([answer.status, answer.body]).toEqual([401, { success: false, url: null, error: 'Sign in to subscribe.' }]);
  });

  it('refuses missing or non-http(s) return URLs without touching Stripe', async () => {
    const user = await signedInUser(aw, 'badurls');
    for (const body of [{}, { successUrl: 'javascript:alert(1)', cancelUrl: urls.cancelUrl }, { successUrl: urls.successUrl }]) {
      const answer = await execute<Answer>(user.functions, 'checkout', body);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    expect(await allDocuments(aw, 'customers', user.id)).toEqual([]);
  });

  it('reuses one customer for repeated checkouts and keeps each user to their own documents', async () => {
    const ada = await signedInUser(aw, 'ada');
    const first = await execute<Answer>(ada.functions, 'checkout', urls);
    const second = await execute<Answer>(ada.functions, 'checkout', urls);
    expect([first.body.success, second.body.success]).toEqual([true, true]);
    noSecrets(first.raw);
    expect(first.body.url).not.toBe(second.body.url);
    expect(await allDocuments(aw, 'customers', ada.id)).toHaveLength(1);
    expect((await allDocuments(aw, 'checkout_sessions', ada.id)).map((d) => d['status'])).toEqual(['pending', 'pending']);

    // Another signed-in user sees none of Ada's billing documents and cannot fetch them by id.
    const bob = await signedInUser(aw, 'bob');
    const bobDatabases = new Databases(await sessionClient(bob.email));
    for (const collectionId of ['customers', 'checkout_sessions']) {
      const list = await bobDatabases.listDocuments({ databaseId: DATABASE_ID, collectionId });
      expect(list.documents.filter((d) => d['userId'] === ada.id)).toEqual([]);
    }
    await expect(bobDatabases.getDocument({ databaseId: DATABASE_ID, collectionId: 'customers', documentId: ada.id })).rejects.toBeInstanceOf(AppwriteException);
  });

  it('refuses a second subscription while one is running (the portal manages it)', async () => {
    const user = await signedInUser(aw, 'twice');
    const first = await execute<Answer>(user.functions, 'checkout', urls);
    const url = first.body.url ?? '';
    expect((await submitForm(await formAction(url, new URL(url).pathname), card('4242424242424242'))).status).toBe(303);
    await stripe.flush();
    const again = await execute<Answer>(user.functions, 'checkout', urls);
    expect([again.status, again.body.success, again.body.url]).toEqual([409, false, null]);
    expect(again.body.error).toMatch(/billing portal/);
  });
});

describe('checkout trial rule', () => {
  it('a user whose documents were lost still gets no second trial (Stripe remembers the customer)', async () => {
    const api = new Stripe('sk_test_local', { host: '127.0.0.1', port: stripe.port, protocol: 'http' });
    const user = await signedInUser(aw, 'lostdocs');
    const first = await execute<Answer>(user.functions, 'checkout', urls);
    const firstUrl = first.body.url ?? '';
    expect((await submitForm(await formAction(firstUrl, new URL(firstUrl).pathname), card('4242424242424242'))).status).toBe(303);
    await stripe.flush();
    const [trial] = await allDocuments(aw, 'subscriptions', user.id);
    expect(trial?.['status']).toBe('trialing');
    await api.subscriptions.cancel(trial?.$id ?? '');
    await stripe.flush();
    const [customer] = await allDocuments(aw, 'customers', user.id);
    for (const collectionId of ['customers', 'subscriptions', 'invoices']) {
      for (const d of await allDocuments(aw, collectionId, user.id)) await aw.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId, documentId: d.$id });
    }

    const again = await execute<Answer>(user.functions, 'checkout', urls);
    expect(again.status, again.raw).toBe(200);
    const url = again.body.url ?? '';
    expect((await submitForm(await formAction(url, new URL(url).pathname), card('4242424242424242'))).status).toBe(303);
    await stripe.flush();
    const subscriptions = await allDocuments(aw, 'subscriptions', user.id);
    expect(subscriptions.map((d) => [d['status'], d['trialStart']]).sort()).toEqual([['active', null], ['canceled', expect.any(String)]]);
    expect((await allDocuments(aw, 'customers', user.id)).map((d) => d['stripeCustomerId'])).toEqual([customer?.['stripeCustomerId']]);
  });
});

describe('billing-portal', () => {
  it('answers 404 with an error for a user who never checked out', async () => {
    const user = await signedInUser(aw, 'nocustomer');
    const answer = await execute<Answer>(user.functions, 'billing-portal', { returnUrl: `${APP}/account` });
    expect([answer.status, answer.body]).toEqual([404, { success: false, url: null, error: 'No billing account yet. Subscribe first.' }]);
  });

  it('opens the portal for the caller’s own customer and returns to returnUrl', async () => {
    const user = await signedInUser(aw, 'portal');
    await execute<Answer>(user.functions, 'checkout', urls);
    const answer = await execute<Answer>(user.functions, 'billing-portal', { returnUrl: `${APP}/account` });
    expect(answer.status, answer.raw).toBe(200);
    noSecrets(answer.raw);
    const page = await (await fetch(answer.body.url ?? '')).text();
    expect(page).toContain(`${APP}/account`);
    // This customer has checked out nothing yet; the lifecycle test drives a subscribed portal.
    expect(page).toContain('You have no subscription.');
  });

  it('refuses a bad returnUrl and a call without a user', async () => {
    const user = await signedInUser(aw, 'badreturn');
    expect((await execute<Answer>(user.functions, 'billing-portal', { returnUrl: 'ftp://x' })).status).toBe(400);
    expect((await execute<Answer>(aw.functions, 'billing-portal', { returnUrl: `${APP}/account` })).status).toBe(401);
  });
});

/** Return URLs that are not the app's own origin, whatever they look like as strings. */
const FOREIGN_URLS = [
  'http://localhost:3000@evil.example/payment-success',
  'http://localhost:3000.evil.example/payment-success',
  'https://localhost:3000/payment-success',
  'http://localhost:3001/payment-success',
  'http://localhost/payment-success',
  'https://evil.example/?next=http://localhost:3000/',
  '//evil.example/payment-success',
  'javascript:alert(1)//http://localhost:3000/',
];

describe('return URLs (only the app origins of ALLOWED_RETURN_ORIGINS, parsed, fail closed)', () => {
  it('checkout and billing-portal refuse every URL on another origin, before Stripe is called', async () => {
    const user = await signedInUser(aw, 'foreign');
    for (const url of FOREIGN_URLS) {
      for (const body of [{ successUrl: url, cancelUrl: urls.cancelUrl }, { successUrl: urls.successUrl, cancelUrl: url }]) {
        const answer = await execute<Answer>(user.functions, 'checkout', body);
        expect([answer.status, answer.body.success, answer.body.url], url).toEqual([400, false, null]);
      }
      const portal = await execute<Answer>(user.functions, 'billing-portal', { returnUrl: url });
      expect([portal.status, portal.body.url], url).toEqual([400, null]);
    }
    expect(await allDocuments(aw, 'customers', user.id)).toEqual([]);
  });

  it('without ALLOWED_RETURN_ORIGINS nothing is accepted, not even the app itself', async () => {
    const user = await signedInUser(aw, 'unset');
    const configured = { checkout: process.env.FUNCTION_VARS_CHECKOUT, portal: process.env.FUNCTION_VARS_BILLING_PORTAL };
    for (const [name, value] of [['FUNCTION_VARS_CHECKOUT', configured.checkout], ['FUNCTION_VARS_BILLING_PORTAL', configured.portal]] as const) {
      const vars = JSON.parse(value ?? '{}') as Record<string, string>;
      delete vars['ALLOWED_RETURN_ORIGINS'];
      process.env[name] = JSON.stringify(vars);
    }
    try {
      expect((await execute<Answer>(user.functions, 'checkout', urls)).status).toBe(400);
      expect((await execute<Answer>(user.functions, 'billing-portal', { returnUrl: `${APP}/account` })).status).toBe(400);
      expect(await allDocuments(aw, 'customers', user.id)).toEqual([]);
    } finally {
      process.env.FUNCTION_VARS_CHECKOUT = configured.checkout;
      process.env.FUNCTION_VARS_BILLING_PORTAL = configured.portal;
    }
    // The same call with the origins configured goes through.
    const answer = await execute<Answer>(user.functions, 'checkout', urls);
    expect(answer.status, answer.raw).toBe(200);
  });

  it('accepts each configured origin, by its parsed origin (the 127.0.0.1 form of the app too)', async () => {
    const user = await signedInUser(aw, 'loopback');
    const answer = await execute<Answer>(user.functions, 'checkout', {
      successUrl: 'http://127.0.0.1:3000/payment-success', cancelUrl: 'HTTP://LOCALHOST:3000/payment-cancelled',
    });
    expect(answer.status, answer.raw).toBe(200);
  });
});

describe('subscriptions-sync', () => {
  it('runs on demand with a server key and reports what it synced', async () => {
    const answer = await execute<{ success: boolean; customers: number; synced: number; failed: string[] }>(aw.functions, 'subscriptions-sync', {});
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.customers).toBeGreaterThan(0);
    noSecrets(answer.raw);
  });

  it('is not executable by a signed-in user (execute: [])', async () => {
    const user = await signedInUser(aw, 'nosync');
    await expect(user.functions.createExecution({ functionId: 'subscriptions-sync', body: '{}' })).rejects.toMatchObject({ code: 401 });
  });
});

/** A Web SDK client with a fresh session of the given (password) user. */
async function sessionClient(email: string): Promise<Client> {
  const response = await fetch(`${aw.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  const cookies = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
  return new Client().setEndpoint(aw.endpoint).setProject(PROJECT_ID).setSession(cookies[`a_session_${PROJECT_ID}`] ?? '');
}
