// record-agreements (spec §4 "record the two consents", §3 user_agreements): the server writes the
// signed-in caller's terms and privacy consents — for the caller only, whatever the body says —
// with the request's IP and user agent, readable by the owner and immutable for them.
import { AppwriteException, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDocuments, DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite } from './support/billing-appwrite.ts';

const FUNCTION = 'record-agreements';
const VARS = 'FUNCTION_VARS_RECORD_AGREEMENTS';
const APP = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) CadenceTest/1.0';

interface Answer { success: boolean; error: string | null }

let aw: LocalAppwrite;

beforeAll(async () => {
  aw = await startAppwrite();
}, 60_000);

afterAll(async () => {
  delete process.env[VARS];
  await aw?.close();
});

/** As the sign-up page calls it: empty body, the browser's user agent in the execution's headers. */
async function record(functions: Parameters<typeof execute>[0], body: unknown = {}) {
  const execution = await functions.createExecution({ functionId: FUNCTION, body: JSON.stringify(body), async: false, headers: { 'user-agent': BROWSER } });
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody || 'null') as Answer };
}

describe('record-agreements', () => {
  beforeAll(() => {
    process.env[VARS] = JSON.stringify({ ALLOWED_RETURN_ORIGINS: `${APP},http://127.0.0.1:3000` });
  });

  it('records terms and privacy for the caller: version, app-origin document URLs, IP, user agent, owner-read only', async () => {
    const user = await signedInUser(aw, 'consent', []);
    expect(await record(user.functions)).toEqual({ status: 200, body: { success: true, error: null } });
    // Finishing sign-up makes the caller a therapist: the label the practice collections' create needs.
    expect((await aw.users.get({ userId: user.id })).labels).toEqual(['therapist']);

    const records = await allDocuments(aw, 'user_agreements', user.id);
    expect(records.map((r) => r['agreementType']).sort()).toEqual(['privacy', 'terms']);
    for (const r of records) {
      expect(r).toMatchObject({
        userId: user.id, version: '2024-12-30', accepted: true, source: 'website', consentMethod: 'checkbox',
        documentUrl: `${APP}/${String(r['agreementType'])}`, userAgent: BROWSER,
      });
      expect(r['ipAddress']).toMatch(/127\.0\.0\.1$/);
      expect(Date.now() - Date.parse(String(r['acceptedAt']))).toBeLessThan(60_000);
      expect(r.$permissions).toEqual([`read("user:${user.id}")`]);
    }

    // The owner reads them and cannot change or remove them.
    const own = await user.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'user_agreements' });
    expect(own.documents.map((d: Models.Document) => d.$id).sort()).toEqual(records.map((r) => r.$id).sort());
    const first = records[0]!;
    await expect(user.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'user_agreements', documentId: first.$id, data: { accepted: false } }))
      .rejects.toBeInstanceOf(AppwriteException);
    await expect(user.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'user_agreements', documentId: first.$id }))
      .rejects.toBeInstanceOf(AppwriteException);
    expect((await allDocuments(aw, 'user_agreements', user.id)).every((r) => r['accepted'] === true)).toBe(true);
  });

  it('takes the user only from the execution: a body naming someone else records for the caller', async () => {
    const victim = await signedInUser(aw, 'victim');
    const caller = await signedInUser(aw, 'caller');
    const answer = await record(caller.functions, { userId: victim.id, documentUrl: 'https://evil.example/terms', version: '1999' });
    expect(answer.status).toBe(200);
    expect(await allDocuments(aw, 'user_agreements', victim.id)).toEqual([]);
    const records = await allDocuments(aw, 'user_agreements', caller.id);
    expect(records).toHaveLength(2);
    for (const r of records) expect(r).toMatchObject({ userId: caller.id, version: '2024-12-30', documentUrl: `${APP}/${String(r['agreementType'])}` });
  });

  it('refuses an execution without a user (the server key) with 401 and records nothing', async () => {
    const before = (await allDocuments(aw, 'user_agreements')).length;
    const answer = await execute<Answer>(aw.functions, FUNCTION, {});
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toEqual(expect.any(String));
    expect((await allDocuments(aw, 'user_agreements')).length).toBe(before);
  });

  it('refuses a portal client (403): no agreements, no therapist label, so a client never gets the practice collections', async () => {
    const client = await signedInUser(aw, 'portal-client', ['client']);
    const answer = await record(client.functions);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ success: false, error: expect.stringMatching(/client portal/) });
    expect(await allDocuments(aw, 'user_agreements', client.id)).toEqual([]);
    expect((await aw.users.get({ userId: client.id })).labels).toEqual(['client']);
  });

  it('keeps the labels a user already has (billing labels set before the profile was finished)', async () => {
    const user = await signedInUser(aw, 'labelled', ['subscribed', 'trialActive']);
    expect((await record(user.functions)).status).toBe(200);
    expect((await aw.users.get({ userId: user.id })).labels.sort()).toEqual(['subscribed', 'therapist', 'trialActive']);
  });

  it('without a configured app origin it records nothing (the URL never comes from the request)', async () => {
    const configured = process.env[VARS];
    process.env[VARS] = JSON.stringify({});
    try {
      const user = await signedInUser(aw, 'unconfigured');
      const answer = await record(user.functions);
      expect(answer.status).toBe(500);
      expect(answer.body.success).toBe(false);
      expect(await allDocuments(aw, 'user_agreements', user.id)).toEqual([]);
    } finally {
      process.env[VARS] = configured;
    }
  });
});
