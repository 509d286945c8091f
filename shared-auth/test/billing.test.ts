// spec §7 billing reads by user id, newest first, and the customer lookup; documents seeded as the
// billing functions write them (API key, readable by the user only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'appwrite';
import * as server from 'node-appwrite';
import { configureAppwrite } from '@cadence/shared-auth/testing';
import { createCustomer, getCustomer, getCustomers } from '../src/billing/billing.ts';
import { getActiveSubscription, getInvoices, getLatestSubscription, getSubscriptions, type SubscriptionFields } from '@cadence/shared-auth';
import { type InvoiceFields } from '../src/billing/billing-types.ts';
import {
  actAs, admin, API_KEY, DATABASE_ID, PROJECT_ID, passwordUser, readableBy, startEmulator, type Emulator, type TestUser,
} from './support/emulator.ts';

let emulator: Emulator;
let alice: TestUser;
let bob: TestUser;

const day = (n: number): string => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

async function seed(collectionId: string, data: InvoiceFields | SubscriptionFields, permissions: string[]): Promise<string> {
  const doc = await admin(emulator).databases.createDocument({
    databaseId: DATABASE_ID, collectionId, documentId: server.ID.unique(), data: { ...data }, permissions,
  });
  return doc.$id;
}

function invoice(user: TestUser, n: number): InvoiceFields {
  return {
    userId: user.id, stripeInvoiceId: `in_${user.id}_${n}`, status: 'paid', total: 1000, amount: 1000, currency: 'usd',
    createdAt: day(n), number: `INV-${n}`,
  };
}

function subscription(user: TestUser, n: number, status: SubscriptionFields['status']): SubscriptionFields {
  return { userId: user.id, stripeSubscriptionId: `sub_${user.id}_${n}`, status, createdAt: day(n), currentPeriodEnd: day(n + 30) };
}

beforeAll(async () => {
  emulator = await startEmulator();
  alice = await passwordUser(emulator, 'alice');
  bob = await passwordUser(emulator, 'bob');
  // Seeded out of order, so only the query can put them newest first.
  for (const n of [2, 5, 1, 4, 3]) await seed('invoices', invoice(alice, n), readableBy(alice.id));
  for (const n of [7, 6]) await seed('invoices', invoice(bob, n), readableBy(bob.id));
  await seed('subscriptions', subscription(alice, 1, 'canceled'), readableBy(alice.id));
  await seed('subscriptions', subscription(alice, 3, 'incomplete_expired'), readableBy(alice.id));
  await seed('subscriptions', subscription(alice, 2, 'trialing'), readableBy(alice.id));
  await seed('subscriptions', subscription(bob, 9, 'active'), readableBy(bob.id));
});
afterAll(async () => {
  await emulator.close();
});

describe('billing reads', () => {
  it('invoices: only the user’s own, newest first', async () => {
    actAs(emulator, alice.session);
    const invoices = await getInvoices(alice.id);
    expect(invoices.map((i) => i.number)).toEqual(['INV-5', 'INV-4', 'INV-3', 'INV-2', 'INV-1']);
    expect(invoices.every((i) => i.userId === alice.id)).toBe(true);
    expect(invoices[0]?.total).toBe(1000);
  });

  it('subscriptions newest first; latest whatever its status; active = newest active/trialing/past_due', async () => {
    actAs(emulator, alice.session);
    expect((await getSubscriptions(alice.id)).map((s) => s.status)).toEqual(['incomplete_expired', 'trialing', 'canceled']);
    expect((await getLatestSubscription(alice.id))?.status).toBe('incomplete_expired');
    expect((await getActiveSubscription(alice.id))?.stripeSubscriptionId).toBe(`sub_${alice.id}_2`);
  });

  it('a second user reads none of the first user’s documents', async () => {
    actAs(emulator, bob.session);
    expect(await getInvoices(alice.id)).toEqual([]);
    expect(await getSubscriptions(alice.id)).toEqual([]);
    expect(await getActiveSubscription(alice.id)).toBeNull();
    expect(await getLatestSubscription(alice.id)).toBeNull();
    expect((await getInvoices(bob.id)).map((i) => i.number)).toEqual(['INV-7', 'INV-6']);
    expect((await getActiveSubscription(bob.id))?.status).toBe('active');
  });

  it('a user without billing documents gets empty lists and null', async () => {
    const carol = await passwordUser(emulator, 'carol');
    actAs(emulator, carol.session);
    expect(await getInvoices(carol.id)).toEqual([]);
    expect(await getSubscriptions(carol.id)).toEqual([]);
    expect(await getActiveSubscription(carol.id)).toBeNull();
  });

  it('a guest sees no billing documents', async () => {
    actAs(emulator);
    expect(await getInvoices(alice.id)).toEqual([]);
  });
});

describe('customer lookup (404 → not ready; 409 on create → existing)', () => {
  it('404 → null and an empty list until the customer exists; never another user’s', async () => {
    actAs(emulator, alice.session);
    expect(await getCustomer(alice.id)).toBeNull();
    expect(await getCustomers(alice.id)).toEqual([]);

    await admin(emulator).databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'customers', documentId: alice.id,
      data: { userId: alice.id, stripeCustomerId: 'cus_alice', email: alice.email }, permissions: readableBy(alice.id),
    });
    expect(await getCustomer(alice.id)).toMatchObject({ $id: alice.id, stripeCustomerId: 'cus_alice' });
    expect((await getCustomers(alice.id)).map((c) => c.$id)).toEqual([alice.id]);

    actAs(emulator, bob.session);
    expect(await getCustomer(alice.id)).toBeNull();
    expect(await getCustomers(alice.id)).toEqual([]);
  });

  it('a signed-in user may not create a customer (functions own billing collections)', async () => {
    actAs(emulator, bob.session);
    await expect(createCustomer({ userId: bob.id, stripeCustomerId: 'cus_bob' })).rejects.toMatchObject({
      code: 401, type: 'user_unauthorized',
    });
  });

  it('create on an existing customer (409) returns the stored one', async () => {
    // A server-privileged caller (as the webhook function is) through the same Web SDK code path.
    const client = new Client().setEndpoint(emulator.endpoint).setProject(PROJECT_ID);
    client.headers['X-Appwrite-Key'] = API_KEY;
    configureAppwrite(client);
    const created = await createCustomer({ userId: bob.id, stripeCustomerId: 'cus_bob_1' });
    expect(created).toMatchObject({ $id: bob.id, stripeCustomerId: 'cus_bob_1' });
    const again = await createCustomer({ userId: bob.id, stripeCustomerId: 'cus_bob_2' });
    expect(again).toMatchObject({ $id: bob.id, stripeCustomerId: 'cus_bob_1' });
  });
});
