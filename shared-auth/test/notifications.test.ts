// spec §7 notifications: load by user (newest first, limit 100), add with 409 → update, clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNotification,
  clearNotifications,
  dismissNotification,
  loadNotifications,
  NOTIFICATIONS_LIMIT,
  notificationDocumentId,
  updateNotification,
  type NotificationInput,
} from '@cadence/shared-auth';
import { actAs, admin, DATABASE_ID, passwordUser, startEmulator, type Emulator, type TestUser } from './support/emulator.ts';

let emulator: Emulator;
let alice: TestUser;
let bob: TestUser;

function note(notificationId: string, title = notificationId): NotificationInput {
  return {
    notificationId, type: 'welcome', priority: 'low', title, message: `About ${notificationId}`,
    actionText: null, actionUrl: null, timestamp: new Date().toISOString(), read: false, persistent: false,
  };
}

beforeAll(async () => {
  emulator = await startEmulator();
  alice = await passwordUser(emulator, 'alice');
  bob = await passwordUser(emulator, 'bob');
});
afterAll(async () => {
  await emulator.close();
});

describe('notifications', () => {
  it('adds under the hashed document id; adding again (409) updates the same document', async () => {
    actAs(emulator, alice.session);
    const first = await addNotification(alice.id, note('welcome', 'Welcome'));
    expect(first.$id).toBe(notificationDocumentId(alice.id, 'welcome'));
    expect(first).toMatchObject({ userId: alice.id, title: 'Welcome', read: false });

    emulator.advance(1000);
    const second = await addNotification(alice.id, { ...note('welcome', 'Welcome back'), read: true });
    expect(second.$id).toBe(first.$id);
    expect(second).toMatchObject({ title: 'Welcome back', read: true });
    expect(second.$createdAt).toBe(first.$createdAt);
    expect(second.$updatedAt > first.$updatedAt).toBe(true);

    const stored = await loadNotifications(alice.id);
    expect(stored.filter((n) => n.notificationId === 'welcome')).toHaveLength(1);
  });

  it('the same notification id for another user is another document', async () => {
    actAs(emulator, bob.session);
    const bobs = await addNotification(bob.id, note('welcome', 'Hi Bob'));
    expect(bobs.$id).not.toBe(notificationDocumentId(alice.id, 'welcome'));
    expect((await loadNotifications(bob.id)).map((n) => n.title)).toEqual(['Hi Bob']);
  });

  it('a second user reads none of the first user’s notifications and cannot overwrite them', async () => {
    actAs(emulator, bob.session);
    expect(await loadNotifications(alice.id)).toEqual([]);
    // Bob addressing Alice's document id: it exists (409) but is not his to update.
    await expect(addNotification(alice.id, note('welcome', 'pwned'))).rejects.toMatchObject({ code: 404, type: 'document_not_found' });
    actAs(emulator, alice.session);
    expect((await loadNotifications(alice.id)).find((n) => n.notificationId === 'welcome')?.title).toBe('Welcome back');
  });

  it(`loads newest first by creation, at most ${NOTIFICATIONS_LIMIT}`, async () => {
    actAs(emulator, alice.session);
    for (let i = 1; i <= NOTIFICATIONS_LIMIT + 1; i += 1) {
      emulator.advance(10);
      await addNotification(alice.id, note(`n-${i}`));
    }
    const loaded = await loadNotifications(alice.id);
    expect(loaded).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(loaded[0]?.notificationId).toBe(`n-${NOTIFICATIONS_LIMIT + 1}`);
    expect(loaded[1]?.notificationId).toBe(`n-${NOTIFICATIONS_LIMIT}`);
    const created = loaded.map((n) => n.$createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('marks read/unread', async () => {
    actAs(emulator, alice.session);
    expect(await updateNotification(alice.id, 'n-1', { read: true })).toMatchObject({ notificationId: 'n-1', read: true });
    expect(await updateNotification(alice.id, 'n-1', { read: false })).toMatchObject({ read: false });
  });

  it('a deleted (dismissed) notification stays deleted when added again; the others stay', async () => {
    actAs(emulator, alice.session);
    await dismissNotification(alice.id, 'welcome');
    const ids = async () => (await loadNotifications(alice.id)).map((n) => n.notificationId);
    expect(await ids()).not.toContain('welcome');
    expect(await ids()).toContain('n-101');

    // Generating from the labels again: create → 409 → update, which leaves `dismissed` alone.
    await addNotification(alice.id, note('welcome', 'Welcome again'));
    expect(await ids()).not.toContain('welcome');
    expect(await ids()).toHaveLength(NOTIFICATIONS_LIMIT);
    const stored = await admin(emulator).databases.getDocument({
      databaseId: DATABASE_ID, collectionId: 'notifications', documentId: notificationDocumentId(alice.id, 'welcome'),
    });
    expect(stored).toMatchObject({ dismissed: true, title: 'Welcome again' });

    await expect(dismissNotification(alice.id, 'never-stored')).resolves.toBeUndefined();
  });

  it('a notification stored without the dismissed value (null) is shown', async () => {
    await admin(emulator).databases.updateDocument({
      databaseId: DATABASE_ID, collectionId: 'notifications', documentId: notificationDocumentId(bob.id, 'welcome'), data: { dismissed: null },
    });
    actAs(emulator, bob.session);
    expect((await loadNotifications(bob.id)).map((n) => n.notificationId)).toEqual(['welcome']);
  });

  it('clear removes all of the user’s notifications and nobody else’s', async () => {
    actAs(emulator, alice.session);
    const deleted = await clearNotifications(alice.id);
    expect(deleted).toBe(NOTIFICATIONS_LIMIT + 2); // welcome (dismissed) + n-1 … n-101
    expect(await loadNotifications(alice.id)).toEqual([]);
    actAs(emulator, bob.session);
    expect(await loadNotifications(bob.id)).toHaveLength(1);
  });
});
