// spec §7 notifications: load by user (newest first, limit 100), add with 409 → update, clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Databases, ID, Permission, Role } from 'appwrite';
import { addNotification, dismissNotification, loadNotifications, notificationDocumentId, updateNotification, type NotificationInput } from '@cadence/shared-auth';
import { clearNotifications } from '../src/notifications/notifications.ts';
import { NOTIFICATIONS_LIMIT, PAGE_SIZE } from '../src/config/constants.ts';
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
    // Bob addressing Alice's document id: it exists (409) but is not his to update; what he writes
    // instead is his own document, which Alice's app never shows.
    const planted = await addNotification(alice.id, note('welcome', 'pwned'));
    expect(planted.$id).not.toBe(notificationDocumentId(alice.id, 'welcome'));
    actAs(emulator, alice.session);
    expect((await loadNotifications(alice.id)).filter((n) => n.notificationId === 'welcome').map((n) => n.title)).toEqual(['Welcome back']);
    await admin(emulator).databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'notifications', documentId: planted.$id });
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

describe('notifications another user plants (issue 11)', () => {
  let carol: TestUser;
  let mallory: TestUser;
  beforeAll(async () => {
    carol = await passwordUser(emulator, 'carol');
    mallory = await passwordUser(emulator, 'mallory');
  });

  /** Mallory's browser creating a notification "for" Carol, as the collection's create("users") allows. */
  async function plant(documentId: string, notificationId: string, permissions: string[], title = 'Your account is locked') {
    return new Databases(actAs(emulator, mallory.session)).createDocument({
      databaseId: DATABASE_ID, collectionId: 'notifications', documentId, permissions,
      data: { ...note(notificationId, title), userId: carol.id, priority: 'high', actionText: 'Unlock', actionUrl: 'https://evil.example/unlock' },
    });
  }

  it('a document readable by Carol but written by someone else is never loaded', async () => {
    await plant(ID.unique(), 'phish-any', [Permission.read(Role.any())]);
    await plant(ID.unique(), 'phish-users', [Permission.read(Role.users()), Permission.update(Role.any()), Permission.delete(Role.any())]);
    actAs(emulator, carol.session);
    await addNotification(carol.id, note('welcome', 'Welcome Carol'));
    expect((await loadNotifications(carol.id)).map((n) => n.title)).toEqual(['Welcome Carol']);
  });

  it('Mallory cannot grant Carol’s own role, so a forged owner document is impossible', async () => {
    await expect(plant(ID.unique(), 'forged', [Permission.read(Role.user(carol.id))])).rejects.toMatchObject({ code: 401 });
  });

  it('a derived id taken before Carol writes does not block her: her copy gets a fresh id and stays one', async () => {
    const taken = notificationDocumentId(carol.id, 'get_started');
    const takenOpen = notificationDocumentId(carol.id, 'trial_ending');
    await plant(taken, 'get_started', [Permission.read(Role.user(mallory.id))]);
    await plant(takenOpen, 'trial_ending', [Permission.read(Role.any()), Permission.update(Role.any())]);

    actAs(emulator, carol.session);
    for (const [id, derived] of [['get_started', taken], ['trial_ending', takenOpen]] as const) {
      const own = await addNotification(carol.id, note(id, `Carol ${id}`));
      expect(own.$id).not.toBe(derived);
      expect(own.$permissions.every((p) => p.includes(`"user:${carol.id}"`))).toBe(true);
      // Generating again finds her copy instead of making another.
      const again = await addNotification(carol.id, note(id, `Carol ${id} again`));
      expect(again.$id).toBe(own.$id);
    }
    const titles = async () => (await loadNotifications(carol.id)).map((n) => n.title).sort();
    expect(await titles()).toEqual(['Carol get_started again', 'Carol trial_ending again', 'Welcome Carol']);

    // Mark read and delete reach her copy, not the planted one.
    expect(await updateNotification(carol.id, 'get_started', { read: true })).toMatchObject({ title: 'Carol get_started again', read: true });
    await dismissNotification(carol.id, 'trial_ending');
    expect(await titles()).toEqual(['Carol get_started again', 'Welcome Carol']);
    await expect(updateNotification(carol.id, 'never-stored', { read: true })).rejects.toMatchObject({ code: 404 });
  });

  it('clear removes Carol’s own notifications and stops, even behind a page of planted ones', async () => {
    for (let i = 0; i < PAGE_SIZE; i += 1) await plant(ID.unique(), `flood-${i}`, [Permission.read(Role.any())]);
    actAs(emulator, carol.session);
    expect(await clearNotifications(carol.id)).toBe(3);
    expect(await loadNotifications(carol.id)).toEqual([]);
    await addNotification(carol.id, note('welcome', 'Welcome back Carol'));
    expect((await loadNotifications(carol.id)).map((n) => n.title)).toEqual(['Welcome back Carol']);
  });
});
