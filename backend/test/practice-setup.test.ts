// Issue #13 "Practice settings": a practice's first save creates its settings and the three
// suggested services together through Appwrite's transactions API — all or nothing, never twice.
// Through mf-dashboard's data layer and the Web SDK over HTTP, as two signed-in therapists.
import { Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPractice } from '../../mf-dashboard/src/practice/api/create-practice.ts';
import { getPracticeSettings } from '../../mf-dashboard/src/practice/api/get-practice-settings.ts';
import { listServices } from '../../mf-dashboard/src/practice/api/list-services.ts';
import { savePracticeSettings } from '../../mf-dashboard/src/practice/api/save-practice-settings.ts';
import { practiceSettingsSchema } from '../../mf-dashboard/src/practice/practice-settings.ts';
import { suggestedServices, type Service } from '../../mf-dashboard/src/practice/services.ts';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';

let aw: LocalAppwrite;

const settings = (practiceName: string, currency = 'USD') =>
  practiceSettingsSchema.parse({ practiceName, therapistName: 'Dr. Ada Lane', credentials: 'LCSW', timeZone: 'America/Chicago', currency });

/** Every document of the therapist in a collection, read with the server key (what is really stored). */
async function stored(collectionId: string, userId: string) {
  const list = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.equal('userId', userId), Query.limit(100)] });
  return list.documents;
}

const ownerOnly = (userId: string) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))].sort();

async function therapist(label: string): Promise<SignedInUser> {
  const user = await signedInUser(aw, label);
  configureAppwrite(user.client);
  return user;
}

beforeAll(async () => {
  aw = await startAppwrite();
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

describe('a practice’s first save (savePracticeSettings → createPractice)', () => {
  it('creates the settings and the three suggested services, owner-only, in the practice currency; later saves change only the settings', async () => {
    const a = await therapist('first-save-a');
    const saved = await savePracticeSettings(a.id, settings('Calm Waters', 'EUR'));
    expect(saved).toMatchObject({ userId: a.id, practiceName: 'Calm Waters', currency: 'EUR' });

    const services = await listServices(a.id);
    expect(services.map((s) => [s.serviceCode, s.name, s.durationMinutes, s.fee, s.currency, s.sortOrder])).toEqual([
      ['90791', 'Intake assessment', 60, null, 'EUR', 0],
      ['90834', 'Psychotherapy', 45, null, 'EUR', 1],
      ['90837', 'Psychotherapy', 60, null, 'EUR', 2],
    ]);
    for (const document of [...(await stored('practice_settings', a.id)), ...(await stored('services', a.id))]) {
      expect([...document.$permissions].sort()).toEqual(ownerOnly(a.id));
    }

    await savePracticeSettings(a.id, settings('Calm Waters Therapy', 'EUR'));
    expect(await stored('practice_settings', a.id)).toHaveLength(1);
    expect(await stored('services', a.id)).toHaveLength(3);
    expect(await getPracticeSettings(a.id)).toMatchObject({ $id: saved.$id, practiceName: 'Calm Waters Therapy' });
  });

  it('a second therapist sees none of it, and their own first save makes their own practice', async () => {
    const a = await therapist('owner-a');
    await savePracticeSettings(a.id, settings('Harbor Counseling'));
    const b = await therapist('other-b');
    expect(await getPracticeSettings(b.id)).toBeNull();
    expect(await listServices(b.id)).toEqual([]);
    for (const collectionId of ['practice_settings', 'services']) {
      const seen = await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.equal('userId', a.id)] });
      expect(seen.total).toBe(0);
    }
    await savePracticeSettings(b.id, settings('Riverside'));
    expect((await listServices(b.id)).every((s) => s.userId === b.id)).toBe(true);
    expect(await stored('services', a.id)).toHaveLength(3);
    expect(await stored('services', b.id)).toHaveLength(3);
  });

  it('two first saves at once (two tabs) make one practice with one set of suggested services', async () => {
    const a = await therapist('two-tabs');
    await Promise.all([savePracticeSettings(a.id, settings('Tab one')), savePracticeSettings(a.id, settings('Tab two'))]);
    expect(await stored('practice_settings', a.id)).toHaveLength(1);
    expect(await stored('services', a.id)).toHaveLength(3);
  });

  it('a document another user planted under the therapist’s id does not block their first save', async () => {
    const victim = await signedInUser(aw, 'victim');
    const other = await signedInUser(aw, 'planter');
    await other.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: victim.id,
      data: { ...settings('Planted'), userId: victim.id }, permissions: [Permission.read(Role.any())],
    });
    configureAppwrite(victim.client);
    const saved = await savePracticeSettings(victim.id, settings('Mine'));
    expect(saved.$id).not.toBe(victim.id);
    expect(await getPracticeSettings(victim.id)).toMatchObject({ $id: saved.$id, practiceName: 'Mine' });
    expect(await listServices(victim.id)).toHaveLength(3);
  });

  it('creates nothing when the commit fails (a service the collection refuses)', async () => {
    const a = await therapist('failed-commit');
    const refused = { ...suggestedServices()[0]!, durationMinutes: 100_000 } satisfies Service;
    await expect(createPractice(a.id, settings('Never'), [...suggestedServices(), refused])).rejects.toMatchObject({ code: 400 });
    expect(await stored('practice_settings', a.id)).toEqual([]);
    expect(await stored('services', a.id)).toEqual([]);
    // Nothing half-made stands in the way of the next save.
    await savePracticeSettings(a.id, settings('Now'));
    expect(await stored('services', a.id)).toHaveLength(3);
  });
});
