// The one-time backfill (backend/scripts/label-therapists.mjs, run by the stack at every start):
// users who finished signing up before the `therapist` label existed get it; portal clients, users
// who never finished signing up, and those already labelled are left as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelTherapists } from '../scripts/label-therapists.mjs';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite } from './support/billing-appwrite.ts';

let aw: LocalAppwrite;

beforeAll(async () => {
  aw = await startAppwrite();
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

async function agreed(userId: string): Promise<void> {
  await aw.databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'user_agreements', documentId: 'unique()',
    data: { userId, agreementType: 'terms', version: '2024-12-30', accepted: true, acceptedAt: new Date().toISOString(), documentUrl: 'http://localhost:3000/terms' },
  });
}

describe('label-therapists', () => {
  it('labels every signed-up therapist without the label, across pages, and nobody else; a second run changes nothing', async () => {
    const before = await Promise.all(Array.from({ length: 103 }, (_, i) => signedInUser(aw, `before-${i}`, i % 2 ? ['subscribed', 'trialActive'] : [])));
    for (const user of before) await agreed(user.id);
    const unfinished = await signedInUser(aw, 'unfinished', []);
    const client = await signedInUser(aw, 'client', ['client']);
    await agreed(client.id);
    const already = await signedInUser(aw, 'already');
    await agreed(already.id);

    const options = { endpoint: aw.endpoint, projectId: PROJECT_ID, apiKey: 'local-dev-key' };
    expect((await labelTherapists(options)).sort()).toEqual(before.map((u) => u.id).sort());
    for (const [i, user] of before.entries()) {
      expect((await aw.users.get({ userId: user.id })).labels.sort()).toEqual(i % 2 ? ['subscribed', 'therapist', 'trialActive'] : ['therapist']);
    }
    expect((await aw.users.get({ userId: unfinished.id })).labels).toEqual([]);
    expect((await aw.users.get({ userId: client.id })).labels).toEqual(['client']);
    expect(await labelTherapists(options)).toEqual([]);
  }, 120_000);
});
