// spec §7 local delete-all-user-data: the user's customer, subscriptions, invoices, checkout sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from 'node-appwrite';
import { deleteAllUserData } from '../src/auth/user-data.ts';
import { actAs, admin, DATABASE_ID, passwordUser, readableBy, startEmulator, type Emulator, type TestUser } from './support/emulator.ts';

let emulator: Emulator;
let alice: TestUser;
let bob: TestUser;

async function seed(collectionId: string, data: Record<string, unknown>, permissions: string[], documentId = server.ID.unique()): Promise<void> {
  await admin(emulator).databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId, data, permissions });
}

async function count(collectionId: string, userId: string): Promise<number> {
  const list = await admin(emulator).databases.listDocuments({
    databaseId: DATABASE_ID, collectionId, queries: [server.Query.equal('userId', userId)],
  });
  return list.total;
}

async function seedAll(user: TestUser, permissions: string[]): Promise<void> {
  await seed('customers', { userId: user.id, stripeCustomerId: `cus_${user.id}` }, permissions, user.id);
  for (let i = 0; i < 2; i += 1) {
    await seed('subscriptions', { userId: user.id, stripeSubscriptionId: `sub_${user.id}_${i}`, status: 'canceled' }, permissions);
  }
  for (let i = 0; i < 3; i += 1) {
    await seed('invoices', { userId: user.id, stripeInvoiceId: `in_${user.id}_${i}`, status: 'paid', total: 0 }, permissions);
  }
  await seed('checkout_sessions', { userId: user.id, status: 'pending' }, permissions);
}

beforeAll(async () => {
  emulator = await startEmulator();
  alice = await passwordUser(emulator, 'alice');
  bob = await passwordUser(emulator, 'bob');
  await seedAll(alice, readableBy(alice.id, 'delete'));
  await seedAll(bob, readableBy(bob.id, 'delete'));
});
afterAll(async () => {
  await emulator.close();
});

describe('deleteAllUserData', () => {
  it('removes the user’s customer, subscriptions, invoices and checkout sessions, and nothing of another user', async () => {
    actAs(emulator, alice.session);
    const result = await deleteAllUserData(alice.id);
    expect(result).toEqual({ deleted: { customers: 1, subscriptions: 2, invoices: 3, checkoutSessions: 1 }, failures: [] });
    for (const collectionId of ['customers', 'subscriptions', 'invoices', 'checkout_sessions']) {
      expect(await count(collectionId, alice.id)).toBe(0);
    }
    expect(await count('invoices', bob.id)).toBe(3);
    expect(await count('customers', bob.id)).toBe(1);
  });

  it('a user cannot delete another user’s data through it', async () => {
    actAs(emulator, alice.session);
    expect(await deleteAllUserData(bob.id)).toEqual({
      deleted: { customers: 0, subscriptions: 0, invoices: 0, checkoutSessions: 0 }, failures: [],
    });
    expect(await count('subscriptions', bob.id)).toBe(2);
  });

  it('reports documents it may read but not delete, and carries on', async () => {
    const carol = await passwordUser(emulator, 'carol');
    await seed('invoices', { userId: carol.id, stripeInvoiceId: `in_${carol.id}_ro`, status: 'paid' }, readableBy(carol.id));
    await seed('invoices', { userId: carol.id, stripeInvoiceId: `in_${carol.id}_rw`, status: 'paid' }, readableBy(carol.id, 'delete'));
    actAs(emulator, carol.session);
    const result = await deleteAllUserData(carol.id);
    expect(result.deleted.invoices).toBe(1);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ collection: 'invoices', error: { code: 401, type: 'user_unauthorized' } });
    expect(await count('invoices', carol.id)).toBe(1);
  });
});
